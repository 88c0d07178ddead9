import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { filtersProperty, readFilterQuery, sortOrderFilter, sortOrderValues, type FilterKind } from '../../shared/fields';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { readProgramId, V2_LIST } from './fields';
import { programLocator } from './search';

const ORDERS: Array<[label: string, field: string]> = [['Created At', 'created_at']];

/** The program activity types of the contract, as `vl.program.<what>`. */
const TYPES = [
	'activated',
	'card_definition.assigned',
	'card_definition.unassigned',
	'created',
	'deactivated',
	'deleted',
	'earning_rule.assigned',
	'earning_rule.unassigned',
	'reward.assigned',
	'reward.unassigned',
	'reward.updated',
	'tier_structure.assigned',
	'tier_structure.unassigned',
	'updated',
].map((what) => `vl.program.${what}`);

const QUERY: Record<string, [param: string, label: string, kind: FilterKind]> = {
	type: ['filters[type][conditions][$is]', 'Type', TYPES],
	createdAfter: ['filters[created_at][conditions][$after]', 'Created After', 'dateTime'],
	createdBefore: ['filters[created_at][conditions][$before]', 'Created Before', 'dateTime'],
	order: ['order', 'Order', sortOrderValues(ORDERS)],
};

/** "vl.program.card_definition.assigned" → "Card Definition Assigned". */
const typeLabel = (type: string) =>
	type
		.slice('vl.program.'.length)
		.split(/[._]/)
		.map((word) => word[0].toUpperCase() + word.slice(1))
		.join(' ');

const filters: INodeProperties = filtersProperty([
	{ displayName: 'Created After', name: 'createdAfter', type: 'dateTime', default: '', description: 'Only activities recorded after this moment' },
	{ displayName: 'Created Before', name: 'createdBefore', type: 'dateTime', default: '', description: 'Only activities recorded before this moment' },
	sortOrderFilter(ORDERS, '-created_at', 'How to sort the activities'),
	{
		displayName: 'Type',
		name: 'type',
		type: 'options',
		options: TYPES.map((value) => ({ name: typeLabel(value), value })).sort((a, b) => a.name.localeCompare(b.name)),
		default: 'vl.program.created',
		description: 'Only activities of this type',
	},
]);

export const getManyActivities: OperationDefinition = {
	value: 'getManyActivities',
	name: 'Get Many Activities',
	action: 'Get many activities of a program',
	description: "List a loyalty program's activities: its creation, updates, status changes and assignments",
	endpoint: 'GET /v2/loyalties/programs/{id}/activities',
	properties: [programLocator, filters],
	list: V2_LIST,
	build: (params) => ({
		method: 'GET',
		path: path`/v2/loyalties/programs/${readProgramId(params)}/activities`,
		query: readFilterQuery(params, params.get<IDataObject>('filters', {}), QUERY),
	}),
};
