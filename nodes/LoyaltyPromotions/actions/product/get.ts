import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { productLocator, readProductId } from './fields';

export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a product',
	description: 'Retrieve a product and its SKUs',
	endpoint: 'GET /v1/products/{productId}',
	properties: [productLocator],
	build: (params) => ({ method: 'GET', path: path`/v1/products/${readProductId(params)}` }),
};
