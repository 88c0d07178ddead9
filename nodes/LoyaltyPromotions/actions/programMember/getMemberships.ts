import type { OperationDefinition } from '../types';
import { MEMBERSHIP_SIMPLE_FIELDS, membershipCustomerLocator, membershipRequest } from './membership';

export const getMemberships: OperationDefinition = {
	value: 'getMemberships',
	name: 'Get Memberships',
	action: "Get a customer's memberships of all programs",
	description: "Retrieve a customer's memberships across all loyalty programs (none: an empty list), each with its member, program and cards",
	endpoint: 'GET /v2/loyalties/memberships/{customerId}',
	simplify: ['customer', ...MEMBERSHIP_SIMPLE_FIELDS.map((field) => `memberships[].${field}`)],
	properties: [membershipCustomerLocator],
	build: (params) => membershipRequest(params, '/v2/loyalties/memberships'),
};
