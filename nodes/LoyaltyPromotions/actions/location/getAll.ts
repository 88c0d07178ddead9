import type { IDataObject } from 'n8n-workflow';
import { filtersProperty, readFilterQuery, sortOrderFilter, sortOrderValues, type FilterKind } from '../../shared/fields';
import { createdConditions } from '../../shared/listFilters';
import type { OperationDefinition } from '../types';
import { LOCATION_LIST } from './fields';

// Return All pages by creation date, so the list is sorted by it (the service also sorts by updated_at).
const ORDERS: Array<[label: string, field: string]> = [['Created At', 'created_at']];

const CREATED = createdConditions('locations created');
const UPDATED_BOUNDS = [
	['After', '$after'],
	['Before', '$before'],
] as const;

/** Filters option → [query parameter, label, kind]: the service's filter conditions. */
const QUERY: Record<string, [param: string, label: string, kind: FilterKind]> = {
	name: ['filters[name][conditions][$contains]', 'Name Contains', 'text'],
	...CREATED.query,
	...Object.fromEntries(UPDATED_BOUNDS.map(([bound, operator]) => [`updated${bound}`, [`filters[updated_at][conditions][${operator}]`, `Updated ${bound}`, 'dateTime']])),
	order: ['order', 'Order', sortOrderValues(ORDERS)],
};

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many locations',
	description: "List the project's locations (the areas validation rules can require), filtered by name or dates; Return All pages by creation date",
	endpoint: 'GET /v1/locations',
	properties: [
		filtersProperty([
			...CREATED.options,
			{ displayName: 'Name Contains', name: 'name', type: 'string', default: '', description: 'Only locations whose name contains this text' },
			sortOrderFilter(ORDERS, '-created_at', 'How to sort the locations (newest first unless chosen otherwise)'),
			...UPDATED_BOUNDS.map(([bound]) => ({
				displayName: `Updated ${bound}`,
				name: `updated${bound}`,
				type: 'dateTime' as const,
				default: '',
				description: `Only locations updated ${bound.toLowerCase()} this moment`,
			})),
		]),
	],
	list: LOCATION_LIST,
	build: (params) => ({ method: 'GET', path: '/v1/locations', query: readFilterQuery(params, params.get<IDataObject>('filters', {}), QUERY) }),
};
