import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult, INodeProperties } from 'n8n-workflow';
import type { ListSearchMethod, OperationDefinition, ParamReader } from '../actions/types';
import type { ListSpec } from '../transport/paginate';
import { path } from '../transport/request';
import { activityFilters } from './activities';
import { enumOptions, enumProperty, filtersProperty, readFilterQuery, sortOrderFilter, sortOrderValues, type FilterKind } from './fields';
import { locatorProperty } from './locator';
import { searchList } from './search';
import { requirePattern } from './validate';

/**
 * The Loyalty v2 program catalogue (earning rules, benefits, rewards, card definitions, tier structures): records
 * under /v2/loyalties/<collection> with the same reads, Delete, status moves and activities. One description per
 * kind, and these builders make its operations, locator and From List search.
 */
export interface CatalogueKind {
	/** e.g. 'earning rule' (plural 'earning rules'). */
	noun: string;
	plural: string;
	/** The locator's label, e.g. 'Earning Rule'. */
	label: string;
	/** e.g. '/v2/loyalties/earning-rules'. */
	collection: string;
	/** The locator's parameter, e.g. 'earningRuleId'. */
	idName: string;
	/** The service's ID pattern and an example, e.g. /^lern_[a-f0-9]+$/ and 'lern_0a1b2c'. */
	pattern: RegExp;
	example: string;
	/** The listSearch method behind From List, e.g. 'searchEarningRules'. */
	searchMethod: string;
	/**
	 * Status values and their labels, for the Status filter (every kind has ACTIVE, its default); absent when the
	 * service's list takes no status filter (rewards).
	 */
	statuses?: Record<string, string>;
	/** Type values and their labels, for a Type filter, when the service's list takes one (rewards). */
	types?: Record<string, string>;
	/** The activity types after the prefix, e.g. 'vl.earning_rule.' and ['created', 'updated', …]. */
	activities: { prefix: string; types: readonly string[] };
	/** Sort fields besides Created At and Name, e.g. [['Type', 'type']]. */
	orders?: Array<[label: string, field: string]>;
}

/** The v2 cursor envelope of the loyalty v2 lists: `limit` up to 100, `cursor` from `cursor.next`. */
export const V2_LIST: ListSpec = { envelope: 'v2Cursor', pageSizeParam: 'limit', cursorParam: 'cursor', maxPageSize: 100 };

const article = (noun: string) => (/^[aeiou]/i.test(noun) ? 'an' : 'a');

/** The kind's ID locator: From List searches the service by name, By ID checks the pattern when read. */
export function catalogueLocator(kind: CatalogueKind): INodeProperties {
	return locatorProperty({
		name: kind.idName,
		displayName: kind.label,
		description: `The ${kind.noun}, picked from the list or given by ID (e.g. ${kind.example})`,
		noun: kind.noun,
		searchListMethod: kind.searchMethod,
		idPlaceholder: `${kind.example.slice(0, kind.example.indexOf('_') + 1)}...`,
	});
}

/** The ID in the kind's locator, checked against the service's pattern. */
export function readCatalogueId(params: ParamReader, kind: CatalogueKind): string {
	return requirePattern(params, kind.label, params.id(kind.idName, kind.label), kind.pattern, kind.example);
}

/** /v2/loyalties/<collection>/{id}, plus `suffix` (e.g. '/activate'). */
export function cataloguePath(params: ParamReader, kind: CatalogueKind, suffix = ''): string {
	return `${kind.collection}${path`/${readCatalogueId(params, kind)}`}${suffix}`;
}

/** From List for the kind: its records, newest first, narrowed by name on the service. */
export function catalogueSearch(kind: CatalogueKind): ListSearchMethod {
	return async function (this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
		return await searchList(
			this,
			{
				request: { method: 'GET', path: kind.collection, query: { order: '-created_at' } },
				list: V2_LIST,
				toItem: (record) => ({ name: `${String(record.name || record.id)} (${String(record.status)})`, value: String(record.id) }),
				filterQuery: (text) => ({ 'filters[name][conditions][$contains]': text }),
			},
			filter,
			paginationToken,
		);
	};
}

function getOperation(kind: CatalogueKind, simplify?: readonly string[]): OperationDefinition {
	return {
		value: 'get',
		name: 'Get',
		action: `Get ${article(kind.noun)} ${kind.noun}`,
		description: `Retrieve ${article(kind.noun)} ${kind.noun} with all its settings`,
		endpoint: `GET ${kind.collection}/{id}`,
		properties: [catalogueLocator(kind)],
		...(simplify ? { simplify } : {}),
		build: (params) => ({ method: 'GET', path: cataloguePath(params, kind) }),
	};
}

