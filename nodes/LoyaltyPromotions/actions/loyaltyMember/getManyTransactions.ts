import type { IDataObject } from 'n8n-workflow';
import type { OperationDefinition } from '../types';
import { campaignOption, cursorFilters, ID_CURSOR_LIST, memberIdProperty, memberPath, readCursorQuery, V1_LOYALTY_DEPRECATED_SINCE } from './fields';

export const getManyTransactions: OperationDefinition = {
	value: 'getManyTransactions',
	name: 'Get Many Transactions',
	action: 'Get many point transactions of a v1 loyalty card',
	description: "List the point movements of a member's loyalty card: earned, added, spent, refunded",
	endpoint: 'GET /v1/loyalties/members/{memberId}/transactions or GET /v1/loyalties/{campaignId}/members/{memberId}/transactions',
	deprecated: 'Loyalty Card → Get Many Transactions (Loyalty v2)',
	deprecatedSince: V1_LOYALTY_DEPRECATED_SINCE,
	properties: [memberIdProperty, cursorFilters('id', 'ID', [campaignOption])],
	list: ID_CURSOR_LIST,
	build(params) {
		const filters = params.get<IDataObject>('filters', {});
		return { method: 'GET', path: memberPath(params, filters, '/transactions'), query: readCursorQuery(filters) };
	},
};
