import type { IDataObject } from 'n8n-workflow';
import { maxCardsPerCallProperty, readBoundedCount } from '../../shared/limits';
import { additionalFieldsProperty, compact, metadataJsonProperty, metadataProperty, readMetadata } from '../../shared/fields';
import { optionalId, parseJsonObject, requireDateTime, requireIntegerInRange } from '../../shared/validate';
import { path } from '../../transport/request';
import { budgetProperties } from '../../shared/budgets';
import { addCardsWithinBudget, cardsBudgeted, checkCardsBudget } from '../../shared/cardBudgets';
import type { OperationDefinition, ParamReader } from '../types';
import { categoryOption, codeConfigOption, readCategory } from '../voucher/fields';
import { campaignLocator } from './fields';

const MAX_COUNT = 10000;

export const addVouchers: OperationDefinition = {
	value: 'addVouchers',
	name: 'Add Vouchers',
	action: 'Add vouchers to a campaign',
	description: "Add one voucher with a code you choose, or several with generated codes; they take the campaign's settings",
	endpoint: 'POST /v1/campaigns/{campaignId}/vouchers/{code} or POST /v1/campaigns/{campaignId}/vouchers',
	repeatHint: 'Adding one voucher with a code you choose is safe to repeat (the service refuses the same code twice).',
	properties: [
		campaignLocator('campaignId', 'The campaign'),
		{
			displayName: 'Code',
			name: 'code',
			type: 'string',
			default: '',
			placeholder: 'e.g. SUMMER-2025',
			description: "The new voucher's code. Leave empty to generate codes from the campaign's code settings.",
		},
		{
			displayName: 'Count',
			name: 'count',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: MAX_COUNT, numberPrecision: 0 },
			default: 1,
			displayOptions: { show: { code: [''] } },
			description: `How many vouchers to generate (1 to ${MAX_COUNT}). More than one are created in the background: the output is the async action's ID (with Max Cards per Window set: the vouchers).`,
		},
		additionalFieldsProperty([
			{
				displayName: 'Additional Info',
				name: 'additionalInfo',
				type: 'string',
				default: '',
				description: 'Free text kept with each voucher',
			},
			categoryOption,
			{ ...codeConfigOption, description: `${codeConfigOption.description} Only for generated codes.` },
			{
				displayName: 'Expiration Date',
				name: 'expirationDate',
				type: 'dateTime',
				default: '',
				description: 'When the vouchers stop working',
			},
			metadataProperty,
			metadataJsonProperty,
			{
				displayName: 'Redemption Limit',
				name: 'redemptionLimit',
				type: 'number',
				typeOptions: { minValue: 1, numberPrecision: 0 },
				default: 1,
				description: 'How many times each voucher can be redeemed; leave the field out for no limit',
			},
			{
				displayName: 'Start Date',
				name: 'startDate',
				type: 'dateTime',
				default: '',
				description: 'When the vouchers start working',
			},
		]),
		maxCardsPerCallProperty,
		...budgetProperties(['campaignCards']),
	],
	bounded: { count: 'cards' },
	budgeted: ['campaignCards'],
	async build(params) {
		let campaignId = params.id('campaignId', 'Campaign');
		const code = optionalId(params, 'Code', params.get('code', ''));
		const body = voucherFields(params, code);
		const count = code ? 1 : readCount(params);
		if (cardsBudgeted(params)) {
			campaignId = await checkCardsBudget(params, campaignId, count);
			// one voucher a request, so that each is in the history to count (and to delete) when the call answers
			if (!code) return { method: 'POST', path: path`/v1/campaigns/${campaignId}/vouchers`, query: { vouchers_count: 1 }, body };
		}
		if (code) {
			// A repeat cannot add a second voucher with the same code: the service refuses the duplicate.
			return { method: 'POST', path: path`/v1/campaigns/${campaignId}/vouchers/${code}`, body, safeToRepeat: true };
		}
		return { method: 'POST', path: path`/v1/campaigns/${campaignId}/vouchers`, query: { vouchers_count: count }, body };
	},
	// with Max Cards per Window set: the call's other vouchers, then the budget decided in the service's order
	follow: async (response, params) => {
		if (!cardsBudgeted(params)) return [{ json: response }];
		const code = optionalId(params, 'Code', params.get('code', ''));
		const campaignId = typeof response.campaign_id === 'string' ? response.campaign_id : params.id('campaignId', 'Campaign');
		const added = await addCardsWithinBudget(params, campaignId, response, code ? 1 : readCount(params), voucherFields(params, code));
		return added.map((voucher) => ({ json: voucher }));
	},
};

const readCount = (params: ParamReader) => readBoundedCount(params, 'Count', requireIntegerInRange(params, 'Count', params.get('count', 1), 1, MAX_COUNT));

/** The vouchers' settings from Additional Fields (a code config for generated codes only). */
function voucherFields(params: ParamReader, code: string | undefined): IDataObject {
	const fields = params.get<IDataObject>('additionalFields', {});
	const body: IDataObject = compact({
		additional_info: fields.additionalInfo as string | undefined,
		category_id: readCategory(params, fields),
		start_date: fields.startDate ? requireDateTime(params, 'Start Date', fields.startDate) : undefined,
		expiration_date: fields.expirationDate ? requireDateTime(params, 'Expiration Date', fields.expirationDate) : undefined,
		metadata: readMetadata(params, fields),
		redemption: fields.redemptionLimit !== undefined ? { quantity: requireIntegerInRange(params, 'Redemption Limit', fields.redemptionLimit, 1) } : undefined,
	});
	if (!code && fields.codeConfig !== undefined) {
		const config = parseJsonObject(params, 'Code Config (JSON)', fields.codeConfig);
		if (Object.keys(config).length > 0) body.code_config = config;
	}
	return body;
}
