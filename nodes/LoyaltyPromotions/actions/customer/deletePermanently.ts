import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { customerLocator, readCustomerId } from './fields';

export const deletePermanently: OperationDefinition = {
	value: 'deletePermanently',
	name: 'Delete Permanently',
	action: 'Delete a customer permanently',
	description:
		"GDPR erasure: delete the customer and all its data (events, activities, segments, orders) for good. This cannot be undone; the answer counts what was deleted.",
	endpoint: 'POST /v1/customers/{customerId}/permanent-deletion',
	// Erasing a customer twice leaves the same result: the repeat finds no customer (404) and deletes nothing more.
	safeToRepeat: true,
	properties: [{ ...customerLocator, description: 'The customer to erase, picked from the list or given by ID or source ID' }],
	build: (params) => ({ method: 'POST', path: `${path`/v1/customers/${readCustomerId(params)}`}/permanent-deletion` }),
};
