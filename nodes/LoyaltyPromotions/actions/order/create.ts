import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty } from '../../shared/fields';
import type { OperationDefinition } from '../types';
import { inCollection } from '../../shared/mapping';
import { ORDER_BODY_OPTIONS, ORDER_RECORD, readOrderBody } from './fields';

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create an order',
	description: 'Record an order; with a source ID that exists, that order is updated instead',
	endpoint: 'POST /v1/orders',
	repeatHint: 'With a Source ID it is safe to repeat (the service updates the order it finds).',
	properties: [
		additionalFieldsProperty([
			...ORDER_BODY_OPTIONS,
			{
				displayName: 'Source ID',
				name: 'sourceId',
				type: 'string',
				default: '',
				placeholder: 'order-123',
				description: "The order's ID in your shop: an existing one is updated, and a repeat after a lost answer creates nothing twice",
			},
		]),
	],
	record: inCollection('additionalFields', { source_id: 'sourceId', ...ORDER_RECORD }),
	build(params) {
		const body = readOrderBody(params, params.get<IDataObject>('additionalFields', {}));
		// The service upserts by source_id, so only then does a repeat not record a second order.
		return { method: 'POST', path: '/v1/orders', body, safeToRepeat: body.source_id !== undefined };
	},
};
