import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { customerLocator, readCustomerId } from './fields';
import { SIMPLE_FIELDS } from '../../shared/simplify';

export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a customer',
	description: 'Retrieve a customer with their order, redemption and loyalty summary',
	endpoint: 'GET /v1/customers/{customerId}',
	simplify: SIMPLE_FIELDS.customer,
	properties: [customerLocator],
	build: (params) => ({ method: 'GET', path: path`/v1/customers/${readCustomerId(params)}` }),
};
