import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { pagedList } from '../../shared/listFilters';
import { locatorProperty } from '../../shared/locator';
import { locatorValue, requireScalarText } from '../../shared/validate';
import type { ParamReader } from '../types';

/** What the campaign operations and the fields that pick a campaign share. */

/** The service lists at most 100 pages of campaigns. */
export const CAMPAIGN_LIST = pagedList(100);

export const CAMPAIGN_TYPES: Array<[label: string, value: string]> = [
	['Discount Coupons', 'DISCOUNT_COUPONS'],
	['Gift Vouchers', 'GIFT_VOUCHERS'],
	['Loyalty Program', 'LOYALTY_PROGRAM'],
	['Promotion', 'PROMOTION'],
	['Referral Program', 'REFERRAL_PROGRAM'],
];

export function campaignTypeLabel(value: unknown): string {
	return CAMPAIGN_TYPES.find(([, type]) => type === value)?.[0] ?? String(value ?? '');
}

/** A campaign, picked from the project's campaigns or given by ID (or by its name, which the service also takes). */
export function campaignLocator(name: string, description: string, required = true): INodeProperties {
	return locatorProperty({
		name,
		displayName: 'Campaign',
		description,
		noun: 'campaign',
		searchListMethod: 'searchCampaigns',
		idPlaceholder: 'camp_…',
		required,
	});
}

/**
 * A campaign filter of the lists that filter by campaign name (publications, redemptions): picked from the
 * list (which fills in the name) or typed by name.
 */
export const campaignNameFilter: INodeProperties = {
	...locatorProperty({
		name: 'campaign',
		displayName: 'Campaign',
		description: 'Only entries of this campaign (the service matches it by name)',
		noun: 'campaign',
		searchListMethod: 'searchCampaignNames',
		required: false,
	}),
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Select a campaign...',
			typeOptions: { searchListMethod: 'searchCampaignNames', searchable: true },
		},
		{ displayName: 'By Name', name: 'name', type: 'string', placeholder: 'e.g. Welcome Discount' },
	],
};

/** The name campaignNameFilter holds in a Filters collection, or undefined when it is left empty. */
export function readCampaignName(params: ParamReader, filters: IDataObject): string | undefined {
	const value = locatorValue(filters.campaign);
	if (value === undefined || value === null) return undefined;
	return requireScalarText(params, 'Campaign', value).trim() || undefined;
}
