import { bulkMetadataProperties, bulkMetadataRecord, readMetadataRecord, sendBulk } from '../../shared/bulk';
import { waitSecondsProperty } from '../../shared/jobs';
import type { OperationDefinition } from '../types';
import { bulkCodeProperty, voucherBulkSpec } from './bulk';

export const updateInBulk: OperationDefinition = {
	value: 'updateInBulk',
	name: 'Update in Bulk',
	action: 'Update vouchers in bulk',
	description:
		"Set each input item's metadata on its voucher, 100 vouchers a request, waiting until the service has applied each; failed vouchers (e.g. unknown codes) come out as items paired with their input. Safe to repeat: it sets the same metadata again.",
	endpoint: 'POST /v1/vouchers/bulk/async then GET /v1/async-actions/{asyncActionId}',
	safeToRepeat: true,
	properties: [bulkCodeProperty, ...bulkMetadataProperties, waitSecondsProperty],
	record: bulkMetadataRecord('code', 'code'),
	batch: {
		readRow: (params) => readMetadataRecord(params, 'code', 'code', 'Code'),
		send: async (rows, params, client) => await sendBulk(voucherBulkSpec('bulk'), rows, params, client),
	},
};
