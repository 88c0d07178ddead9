import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { ParamReader } from '../actions/types';
import { filtersProperty, readFilterQuery, sortOrderFilter, sortOrderValues, type FilterKind } from './fields';

/**
 * The Filters of a v2 list of records by creation (activities, card transactions): Created After / Before and
 * Order by creation, plus for activities their Type (the contract's activity types, e.g. vl.member.created), sent
 * as the service's filter conditions.
 */
export interface CreatedFilters {
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

/** Filters of a list of `noun` (e.g. 'transactions') by creation, with `extra` options and their query. */
export function createdFilters(noun: string, extra: { options: INodeProperties[]; query: Record<string, [param: string, label: string, kind: FilterKind]> } = { options: [], query: {} }): CreatedFilters {
	const query: Record<string, [param: string, label: string, kind: FilterKind]> = {
		...extra.query,
		createdAfter: ['filters[created_at][conditions][$after]', 'Created After', 'dateTime'],
		createdBefore: ['filters[created_at][conditions][$before]', 'Created Before', 'dateTime'],
		order: ['order', 'Order', sortOrderValues(ORDERS)],
	};
	const property = filtersProperty([
		{ displayName: 'Created After', name: 'createdAfter', type: 'dateTime', default: '', description: `Only ${noun} recorded after this moment` },
		{ displayName: 'Created Before', name: 'createdBefore', type: 'dateTime', default: '', description: `Only ${noun} recorded before this moment` },
		sortOrderFilter(ORDERS, '-created_at', `How to sort the ${noun}`),
		...extra.options,
	]);
	return { property, read: (params) => readFilterQuery(params, params.get<IDataObject>('filters', {}), query) };
}

/** Filters for activity types `prefix` + each of `types` (e.g. 'vl.member.', ['created', 'card.assigned']). */
export function activityFilters(prefix: string, types: readonly string[]): CreatedFilters {
	const values = types.map((what) => `${prefix}${what}`);
	const first = values.includes(`${prefix}created`) ? `${prefix}created` : values[0];
	return createdFilters('activities', {
		query: { type: ['filters[type][conditions][$is]', 'Type', values] },
		options: [
			{
				displayName: 'Type',
				name: 'type',
				type: 'options',
				options: values.map((value) => ({ name: typeLabel(prefix, value), value })).sort((a, b) => a.name.localeCompare(b.name)),
				default: first,
				description: 'Only activities of this type',
			},
		],
	});
}
