import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { productIdProperty, readProductId, readSkuId, skuLocator } from './fields';

export const deleteSku: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a SKU',
	description: "Delete one of a product's SKUs: to the bin, or permanently",
	endpoint: 'DELETE /v1/products/{productId}/skus/{skuId}',
	properties: [
		productIdProperty,
		skuLocator,
		{
			displayName: 'Delete Permanently',
			name: 'force',
			type: 'boolean',
			default: false,
			description: 'Whether to remove the SKU for good; otherwise it goes to the bin, from where it can be restored',
		},
	],
	build: (params) => ({
		method: 'DELETE',
		path: path`/v1/products/${readProductId(params)}/skus/${readSkuId(params)}`,
		query: params.get<boolean>('force', false) === true ? { force: true } : {},
	}),
	// The service answers 204 with no body.
	output: (_response, params) => [{ deleted: true, id: readSkuId(params) }],
};
