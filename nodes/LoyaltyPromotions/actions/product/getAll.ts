import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { filtersProperty, readFilterQuery, sortOrderFilter, sortOrderValues, type FilterKind } from '../../shared/fields';
import { pagedListSpec } from '../../transport/paginate';
import type { OperationDefinition } from '../types';

const DATE_FIELDS: Array<[label: string, field: string]> = [
	['Created At', 'created_at'],
	['Updated At', 'updated_at'],
];

/** Created At / Updated At, each ascending and descending: the sort orders of the paged product and order lists. */
export const dateOrderOption: INodeProperties = sortOrderFilter(DATE_FIELDS, '-created_at', 'How to sort the results');

export const dateOrderQuery: Record<string, [param: string, label: string, kind: FilterKind]> = {
	order: ['order', 'Order', sortOrderValues(DATE_FIELDS)],
};

/** Filters of a catalogue list by creation moment and date order (products, a product's SKUs). */
export function createdRangeFilters(plural: string): INodeProperties {
	return filtersProperty([
		{ displayName: 'Created From', name: 'startDate', type: 'dateTime', default: '', description: `Only ${plural} created at or after this moment` },
		{ displayName: 'Created Until', name: 'endDate', type: 'dateTime', default: '', description: `Only ${plural} created at or before this moment` },
		dateOrderOption,
	]);
}

export const CREATED_RANGE_QUERY: Record<string, [param: string, label: string, kind: FilterKind]> = {
	...dateOrderQuery,
	startDate: ['start_date', 'Created From', 'dateTime'],
	endDate: ['end_date', 'Created Until', 'dateTime'],
};

const filters = createdRangeFilters('products');
const QUERY = CREATED_RANGE_QUERY;

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many products',
	description: 'List the products of the catalogue, with their SKUs',
	endpoint: 'GET /v1/products',
	properties: [filters],
	list: pagedListSpec(100),
	build: (params) => ({ method: 'GET', path: '/v1/products', query: readFilterQuery(params, params.get<IDataObject>('filters', {}), QUERY) }),
};
