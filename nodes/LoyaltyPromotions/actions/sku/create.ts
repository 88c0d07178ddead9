import type { IDataObject } from 'n8n-workflow';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { additionalFieldsWithIdentity, productIdProperty, readProductId, readSkuBody, skuRecord } from './fields';

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a SKU',
	description: 'Add a SKU to a product',
	endpoint: 'POST /v1/products/{productId}/skus',
	repeatHint: 'With an ID or Source ID set (Additional Fields), a repeat updates the same SKU instead of creating another.',
	properties: [productIdProperty, additionalFieldsWithIdentity],
	record: skuRecord('additionalFields', true),
	build(params) {
		const productId = readProductId(params);
		const body = readSkuBody(params, params.get<IDataObject>('additionalFields', {}));
		return {
			method: 'POST',
			path: path`/v1/products/${productId}/skus`,
			body,
			// The service upserts by id or source_id, so only then does a repeat not create a second SKU.
			safeToRepeat: body.id !== undefined || body.source_id !== undefined,
		};
	},
};
