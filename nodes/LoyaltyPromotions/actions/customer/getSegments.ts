import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { customerLocator, readCustomerId } from './fields';

export const getSegments: OperationDefinition = {
	value: 'getSegments',
	name: 'Get Segments',
	action: 'Get the segments of a customer',
	description: "List the segments a customer belongs to (ID and name of each); for an ID the service does not know, the segments such a customer would qualify for",
	endpoint: 'GET /v1/customers/{customerId}/segments',
	properties: [customerLocator],
	// One list, unpaged.
	list: { envelope: 'counted' },
	build: (params) => ({ method: 'GET', path: `${path`/v1/customers/${readCustomerId(params)}`}/segments` }),
};
