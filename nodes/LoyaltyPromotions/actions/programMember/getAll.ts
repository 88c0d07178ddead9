import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { enumOptions, filtersProperty, readFilterQuery, sortOrderFilter, sortOrderValues, type FilterKind } from '../../shared/fields';
import { requirePattern } from '../../shared/validate';
import { path } from '../../transport/request';
import { V2_LIST } from '../../shared/catalogue';
import { readProgramId } from '../program/fields';
import { programLocator } from '../program/search';
import type { OperationDefinition } from '../types';
import { MEMBER_STATUSES } from './fields';
import { createdConditions } from '../../shared/listFilters';

const CUSTOMER_ID = /^cust_[a-zA-Z0-9]+$/;

const ORDERS: Array<[label: string, field: string]> = [
	['Created At', 'created_at'],
	['Customer ID', 'customer_id'],
	['Status', 'status'],
];

const CREATED = createdConditions('members who joined');

const QUERY: Record<string, [param: string, label: string, kind: FilterKind]> = {
	customerId: ['filters[customer_id][conditions][$is]', 'Customer ID', 'text'],
	status: ['filters[status][conditions][$is]', 'Status', Object.keys(MEMBER_STATUSES)],
	...CREATED.query,
	order: ['order', 'Order', sortOrderValues(ORDERS)],
};

const filters: INodeProperties = filtersProperty([
	...CREATED.options,
	{ displayName: 'Customer ID', name: 'customerId', type: 'string', default: '', placeholder: 'cust_...', description: 'Only the member of this customer (a Voucherify customer ID)' },
	sortOrderFilter(ORDERS, '-created_at', 'How to sort the members'),
	{ displayName: 'Status', name: 'status', type: 'options', options: enumOptions(MEMBER_STATUSES), default: 'ACTIVE', description: 'Only members in this status' },
]);

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many program members',
	description: "List a loyalty program's members (without their cards: Get returns a member with cards), filtered by customer, status or join date",
	endpoint: 'GET /v2/loyalties/programs/{programId}/members',
	properties: [programLocator, filters],
	list: V2_LIST,
	build: (params) => {
		const programId = readProgramId(params);
		const query = readFilterQuery(params, params.get<IDataObject>('filters', {}), QUERY);
		const customer = query[QUERY.customerId[0]];
		if (customer !== undefined) requirePattern(params, 'Customer ID', customer, CUSTOMER_ID, 'cust_0a1b2c');
		return { method: 'GET', path: path`/v2/loyalties/programs/${programId}/members`, query };
	},
};
