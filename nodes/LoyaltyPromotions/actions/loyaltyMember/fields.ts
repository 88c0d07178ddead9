import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { compact, startingAfterIdOption } from '../../shared/fields';
import { filtersProperty, orderOption } from '../../shared/listFilters';
import { locatorProperty } from '../../shared/locator';
import { optionalId } from '../../shared/validate';
import { path } from '../../transport/request';
import type { OperationDefinition, ParamReader } from '../types';

/**
 * What the loyalty member operations share. A v1 member is a loyalty card, addressed by its code (the
 * service's `memberId`); a loyalty program (v1) is a campaign of type LOYALTY_PROGRAM.
 */

export const memberIdProperty = locatorProperty({
	name: 'memberId',
	displayName: 'Loyalty Card',
	description: "The member's loyalty card, by its code (the service's member ID)",
	noun: 'loyalty card',
	searchListMethod: 'searchLoyaltyCards',
	idPlaceholder: 'e.g. LC-1234',
});

export function readMemberId(params: ParamReader): string {
	return params.id('memberId', 'Loyalty Card');
}

/** A loyalty program (v1): picked from the project's loyalty campaigns or given by ID. */
export function loyaltyCampaignLocator(name: string, description: string, required = true): INodeProperties {
	return locatorProperty({
		name,
		displayName: 'Loyalty Program',
		description,
		noun: 'loyalty program',
		searchListMethod: 'searchLoyaltyCampaigns',
		idPlaceholder: 'camp_…',
		required,
	});
}

/** An optional Loyalty Program in a collection: the card must be in it (the `{campaignId}` variant of a path). */
export const campaignOption = loyaltyCampaignLocator('campaignId', 'Only act on the card if it is in this loyalty program (the service answers 404 otherwise)', false);

/** `/v1/loyalties/members/{memberId}<rest>`, or `/v1/loyalties/{campaignId}/members/{memberId}<rest>` when a program is chosen. */
export function memberPath(params: ParamReader, fields: IDataObject, rest = ''): string {
	const memberId = readMemberId(params);
	const campaignId = optionalId(params, 'Loyalty Program', fields.campaignId);
	const base = campaignId ? path`/v1/loyalties/${campaignId}/members/${memberId}` : path`/v1/loyalties/members/${memberId}`;
	return `${base}${rest}`;
}

/** The v1 id-cursor list: `limit` per page, `starting_after_id` from `more_starting_after`. */
export const ID_CURSOR_LIST: OperationDefinition['list'] = {
	envelope: 'idCursor',
	pageSizeParam: 'limit',
	cursorParam: 'starting_after_id',
	maxPageSize: 100,
};

/** A Filters collection holding the list's sort field (ascending and descending), Starting After ID and `extra`. */
export function cursorFilters(sortField: string, sortLabel: string, extra: INodeProperties[] = []): INodeProperties {
	return filtersProperty([...extra, orderOption([[sortLabel, sortField]], sortField, 'entries'), startingAfterIdOption]);
}

/** The query of a member list from its Filters collection; what is left empty is left out. */
export function readCursorQuery(filters: IDataObject): IDataObject {
	return compact({
		order: filters.order as string | undefined,
		starting_after_id: typeof filters.startingAfterId === 'string' ? filters.startingAfterId.trim() : undefined,
	});
}

/** The service put the whole v1 loyalty API in maintenance mode for Loyalty v2 on this day. */
export const V1_LOYALTY_DEPRECATED_SINCE = '2026-07-21';
