/**
 * Customers (auth A or Bearer): create-or-update by id or source_id, get, update, delete, the paged list with its filters,
 * and customer activities (counted list with filters, 12 orders, `starting_after` / `starting_after_id`).
 */
import { countedList, idCursorList, lowerBound, pagedList, upperBound } from '../envelopes.cjs';
import { collection } from '../crud.cjs';
import { SEGMENT_SPEC } from './segments.cjs';
import { invalidParam, invalidPayload, notFound } from '../errors.cjs';
import { Ctx, Env, noContent, ok, Router } from '../router.cjs';
import type { ActivityMeta, Customer, CustomerActivityLog, Store, Voucher } from '../state.cjs';
import {
	bodyObject, isObject, Json, leaveOutEmpty, optionalDate, optionalObject, optionalString, pageOf, parseDateParam, parseEnumParam, parseLimit,
	parsePage,
} from '../validate.cjs';

export const ACTIVITY_ORDERS = [
	'created_at', '-created_at', 'updated_at', '-updated_at', 'type', '-type',
	'code', '-code', 'campaign', '-campaign', 'category', '-category',
] as const;
export const CAMPAIGN_TYPES = ['PROMOTION', 'GIFT_VOUCHERS', 'REFERRAL_PROGRAM', 'DISCOUNT_COUPONS', 'LOYALTY_PROGRAM'] as const;
type Order = (typeof ACTIVITY_ORDERS)[number];

interface Filters {
	campaignType?: string;
	campaignId?: string;
	productId?: string;
	start?: number;
	end?: number;
}

/** Sorted, filtered index lists, cached per (customer, length, filters, order) so paging stays O(page). */
const cache = new Map<string, { indices: number[]; position?: Map<number, number> }>();

function matches(m: ActivityMeta, f: Filters): boolean {
	return (
		(f.campaignType === undefined || m.campaign_type === f.campaignType) &&
		(f.campaignId === undefined || m.campaign_id === f.campaignId) &&
		(f.productId === undefined || m.product_id === f.productId) &&
		(f.start === undefined || m.created_at >= f.start) &&
		(f.end === undefined || m.created_at <= f.end)
	);
}

function sortKey(m: ActivityMeta, field: string): string | number {
	return field === 'campaign' ? m.campaign : (m[field as keyof ActivityMeta] as string | number) ?? '';
}

function sortedIndices(custId: string, log: CustomerActivityLog, f: Filters, order: Order) {
	const key = `${custId}|${log.length}|${JSON.stringify(f)}|${order}`;
	let hit = cache.get(key);
	if (!hit) {
		const desc = order.startsWith('-');
		const field = desc ? order.slice(1) : order;
		const idx: number[] = [];
		for (let i = 0; i < log.length; i++) if (matches(log.meta(i), f)) idx.push(i);
		if (field !== 'created_at') {
			const keys = new Map(idx.map((i) => [i, sortKey(log.meta(i), field)]));
			idx.sort((a, b) => {
				const ka = keys.get(a)!, kb = keys.get(b)!;
				return ka < kb ? -1 : ka > kb ? 1 : a - b;
			});
		}
		if (desc) idx.reverse();
		if (cache.size > 64) cache.clear();
		hit = { indices: idx };
		cache.set(key, hit);
	}
	return hit;
}

