import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { compact } from '../../shared/fields';
import { requireChoice, requireDateTime, requireScalarText } from '../../shared/validate';
import { pagedListSpec } from '../../transport/paginate';
import type { OperationDefinition, ParamReader } from '../types';

const ORDERS = ['created_at', '-created_at', 'updated_at', '-updated_at', 'source_id', '-source_id'] as const;

/** Filters field → [query parameter, label, kind]. */
const QUERY: Record<string, [param: string, label: string, kind: 'text' | 'dateTime' | 'order']> = {
	email: ['email', 'Email', 'text'],
	name: ['name', 'Name', 'text'],
	city: ['city', 'City', 'text'],
	segmentId: ['segment_id', 'Segment ID', 'text'],
	createdAfter: ['created_at[after]', 'Created After', 'dateTime'],
	createdBefore: ['created_at[before]', 'Created Before', 'dateTime'],
	updatedAfter: ['updated_at[after]', 'Updated After', 'dateTime'],
	updatedBefore: ['updated_at[before]', 'Updated Before', 'dateTime'],
	startingAfter: ['starting_after', 'Starting After', 'dateTime'],
	order: ['order', 'Order', 'order'],
};

const dateFilter = (name: string, displayName: string, description: string): INodeProperties => ({ displayName, name, type: 'dateTime', default: '', description });
const textFilter = (name: string, displayName: string, description: string): INodeProperties => ({ displayName, name, type: 'string', default: '', description });

const filters: INodeProperties = {
	displayName: 'Filters',
	name: 'filters',
	type: 'collection',
	placeholder: 'Add Filter',
	default: {},
	options: [
		textFilter('city', 'City', 'Only customers whose address is in this city'),
		dateFilter('createdAfter', 'Created After', 'Only customers created after this moment'),
		dateFilter('createdBefore', 'Created Before', 'Only customers created before this moment'),
		textFilter('email', 'Email', 'Only the customer with this email address'),
		textFilter('name', 'Name', 'Only customers with this name'),
		{
			displayName: 'Order',
			name: 'order',
			type: 'options',
			options: [
				{ name: 'Created At Ascending', value: 'created_at' },
				{ name: 'Created At Descending', value: '-created_at' },
				{ name: 'Source ID Ascending', value: 'source_id' },
				{ name: 'Source ID Descending', value: '-source_id' },
				{ name: 'Updated At Ascending', value: 'updated_at' },
				{ name: 'Updated At Descending', value: '-updated_at' },
			],
			default: '-created_at',
			description: 'How to sort the customers',
		},
		textFilter('segmentId', 'Segment ID', 'Only customers in this segment'),
		dateFilter('startingAfter', 'Starting After', 'Start after customers created at this moment: older ones for descending orders, newer ones for ascending'),
		dateFilter('updatedAfter', 'Updated After', 'Only customers last updated after this moment'),
		dateFilter('updatedBefore', 'Updated Before', 'Only customers last updated before this moment'),
	],
};

function readQuery(params: ParamReader, chosen: IDataObject): IDataObject {
	const query: IDataObject = {};
	for (const [name, [param, label, kind]] of Object.entries(QUERY)) {
		const value = chosen[name];
		if (value === undefined || value === null || String(value).trim() === '') continue;
		query[param] =
			kind === 'dateTime'
				? requireDateTime(params, label, value)
				: kind === 'order'
					? requireChoice(params, label, value, ORDERS)
					: requireScalarText(params, label, value).trim();
	}
	return compact(query);
}

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many customers',
	description: 'List customers, filtered by email, name, city, segment or dates',
	endpoint: 'GET /v1/customers',
	properties: [filters],
	// The service serves pages 1 to 99.
	list: pagedListSpec(99),
	build: (params) => ({ method: 'GET', path: '/v1/customers', query: readQuery(params, params.get<IDataObject>('filters', {})) }),
};
