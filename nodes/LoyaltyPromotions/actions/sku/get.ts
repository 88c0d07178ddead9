import { locatorProperty } from '../../shared/locator';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { readSkuId } from './fields';

export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a SKU',
	description: 'Retrieve a SKU by its ID or source ID',
	endpoint: 'GET /v1/skus/{skuId}',
	// By ID only: the service lists SKUs per product, and this operation names no product.
	properties: [
		locatorProperty({
			name: 'skuId',
			displayName: 'SKU',
			description: "The SKU's ID or source ID",
			noun: 'SKU',
			idPlaceholder: 'sku_... or your source ID',
		}),
	],
	build: (params) => ({ method: 'GET', path: path`/v1/skus/${readSkuId(params)}` }),
};
