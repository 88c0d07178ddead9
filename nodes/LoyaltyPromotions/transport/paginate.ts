import { ApplicationError, type IDataObject } from 'n8n-workflow';
import type { ServiceRequest, Transport } from './request';

/**
 * The service's list envelopes. The entries are in the array named by `data_ref` (`data` unless it says
 * otherwise, e.g. `vouchers` or `customers`):
 * - counted:  { object: 'list', data_ref, <data_ref>, total }, paged by the id of the last entry
 * - paged:    the counted envelope, paged by page number (`page` = 1, 2, …; the service serves a bounded number of pages)
 * - idCursor: { object: 'list', data_ref, <data_ref>, has_more, more_starting_after }
 * - v2Cursor: { object: 'list', data, cursor: { next, expires_at } }
 */
export type ListEnvelope = 'counted' | 'paged' | 'idCursor' | 'v2Cursor';

export interface ListSpec {
	envelope: ListEnvelope;
	/** The page-size query parameter; absent for lists the service returns whole (e.g. categories). */
	pageSizeParam?: string;
	/** The cursor query parameter: `starting_after_id` for id-cursor and counted lists, `cursor` for v2, `page` for paged. */
	cursorParam?: string;
	maxPageSize?: number;
	/** Paged lists: the highest page number the service serves (e.g. 99 or 100). */
	maxPage?: number;
	/** The most entries Return All reads from this list (default MAX_LIST_ENTRIES); it bounds the pages walked. */
	maxEntries?: number;
	/** The most bytes of entries (as JSON) a walk of this list holds (default MAX_LIST_BYTES). */
	maxBytes?: number;
}

/** The most entries Return All reads from one list in one run, unless its ListSpec says otherwise. */
export const MAX_LIST_ENTRIES = 1_000_000;

/**
 * The most bytes of entries, counted as the JSON they came as, that one walk holds (200 MB: in n8n's memory as
 * items, about 1 GB). A list of few but huge entries stops here rather than exhaust the process.
 */
export const MAX_LIST_BYTES = 200_000_000;

/** Whatever the page size, no list is walked beyond this many pages. */
export const MAX_LIST_PAGES = 10_000;

export interface ListWanted {
	returnAll: boolean;
	/** Entries wanted when not returning all. */
	limit: number;
}

interface Page {
	entries: IDataObject[];
	/** The cursor value for the next page, or undefined when this was the last. */
	next?: string;
}

/** The entries of a list response: the array `data_ref` names, else `data`. */
export function entriesOf(body: IDataObject | undefined): IDataObject[] {
	if (!body || typeof body !== 'object') return [];
	const key = typeof body.data_ref === 'string' && Array.isArray(body[body.data_ref]) ? body.data_ref : 'data';
	const entries = (Array.isArray(body[key]) ? body[key] : []) as unknown[];
	const odd = entries.find((entry) => entry === null || typeof entry !== 'object' || Array.isArray(entry));
	if (odd !== undefined) {
		throw new ApplicationError(
			`The service's list held an entry that is not an object (${JSON.stringify(odd)?.slice(0, 100)}); nothing is returned for this item, rather than a list with an entry missing or broken.`,
		);
	}
	return entries as IDataObject[];
}

function readPage(body: IDataObject, spec: ListSpec, requestedSize: number | undefined, cursor: string | undefined): Page {
	const entries = entriesOf(body);
	if (entries.length === 0 || !spec.cursorParam) return { entries };
	switch (spec.envelope) {
		case 'paged': {
			// A short page is the last one.
			const full = requestedSize === undefined || entries.length >= requestedSize;
			return { entries, next: full ? String(Number(cursor ?? 1) + 1) : undefined };
		}
		case 'idCursor':
			return {
				entries,
				next: body.has_more ? String(body.more_starting_after ?? entries[entries.length - 1].id) : undefined,
			};
		case 'v2Cursor': {
			const next = (body.cursor as IDataObject | undefined)?.next;
			return { entries, next: next ? String(next) : undefined };
		}
		case 'counted': {
			// A counted list pages by the id of its last entry; a short page is the last one.
			const full = requestedSize === undefined || entries.length >= requestedSize;
			return { entries, next: full ? String(entries[entries.length - 1].id) : undefined };
		}
	}
}

