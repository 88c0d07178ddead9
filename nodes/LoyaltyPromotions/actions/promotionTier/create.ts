import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty } from '../../shared/fields';
import { inCollection, nestedAt } from '../../shared/mapping';
import { requireText } from '../../shared/validate';
import { path } from '../../transport/request';
import { campaignLocator } from '../campaign/fields';
import type { OperationDefinition } from '../types';
import { DISCOUNT_RECORD, discountJsonOption, discountProperties, readDiscount, VOUCHER_BODY_OPTIONS } from '../voucher/fields';
import { readTierBody, TIER_BODY_OPTIONS } from './fields';

const activeOption = VOUCHER_BODY_OPTIONS.find((option) => option.name === 'active')!;

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a promotion tier in a campaign',
	description: 'Add a tier to a promotion campaign: a discount applied without a code to the orders that qualify',
	endpoint: 'POST /v1/promotions/{campaignId}/tiers',
	properties: [
		campaignLocator('campaignId', 'The promotion campaign to add the tier to'),
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. 10% off orders over 100',
			description: "The tier's name",
		},
		...discountProperties({}),
		additionalFieldsProperty([
			{ ...activeOption, description: 'Whether the tier applies; a disabled tier fails validation and redemption' },
			discountJsonOption,
			...TIER_BODY_OPTIONS,
		]),
	],
	record: { name: 'name', ...DISCOUNT_RECORD, ...inCollection('additionalFields', { active: 'active', banner: 'banner', category_id: 'category', hierarchy: 'hierarchy', start_date: 'startDate', expiration_date: 'expirationDate' }) },
	recordPaths: nestedAt('action.discount', DISCOUNT_RECORD),
	build(params) {
		const campaignId = params.id('campaignId', 'Campaign');
		const name = requireText(params, 'Name', params.get('name', ''));
		const fields = params.get<IDataObject>('additionalFields', {});
		const body: IDataObject = { name, action: { discount: readDiscount(params, fields.discountJson) }, ...readTierBody(params, fields) };
		if (fields.active !== undefined) body.active = fields.active === true;
		return { method: 'POST', path: `${path`/v1/promotions/${campaignId}`}/tiers`, body };
	},
};
