import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { enumOptions, filtersProperty, readFilterQuery, sortOrderFilter, sortOrderValues, type FilterKind } from '../../shared/fields';
import type { OperationDefinition } from '../types';
import { V2_LIST } from '../../shared/catalogue';
import { PROGRAM_STATUSES } from './fields';
import { createdConditions } from '../../shared/listFilters';

const ORDERS: Array<[label: string, field: string]> = [
	['Created At', 'created_at'],
	['Name', 'name'],
];

const CREATED = createdConditions('programs created');

/** Filters option → [query parameter, label, kind]: the service's filter conditions. */
const QUERY: Record<string, [param: string, label: string, kind: FilterKind]> = {
	name: ['filters[name][conditions][$contains]', 'Name Contains', 'text'],
	status: ['filters[status][conditions][$is]', 'Status', Object.keys(PROGRAM_STATUSES)],
	...CREATED.query,
	order: ['order', 'Order', sortOrderValues(ORDERS)],
};

const filters: INodeProperties = filtersProperty([
	...CREATED.options,
	{ displayName: 'Name Contains', name: 'name', type: 'string', default: '', description: 'Only programs whose name contains this text' },
	sortOrderFilter(ORDERS, '-created_at', 'How to sort the programs'),
	{ displayName: 'Status', name: 'status', type: 'options', options: enumOptions(PROGRAM_STATUSES), default: 'ACTIVE', description: 'Only programs in this status' },
]);

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many programs',
	description: 'List loyalty programs, filtered by name, status or creation date',
	endpoint: 'GET /v2/loyalties/programs',
	properties: [filters],
	list: V2_LIST,
	build: (params) => ({ method: 'GET', path: '/v2/loyalties/programs', query: readFilterQuery(params, params.get<IDataObject>('filters', {}), QUERY) }),
};
