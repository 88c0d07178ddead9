import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { customerLocator, readCustomerId } from './fields';

export const deleteCustomer: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a customer',
	description: 'Delete a customer',
	endpoint: 'DELETE /v1/customers/{customerId}',
	properties: [customerLocator],
	build: (params) => ({ method: 'DELETE', path: path`/v1/customers/${readCustomerId(params)}` }),
	// The service answers 204 with no body.
	output: (_response, params) => [{ deleted: true, id: readCustomerId(params) }],
};
