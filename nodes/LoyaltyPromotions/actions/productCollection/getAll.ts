import type { IDataObject } from 'n8n-workflow';
import { filtersProperty, readFilterQuery, sortOrderFilter, sortOrderValues, type FilterKind } from '../../shared/fields';
import type { OperationDefinition } from '../types';
import { COLLECTION_LIST } from './fields';

const ORDERS: Array<[label: string, field: string]> = [
	['Created At', 'created_at'],
	['Type', 'type'],
	['Updated At', 'updated_at'],
];

const QUERY: Record<string, [param: string, label: string, kind: FilterKind]> = {
	order: ['order', 'Order', sortOrderValues(ORDERS)],
};

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many product collections',
	description: "List the project's product collections, static and auto-update",
	endpoint: 'GET /v1/product-collections',
	properties: [filtersProperty([sortOrderFilter(ORDERS, '-created_at', 'How to sort the collections')])],
	list: COLLECTION_LIST,
	build: (params) => ({ method: 'GET', path: '/v1/product-collections', query: readFilterQuery(params, params.get<IDataObject>('filters', {}), QUERY) }),
};
