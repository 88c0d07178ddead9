import type { IDataObject } from 'n8n-workflow';
import { readFilterQuery } from '../../shared/fields';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { CREATED_RANGE_QUERY, createdRangeFilters } from '../product/getAll';
import { productIdProperty, readProductId, SKU_LIST } from './fields';

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many SKUs of a product',
	description: "List a product's SKUs",
	endpoint: 'GET /v1/products/{productId}/skus',
	properties: [
		productIdProperty,
		createdRangeFilters('SKUs'),
	],
	list: SKU_LIST,
	build: (params) => ({
		method: 'GET',
		path: path`/v1/products/${readProductId(params)}/skus`,
		query: readFilterQuery(params, params.get<IDataObject>('filters', {}), CREATED_RANGE_QUERY),
	}),
};
