import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { enumOptions, filtersProperty, readFilterQuery, sortOrderFilter, sortOrderValues, type FilterKind } from '../../shared/fields';
import type { OperationDefinition } from '../types';
import { SEGMENT_LIST, SEGMENT_TYPES } from './fields';
import { createdConditions } from '../../shared/listFilters';
import { readDates } from '../earningRule/fields';

const ORDERS: Array<[label: string, field: string]> = [['Created At', 'created_at']];

const CREATED = createdConditions('segments created');

/** Filters option → [query parameter, label, kind]: the service's filter conditions. */
const QUERY: Record<string, [param: string, label: string, kind: FilterKind]> = {
	name: ['filters[name][conditions][$contains]', 'Name Contains', 'text'],
	type: ['filters[type][conditions][$is]', 'Type', Object.keys(SEGMENT_TYPES)],
	...CREATED.query,
	order: ['order', 'Order', sortOrderValues(ORDERS)],
};

const filters: INodeProperties = filtersProperty([
	...CREATED.options,
	{ displayName: 'End Date', name: 'endDate', type: 'dateTime', default: '', description: 'Only segments created by this moment (end_date)' },
	{ displayName: 'Name Contains', name: 'name', type: 'string', default: '', description: 'Only segments whose name contains this text' },
	sortOrderFilter(ORDERS, '-created_at', 'How to sort the segments (newest first unless chosen otherwise)'),
	{ displayName: 'Start Date', name: 'startDate', type: 'dateTime', default: '', description: 'Only segments created from this moment on (start_date)' },
	{ displayName: 'Type', name: 'type', type: 'options', options: enumOptions(SEGMENT_TYPES), default: 'static', description: 'Only segments of this type' },
]);

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many segments',
	description: "List the project's customer segments, filtered by name, type or creation date; Return All pages by start_date or end_date",
	endpoint: 'GET /v1/segments',
	properties: [filters],
	list: SEGMENT_LIST,
	build: (params) => {
		const chosen = params.get<IDataObject>('filters', {});
		const dates = Object.entries(readDates(params, chosen)).filter(([, value]) => value !== undefined);
		return { method: 'GET', path: '/v1/segments', query: { ...readFilterQuery(params, chosen, QUERY), ...Object.fromEntries(dates) } };
	},
};
