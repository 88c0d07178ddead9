import type { IDataObject } from 'n8n-workflow';
import { filtersProperty, readFilterQuery, sortOrderFilter, sortOrderValues, type FilterKind } from '../../shared/fields';
import type { OperationDefinition } from '../types';
import { collectionLocator, collectionPath, COLLECTION_LIST } from './fields';

const ORDERS: Array<[label: string, field: string]> = [
	['Created At', 'created_at'],
	['Updated At', 'updated_at'],
];

const QUERY: Record<string, [param: string, label: string, kind: FilterKind]> = {
	order: ['order', 'Order', sortOrderValues(ORDERS)],
	startingAfter: ['starting_after', 'Starting After', 'dateTime'],
};

export const getManyProducts: OperationDefinition = {
	value: 'getManyProducts',
	name: 'Get Many Products',
	action: 'Get many products of a product collection',
	description: "List the products and SKUs in a collection (an auto-update collection's as its filter finds them now); each SKU comes with its product",
	endpoint: 'GET /v1/product-collections/{productCollectionId}/products',
	properties: [
		collectionLocator('The product collection whose products to list'),
		filtersProperty([
			sortOrderFilter(ORDERS, '-created_at', 'How to sort the products and SKUs'),
			{ displayName: 'Starting After', name: 'startingAfter', type: 'dateTime', default: '', description: 'Only products and SKUs after this moment (the service\'s starting_after cursor)' },
		]),
	],
	list: COLLECTION_LIST,
	build: (params) => ({ method: 'GET', path: collectionPath(params, '/products'), query: readFilterQuery(params, params.get<IDataObject>('filters', {}), QUERY) }),
};
