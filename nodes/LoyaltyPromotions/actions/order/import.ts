import type { IDataObject } from 'n8n-workflow';
import { sendBulk } from '../../shared/bulk';
import { additionalFieldsProperty } from '../../shared/fields';
import { waitSecondsProperty } from '../../shared/jobs';
import { inCollection } from '../../shared/mapping';
import type { OperationDefinition } from '../types';
import { ORDER_BODY_OPTIONS, ORDER_RECORD, readOrderBody } from './fields';

/** The most orders one import takes (the service's documented limit). */
const MAX_ORDERS_PER_IMPORT = 2000;

export const importOrders: OperationDefinition = {
	value: 'import',
	name: 'Import',
	action: 'Import orders',
	description:
		'Import historical orders from all input items, 2,000 a request, waiting until the service has imported each; failed orders come out as items paired with their input (by source ID). An import records no events and starts no distributions or earning rules: for ongoing sync use Create.',
	endpoint: 'POST /v1/orders/import then GET /v1/async-actions/{asyncActionId}',
	repeatHint: 'The service documents no upsert for imports: check the async action before sending the same orders again.',
	properties: [
		additionalFieldsProperty([
			// The import takes no creation date: the service sets it (keep the real one in metadata).
			...ORDER_BODY_OPTIONS.filter((option) => option.name !== 'createdAt'),
			{
				displayName: 'Source ID',
				name: 'sourceId',
				type: 'string',
				default: '',
				placeholder: 'order-123',
				description: "The order's ID in your shop; a failed order is paired with its input item by it",
			},
		]),
		waitSecondsProperty,
	],
	record: inCollection('additionalFields', { source_id: 'sourceId', ...ORDER_RECORD, created_at: undefined }),
	batch: {
		readRow: (params) => readOrderBody(params, params.get<IDataObject>('additionalFields', {})),
		send: async (rows, params, client) =>
			await sendBulk(
				{ noun: 'order import', path: '/v1/orders/import', key: 'source_id', safeToRepeat: false, failures: 'failed', maxRecords: MAX_ORDERS_PER_IMPORT, record: 'order' },
				rows,
				params,
				client,
			),
	},
};