function getAllOperation(kind: CatalogueKind, simplify?: readonly string[]): OperationDefinition {
	const orders: Array<[label: string, field: string]> = [['Created At', 'created_at'], ['Name', 'name'], ...(kind.orders ?? [])];
	const query: Record<string, [param: string, label: string, kind: FilterKind]> = {
		name: ['filters[name][conditions][$contains]', 'Name Contains', 'text'],
		createdAfter: ['filters[created_at][conditions][$after]', 'Created After', 'dateTime'],
		createdBefore: ['filters[created_at][conditions][$before]', 'Created Before', 'dateTime'],
		order: ['order', 'Order', sortOrderValues(orders)],
	};
	const options: INodeProperties[] = [
		{ displayName: 'Created After', name: 'createdAfter', type: 'dateTime', default: '', description: `Only ${kind.plural} created after this moment` },
		{ displayName: 'Created Before', name: 'createdBefore', type: 'dateTime', default: '', description: `Only ${kind.plural} created before this moment` },
		{ displayName: 'Name Contains', name: 'name', type: 'string', default: '', description: `Only ${kind.plural} whose name contains this text` },
		sortOrderFilter(orders, '-created_at', `How to sort the ${kind.plural}`),
	];
	for (const [name, values] of [['status', kind.statuses], ['type', kind.types]] as const) {
		if (!values) continue;
		const label = name === 'status' ? 'Status' : 'Type';
		query[name] = [`filters[${name}][conditions][$is]`, label, Object.keys(values)];
		// The first option by name is the default (Active for statuses).
		options.push(enumProperty(name, label, `Only ${kind.plural} ${name === 'status' ? 'in this status' : 'of this type'}`, values));
	}
	const filters = filtersProperty(options);
	return {
		value: 'getAll',
		name: 'Get Many',
		action: `Get many ${kind.plural}`,
		description: `List ${kind.plural}, filtered by name, ${[kind.statuses && 'status', kind.types && 'type'].filter(Boolean).join(', ')}${kind.statuses || kind.types ? ' or ' : ''}creation date`,
		endpoint: `GET ${kind.collection}`,
		properties: [filters],
		list: V2_LIST,
		...(simplify ? { simplify } : {}),
		build: (params) => ({ method: 'GET', path: kind.collection, query: readFilterQuery(params, params.get<IDataObject>('filters', {}), query) }),
	};
}

function deleteOperation(kind: CatalogueKind, description: string): OperationDefinition {
	return {
		value: 'delete',
		name: 'Delete',
		action: `Delete ${article(kind.noun)} ${kind.noun}`,
		description,
		endpoint: `DELETE ${kind.collection}/{id}`,
		properties: [catalogueLocator(kind)],
		build: (params) => ({ method: 'DELETE', path: cataloguePath(params, kind) }),
		// The service answers the deleted record; the node answers as every Delete does.
		output: (_response, params) => [{ deleted: true, id: readCatalogueId(params, kind) }],
	};
}

function activitiesOperation(kind: CatalogueKind): OperationDefinition {
	const filters = activityFilters(kind.activities.prefix, kind.activities.types);
	return {
		value: 'getManyActivities',
		name: 'Get Many Activities',
		action: `Get many activities of ${article(kind.noun)} ${kind.noun}`,
		description: `List ${article(kind.noun)} ${kind.noun}'s activities: its creation, updates and status changes`,
		endpoint: `GET ${kind.collection}/{id}/activities`,
		properties: [catalogueLocator(kind), filters.property],
		list: V2_LIST,
		build: (params) => ({ method: 'GET', path: cataloguePath(params, kind, '/activities'), query: filters.read(params) }),
	};
}

const MOVES = { activate: 'Activate', deactivate: 'Deactivate', draft: 'Move to Draft' } as const;

/**
 * A status move: a POST without a body. Safe to repeat: a second request leaves the record as the first did (the
 * service then refuses the transition).
 */
function moveOperation(kind: CatalogueKind, to: keyof typeof MOVES, description: string): OperationDefinition {
	const name = MOVES[to];
	return {
		value: to,
		name,
		action: `${to === 'draft' ? 'Move' : name} ${article(kind.noun)} ${kind.noun}${to === 'draft' ? ' to draft' : ''}`,
		description,
		endpoint: `POST ${kind.collection}/{id}/${to}`,
		safeToRepeat: true,
		properties: [catalogueLocator(kind)],
		build: (params) => ({ method: 'POST', path: cataloguePath(params, kind, `/${to}`) }),
	};
}

/** What a kind's read, delete and status operations say: Delete's description and each move's. */
export interface CatalogueOperations {
	delete: string;
	moves: Partial<Record<keyof typeof MOVES, string>>;
	/** Key paths Simplify keeps of a record, for kinds with large records. */
	simplify?: readonly string[];
}

/** Get, Get Many, Delete, the status moves and Get Many Activities of a kind. */
export function catalogueOperations(kind: CatalogueKind, spec: CatalogueOperations): OperationDefinition[] {
	const moves = (Object.keys(spec.moves) as Array<keyof typeof MOVES>).map((to) => moveOperation(kind, to, spec.moves[to]!));
	return [getOperation(kind, spec.simplify), getAllOperation(kind, spec.simplify), activitiesOperation(kind), ...moves, deleteOperation(kind, spec.delete)];
}

/** Status on a v2 Create: the record starts ACTIVE or DRAFT (the service's default, where all its settings can change). */
export function startStatusProperty(description: string): INodeProperties {
	return { displayName: 'Status', name: 'status', type: 'options', options: enumOptions({ ACTIVE: 'Active', DRAFT: 'Draft' }), default: 'DRAFT', description };
}
