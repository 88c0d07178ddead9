import type { IDataObject } from 'n8n-workflow';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { cursorFilters, ID_CURSOR_LIST, memberIdProperty, readCursorQuery, readMemberId } from './fields';

export const getActivity: OperationDefinition = {
	value: 'getActivity',
	name: 'Get Activity',
	action: 'Get the activity of a loyalty member',
	description: 'List what happened on a loyalty card: earned points, tier changes and more',
	endpoint: 'GET /v1/loyalties/members/{memberId}/activity',
	properties: [memberIdProperty, cursorFilters('created_at', 'Created At')],
	list: ID_CURSOR_LIST,
	build(params) {
		const memberId = readMemberId(params);
		return {
			method: 'GET',
			path: path`/v1/loyalties/members/${memberId}/activity`,
			query: readCursorQuery(params.get<IDataObject>('filters', {})),
		};
	},
};
