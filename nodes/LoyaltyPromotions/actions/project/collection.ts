import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult, INodeProperties } from 'n8n-workflow';
import { projectProperties } from '../../shared/fields';
import { locatorProperty } from '../../shared/locator';
import { searchList } from '../../shared/search';
import type { ListSpec } from '../../transport/paginate';
import { path } from '../../transport/request';
import type { ItemOperation, ListSearchMethod, ParamReader } from '../types';
import { currentProjectPath } from './search';

/**
 * A collection inside a project (management API: metadata schemas, stacking rules, brandings, users): its path,
 * its entries' locator and From List, and the Get, Get Many and Delete every such collection has, so that each
 * resource's files describe only what makes it different.
 */
export interface ProjectCollection {
	/** The path segment under /management/v1/projects/{projectId}, e.g. 'metadata-schemas'. */
	segment: string;
	/** The entry's path parameter, as the contract names it, e.g. 'metadataSchemaId'. */
	idParam: string;
	/** The locator's label, e.g. 'Metadata Schema'. */
	displayName: string;
	/** How the entries are called in sentences, e.g. ['metadata schema', 'metadata schemas']. */
	noun: [one: string, many: string];
	/** The listSearch method behind the locator's From List (unique in the node). */
	searchMethod: string;
	idPlaceholder: string;
}

export async function collectionPath(params: ParamReader, collection: ProjectCollection): Promise<string> {
	return `${path`/management/v1/projects/${await params.projectId()}`}/${collection.segment}`;
}

export async function entryPath(params: ParamReader, collection: ProjectCollection): Promise<string> {
	return `${await collectionPath(params, collection)}${path`/${params.id(collection.idParam, collection.displayName)}`}`;
}

/** The documented endpoint of the collection (`entry`: of one entry), e.g. 'GET /management/v1/projects/{projectId}/branding'. */
export function endpointOf(method: string, collection: ProjectCollection, entry = false): string {
	return `${method} /management/v1/projects/{projectId}/${collection.segment}${entry ? `/{${collection.idParam}}` : ''}`;
}

/** The entry's resource locator: From List of the chosen project's entries, or By ID. */
export function entryLocator(collection: ProjectCollection): INodeProperties {
	const [one, many] = collection.noun;
	return locatorProperty({
		name: collection.idParam,
		displayName: collection.displayName,
		description: `The ${one}, picked from the project's ${many} or given by ID`,
		noun: one,
		searchListMethod: collection.searchMethod,
		idPlaceholder: collection.idPlaceholder,
	});
}

/**
 * From List of the collection in the project the node's Project names, each entry shown by `toItem`; `list` is the
 * list's envelope (default: counted and whole, as most management lists are).
 */
export function searchCollection(
	collection: ProjectCollection,
	toItem: (entry: IDataObject) => INodeListSearchItems,
	list: ListSpec = { envelope: 'counted' },
): ListSearchMethod {
	return async function (this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
		return await searchList(
			this,
			{ request: { method: 'GET', path: await currentProjectPath(this, collection.segment) }, list, toItem },
			filter,
			paginationToken,
		);
	};
}

/** Get: one entry of the collection. */
export function getEntry(collection: ProjectCollection, description: string, simplify?: readonly string[]): ItemOperation {
	return {
		value: 'get',
		name: 'Get',
		action: `Get a ${collection.noun[0]}`,
		description,
		endpoint: endpointOf('GET', collection, true),
		properties: [...projectProperties, entryLocator(collection)],
		...(simplify ? { simplify } : {}),
		build: async (params) => ({ method: 'GET', path: await entryPath(params, collection) }),
	};
}

/** Get Many: the collection, which the service returns whole in one counted envelope (no paging parameters). */
export function getEntries(collection: ProjectCollection, description: string, simplify?: readonly string[]): ItemOperation {
	return {
		value: 'getAll',
		name: 'Get Many',
		action: `Get many ${collection.noun[1]}`,
		description,
		endpoint: endpointOf('GET', collection),
		properties: [...projectProperties],
		list: { envelope: 'counted' },
		...(simplify ? { simplify } : {}),
		build: async (params) => ({ method: 'GET', path: await collectionPath(params, collection) }),
	};
}

/**
 * Delete: the service answers 204 with no body; the output names what was deleted, e.g. { deleted: true, id }.
 * `as` renames the operation for a DELETE that is not called Delete (e.g. a user's Unassign → { unassigned: true, id }).
 */
export function deleteEntry(
	collection: ProjectCollection,
	description: string,
	as: { value: string; name: string; verb: string; flag: string } = { value: 'delete', name: 'Delete', verb: 'Delete', flag: 'deleted' },
): ItemOperation {
	return {
		value: as.value,
		name: as.name,
		action: `${as.verb} a ${collection.noun[0]}`,
		description,
		endpoint: endpointOf('DELETE', collection, true),
		properties: [...projectProperties, entryLocator(collection)],
		build: async (params) => ({ method: 'DELETE', path: await entryPath(params, collection) }),
		output: (_response, params) => [{ [as.flag]: true, id: params.id(collection.idParam, collection.displayName) }],
	};
}
