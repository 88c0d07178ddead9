import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';
import { credentialTypeFor } from '../actions/types';
import { fetchList, fetchPage, type ListSpec } from '../transport/paginate';
import { Transport, type ServiceRequest } from '../transport/request';
import { locatorValue } from './validate';

/** What a From List search needs to know about one list endpoint. */
export interface SearchSpec {
	request: ServiceRequest;
	list: ListSpec;
	/** The list entry as a dropdown item: a name the user recognises and the ID the operation needs. */
	toItem(entry: IDataObject): INodeListSearchItems;
	/**
	 * The query that asks the service itself to filter by the typed text, when the endpoint has such a
	 * parameter; otherwise each page is filtered here by the item's name and ID.
	 */
	filterQuery?(filter: string): IDataObject;
	/** Which entries of a page to offer, when the list holds more kinds than the field takes (e.g. only loyalty cards). */
	keep?(entry: IDataObject): boolean;
}

/**
 * The credential the node's current Authentication points at (load-options methods run outside an execution).
 * The node's methods first check that the chosen resource can use it (description.ts, collectMethods).
 */
export function currentTransport(ctx: ILoadOptionsFunctions): Transport {
	return new Transport(ctx, credentialTypeFor(String(ctx.getCurrentNodeParameter('authentication') ?? 'appKeys')));
}

/** The value of another field of the node (a locator's, too) that a search narrows by, unless unset or an expression. */
export function chosenValue(ctx: ILoadOptionsFunctions, name: string): string | undefined {
	const value = locatorValue(ctx.getCurrentNodeParameter(name));
	return typeof value === 'string' && value.trim() && !value.startsWith('=') ? value.trim() : undefined;
}

/** How far one search walks a list that the service cannot filter: pages, and the matches that are enough. */
export const SEARCH_WALK_PAGES = 10;
const SEARCH_ENOUGH_MATCHES = 20;

/**
 * A listSearch method's answer: one page of the list (`paginationToken` is the list's own cursor, so n8n asks
 * for the next page as the user scrolls), as dropdown items, narrowed by the typed text. The service filters
 * where the endpoint can (`filterQuery`); otherwise the typed text is matched here, walking up to
 * SEARCH_WALK_PAGES pages until enough entries match, so that a name on a later page is found; the token then
 * points past the pages read, and a walk that found nothing says how far it looked.
 */
export async function searchList(
	ctx: ILoadOptionsFunctions,
	spec: SearchSpec,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const text = (filter ?? '').trim();
	const request = text && spec.filterQuery ? { ...spec.request, query: { ...spec.request.query, ...spec.filterQuery(text) } } : spec.request;
	const pageSize = spec.list.pageSizeParam ? Math.min(100, spec.list.maxPageSize ?? 100) : undefined;
	const transport = currentTransport(ctx);
	const walk = text !== '' && !spec.filterQuery;
	const needle = text.toLowerCase();
	const matches = (item: INodeListSearchItems) => !walk || item.name.toLowerCase().includes(needle) || String(item.value).toLowerCase().includes(needle);
	const results: INodeListSearchItems[] = [];
	let cursor = typeof paginationToken === 'string' && paginationToken ? paginationToken : undefined;
	let read = 0;
	for (let pages = 0; pages < (walk ? SEARCH_WALK_PAGES : 1); pages++) {
		const page = await fetchPage(transport, request, spec.list, cursor, pageSize);
		read += page.entries.length;
		const kept = spec.keep ? page.entries.filter((entry) => spec.keep!(entry)) : page.entries;
		results.push(...kept.map((entry) => spec.toItem(entry)).filter(matches));
		const lastPage = spec.list.envelope === 'paged' && spec.list.maxPage !== undefined && Number(page.next) > spec.list.maxPage;
		const next = page.next === undefined || page.next === cursor || lastPage ? undefined : page.next;
		cursor = next;
		if (next === undefined || results.length >= SEARCH_ENOUGH_MATCHES) break;
	}
	if (walk && results.length === 0 && cursor !== undefined) {
		// n8n's list shows nothing to scroll when nothing matched: say where the walk stopped, as an entry that
		// names no ID (choosing it is refused as an empty ID).
		results.push({ name: `No match for "${text}" in the ${read} entries read so far: scroll to search further`, value: '' });
	}
	return { results, paginationToken: cursor };
}

/** Up to `limit` entries of a list, for a loadOptions dropdown (which has no paging of its own). */
export async function loadList(ctx: ILoadOptionsFunctions, request: ServiceRequest, list: ListSpec, limit = 1000): Promise<IDataObject[]> {
	return await fetchList(currentTransport(ctx), request, list, { returnAll: false, limit });
}

/**
 * A From List search over the same list asked in turn with each query of `groups` (e.g. active entries first,
 * then the others): each group is read to its end before the next starts, and a page that ends a group goes on
 * with the next group's first page. The pagination token is `<group index>:<the list's own cursor>`.
 */
export async function searchListInTurn(
	ctx: ILoadOptionsFunctions,
	spec: SearchSpec,
	groups: IDataObject[],
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const token = typeof paginationToken === 'string' ? /^(\d+):(.*)$/.exec(paginationToken) : null;
	let group = token ? Number(token[1]) : 0;
	let cursor = token && token[2] ? token[2] : undefined;
	const results: INodeListSearchItems[] = [];
	for (; group < groups.length; group++, cursor = undefined) {
		const request = { ...spec.request, query: { ...spec.request.query, ...groups[group] } };
		const page = await searchList(ctx, { ...spec, request }, filter, cursor);
		results.push(...page.results);
		if (page.paginationToken !== undefined) return { results, paginationToken: `${group}:${String(page.paginationToken)}` };
	}
	return { results };
}
