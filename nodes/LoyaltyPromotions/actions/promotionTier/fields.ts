import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { compact } from '../../shared/fields';
import { pagedList } from '../../shared/listFilters';
import { locatorProperty } from '../../shared/locator';
import { requireIntegerInRange, requireScalarText } from '../../shared/validate';
import type { ParamReader } from '../types';
import { readVoucherBody, VOUCHER_BODY_OPTIONS } from '../voucher/fields';

/** What the promotion tier operations and the fields that pick a tier share. */

/** GET /v1/promotions/tiers: paged by page number, at most 100 pages, the entries under `tiers`. */
export const TIER_LIST = pagedList(100);

/** The tiers of one campaign: one list, returned whole. */
export const CAMPAIGN_TIER_LIST = { envelope: 'counted' as const };

/** A promotion tier, picked from the project's tiers or given by ID. */
export function promotionTierLocator(description: string): INodeProperties {
	return locatorProperty({
		name: 'promotionTierId',
		displayName: 'Promotion Tier',
		description,
		noun: 'promotion tier',
		searchListMethod: 'searchPromotionTiers',
		idPlaceholder: 'promo_…',
	});
}

export function readTierId(params: ParamReader): string {
	return params.id('promotionTierId', 'Promotion Tier');
}

/** The tier fields a create and an update share (Additional Fields or Update Fields). */
export const TIER_BODY_OPTIONS: INodeProperties[] = [
	{
		displayName: 'Banner',
		name: 'banner',
		type: 'string',
		default: '',
		description: 'Text shown to customers on your website for this tier',
	},
	{
		displayName: 'Hierarchy',
		name: 'hierarchy',
		type: 'number',
		typeOptions: { minValue: 1, numberPrecision: 0 },
		default: 1,
		description: "The tier's place in the order in which the campaign's discounts are applied (1 first); by default the next after the campaign's last tier",
	},
	...VOUCHER_BODY_OPTIONS.filter((option) => !['active', 'additionalInfo'].includes(option.name)).map((option) => ({
		...option,
		description: option.description?.replace(/the voucher/g, 'the tier'),
	})),
];

/** The body fields of TIER_BODY_OPTIONS; what is left empty is left out. */
export function readTierBody(params: ParamReader, fields: IDataObject): IDataObject {
	return {
		...compact({
			banner: fields.banner === undefined ? undefined : requireScalarText(params, 'Banner', fields.banner),
			hierarchy: fields.hierarchy === undefined ? undefined : requireIntegerInRange(params, 'Hierarchy', fields.hierarchy, 1),
		}),
		...readVoucherBody(params, fields),
	};
}
