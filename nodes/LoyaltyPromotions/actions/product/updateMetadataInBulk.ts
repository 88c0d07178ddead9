import { bulkMetadataProperties, bulkMetadataRecord, readMetadataRecord, sendBulk, upsertBulkSpec } from '../../shared/bulk';
import { waitSecondsProperty } from '../../shared/jobs';
import type { OperationDefinition } from '../types';
import { sourceIdProperty } from './fields';

export const updateMetadataInBulk: OperationDefinition = {
	value: 'updateMetadataInBulk',
	name: 'Update Metadata in Bulk',
	action: "Update products' metadata in bulk",
	description:
		'Set metadata on the products of all input items, 100 products a request (items with the same metadata share requests), waiting until the service has applied each. Unknown source IDs become new products. Safe to repeat: it is an upsert. For a different metadata per product use Update in Bulk, which sends 100 products a request whatever their values.',
	endpoint: 'POST /v1/products/metadata/async then GET /v1/async-actions/{asyncActionId}',
	safeToRepeat: true,
	properties: [sourceIdProperty, ...bulkMetadataProperties, waitSecondsProperty],
	record: bulkMetadataRecord('source_id', 'sourceId'),
	batch: {
		readRow: (params) => readMetadataRecord(params, 'source_id', 'sourceId', 'Source ID'),
		send: async (rows, params, client) => await sendBulk(upsertBulkSpec('product', 'metadata'), rows, params, client),
	},
};
