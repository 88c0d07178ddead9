import { ApplicationError, type IDataObject } from 'n8n-workflow';
import type { ServiceRequest, Transport } from './request';

/**
 * The service's list envelopes. The entries are in the array named by `data_ref` (`data` unless it says
 * otherwise, e.g. `vouchers` or `customers`):
 * - counted:  { object: 'list', data_ref, <data_ref>, total }, paged by the id of the last entry
 * - paged:    the counted envelope, paged by page number (`page` = 1, 2, …; the service serves a bounded number of pages)
 * - idCursor: { object: 'list', data_ref, <data_ref>, has_more, more_starting_after }
 * - v2Cursor: { object: 'list', data, cursor: { next, expires_at } }
 * - dateCursor: the counted envelope without a page parameter: the next page is asked for with a bound on the
 *   entries' own date (segments: `end_date` newest first, `start_date` oldest first)
 */
export type ListEnvelope = 'counted' | 'paged' | 'idCursor' | 'v2Cursor' | 'dateCursor';

/** How a dateCursor list pages: by the date of its last entry, in the direction its order parameter gives. */
export interface DateCursor {
	/** The entries' date field the list is sorted by, e.g. 'created_at'. */
	field: string;
	/** The query parameter asking for entries dated before a moment (the next page of a newest-first list). */
	before: string;
	/** The query parameter asking for entries dated after a moment (the next page of an oldest-first list). */
	after: string;
	/** The sort parameter: its value `field` (no minus) lists oldest first; anything else, or none, newest first. */
	orderParam: string;
}

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
	/**
	 * Where the entries sit when the answer's `data_ref` names an array the answer does not carry (segments: the
	 * contract's list names `data_ref: "data"` and holds the entries under `segments`).
	 */
	entriesKey?: string;
	/** dateCursor lists: the date the pages follow. */
	dateCursor?: DateCursor;
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
	/** How many of these entries the next page starts with again (a dateCursor page's entries of its last moment). */
	overlap?: number;
}

/** The entries of a list response: the array `data_ref` names, else the one `entriesKey` names, else `data`. */
export function entriesOf(body: IDataObject | undefined, entriesKey?: string): IDataObject[] {
	if (!body || typeof body !== 'object') return [];
	const carried = (key: unknown): key is string => typeof key === 'string' && Array.isArray(body[key]);
	const key = carried(body.data_ref) ? body.data_ref : carried(entriesKey) ? entriesKey : 'data';
	const entries = (Array.isArray(body[key]) ? body[key] : []) as unknown[];
	const odd = entries.find((entry) => entry === null || typeof entry !== 'object' || Array.isArray(entry));
	if (odd !== undefined) {
		throw new ApplicationError(
			`The service's list held an entry that is not an object (${JSON.stringify(odd)?.slice(0, 100)}); nothing is returned for this item, rather than a list with an entry missing or broken.`,
		);
	}
	return entries as IDataObject[];
}

/** Whether a dateCursor request lists oldest first (its order parameter names the date field without a minus). */
function ascending(spec: ListSpec, request: ServiceRequest): boolean {
	return spec.dateCursor !== undefined && request.query?.[spec.dateCursor.orderParam] === spec.dateCursor.field;
}

/** The query parameter that carries the cursor: the list's own, or a dateCursor's filter in the request's direction. */
function cursorParamOf(spec: ListSpec, request: ServiceRequest): string | undefined {
	if (spec.envelope !== 'dateCursor' || !spec.dateCursor) return spec.cursorParam;
	return ascending(spec, request) ? spec.dateCursor.after : spec.dateCursor.before;
}

/**
 * A dateCursor page's cursor: one millisecond past its last entry's date, towards the page, so that the entries
 * sharing that moment which the page cut off come on the next page whether the service's bound is strict or
 * inclusive; the entries already handed over come again and are dropped by id. `overlap` counts those that may
 * come again (the last moment's and, for an inclusive bound, the millisecond past it). The cursor never passes
 * the request's own bound in that parameter (`bound`, the user's date range), so the walk never widens it.
 */
function dateCursorPage(entries: IDataObject[], cursor: DateCursor, oldestFirst: boolean, bound: unknown): Page {
	const last = entries[entries.length - 1];
	const moment = Date.parse(String(last[cursor.field]));
	if (Number.isNaN(moment)) {
		throw new ApplicationError(
			`The service's list entry ${JSON.stringify(last.id ?? null)} has no ${cursor.field} date to ask for the next page by (got ${JSON.stringify(last[cursor.field] ?? null)}); nothing is returned for this item, rather than a list cut short.`,
		);
	}
	const past = moment + (oldestFirst ? -1 : 1);
	const overlap = entries.filter((entry) => {
		const at = Date.parse(String(entry[cursor.field]));
		return at === moment || at === past;
	}).length;
	const limit = typeof bound === 'string' ? Date.parse(bound) : NaN;
	const next = Number.isNaN(limit) ? past : oldestFirst ? Math.max(past, limit) : Math.min(past, limit);
	return { entries, next: new Date(next).toISOString(), overlap };
}

function readPage(body: IDataObject, spec: ListSpec, request: ServiceRequest, requestedSize: number | undefined, cursor: string | undefined): Page {
	const entries = entriesOf(body, spec.entriesKey);
	const cursorParam = cursorParamOf(spec, request);
	if (entries.length === 0 || !cursorParam) return { entries };
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
		case 'dateCursor': {
			// A short page is the last one.
			const full = requestedSize === undefined || entries.length >= requestedSize;
			return full && spec.dateCursor ? dateCursorPage(entries, spec.dateCursor, ascending(spec, request), request.query?.[cursorParam]) : { entries };
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
	const cursorParam = cursorParamOf(spec, request);
	if (cursor !== undefined && cursorParam) query[cursorParam] = cursor;
	const body = await transport.request<IDataObject>({ ...request, query }, itemIndex);
	return { ...readPage(body, spec, request, pageSize, cursor), body };
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
	// Entries the next page starts with again (a dateCursor list's last moment): asked for on top of those wanted.
	let overlap = 0;
	for (;;) {
		const stillWanted = wanted.returnAll ? Infinity : wanted.limit - delivered;
		if (stillWanted <= 0) return delivered;
		const pageSize = spec.pageSizeParam ? (spec.envelope === 'paged' ? pagedSize : Math.min(maxPageSize, stillWanted + overlap)) : undefined;
		const page = await fetchPage(transport, request, spec, cursor, pageSize, itemIndex);
		overlap = page.overlap ?? 0;
		pages++;
		const fresh = page.entries.filter((entry) => {
			const key = entryKey(entry);
			if (seen.has(key)) return false;
			seen.add(key);
			return true;
		});
		if (page.entries.length > 0 && fresh.length === 0) {
			const why = spec.dateCursor
				? `more entries share the ${spec.dateCursor.field} ${cursor} than a page holds, or it ignored that bound`
				: `it ignored the cursor "${cursor}"`;
			stopped(`The service answered page ${pages} with entries it had already sent (${why}).`, delivered);
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
