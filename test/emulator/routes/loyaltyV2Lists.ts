/**
 * The v2 lists of programs and card definitions (auth B), which the node's pickers read: v2 cursor envelope,
 * `limit` (10), `order` on name or created_at, and `filters[name][conditions][$contains]` / `[$is]`.
 */
import { randomBytes } from 'crypto';
import { v2List } from '../envelopes';
import { ApiError, invalidParam } from '../errors';
import { Ctx, ok, Router } from '../router';
import { parseEnumParam, parseLimit } from '../validate';

const ORDERS = ['created_at', '-created_at', 'name', '-name'] as const;

interface Listed {
	id: string;
	name?: string;
	created_at: string;
}

/** One page of a v2 list: `prefix` names its cursors (e.g. lcrsprg_), which remember list, filter and order. */
export function v2Page(ctx: Ctx, list: string, prefix: string, all: Listed[]) {
	const { store, settings } = ctx.env;
	const q = ctx.query;
	const limit = parseLimit(q, 10);
	const pattern = new RegExp(`^${prefix}[a-f0-9]+$`);
	const contains = q['filters[name][conditions][$contains]'];
	const is = q['filters[name][conditions][$is]'];
	let order = parseEnumParam(q, 'order', ORDERS);
	const key = `${list}|${contains ?? ''}|${is ?? ''}`;
	let offset = 0;
	const token = q.cursor;
	if (token !== undefined && token !== '') {
		if (!pattern.test(token)) throw invalidParam(`Query parameter cursor must match ${pattern.source}`);
		const c = store.cursors.get(token);
		if (!c) throw new ApiError(400, 'invalid_cursor', `Cursor ${token} is unknown`);
		if (c.expiresAt <= Date.now()) throw new ApiError(400, 'cursor_expired', `Cursor ${token} expired`);
		const [cKey, cOrder] = c.key.split('#');
		if (cKey !== key) throw new ApiError(400, 'invalid_cursor', `Cursor ${token} belongs to another list or filter`);
		order = cOrder as (typeof ORDERS)[number];
		offset = c.offset;
	}
	order ??= '-created_at';
	const field = order.replace('-', '') as 'created_at' | 'name';
	const needle = contains?.toLowerCase();
	const rows = all
		.filter((e) => (needle === undefined || (e.name ?? '').toLowerCase().includes(needle)) && (is === undefined || e.name === is))
		.sort((a, b) => ((a[field] ?? '') < (b[field] ?? '') ? -1 : (a[field] ?? '') > (b[field] ?? '') ? 1 : a.id < b.id ? -1 : 1));
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