/** One page of a list: `cursor` is where it starts (undefined: the first page), `next` where the next one does. */
export async function fetchPage(
	transport: Transport,
	request: ServiceRequest,
	spec: ListSpec,
	cursor: string | undefined,
	pageSize: number | undefined,
	itemIndex?: number,
): Promise<Page & { body: IDataObject }> {
	const query: IDataObject = { ...request.query };
	if (spec.pageSizeParam && pageSize !== undefined) query[spec.pageSizeParam] = pageSize;
	if (cursor !== undefined && spec.cursorParam) query[spec.cursorParam] = cursor;
	const body = await transport.request<IDataObject>({ ...request, query }, itemIndex);
	return { ...readPage(body, spec, pageSize, cursor), body };
}

/** What identifies an entry when pages are compared: its id (or code), else its whole content. */
function entryKey(entry: IDataObject): string {
	const id = entry?.id ?? entry?.code;
	return typeof id === 'string' || typeof id === 'number' ? `id:${id}` : `json:${JSON.stringify(entry)}`;
}

/** A list walk that the service's answers would make endless, or that would repeat entries: stopped loudly. */
function stopped(what: string, delivered: number): never {
	throw new ApplicationError(
		`${what} Stopped after reading ${delivered} entries, so that the list neither loops nor repeats entries; nothing is returned for this item. Try again later, or narrow the list with the operation's filters or a Limit.`,
	);
}

/**
 * Walks a list across pages and hands each page's entries to `onEntries` as it arrives, stopping exactly at
 * the limit. Pages are requested at the largest size the service allows when returning all, and no larger
 * than what is still wanted otherwise.
 *
 * No entry is handed over twice: entries are told apart by id (or code), and one already handed over is
 * dropped. The walk is bounded whatever the service answers: a cursor it has already sent (A, B, A, B…) or a
 * page of nothing but entries it has already sent (it ignored the cursor) stops the walk with an error instead
 * of looping, and Return All reads at most maxEntries (MAX_LIST_ENTRIES) entries, in at most MAX_LIST_PAGES
 * pages, and holds at most maxBytes (MAX_LIST_BYTES) of them, counted as JSON.
 *
 * A page-numbered list shifts when entries are added or removed ahead of the page being read. Entries added
 * push earlier entries onto the next page: they come back and are dropped, and nothing is lost. Anything else
 * may hide entries (fewer entries than when the walk began, or more entries repeated than were added): the walk
 * stops with an error naming the change, rather than return a list with holes. Its `total` is never trusted to
 * end the walk: the walk ends at the first short page.
 */
