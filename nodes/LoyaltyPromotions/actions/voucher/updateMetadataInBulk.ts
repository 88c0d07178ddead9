import { bulkMetadataProperties, bulkMetadataRecord, readMetadataRecord, sendBulk } from '../../shared/bulk';
import { waitSecondsProperty } from '../../shared/jobs';
import type { OperationDefinition } from '../types';
import { bulkCodeProperty, voucherBulkSpec } from './bulk';

export const updateMetadataInBulk: OperationDefinition = {
	value: 'updateMetadataInBulk',
	name: 'Update Metadata in Bulk',
	action: "Update vouchers' metadata in bulk",
	description:
		'Set metadata on the vouchers of all input items, 100 codes a request (when all share one metadata, on the metadata endpoint; else each code with its own, on the bulk endpoint), waiting until the service has applied each. Safe to repeat: it sets the same metadata again.',
	endpoint: 'POST /v1/vouchers/metadata/async or POST /v1/vouchers/bulk/async then GET /v1/async-actions/{asyncActionId}',
	safeToRepeat: true,
	properties: [bulkCodeProperty, ...bulkMetadataProperties, waitSecondsProperty],
	record: bulkMetadataRecord('code', 'code'),
	batch: {
		readRow: (params) => readMetadataRecord(params, 'code', 'code', 'Code'),
		send: async (rows, params, client) => await sendBulk(voucherBulkSpec('metadata'), rows, params, client),
	},
};
