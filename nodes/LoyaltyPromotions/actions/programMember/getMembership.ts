import { path } from '../../transport/request';
import { readProgramId } from '../program/fields';
import { programLocator } from '../program/search';
import type { OperationDefinition } from '../types';
import { MEMBERSHIP_SIMPLE_FIELDS, membershipCustomerLocator, membershipRequest } from './membership';

export const getMembership: OperationDefinition = {
	value: 'getMembership',
	name: 'Get Membership',
	action: "Get a customer's membership of a program",
	description: "Retrieve a customer's membership of one program: the member, the program and the member's cards with their tier progress",
	endpoint: 'GET /v2/loyalties/programs/{programId}/memberships/{customerId}',
	simplify: MEMBERSHIP_SIMPLE_FIELDS,
	properties: [programLocator, membershipCustomerLocator],
	build: (params) => membershipRequest(params, path`/v2/loyalties/programs/${readProgramId(params)}/memberships`),
};
