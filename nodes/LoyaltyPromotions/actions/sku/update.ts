import type { IDataObject } from 'n8n-workflow';
import { requireAnyField } from '../../shared/validate';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { productIdProperty, readProductId, readSkuBody, readSkuId, skuLocator, skuRecord, updateFields } from './fields';

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a SKU',
	description: 'Change fields of a SKU; fields not chosen stay as they are',
	endpoint: 'PUT /v1/products/{productId}/skus/{skuId}',
	properties: [
		productIdProperty,
		skuLocator,
		updateFields,
	],
	record: { id: 'skuId', ...skuRecord('updateFields') },
	build(params) {
		const productId = readProductId(params);
		const skuId = readSkuId(params);
		const body = requireAnyField(params, 'Update Fields', readSkuBody(params, params.get<IDataObject>('updateFields', {})));
		return { method: 'PUT', path: path`/v1/products/${productId}/skus/${skuId}`, body };
	},
};
