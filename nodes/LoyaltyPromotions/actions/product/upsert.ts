import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty } from '../../shared/fields';
import { requireText } from '../../shared/validate';
import type { OperationDefinition } from '../types';
import { inCollection } from '../../shared/mapping';
import { PRODUCT_BODY_OPTIONS, PRODUCT_RECORD, readProductBody, sourceIdProperty } from './fields';

export const upsert: OperationDefinition = {
	value: 'upsert',
	name: 'Create or Update',
	action: 'Create or update a product',
	description: 'Create a new record, or update the current one if it already exists (upsert)',
	endpoint: 'POST /v1/products',
	safeToRepeat: true,
	properties: [sourceIdProperty, additionalFieldsProperty(PRODUCT_BODY_OPTIONS)],
	record: { source_id: 'sourceId', ...inCollection('additionalFields', PRODUCT_RECORD) },
	build(params) {
		const sourceId = requireText(params, 'Source ID', params.get('sourceId', '')).trim();
		return {
			method: 'POST',
			path: '/v1/products',
			body: { source_id: sourceId, ...readProductBody(params, params.get<IDataObject>('additionalFields', {})) },
			// The service updates the product with this source ID, so a repeat creates nothing twice.
		};
	},
};