export async function walkList(
	transport: Transport,
	request: ServiceRequest,
	spec: ListSpec,
	wanted: ListWanted,
	onEntries: (entries: IDataObject[]) => void,
	itemIndex?: number,
): Promise<number> {
	const maxPageSize = spec.maxPageSize ?? 100;
	// A paged list numbers its pages by their size, so every page is asked at the first page's size (the last one
	// trimmed); the cursor lists ask for no more than is still wanted.
	const pagedSize = Math.min(maxPageSize, wanted.returnAll ? Infinity : wanted.limit);
	const maxEntries = spec.maxEntries ?? MAX_LIST_ENTRIES;
	const maxBytes = spec.maxBytes ?? MAX_LIST_BYTES;
	let bytes = 0;
	const maxPages = Math.min(MAX_LIST_PAGES, Math.ceil(maxEntries / (spec.pageSizeParam ? maxPageSize : 1)) + 1);
	const cursors = new Set<string>();
	const seen = new Set<string>();
	let firstTotal: number | undefined;
	let repeated = 0;
	let delivered = 0;
	let pages = 0;
	let cursor: string | undefined;
	for (;;) {
		const stillWanted = wanted.returnAll ? Infinity : wanted.limit - delivered;
		if (stillWanted <= 0) return delivered;
		const pageSize = spec.pageSizeParam ? (spec.envelope === 'paged' ? pagedSize : Math.min(maxPageSize, stillWanted)) : undefined;
		const page = await fetchPage(transport, request, spec, cursor, pageSize, itemIndex);
		pages++;
		const fresh = page.entries.filter((entry) => {
			const key = entryKey(entry);
			if (seen.has(key)) return false;
			seen.add(key);
			return true;
		});
		if (page.entries.length > 0 && fresh.length === 0) {
			stopped(`The service answered page ${pages} with entries it had already sent (it ignored the cursor "${cursor}").`, delivered);
		}
		if (spec.envelope === 'paged') {
			const total = typeof page.body.total === 'number' ? page.body.total : undefined;
			firstTotal ??= total;
			repeated += page.entries.length - fresh.length;
			const added = total !== undefined && firstTotal !== undefined ? total - firstTotal : 0;
			if (added < 0) {
				changed(`it had ${firstTotal} entries, now ${total}`, delivered);
			}
			if (repeated > added) {
				changed(`its pages repeated ${repeated} entries of earlier pages, and ${added} entries were added`, delivered);
			}
		}
		const taken = fresh.length > stillWanted ? fresh.slice(0, stillWanted) : fresh;
		bytes += taken.length > 0 ? JSON.stringify(taken).length : 0;
		if (bytes > maxBytes) {
			throw new ApplicationError(
				`The list's entries came to more than ${megabytes(maxBytes)} MB after ${delivered + taken.length} entries in ${pages} pages, more than the node holds of one list in one run (${megabytes(maxBytes)} MB). Narrow it with the operation's filters, or turn off Return All and set a Limit.`,
			);
		}
		if (taken.length > 0) onEntries(taken);
		delivered += taken.length;
		if (page.next === undefined) return delivered;
		if (spec.envelope === 'paged' && spec.maxPage !== undefined && Number(page.next) > spec.maxPage) {
			throw new ApplicationError(
				`The service lists at most ${spec.maxPage} pages of ${pageSize ?? maxPageSize} (${delivered} entries read), and this list has more. Narrow it with the operation's filters, or turn off Return All and set a Limit.`,
			);
		}
		if (cursors.has(page.next)) {
			stopped(`The service sent the cursor "${page.next}" for page ${pages + 1} a second time, so the list would loop.`, delivered);
		}
		if (delivered >= maxEntries || pages >= maxPages) {
			throw new ApplicationError(
				`The list has more than ${delivered} entries in ${pages} pages, more than the node reads in one run (at most ${maxEntries} entries in ${maxPages} pages). Narrow it with the operation's filters, or turn off Return All and set a Limit.`,
			);
		}
		cursors.add(page.next);
		cursor = page.next;
	}
}

/** Bytes as megabytes for a message: 200 MB, 0.02 MB. */
function megabytes(bytes: number): number {
	return Number((bytes / 1_000_000).toPrecision(3));
}

/** A page-numbered list that changed during the walk in a way that may have hidden entries: stopped loudly. */
function changed(how: string, delivered: number): never {
	throw new ApplicationError(
		`The list changed while it was read (${how}), so entries may be missing: its pages shifted. Stopped after reading ${delivered} entries; nothing is returned for this item. Run it again, or narrow the list with the operation's filters (e.g. Created Before a moment in the past) so that it does not change while it is read.`,
	);
}

/** The service's paged v1 lists: `limit` up to 100 per page, `page` from 1 to `maxPage`. */
export function pagedListSpec(maxPage: number): ListSpec {
	return { envelope: 'paged', pageSizeParam: 'limit', cursorParam: 'page', maxPageSize: 100, maxPage };
}

/** walkList, gathering the entries. */
export async function fetchList(
	transport: Transport,
	request: ServiceRequest,
	spec: ListSpec,
	wanted: ListWanted,
	itemIndex?: number,
): Promise<IDataObject[]> {
	const all: IDataObject[] = [];
	await walkList(transport, request, spec, wanted, (entries) => {
		for (const entry of entries) all.push(entry);
	}, itemIndex);
	return all;
}
