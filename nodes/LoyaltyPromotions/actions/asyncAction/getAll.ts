import type { IDataObject } from 'n8n-workflow';
import { filtersProperty, readFilterQuery, type FilterKind } from '../../shared/fields';
import type { ListSpec } from '../../transport/paginate';
import type { OperationDefinition } from '../types';

/**
 * The project's async actions, newest first: no page parameter, the next page asked for with end_date (actions
 * scheduled before it) at the last action's creation date, as the contract pages this list.
 */
const ASYNC_ACTION_LIST: ListSpec = {
	envelope: 'dateCursor',
	pageSizeParam: 'limit',
	maxPageSize: 100,
	dateCursor: { field: 'created_at', before: 'end_date', after: 'end_date', orderParam: 'order' },
};

const QUERY: Record<string, [param: string, label: string, kind: FilterKind]> = {
	endDate: ['end_date', 'Scheduled Before', 'dateTime'],
};

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many async actions',
	description: "List the project's asynchronous actions (imports, bulk updates, exports of transactions…), newest first",
	endpoint: 'GET /v1/async-actions',
	properties: [
		filtersProperty([
			{ displayName: 'Scheduled Before', name: 'endDate', type: 'dateTime', default: '', description: 'Only actions scheduled before this moment' },
		]),
	],
	list: ASYNC_ACTION_LIST,
	build: (params) => ({ method: 'GET', path: '/v1/async-actions', query: readFilterQuery(params, params.get<IDataObject>('filters', {}), QUERY) }),
};
