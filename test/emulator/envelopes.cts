/** The three list envelopes and the paging over (possibly generated) sequences. */
import { parseDateParam, parseEnumParam } from './validate.cjs';

export interface CountedList<T> {
	object: 'list';
	data_ref: 'data';
	data: T[];
	total: number;
}

export interface IdCursorList<T> {
	object: 'list';
	data_ref: 'data';
	data: T[];
	has_more: boolean;
	more_starting_after?: string;
}

export interface V2List<T> {
	object: 'list';
	data: T[];
	/** null on the last page, as the contract's v2 lists end. */
	cursor: { next: string; expires_at: string | null } | null;
}

export function countedList<T>(data: T[], total = data.length): CountedList<T> {
	return { object: 'list', data_ref: 'data', data, total };
}

export function idCursorList<T extends { id: string }>(data: T[], hasMore: boolean): IdCursorList<T> {
	const list: IdCursorList<T> = { object: 'list', data_ref: 'data', data, has_more: hasMore };
	if (hasMore && data.length) list.more_starting_after = data[data.length - 1].id;
	return list;
}

export function v2List<T>(data: T[], next: string | null, expiresAt: number | null): V2List<T> {
	return {
		object: 'list',
		data,
		cursor: next === null ? null : { next, expires_at: expiresAt === null ? null : new Date(expiresAt).toISOString() },
	};
}

/**
 * An ordered sequence whose ids grow with the index. Generated sequences build an entry only when it is read,
 * so paging costs O(page size + log n) whatever the length.
 */
export interface Seq<T> {
	readonly length: number;
	at(i: number): T;
	idAt(i: number): string;
}

export class ArraySeq<T extends { id: string }> implements Seq<T> {
	constructor(readonly items: T[]) {}
	get length(): number {
		return this.items.length;
	}
	at(i: number): T {
		return this.items[i];
	}
	idAt(i: number): string {
		return this.items[i].id;
	}
}

export class GeneratedSeq<T> implements Seq<T> {
	constructor(
		readonly length: number,
		private readonly make: (i: number) => T,
		private readonly id: (i: number) => string,
	) {}
	at(i: number): T {
		return this.make(i);
	}
	idAt(i: number): string {
		return this.id(i);
	}
}

/** A generated prefix followed by an appendable array (e.g. fixtures then entries added at run time). */
export class ConcatSeq<T extends { id: string }> implements Seq<T> {
	constructor(
		readonly head: Seq<T>,
		readonly tail: T[] = [],
	) {}
	get length(): number {
		return this.head.length + this.tail.length;
	}
	at(i: number): T {
		return i < this.head.length ? this.head.at(i) : this.tail[i - this.head.length];
	}
	idAt(i: number): string {
		return i < this.head.length ? this.head.idAt(i) : this.tail[i - this.head.length].id;
	}
}

/** First index whose id is greater than `id` (ids ascending), by binary search. */
export function upperBound(seq: Seq<unknown>, id: string, lo = 0, hi = seq.length): number {
	while (lo < hi) {
		const mid = (lo + hi) >>> 1;
		if (seq.idAt(mid) <= id) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}

/** First index whose id is ≥ `id`. */
export function lowerBound(seq: Seq<unknown>, id: string, lo = 0, hi = seq.length): number {
	while (lo < hi) {
		const mid = (lo + hi) >>> 1;
		if (seq.idAt(mid) < id) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}

/** One id-cursor page over `seq[from, to)` whose ids ascend, read ascending or descending. */
export function idCursorPage<T extends { id: string }>(
	seq: Seq<T>,
	opts: { limit: number; desc: boolean; startingAfterId?: string; from?: number; to?: number },
): IdCursorList<T> {
	const from = opts.from ?? 0;
	const to = opts.to ?? seq.length;
	const data: T[] = [];
	let hasMore: boolean;
	if (!opts.desc) {
		let i = opts.startingAfterId ? upperBound(seq, opts.startingAfterId, from, to) : from;
		for (; i < to && data.length < opts.limit; i++) data.push(seq.at(i));
		hasMore = i < to;
	} else {
		let i = (opts.startingAfterId ? lowerBound(seq, opts.startingAfterId, from, to) : to) - 1;
		for (; i >= from && data.length < opts.limit; i--) data.push(seq.at(i));
		hasMore = i >= from;
	}
	return idCursorList(data, hasMore);
}

/** Zero-padded hex of an index, so that generated ids sort like their indexes. */
export function hexIndex(i: number, width = 10): string {
	return i.toString(16).padStart(width, '0');
}


/** The counted envelope of the service's paged v1 lists (page=1,2,…), its entries under `dataRef`. */
export function pagedList<T>(dataRef: string, data: T[], total: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
	return { object: 'list', data_ref: dataRef, [dataRef]: data, total, ...extra };
}

// ---- Voucher engine lists: sorting and date filters of the paged v1 lists ----

/**
 * Sorts by an `order` query value (`field` ascending, `-field` descending) among `allowed`, `fallback` when
 * absent; entries with equal keys keep their order.
 */
export function sortByOrder<T>(items: T[], query: Record<string, string>, allowed: readonly string[], fallback: string, key: (item: T, field: string) => string | number | null): T[] {
	const order = parseEnumParam(query, 'order', allowed, fallback)!;
	const desc = order.startsWith('-');
	const field = desc ? order.slice(1) : order;
	const keyed = items.map((item, index) => ({ item, index, k: key(item, field) ?? '' }));
	keyed.sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0) * (desc ? -1 : 1) || a.index - b.index);
	return keyed.map((e) => e.item);
}

/** The `created_at[before]` / `created_at[after]` (or another field's) filter of a list, as a predicate on ISO timestamps. */
export function dateRangeFilter(query: Record<string, string>, field: string): (value: string | null | undefined) => boolean {
	const before = parseDateParam(query, `${field}[before]`);
	const after = parseDateParam(query, `${field}[after]`);
	return (value) => {
		if (before === undefined && after === undefined) return true;
		const t = value ? Date.parse(value) : NaN;
		return !Number.isNaN(t) && (before === undefined || t < before) && (after === undefined || t > after);
	};
}
