import type { IDataObject } from 'n8n-workflow';
import { sendBulk, upsertBulkSpec } from '../../shared/bulk';
import { updateFieldsProperty } from '../../shared/fields';
import { waitSecondsProperty } from '../../shared/jobs';
import { requireAnyField, requireText } from '../../shared/validate';
import type { OperationDefinition } from '../types';
import { inCollection } from '../../shared/mapping';
import { bulkSourceIdProperty, CUSTOMER_BODY_OPTIONS, CUSTOMER_RECORD, readCustomerBody } from './fields';

export const updateInBulk: OperationDefinition = {
	value: 'updateInBulk',
	name: 'Update in Bulk',
	action: 'Update customers in bulk',
	description:
		'Update the customers of all input items, 100 a request, waiting until the service has applied each; failed customers come out as items paired with their input. Unknown source IDs become new customers. Safe to repeat: it is an upsert.',
	endpoint: 'POST /v1/customers/bulk/async then GET /v1/async-actions/{asyncActionId}',
	safeToRepeat: true,
	properties: [bulkSourceIdProperty, updateFieldsProperty(CUSTOMER_BODY_OPTIONS), waitSecondsProperty],
	record: { source_id: 'sourceId', ...inCollection('updateFields', CUSTOMER_RECORD) },
	batch: {
		readRow(params) {
			const sourceId = requireText(params, 'Source ID', params.get('sourceId', '')).trim();
			const body = requireAnyField(params, 'Update Fields', readCustomerBody(params, params.get<IDataObject>('updateFields', {})));
			return { source_id: sourceId, ...body };
		},
		send: async (rows, params, client) => await sendBulk(upsertBulkSpec('customer', 'bulk'), rows, params, client),
	},
};
