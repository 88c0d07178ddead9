import type { INodeProperties } from 'n8n-workflow';
import { locatorProperty } from '../../shared/locator';
import { requireId } from '../../shared/validate';
import { path, type ServiceRequest } from '../../transport/request';
import type { ParamReader } from '../types';

/**
 * Whose memberships: a customer by ID (cust_…), a member by ID (lmbr_…), or a customer by the source ID your system
 * knows them by, as the service's identification_type reads the path value.
 */
export const membershipCustomerLocator: INodeProperties = locatorProperty({
	name: 'customer',
	displayName: 'Customer',
	description: 'The customer: picked from the list, or given by ID (cust_…), by your own source ID, or by a member ID (lmbr_…)',
	noun: 'customer',
	searchListMethod: 'searchCustomers',
	idPlaceholder: 'cust_…, lmbr_… or your own source ID',
});

/** The path value and its identification_type, from the Customer field. */
export function membershipRequest(params: ParamReader, base: string): ServiceRequest {
	const value = requireId(params, 'Customer', params.get('customer'));
	const type = /^cust_[a-zA-Z0-9]+$/.test(value) ? 'customer_id' : /^lmbr_[a-f0-9]+$/.test(value) ? 'member_id' : 'customer_source_id';
	return { method: 'GET', path: `${base}${path`/${value}`}`, query: { identification_type: type } };
}

/** What Simplify keeps of a membership: the member, the program's name and status, each card's code and balance. */
export const MEMBERSHIP_SIMPLE_FIELDS = [
	'member.id',
	'member.customer_id',
	'member.status',
	'member.metadata',
	'member.created_at',
	'program.id',
	'program.name',
	'program.status',
	'cards[].card.id',
	'cards[].card.card_definition_id',
	'cards[].card.code',
	'cards[].card.balance',
];
