/**
 * The v2 lists of programs and card definitions (auth B), which the node's pickers read: v2 cursor envelope,
 * `limit` (10), `order` on name or created_at, and `filters[<field>][conditions][$is|$is_not|$contains|$before|$after]`.
 */
import { randomBytes } from 'crypto';
import { v2List } from '../envelopes.cjs';
import { ApiError, invalidParam } from '../errors.cjs';
import { Ctx, ok, Router } from '../router.cjs';
import { parseEnumParam, parseLimit } from '../validate.cjs';

const ORDERS = ['created_at', '-created_at', 'name', '-name'] as const;

interface Listed {
	id: string;
	name?: string;
	created_at: string;
}

const FILTER = /^filters\[(\w+)\]\[conditions\]\[\$(\w+)\]$/;

/**
 * The records a list's `filters[<field>][conditions][$is|$is_not|$contains|$before|$after]` keep (`$contains` ignoring
 * case, dates compared as instants); another condition answers 400.
 */
function filterRows<T extends Listed>(query: Record<string, string>, rows: T[]): T[] {
	const tests = Object.entries(query).flatMap(([param, value]) => {
		const match = FILTER.exec(param);
		if (!match) return [];
		const [, field, op] = match;
		const read = (row: T) => (row as unknown as Record<string, unknown>)[field];
		switch (op) {
			case 'is':
				return [(row: T) => String(read(row) ?? '') === value];
			case 'is_not':
				return [(row: T) => String(read(row) ?? '') !== value];
			case 'contains':
				return [(row: T) => String(read(row) ?? '').toLowerCase().includes(value.toLowerCase())];
			case 'before':
			case 'after': {
				const at = Date.parse(value);
				if (Number.isNaN(at)) throw invalidParam(`Query parameter ${param} must be a date-time (got ${value})`);
				return [(row: T) => {
					const t = Date.parse(String(read(row) ?? ''));
					return op === 'before' ? t < at : t > at;
				}];
			}
			default:
				throw invalidParam(`Query parameter ${param}: condition $${op} is not supported here`);
		}
	});
	return rows.filter((row) => tests.every((test) => test(row)));
}

/**
 * One page of a v2 list: `prefix` names its cursors (e.g. lcrsprg_), which remember list, filters and order.
 * `orders` are the sort orders the list accepts.
 */
export function v2Page(ctx: Ctx, list: string, prefix: string, all: Listed[], orders: readonly string[] = ORDERS) {
	const { store, settings } = ctx.env;
	const q = ctx.query;
	const limit = parseLimit(q, 10);
	const pattern = new RegExp(`^${prefix}[a-f0-9]+$`);
	let order: string | undefined = parseEnumParam(q, 'order', orders);
	const filters = Object.keys(q).filter((k) => FILTER.test(k)).sort().map((k) => `${k}=${q[k]}`).join('&');
	const key = `${list}|${filters}`;
	let offset = 0;
	const token = q.cursor;
	if (token !== undefined && token !== '') {
		if (!pattern.test(token)) throw invalidParam(`Query parameter cursor must match ${pattern.source}`);
		const c = store.cursors.get(token);
		if (!c) throw new ApiError(400, 'invalid_cursor', `Cursor ${token} is unknown`);
		if (c.expiresAt <= Date.now()) throw new ApiError(400, 'cursor_expired', `Cursor ${token} expired`);
		const hash = c.key.lastIndexOf('#');
		if (c.key.slice(0, hash) !== key) throw new ApiError(400, 'invalid_cursor', `Cursor ${token} belongs to another list or filter`);
		order = c.key.slice(hash + 1);
		offset = c.offset;
	}
	order ??= '-created_at';
	const field = order.replace('-', '') as 'created_at' | 'name';
	const rows = filterRows(q, all).sort((a, b) => ((a[field] ?? '') < (b[field] ?? '') ? -1 : (a[field] ?? '') > (b[field] ?? '') ? 1 : a.id < b.id ? -1 : 1));
	if (order.startsWith('-')) rows.reverse();
	const page = rows.slice(offset, offset + limit);
	if (offset + limit >= rows.length) return ok(v2List(page, null, null));
	const next = `${prefix}${randomBytes(12).toString('hex')}`;
	const expiresAt = Date.now() + settings.cursorLifetimeMs;
	store.cursors.set(next, { key: `${key}#${order}`, offset: offset + limit, expiresAt });
	return ok(v2List(page, next, expiresAt));
}

export function register(r: Router): void {
	r.get('/v2/loyalties/programs', 'B', (ctx) => v2Page(ctx, 'programs', 'lcrsprg_', [...ctx.env.store.programs.values()]));
	r.get('/v2/loyalties/card-definitions', 'B', (ctx) => v2Page(ctx, 'card-definitions', 'lcrscdef_', [...ctx.env.store.cardDefinitions.values()]));
}
