import type { IDataObject } from 'n8n-workflow';
import { idProperty } from '../../shared/fields';
import { requireAnyField } from '../../shared/validate';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { productIdProperty, readProductId, readSkuBody, updateFields } from './fields';

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a SKU',
	description: 'Change fields of a SKU; fields not chosen stay as they are',
	endpoint: 'PUT /v1/products/{productId}/skus/{skuId}',
	properties: [
		productIdProperty,
		idProperty('skuId', 'SKU ID', "The SKU's ID or source ID", 'sku_… or your own ID'),
		updateFields,
	],
	build(params) {
		const productId = readProductId(params);
		const skuId = params.id('skuId', 'SKU ID');
		const body = requireAnyField(params, 'Update Fields', readSkuBody(params, params.get<IDataObject>('updateFields', {})));
		return { method: 'PUT', path: path`/v1/products/${productId}/skus/${skuId}`, body };
	},
};
