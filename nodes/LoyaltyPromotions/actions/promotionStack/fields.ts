import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { compact } from '../../shared/fields';
import { pagedList } from '../../shared/listFilters';
import { locatorProperty } from '../../shared/locator';
import { fail, requireId, requireScalarText, requireText } from '../../shared/validate';
import { path } from '../../transport/request';
import { campaignLocator } from '../campaign/fields';
import type { ParamReader } from '../types';
import { categoryOption, readCategory } from '../voucher/fields';

/** What the promotion stack operations share. */

/** GET /v1/promotions/stacks: paged by page number, at most 100 pages. */
export const STACK_LIST = pagedList(100);

/** The stacks of one campaign: one list, returned whole. */
export const CAMPAIGN_STACK_LIST = { envelope: 'counted' as const };

/** A stack holds 1 to 30 tiers. */
const MAX_TIERS = 30;

/** The campaign a stack belongs to (its path names both). */
export const stackCampaignProperty = campaignLocator('campaignId', 'The promotion campaign the stack belongs to');

/** A promotion stack of the campaign chosen above, picked from its stacks or given by ID. */
export function promotionStackLocator(description: string): INodeProperties {
	return locatorProperty({
		name: 'stackId',
		displayName: 'Promotion Stack',
		description,
		noun: 'promotion stack',
		searchListMethod: 'searchPromotionStacks',
		idPlaceholder: 'stack_…',
	});
}

/** The path of one stack: /v1/promotions/{campaignId}/stacks/{stackId}, both checked. */
export function stackPath(params: ParamReader): string {
	return path`/v1/promotions/${params.id('campaignId', 'Campaign')}/stacks/${params.id('stackId', 'Promotion Stack')}`;
}

export const tierIdsProperty: INodeProperties = {
	displayName: 'Promotion Tier IDs',
	name: 'tierIds',
	type: 'string',
	default: '',
	placeholder: 'promo_…, promo_…',
	description: `The tiers of the stack, in the order they apply: 1 to ${MAX_TIERS} IDs, separated by commas`,
};

/** Promotion Tier IDs: text separated by commas or spaces, 1 to 30 IDs, none twice. */
export function readTierIds(params: ParamReader, value: unknown): string[] {
	const list = Array.isArray(value) ? value : requireScalarText(params, 'Promotion Tier IDs', value).split(/[\s,]+/).filter(Boolean);
	const ids = list.map((id) => requireId(params, 'Promotion Tier IDs', id));
	if (ids.length === 0) fail(params, 'Promotion Tier IDs', 'is required: at least one tier');
	if (ids.length > MAX_TIERS) fail(params, 'Promotion Tier IDs', `takes at most ${MAX_TIERS} tiers (got ${ids.length})`);
	const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
	if (repeated !== undefined) fail(params, 'Promotion Tier IDs', `names ${repeated} twice`);
	return ids;
}

/** The stack fields of a create (the typed Name and Tier IDs) or an update (from Update Fields). */
export function readStackBody(params: ParamReader, values: { name?: unknown; tierIds?: unknown }, fields: IDataObject): IDataObject {
	return compact({
		name: values.name === undefined ? undefined : requireText(params, 'Name', values.name),
		tiers: values.tierIds === undefined ? undefined : { ids: readTierIds(params, values.tierIds), hierarchy_mode: 'MANUAL' },
		category_id: readCategory(params, fields),
	});
}

export const stackCategoryOption: INodeProperties = { ...categoryOption, description: `The stack's category. ${categoryOption.description}` };
