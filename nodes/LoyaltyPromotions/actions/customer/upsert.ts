import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty } from '../../shared/fields';
import { requireText } from '../../shared/validate';
import type { OperationDefinition } from '../types';
import { inCollection } from '../../shared/mapping';
import { CUSTOMER_BODY_OPTIONS, CUSTOMER_RECORD, customerSourceIdProperty, readCustomerBody } from './fields';

export const upsert: OperationDefinition = {
	value: 'upsert',
	name: 'Create or Update',
	action: 'Create or update a customer',
	description: 'Create a new record, or update the current one if it already exists (upsert)',
	endpoint: 'POST /v1/customers',
	safeToRepeat: true,
	properties: [
		customerSourceIdProperty,
		additionalFieldsProperty(CUSTOMER_BODY_OPTIONS),
	],
	record: { source_id: 'sourceId', ...inCollection('additionalFields', CUSTOMER_RECORD) },
	build(params) {
		const sourceId = requireText(params, 'Source ID', params.get('sourceId', '')).trim();
		return {
			method: 'POST',
			path: '/v1/customers',
			body: { source_id: sourceId, ...readCustomerBody(params, params.get<IDataObject>('additionalFields', {})) },
			// The service updates the customer with this source ID, so a repeat creates nothing twice.
		};
	},
};
