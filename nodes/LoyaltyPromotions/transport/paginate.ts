import type { IDataObject } from 'n8n-workflow';
import type { ServiceRequest, Transport } from './request';

/**
 * The service's three list envelopes:
 * - counted:  { object: 'list', data_ref: 'data', data, total }
 * - idCursor: { object: 'list', data_ref: 'data', data, has_more, more_starting_after }
 * - v2Cursor: { object: 'list', data, cursor: { next, expires_at } }
 */
export type ListEnvelope = 'counted' | 'idCursor' | 'v2Cursor';

export interface ListSpec {
	envelope: ListEnvelope;
	/** The page-size query parameter; absent for lists the service returns whole (e.g. categories). */
	pageSizeParam?: string;
	/** The cursor query parameter: `starting_after_id` for id-cursor and counted lists, `cursor` for v2. */
	cursorParam?: string;
	maxPageSize?: number;
}

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

function readPage(body: IDataObject, spec: ListSpec, requestedSize: number | undefined): Page {
	const entries = (Array.isArray(body?.data) ? body.data : []) as IDataObject[];
	if (entries.length === 0 || !spec.cursorParam) return { entries };
	switch (spec.envelope) {
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

/**
 * Walks a list across pages and hands each page's entries to `onEntries` as it arrives, stopping exactly at
 * the limit. Pages are requested at the largest size the service allows when returning all, and no larger
 * than what is still wanted otherwise.
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
	let delivered = 0;
	let cursor: string | undefined;
	for (;;) {
		const stillWanted = wanted.returnAll ? Infinity : wanted.limit - delivered;
		if (stillWanted <= 0) return delivered;
		const pageSize = spec.pageSizeParam ? Math.min(maxPageSize, stillWanted) : undefined;
		const query: IDataObject = { ...request.query };
		if (spec.pageSizeParam && pageSize !== undefined) query[spec.pageSizeParam] = pageSize;
		if (cursor !== undefined && spec.cursorParam) query[spec.cursorParam] = cursor;
		const body = await transport.request<IDataObject>({ ...request, query }, itemIndex);
		const page = readPage(body, spec, pageSize);
		const taken = page.entries.length > stillWanted ? page.entries.slice(0, stillWanted) : page.entries;
		if (taken.length > 0) onEntries(taken);
		delivered += taken.length;
		if (page.next === undefined || page.next === cursor) return delivered;
		cursor = page.next;
	}
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
