import type { IDataObject } from 'n8n-workflow';
import { filtersProperty, readFilterQuery, sortOrderFilter, sortOrderValues } from '../../shared/fields';
import { pagedListSpec } from '../../transport/paginate';
import type { OperationDefinition } from '../types';

const ORDERS: Array<[label: string, field: string]> = [
	['Created At', 'created_at'],
	['Status', 'status'],
];

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many exports',
	description: "List the project's exports, newest first unless sorted otherwise",
	endpoint: 'GET /v1/exports',
	properties: [
		filtersProperty([sortOrderFilter(ORDERS, '-created_at', 'How to sort the exports')]),
	],
	list: pagedListSpec(100),
	build: (params) =>
		({ method: 'GET', path: '/v1/exports', query: readFilterQuery(params, params.get<IDataObject>('filters', {}), { order: ['order', 'Order', sortOrderValues(ORDERS)] }) }),
};
