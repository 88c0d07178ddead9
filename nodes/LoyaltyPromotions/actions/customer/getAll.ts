import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { filtersProperty, readFilterQuery, sortOrderFilter, sortOrderValues, type FilterKind } from '../../shared/fields';
import { pagedListSpec } from '../../transport/paginate';
import type { OperationDefinition } from '../types';
import { SIMPLE_FIELDS } from '../../shared/simplify';

const ORDERS: Array<[label: string, field: string]> = [
	['Created At', 'created_at'],
	['Source ID', 'source_id'],
	['Updated At', 'updated_at'],
];

/** Filters option → [query parameter, label, kind]. */
const QUERY: Record<string, [param: string, label: string, kind: FilterKind]> = {
	email: ['email', 'Email', 'text'],
	name: ['name', 'Name', 'text'],
	city: ['city', 'City', 'text'],
	segmentId: ['segment_id', 'Segment ID', 'text'],
	createdAfter: ['created_at[after]', 'Created After', 'dateTime'],
	createdBefore: ['created_at[before]', 'Created Before', 'dateTime'],
	updatedAfter: ['updated_at[after]', 'Updated After', 'dateTime'],
	updatedBefore: ['updated_at[before]', 'Updated Before', 'dateTime'],
	startingAfter: ['starting_after', 'Starting After', 'dateTime'],
	order: ['order', 'Order', sortOrderValues(ORDERS)],
};

const dateFilter = (name: string, displayName: string, description: string): INodeProperties => ({ displayName, name, type: 'dateTime', default: '', description });
const textFilter = (name: string, displayName: string, description: string): INodeProperties => ({ displayName, name, type: 'string', default: '', description });

const filters: INodeProperties = filtersProperty([
	textFilter('city', 'City', 'Only customers whose address is in this city'),
	dateFilter('createdAfter', 'Created After', 'Only customers created after this moment'),
	dateFilter('createdBefore', 'Created Before', 'Only customers created before this moment'),
	textFilter('email', 'Email', 'Only the customer with this email address'),
	textFilter('name', 'Name', 'Only customers with this name'),
	sortOrderFilter(ORDERS, '-created_at', 'How to sort the customers'),
	textFilter('segmentId', 'Segment ID', 'Only customers in this segment'),
	dateFilter('startingAfter', 'Starting After', 'Start after customers created at this moment: older ones for descending orders, newer ones for ascending'),
	dateFilter('updatedAfter', 'Updated After', 'Only customers last updated after this moment'),
	dateFilter('updatedBefore', 'Updated Before', 'Only customers last updated before this moment'),
]);

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many customers',
	description: 'List customers, filtered by email, name, city, segment or dates',
	endpoint: 'GET /v1/customers',
	simplify: SIMPLE_FIELDS.customer,
	properties: [filters],
	// The service serves pages 1 to 99.
	list: pagedListSpec(99),
	build: (params) => ({ method: 'GET', path: '/v1/customers', query: readFilterQuery(params, params.get<IDataObject>('filters', {}), QUERY) }),
};