/** First index in [lo, hi) whose created_at is > t (or ≥ t when `inclusive`), activities being in created_at order. */
function firstAfter(log: CustomerActivityLog, t: number, inclusive: boolean, lo = 0, hi = log.length): number {
	while (lo < hi) {
		const mid = (lo + hi) >>> 1;
		const c = log.meta(mid).created_at;
		if (inclusive ? c < t : c <= t) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}

export function register(r: Router): void {
	registerCustomers(r);
	r.get('/v1/customers/{customerId}/activities', 'A|B', (ctx) => {
		const q = ctx.query;
		const cust = ctx.env.store.findCustomer(ctx.params.customerId);
		if (!cust) throw notFound('customer', ctx.params.customerId);
		const limit = parseLimit(q, 10);
		const order = parseEnumParam(q, 'order', ACTIVITY_ORDERS, '-created_at')!;
		const f: Filters = {
			campaignType: parseEnumParam(q, 'campaign_type', CAMPAIGN_TYPES),
			campaignId: q.campaign_id || undefined,
			productId: q.product_id || undefined,
			start: parseDateParam(q, 'start_date'),
			end: parseDateParam(q, 'end_date'),
		};
		const after = parseDateParam(q, 'starting_after');
		const afterId = q.starting_after_id || undefined;
		const log = ctx.env.store.activitiesOf(cust.id);
		const desc = order.startsWith('-');
		const picked: number[] = [];
		let total: number;

		if ((order === 'created_at' || order === '-created_at') && !f.campaignType && !f.campaignId && !f.productId) {
			// Fast path: activities are stored in created_at (and id) order.
			let lo = f.start === undefined ? 0 : firstAfter(log, f.start, true);
			let hi = f.end === undefined ? log.length : firstAfter(log, f.end, false, lo);
			total = hi - lo;
			if (!desc) {
				if (afterId) lo = Math.max(lo, upperBound(log.seq, afterId, lo, hi));
				if (after !== undefined) lo = Math.max(lo, firstAfter(log, after, false, lo, hi));
				for (let i = lo; i < hi && picked.length < limit; i++) picked.push(i);
			} else {
				if (afterId) hi = Math.min(hi, lowerBound(log.seq, afterId, lo, hi));
				if (after !== undefined) hi = Math.min(hi, firstAfter(log, after, true, lo, hi));
				for (let i = hi - 1; i >= lo && picked.length < limit; i--) picked.push(i);
			}
		} else {
			const hit = sortedIndices(cust.id, log, f, order);
			total = hit.indices.length;
			let start = 0;
			if (afterId) {
				const at = lowerBound(log.seq, afterId);
				if (!posIs(log, afterId, at, at + 1)) throw invalidParam(`starting_after_id ${afterId} is not an activity of this customer`);
				hit.position ??= new Map(hit.indices.map((v, k) => [v, k]));
				const pos = hit.position.get(at);
				if (pos === undefined) throw invalidParam(`starting_after_id ${afterId} does not match the filters`);
				start = pos + 1;
			}
			for (let k = start; k < hit.indices.length && picked.length < limit; k++) {
				const i = hit.indices[k];
				const c = log.meta(i).created_at;
				if (after !== undefined && (order === '-created_at' ? c >= after : c <= after)) continue;
				picked.push(i);
			}
		}
		return ok(countedList(picked.map((i) => log.seq.at(i)), total));
	});
}

function posIs(log: CustomerActivityLog, id: string, lo: number, hi: number): boolean {
	return lo < hi && lo < log.length && log.seq.idAt(lo) === id;
}

// ---------- Customers ----------

export const CUSTOMER_ORDERS = ['created_at', '-created_at', 'updated_at', '-updated_at', 'source_id', '-source_id'] as const;
const ADDRESS_FIELDS = ['city', 'state', 'line_1', 'line_2', 'country', 'postal_code'];

/**
 * A customer as the API returns it: the stored fields plus the summary, loyalty and referrals objects. What it has
 * no value for is left out (the contract lets none of these keys be null), except the name, email and address,
 * which the service's own examples of a customer show null.
 */
export function customerView(c: Customer, store: Store): Json {
	const orders = store.orders.tail.filter((o) => o.customer_id === c.id);
	const paid = orders.filter((o) => o.status === 'PAID' || o.status === 'FULFILLED');
	const totalAmount = paid.reduce((sum, o) => sum + o.total_amount, 0);
	const last = orders[orders.length - 1];
	return leaveOutEmpty({
		id: c.id,
		source_id: c.source_id,
		name: c.name,
		description: c.description,
		email: c.email,
		phone: c.phone,
		birthdate: c.birthdate,
		address: c.address ?? null,
		metadata: c.metadata,
		system_metadata: c.system_metadata,
		summary: {
			redemptions: { total_redeemed: 0, total_failed: 0, total_succeeded: 0, total_rolled_back: 0, total_rollback_failed: 0, total_rollback_succeeded: 0, gift: { redeemed_amount: 0, amount_to_go: 0 }, loyalty_card: { redeemed_points: 0, points_to_go: 0 } },
			orders: {
				total_amount: totalAmount,
				total_count: orders.length,
				average_amount: paid.length ? Math.round(totalAmount / paid.length) : 0,
				last_order_amount: last?.total_amount ?? 0,
				...(last ? { last_order_date: last.created_at } : {}),
			},
		},
		loyalty: { points: 0, referred_customers: 0, campaigns: {} },
		referrals: { total: 0, campaigns: [] },
		created_at: c.created_at,
		updated_at: c.updated_at,
		object: 'customer',
	}, ['description', 'phone', 'birthdate', 'updated_at']);
}

function findCustomer(ctx: Ctx): Customer {
	const c = ctx.env.store.findCustomer(ctx.params.customerId);
	if (!c) throw notFound('customer', ctx.params.customerId);
	return c;
}

/** The writable customer fields present in `body`, checked as the service's schema types them. */
export function customerFields(body: Json): Partial<Customer> {
	const out: Partial<Customer> = {};
	for (const f of ['name', 'description', 'email', 'phone'] as const) {
		const v = optionalString(body, f);
		if (v !== undefined) out[f] = v;
	}
	const birthdate = optionalDate(body, 'birthdate') ?? optionalDate(body, 'birthday');
	if (birthdate !== undefined) out.birthdate = birthdate;
	const address = optionalObject(body, 'address');
	if (address !== undefined) {
		if (address) for (const [k, v] of Object.entries(address)) {
			if (!ADDRESS_FIELDS.includes(k)) throw invalidPayload(`Unknown property address.${k}`);
			if (v !== null && typeof v !== 'string') throw invalidPayload(`Field address.${k} must be a string`);
		}
		out.address = address;
	}
	const metadata = optionalObject(body, 'metadata');
	if (metadata !== undefined) out.metadata = metadata ?? {};
	return out;
}

function matchesFilters(c: Customer, q: Record<string, string>, dates: Record<string, number | undefined>): boolean {
	const created = Date.parse(c.created_at);
	const updated = Date.parse(c.updated_at ?? c.created_at);
	return (
		(!q.email || c.email === q.email) &&
		(!q.name || c.name === q.name) &&
		(!q.city || (isObject(c.address) && c.address.city === q.city)) &&
		// The emulator has no segments: a segment filter matches nobody.
		!q.segment_id &&
		(dates.createdBefore === undefined || created < dates.createdBefore) &&
		(dates.createdAfter === undefined || created > dates.createdAfter) &&
		(dates.updatedBefore === undefined || updated < dates.updatedBefore) &&
		(dates.updatedAfter === undefined || updated > dates.updatedAfter)
	);
}

/**
 * Updates the customer with this source ID with `fields`, or creates it (counted, and announced by a
 * customer.created event): POST /v1/customers and the bulk jobs share it.
 */
export function upsertCustomer(
	env: Env,
	sourceId: string | null,
	fields: Partial<Customer>,
	existing = sourceId ? env.store.findCustomer(sourceId) : undefined,
): Customer {
	const { store, counters } = env;
	const now = new Date().toISOString();
	if (existing) {
		Object.assign(existing, fields, { updated_at: now });
		return existing;
	}
	const c: Customer = {
		object: 'customer',
		id: store.newId('cust_'),
		source_id: sourceId,
		name: null,
		description: null,
		email: null,
		phone: null,
		metadata: {},
		system_metadata: {},
		...fields,
		created_at: now,
		updated_at: null,
	};
	store.addCustomer(c);
	counters.customersCreated++;
	env.emit('customer.created', customerView(c, store), c.id);
	return c;
}

function registerCustomers(r: Router): void {
	r.get('/v1/customers', 'A|B', (ctx) => {
		const q = ctx.query;
		const limit = parseLimit(q, 10);
		const page = parsePage(q, 99);
		const order = parseEnumParam(q, 'order', CUSTOMER_ORDERS, '-created_at')!;
		const dates = {
			createdBefore: parseDateParam(q, 'created_at[before]'),
			createdAfter: parseDateParam(q, 'created_at[after]'),
			updatedBefore: parseDateParam(q, 'updated_at[before]'),
			updatedAfter: parseDateParam(q, 'updated_at[after]'),
		};
		const after = parseDateParam(q, 'starting_after');
		const desc = order.startsWith('-');
		const field = (desc ? order.slice(1) : order) as 'created_at' | 'updated_at' | 'source_id';
		const key = (c: Customer) => (field === 'updated_at' ? c.updated_at ?? c.created_at : c[field] ?? '');
		let list = [...ctx.env.store.customers.values()].filter((c) => matchesFilters(c, q, dates));
		list.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
		if (desc) list.reverse();
		// starting_after: the customers created after the instant (ascending orders) or before it (descending).
		if (after !== undefined) list = list.filter((c) => (desc ? Date.parse(c.created_at) < after : Date.parse(c.created_at) > after));
		const data = pageOf(list, page, limit).map((c) => customerView(c, ctx.env.store));
		return ok(pagedList('customers', data, list.length, { has_more: page * limit < list.length }));
	});

	r.post('/v1/customers', 'A|B', (ctx) => {
		const { store } = ctx.env;
		const body = bodyObject(ctx.body);
		const id = optionalString(body, 'id');
		const sourceId = optionalString(body, 'source_id');
		const fields = customerFields(body);
		const existing = (id ? store.customers.get(id) : undefined) ?? (sourceId ? store.findCustomer(sourceId) : undefined);
		if (id && !existing) throw notFound('customer', id);
		const c = upsertCustomer(ctx.env, sourceId ?? null, fields, existing);
		if (!existing) ctx.env.noteCreate(ctx.path, body);
		return ok(customerView(c, store));
	});

	r.get('/v1/customers/{customerId}', 'A|B', (ctx) => ok(customerView(findCustomer(ctx), ctx.env.store)));

	r.put('/v1/customers/{customerId}', 'A|B', (ctx) => {
		const c = findCustomer(ctx);
		const body = bodyObject(ctx.body);
		for (const locked of ['id', 'source_id']) if (body[locked] !== undefined) throw invalidPayload(`Field ${locked} cannot be changed`);
		Object.assign(c, customerFields(body), { updated_at: new Date().toISOString() });
		return ok(customerView(c, ctx.env.store));
	});

	r.delete('/v1/customers/{customerId}', 'A|B', (ctx) => {
		const c = findCustomer(ctx);
		removeCustomer(ctx, c);
		return noContent();
	});

	// GDPR: the customer and its data are forgotten; the answer counts what went (the service's "DONE" deletion).
	r.post('/v1/customers/{customerId}/permanent-deletion', 'A|B', (ctx) => {
		const c = findCustomer(ctx);
		const activities = ctx.env.store.activitiesOf(c.id).length;
		removeCustomer(ctx, c);
		ctx.env.store.customerActivities.delete(c.id);
		return ok({
			id: ctx.env.store.newId('del_'),
			created_at: new Date().toISOString(),
			related_object_id: c.id,
			related_object: 'customer',
			status: 'DONE',
			data_json: { events: 0, customer_events: activities, daily_events: 0, segments: 0, orders: 0, order_events: 0, customer: 1 },
			object: 'pernament_deletion',
		});
	});

	// The vouchers the customer holds, by id cursor (order id or -id), filtered by campaign and voucher type.
	r.get('/v1/customers/{customerId}/redeemables', 'A|B', (ctx) => {
		const c = findCustomer(ctx);
		const q = ctx.query;
		const limit = parseLimit(q, 10);
		const is = (field: string) => q[`filters[${field}][conditions][$is]`];
		const now = Date.now();
		const rows = [...ctx.env.store.vouchers.values()]
			.filter((v) => v.holder_id === c.id)
			.map((v) => {
				const campaign = v.campaign_id ? ctx.env.store.campaigns.get(v.campaign_id) : undefined;
				return {
					id: `rh_${v.id.replace(/^v_/, '')}`, created_at: v.created_at, redeemable_id: v.id, redeemable_object: 'voucher', customer_id: c.id, holder_role: 'OWNER',
					campaign_id: v.campaign_id ?? null, campaign_type: campaign?.campaign_type ?? null, voucher_type: v.type,
					// the entry's voucher has no updated_at before its first update (the contract lets it be absent, not null)
					redeemable: { type: 'voucher', voucher: leaveOutEmpty({ ...v }, ['updated_at']), status: redeemableStatus(v, now) },
				} as Json & { id: string };
			})
			.filter((row) => ['campaign_id', 'campaign_type', 'voucher_type', 'holder_role'].every((field) => !is(field) || row[field] === is(field)))
			.sort((a, b) => a.id.localeCompare(b.id));
		if (parseEnumParam(q, 'order', ['id', '-id'] as const) === '-id') rows.reverse();
		const after = q.starting_after_id;
		const start = after ? rows.findIndex((row) => row.id === after) + 1 : 0;
		const page = rows.slice(start, start + limit);
		return ok({ ...idCursorList(page, start + limit < rows.length), total: rows.length });
	});

	// The static segments that name the customer (the emulator evaluates no filters), as IDs and names.
	r.get('/v1/customers/{customerId}/segments', 'A|B', (ctx) => {
		const c = ctx.env.store.findCustomer(ctx.params.customerId);
		const ids = c ? [c.id, c.source_id] : [ctx.params.customerId];
		const data = [...collection(ctx, SEGMENT_SPEC).values()]
			.filter((segment) => Array.isArray(segment.customers) && segment.customers.some((id) => ids.includes(String(id))))
			.map((segment) => ({ id: segment.id, name: segment.name, object: 'segment' }));
		return ok(countedList(data));
	});

	// The current activity list: by id cursor, order by creation, filtered by period, campaign, category and type.
	r.get('/v1/customers/{customerId}/activity', 'A|B', (ctx) => {
		const c = findCustomer(ctx);
		const q = ctx.query;
		const limit = parseLimit(q, 10);
		const desc = parseEnumParam(q, 'order', ['created_at', '-created_at'] as const, '-created_at') === '-created_at';
		const campaignType = parseEnumParam(q, 'campaign_type', CAMPAIGN_TYPES);
		const category = parseEnumParam(q, 'category', ['ACTION', 'EFFECT'] as const);
		const start = parseDateParam(q, 'start_date');
		const end = parseDateParam(q, 'end_date');
		const log = ctx.env.store.activitiesOf(c.id);
		const picked: number[] = [];
		for (let i = 0; i < log.length; i++) {
			const meta = log.meta(i);
			if (start !== undefined && meta.created_at < start) continue;
			if (end !== undefined && meta.created_at > end) continue;
			if (campaignType && meta.campaign_type !== campaignType) continue;
			if (q.campaign_id && meta.campaign_id !== q.campaign_id) continue;
			if (category && meta.category.toUpperCase() !== category) continue;
			if (q.type && meta.type !== q.type) continue;
			picked.push(i);
		}
		if (desc) picked.reverse();
		const after = q.starting_after_id;
		let from = 0;
		if (after) {
			from = picked.findIndex((i) => log.seq.idAt(i) === after) + 1;
			if (from === 0) throw invalidParam(`starting_after_id ${after} is not an activity of this customer that matches the filters`);
		}
		const page = picked.slice(from, from + limit).map((i) => log.seq.at(i) as Json & { id: string });
		return ok(idCursorList(page, from + limit < picked.length));
	});
}

/** Whether a held voucher can be used now, as the service names it: the first reason it cannot, else ACTIVE. */
function redeemableStatus(v: Voucher, now: number): string {
	if (!v.active) return 'DISABLED';
	if (v.start_date && Date.parse(v.start_date) > now) return 'NOT_ACTIVE_YET';
	if (v.expiration_date && Date.parse(v.expiration_date) < now) return 'EXPIRED';
	if (v.redemption.quantity !== null && v.redemption.redeemed_quantity >= v.redemption.quantity) return 'USED';
	if ((v.gift ?? v.loyalty_card)?.balance === 0) return 'NO_BALANCE';
	return 'ACTIVE';
}

function removeCustomer(ctx: Ctx, c: Customer): void {
	const { store } = ctx.env;
	store.customers.delete(c.id);
	if (c.source_id) store.customersBySourceId.delete(c.source_id);
	ctx.env.emit('customer.deleted', customerView(c, store), c.id);
}
