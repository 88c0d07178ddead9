import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty, compact, nameProperty } from '../../shared/fields';
import { inCollection } from '../../shared/mapping';
import { parseJsonObject, requireIntegerInRange, requireText } from '../../shared/validate';
import { path } from '../../transport/request';
import { CAMPAIGN_BODY_OPTIONS, CAMPAIGN_RECORD, CAMPAIGN_VOUCHER_OPTIONS, readCampaignBody } from '../campaign/fields';
import type { OperationDefinition } from '../types';
import { codeConfigOption } from '../voucher/fields';
import { campaignTemplateLocator, readCampaignTemplateId } from './fields';

const MAX_VOUCHERS = 10000;

/** A campaign made from a template takes no validation rules: the service copies the template's own. */
const OPTIONS = CAMPAIGN_BODY_OPTIONS.filter((option) => option.name !== 'validationRules');

export const setUpCampaign: OperationDefinition = {
	value: 'setUpCampaign',
	name: 'Set Up Campaign',
	action: 'Create a campaign from a template',
	description: "Create a campaign from a template's settings; the fields given replace the template's, and a validation rule of the template is created anew for the campaign",
	endpoint: 'POST /v1/templates/campaigns/{campaignTemplateId}/campaign-setup',
	repeatHint: 'Campaign names are unique in a project: a repeat after a lost answer is refused as a duplicate rather than creating a second campaign.',
	properties: [
		campaignTemplateLocator('The template to create the campaign from'),
		nameProperty("The new campaign's name, unique in the project", 'e.g. Summer Sale 2025'),
		additionalFieldsProperty([
			...OPTIONS,
			...CAMPAIGN_VOUCHER_OPTIONS,
			codeConfigOption,
			{
				displayName: 'Redemption Limit',
				name: 'redemptionLimit',
				type: 'number',
				typeOptions: { minValue: 1, numberPrecision: 0 },
				default: 1,
				description: "How many times each voucher can be redeemed (voucher.redemption.quantity); left out, the template's setting applies",
			},
			{
				displayName: 'Vouchers Count',
				name: 'vouchersCount',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_VOUCHERS, numberPrecision: 0 },
				default: 1,
				description: `How many vouchers to generate when the campaign is created (1 to ${MAX_VOUCHERS})`,
			},
		]),
	],
	record: { name: 'name', ...inCollection('additionalFields', { ...CAMPAIGN_RECORD, validation_rules: undefined, vouchers_count: 'vouchersCount' }) },
	build(params) {
		const templateId = readCampaignTemplateId(params);
		const name = requireText(params, 'Name', params.get('name', ''), { max: 200 });
		const fields = params.get<IDataObject>('additionalFields', {});
		const config = fields.codeConfig === undefined ? {} : parseJsonObject(params, 'Code Config (JSON)', fields.codeConfig);
		const voucher = compact({
			code_config: Object.keys(config).length > 0 ? config : undefined,
			redemption: fields.redemptionLimit === undefined ? undefined : { quantity: requireIntegerInRange(params, 'Redemption Limit', fields.redemptionLimit, 1) },
		});
		const body: IDataObject = compact({
			name,
			...readCampaignBody(params, fields),
			vouchers_count: fields.vouchersCount === undefined ? undefined : requireIntegerInRange(params, 'Vouchers Count', fields.vouchersCount, 1, MAX_VOUCHERS),
			voucher: Object.keys(voucher).length > 0 ? voucher : undefined,
		});
		return { method: 'POST', path: `${path`/v1/templates/campaigns/${templateId}`}/campaign-setup`, body };
	},
};
