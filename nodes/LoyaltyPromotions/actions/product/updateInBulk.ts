import type { IDataObject } from 'n8n-workflow';
import { sendBulk, upsertBulkSpec } from '../../shared/bulk';
import { updateFieldsProperty } from '../../shared/fields';
import { waitSecondsProperty } from '../../shared/jobs';
import { requireAnyField, requireText } from '../../shared/validate';
import type { OperationDefinition } from '../types';
import { inCollection } from '../../shared/mapping';
import { PRODUCT_BODY_OPTIONS, PRODUCT_RECORD, readProductBody, sourceIdProperty } from './fields';

export const updateInBulk: OperationDefinition = {
	value: 'updateInBulk',
	name: 'Update in Bulk',
	action: 'Update products in bulk',
	description:
		'Update the products of all input items, 100 a request, waiting until the service has applied each; failed products come out as items paired with their input. Unknown source IDs become new products. Safe to repeat: it is an upsert.',
	endpoint: 'POST /v1/products/bulk/async then GET /v1/async-actions/{asyncActionId}',
	safeToRepeat: true,
	properties: [sourceIdProperty, updateFieldsProperty(PRODUCT_BODY_OPTIONS), waitSecondsProperty],
	record: { source_id: 'sourceId', ...inCollection('updateFields', PRODUCT_RECORD) },
	batch: {
		readRow(params) {
			const sourceId = requireText(params, 'Source ID', params.get('sourceId', '')).trim();
			return { source_id: sourceId, ...requireAnyField(params, 'Update Fields', readProductBody(params, params.get<IDataObject>('updateFields', {}))) };
		},
		send: async (rows, params, client) => await sendBulk(upsertBulkSpec('product', 'bulk'), rows, params, client),
	},
};
