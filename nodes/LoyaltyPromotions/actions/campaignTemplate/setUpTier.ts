import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty, nameProperty } from '../../shared/fields';
import { inCollection } from '../../shared/mapping';
import { requireText } from '../../shared/validate';
import { path } from '../../transport/request';
import { campaignLocator } from '../campaign/fields';
import { readTierBody, TIER_BODY_OPTIONS } from '../promotionTier/fields';
import type { OperationDefinition } from '../types';
import { VOUCHER_BODY_OPTIONS } from '../voucher/fields';
import { campaignTemplateLocator, readCampaignTemplateId } from './fields';

const activeOption = VOUCHER_BODY_OPTIONS.find((option) => option.name === 'active')!;

export const setUpTier: OperationDefinition = {
	value: 'setUpTier',
	name: 'Set Up Promotion Tier',
	action: 'Add a promotion tier from a template',
	description: "Add a promotion tier made from a discount template to a promotion campaign; the fields given replace the template's, and a validation rule of the template is created anew for the tier",
	endpoint: 'POST /v1/templates/campaigns/{campaignTemplateId}/tier-setup',
	properties: [
		campaignTemplateLocator('The discount coupons template to make the tier from'),
		campaignLocator('campaignId', 'The promotion campaign to add the tier to'),
		nameProperty("The new tier's name", 'e.g. 10% off orders over 100'),
		additionalFieldsProperty([{ ...activeOption, description: 'Whether the tier applies; a disabled tier fails validation and redemption' }, ...TIER_BODY_OPTIONS]),
	],
	record: { name: 'name', ...inCollection('additionalFields', { active: 'active', banner: 'banner', category_id: 'category', hierarchy: 'hierarchy', start_date: 'startDate', expiration_date: 'expirationDate' }) },
	build(params) {
		const templateId = readCampaignTemplateId(params);
		const campaignId = params.id('campaignId', 'Campaign');
		const name = requireText(params, 'Name', params.get('name', ''));
		const fields = params.get<IDataObject>('additionalFields', {});
		const body: IDataObject = { campaign_id: campaignId, name, ...readTierBody(params, fields) };
		if (fields.active !== undefined) body.active = fields.active === true;
		return { method: 'POST', path: `${path`/v1/templates/campaigns/${templateId}`}/tier-setup`, body };
	},
};
