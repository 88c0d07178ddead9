import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { ParamReader } from '../actions/types';
import { filtersProperty, readFilterQuery, sortOrderFilter, sortOrderValues, type FilterKind } from './fields';

/**
 * The Filters of a v2 activity list (a program's, a member's, a card's…): Type (the contract's activity types,
 * e.g. vl.member.created), Created After / Before and Order by creation, sent as the service's filter conditions.
 */
export interface ActivityFilters {
	property: INodeProperties;
	read(params: ParamReader): IDataObject;
}

const ORDERS: Array<[label: string, field: string]> = [['Created At', 'created_at']];

/** "vl.member.card.assigned" with prefix "vl.member." → "Card Assigned". */
const typeLabel = (prefix: string, type: string) =>
	type
		.slice(prefix.length)
		.split(/[._]/)
		.map((word) => word[0].toUpperCase() + word.slice(1))
		.join(' ');

/** Filters for activity types `prefix` + each of `types` (e.g. 'vl.member.', ['created', 'card.assigned']). */
export function activityFilters(prefix: string, types: readonly string[]): ActivityFilters {
	const values = types.map((what) => `${prefix}${what}`);
	const first = values.includes(`${prefix}created`) ? `${prefix}created` : values[0];
	const query: Record<string, [param: string, label: string, kind: FilterKind]> = {
		type: ['filters[type][conditions][$is]', 'Type', values],
		createdAfter: ['filters[created_at][conditions][$after]', 'Created After', 'dateTime'],
		createdBefore: ['filters[created_at][conditions][$before]', 'Created Before', 'dateTime'],
		order: ['order', 'Order', sortOrderValues(ORDERS)],
	};
	const property = filtersProperty([
		{ displayName: 'Created After', name: 'createdAfter', type: 'dateTime', default: '', description: 'Only activities recorded after this moment' },
		{ displayName: 'Created Before', name: 'createdBefore', type: 'dateTime', default: '', description: 'Only activities recorded before this moment' },
		sortOrderFilter(ORDERS, '-created_at', 'How to sort the activities'),
		{
			displayName: 'Type',
			name: 'type',
			type: 'options',
			options: values.map((value) => ({ name: typeLabel(prefix, value), value })).sort((a, b) => a.name.localeCompare(b.name)),
			default: first,
			description: 'Only activities of this type',
		},
	]);
	return { property, read: (params) => readFilterQuery(params, params.get<IDataObject>('filters', {}), query) };
}
