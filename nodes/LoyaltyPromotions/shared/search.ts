import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';
import { credentialTypeFor } from '../actions/types';
import { fetchList, fetchPage, type ListSpec } from '../transport/paginate';
import { Transport, type ServiceRequest } from '../transport/request';

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

/** The credential the node's current Authentication points at (load-options methods run outside an execution). */
export function currentTransport(ctx: ILoadOptionsFunctions): Transport {
	const authentication = String(ctx.getCurrentNodeParameter('authentication') ?? 'appKeys');
	return new Transport(ctx, credentialTypeFor(authentication));
}

/**
 * A listSearch method's answer: one page of the list (`paginationToken` is the list's own cursor, so n8n asks
 * for the next page as the user scrolls), as dropdown items, narrowed by the typed text.
 */
export async function searchList(
	ctx: ILoadOptionsFunctions,
	spec: SearchSpec,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const text = (filter ?? '').trim();
	const request = text && spec.filterQuery ? { ...spec.request, query: { ...spec.request.query, ...spec.filterQuery(text) } } : spec.request;
	const cursor = typeof paginationToken === 'string' && paginationToken ? paginationToken : undefined;
	const pageSize = spec.list.pageSizeParam ? Math.min(100, spec.list.maxPageSize ?? 100) : undefined;
	const page = await fetchPage(currentTransport(ctx), request, spec.list, cursor, pageSize);
	const keep = spec.keep;
	let items = (keep ? page.entries.filter((entry) => keep(entry)) : page.entries).map((entry) => spec.toItem(entry));
	if (text && !spec.filterQuery) {
		const needle = text.toLowerCase();
		items = items.filter((item) => item.name.toLowerCase().includes(needle) || String(item.value).toLowerCase().includes(needle));
	}
	const lastPage = spec.list.envelope === 'paged' && spec.list.maxPage !== undefined && Number(page.next) > spec.list.maxPage;
	return { results: items, paginationToken: page.next === undefined || page.next === cursor || lastPage ? undefined : page.next };
}

/** Up to `limit` entries of a list, for a loadOptions dropdown (which has no paging of its own). */
export async function loadList(ctx: ILoadOptionsFunctions, request: ServiceRequest, list: ListSpec, limit = 1000): Promise<IDataObject[]> {
	return await fetchList(currentTransport(ctx), request, list, { returnAll: false, limit });
}
