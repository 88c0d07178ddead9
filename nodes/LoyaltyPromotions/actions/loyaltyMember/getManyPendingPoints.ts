import type { IDataObject } from 'n8n-workflow';
import { optionalId } from '../../shared/validate';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { cursorFilters, ID_CURSOR_LIST, memberIdProperty, readCursorQuery, readMemberId } from './fields';

export const getManyPendingPoints: OperationDefinition = {
	value: 'getManyPendingPoints',
	name: 'Get Many Pending Points',
	action: 'Get many pending points of a loyalty member',
	description: 'List the points waiting to be added to a loyalty card, optionally within one campaign',
	endpoint: 'GET /v1/loyalties/members/{memberId}/pending-points or GET /v1/loyalties/{campaignId}/members/{memberId}/pending-points',
	properties: [
		memberIdProperty,
		cursorFilters('id', 'ID', [
			{
				displayName: 'Campaign ID',
				name: 'campaignId',
				type: 'string',
				default: '',
				description: 'Only the pending points of the card in this loyalty campaign',
			},
		]),
	],
	list: ID_CURSOR_LIST,
	build(params) {
		const memberId = readMemberId(params);
		const filters = params.get<IDataObject>('filters', {});
		const campaignId = optionalId(params, 'Campaign ID', filters.campaignId);
		return {
			method: 'GET',
			path: campaignId
				? path`/v1/loyalties/${campaignId}/members/${memberId}/pending-points`
				: path`/v1/loyalties/members/${memberId}/pending-points`,
			query: readCursorQuery(filters),
		};
	},
};
