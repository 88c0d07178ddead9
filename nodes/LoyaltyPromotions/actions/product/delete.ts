import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { productLocator, readProductId } from './fields';

export const deleteProduct: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a product',
	description: 'Delete a product and all its SKUs: to the bin, or permanently',
	endpoint: 'DELETE /v1/products/{productId}',
	properties: [
		productLocator,
		{
			displayName: 'Delete Permanently',
			name: 'force',
			type: 'boolean',
			default: false,
			description: 'Whether to remove the product and its SKUs for good; otherwise they go to the bin, from where they can be restored',
		},
	],
	build: (params) => ({
		method: 'DELETE',
		path: path`/v1/products/${readProductId(params)}`,
		query: params.get<boolean>('force', false) === true ? { force: true } : {},
	}),
	// The service answers 204 with no body.
	output: (_response, params) => [{ deleted: true, id: readProductId(params) }],
};
