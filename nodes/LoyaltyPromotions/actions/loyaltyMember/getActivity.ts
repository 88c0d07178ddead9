import type { IDataObject } from 'n8n-workflow';
import type { OperationDefinition } from '../types';
import { campaignOption, cursorFilters, ID_CURSOR_LIST, memberIdProperty, memberPath, readCursorQuery, V1_LOYALTY_DEPRECATED_SINCE } from './fields';

export const getActivity: OperationDefinition = {
	value: 'getActivity',
	name: 'Get Activity',
	action: 'Get the activity of a v1 loyalty card',
	description: 'List what happened on a loyalty card: earned points, tier changes and more, optionally within one loyalty program',
	endpoint: 'GET /v1/loyalties/members/{memberId}/activity or GET /v1/loyalties/{campaignId}/members/{memberId}/activity',
	deprecated: 'Program Member → Get Many Activities (Loyalty v2)',
	deprecatedSince: V1_LOYALTY_DEPRECATED_SINCE,
	properties: [memberIdProperty, cursorFilters('created_at', 'Created At', [campaignOption])],
	list: ID_CURSOR_LIST,
	build(params) {
		const filters = params.get<IDataObject>('filters', {});
		return { method: 'GET', path: memberPath(params, filters, '/activity'), query: readCursorQuery(filters) };
	},
};
