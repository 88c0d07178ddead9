import type { IDataObject } from 'n8n-workflow';
import { requireText } from '../../shared/validate';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { additionalFields, productIdProperty, readProductId, readSkuBody, skuRecord, skuSourceIdProperty } from './fields';

export const upsert: OperationDefinition = {
	value: 'upsert',
	name: 'Create or Update',
	action: 'Create or update a SKU',
	description: 'Create a new record, or update the current one if it already exists (upsert)',
	endpoint: 'POST /v1/products/{productId}/skus',
	// The service upserts by source_id, so a repeat updates the same SKU.
	safeToRepeat: true,
	properties: [
		productIdProperty,
		skuSourceIdProperty,
		additionalFields,
	],
	record: { source_id: 'sourceId', ...skuRecord('additionalFields') },
	build(params) {
		const productId = readProductId(params);
		const sourceId = requireText(params, 'Source ID', params.get('sourceId', '')).trim();
		return {
			method: 'POST',
			path: path`/v1/products/${productId}/skus`,
			body: { source_id: sourceId, ...readSkuBody(params, params.get<IDataObject>('additionalFields', {})) },
		};
	},
};
