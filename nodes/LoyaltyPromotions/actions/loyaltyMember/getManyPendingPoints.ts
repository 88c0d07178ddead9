import type { IDataObject } from 'n8n-workflow';
import type { OperationDefinition } from '../types';
import { campaignOption, cursorFilters, ID_CURSOR_LIST, memberIdProperty, memberPath, readCursorQuery, V1_LOYALTY_DEPRECATED_SINCE } from './fields';

export const getManyPendingPoints: OperationDefinition = {
	value: 'getManyPendingPoints',
	name: 'Get Many Pending Points',
	action: 'Get many pending points of a v1 loyalty card',
	description: 'List the points waiting to be added to a loyalty card, optionally within one loyalty program',
	endpoint: 'GET /v1/loyalties/members/{memberId}/pending-points or GET /v1/loyalties/{campaignId}/members/{memberId}/pending-points',
	deprecated: "Loyalty Card → Get Many Pending Point Buckets (Loyalty v2)",
	deprecatedSince: V1_LOYALTY_DEPRECATED_SINCE,
	properties: [memberIdProperty, cursorFilters('id', 'ID', [campaignOption])],
	list: ID_CURSOR_LIST,
	build(params) {
		const filters = params.get<IDataObject>('filters', {});
		return { method: 'GET', path: memberPath(params, filters, '/pending-points'), query: readCursorQuery(filters) };
	},
};
