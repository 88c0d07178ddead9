import type { IDataObject } from 'n8n-workflow';
import { filtersProperty, readFilterQuery, type FilterKind } from '../../shared/fields';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { dateOrderOption, dateOrderQuery } from '../product/getAll';
import { productIdProperty, readProductId, SKU_LIST } from './fields';

const QUERY: Record<string, [param: string, label: string, kind: FilterKind]> = {
	...dateOrderQuery,
	startDate: ['start_date', 'Created From', 'dateTime'],
	endDate: ['end_date', 'Created Until', 'dateTime'],
};

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many SKUs of a product',
	description: "List a product's SKUs",
	endpoint: 'GET /v1/products/{productId}/skus',
	properties: [
		productIdProperty,
		filtersProperty([
			{ displayName: 'Created From', name: 'startDate', type: 'dateTime', default: '', description: 'Only SKUs created at or after this moment' },
			{ displayName: 'Created Until', name: 'endDate', type: 'dateTime', default: '', description: 'Only SKUs created at or before this moment' },
			dateOrderOption,
		]),
	],
	list: SKU_LIST,
	build: (params) => ({
		method: 'GET',
		path: path`/v1/products/${readProductId(params)}/skus`,
		query: readFilterQuery(params, params.get<IDataObject>('filters', {}), QUERY),
	}),
};
