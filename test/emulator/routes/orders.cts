/**
 * Orders (auth A or Bearer): create-or-update by id or source_id, get, update (status PAID etc.), and the paged list. An
 * order's amounts follow from its items when not given; a customer object finds (or creates) the customer, and
 * the customer's activities record the order being created and paid.
 */
import { customerActivity } from '../fixtures.cjs';
import { pagedList } from '../envelopes.cjs';
import { invalidPayload, notFound } from '../errors.cjs';
import { Ctx, Env, ok, Router } from '../router.cjs';
import type { Customer, Order, OrderStatus } from '../state.cjs';
import {
	bodyObject, isInt, isObject, Json, optionalInt, optionalObject, optionalString, optionalTimestamp, parseEnumParam,
	parseLimit, parsePage,
} from '../validate.cjs';

export const ORDER_STATUSES: readonly OrderStatus[] = ['CREATED', 'PAID', 'CANCELED', 'FULFILLED'];
const ORDER_LIST_ORDERS = ['created_at', '-created_at', 'updated_at', '-updated_at'] as const;
const ITEM_INTEGERS = ['quantity', 'discount_quantity', 'initial_quantity', 'amount', 'discount_amount', 'initial_amount', 'price'];

function checkItems(v: unknown): Json[] {
	if (!Array.isArray(v)) throw invalidPayload('Field items must be an array of order items');
	if (v.length > 500) throw invalidPayload(`Field items accepts at most 500 items (got ${v.length})`);
	return v.map((item, i) => {
		if (!isObject(item)) throw invalidPayload(`Field items[${i}] must be an object`);
		for (const f of ITEM_INTEGERS)
			if (item[f] !== undefined && (!isInt(item[f]) || (item[f] as number) < 0)) throw invalidPayload(`Field items[${i}].${f} must be an integer ≥ 0`);
		for (const f of ['sku_id', 'product_id', 'source_id'])
			if (item[f] !== undefined && typeof item[f] !== 'string') throw invalidPayload(`Field items[${i}].${f} must be a string`);
		if (item.related_object !== undefined && item.related_object !== 'product' && item.related_object !== 'sku')
			throw invalidPayload(`Field items[${i}].related_object must be product or sku`);
		for (const f of ['product', 'sku', 'metadata'])
			if (item[f] !== undefined && !isObject(item[f])) throw invalidPayload(`Field items[${i}].${f} must be an object`);
		const quantity = (item.quantity as number | undefined) ?? 1;
		const amount = (item.amount as number | undefined) ?? (isInt(item.price) ? item.price * quantity : undefined);
		return { object: 'order_item', ...item, ...(amount !== undefined ? { amount } : {}) };
	});
}

/** The customer an order names ({id} or {source_id, …}): found, or created when its source_id is new. */
function orderCustomer(env: Env, v: unknown): Customer {
	if (!isObject(v)) throw invalidPayload('Field customer must be an object');
	const { store } = env;
	if (typeof v.id === 'string' && v.id) {
		const c = store.customers.get(v.id);
		if (!c) throw notFound('customer', v.id);
		return c;
	}
	if (typeof v.source_id !== 'string' || !v.source_id) throw invalidPayload('Field customer must have an id or a source_id');
	const existing = store.findCustomer(v.source_id);
	if (existing) return existing;
	const c: Customer = {
		object: 'customer',
		id: store.newId('cust_'),
		source_id: v.source_id,
		name: typeof v.name === 'string' ? v.name : null,
		description: null,
		email: typeof v.email === 'string' ? v.email : null,
		phone: null,
		metadata: isObject(v.metadata) ? v.metadata : {},
		system_metadata: {},
		created_at: new Date().toISOString(),
		updated_at: null,
	};
	store.addCustomer(c);
	env.counters.customersCreated++;
	env.emit('customer.created', c, c.id);
	return c;
}

/** The order fields of `body`, checked; amounts are recomputed by `recalculate`. */
function applyOrderFields(env: Env, order: Order, body: Json): void {
	const status = body.status;
	if (status !== undefined && !ORDER_STATUSES.includes(status as OrderStatus))
		throw invalidPayload(`Field status must be one of ${ORDER_STATUSES.join(', ')}`);
	if (status !== undefined) order.status = status as OrderStatus;
	for (const f of ['amount', 'initial_amount', 'discount_amount'] as const) {
		const v = optionalInt(body, f, 0, false);
		if (v !== undefined && v !== null) order[f] = v;
	}
	if (body.items !== undefined) {
		order.items = checkItems(body.items);
		if (body.amount === undefined) order.amount = order.items.reduce((sum, item) => sum + ((item.amount as number | undefined) ?? 0), 0);
	}
	const metadata = optionalObject(body, 'metadata');
	if (metadata !== undefined) order.metadata = metadata ?? {};
	const referrer = optionalString(body, 'referrer_id');
	if (referrer !== undefined) order.referrer_id = referrer;
	const createdAt = optionalTimestamp(body, 'created_at');
	if (createdAt) order.created_at = createdAt;
	if (body.customer !== undefined) order.customer_id = orderCustomer(env, body.customer).id;
	if (body.initial_amount === undefined) order.initial_amount = order.amount;
	order.items_discount_amount = order.items.reduce((sum, item) => sum + ((item.discount_amount as number | undefined) ?? 0), 0);
	order.total_discount_amount = order.discount_amount + order.items_discount_amount;
	order.total_amount = Math.max(0, order.amount - order.total_discount_amount);
}

/** Records the order in its customer's activities (created, and paid when it became PAID). */
function recordActivity(env: Env, order: Order, type: string): void {
	const cust = order.customer_id ? env.store.customers.get(order.customer_id) : undefined;
	if (!cust) return;
	const log = env.store.activitiesOf(cust.id);
	const t = Date.now();
	const meta = { created_at: t, updated_at: t, type, code: '', campaign: '', campaign_id: null, campaign_type: null, category: 'ACTION', product_id: null };
	log.append(customerActivity(log.nextId(), meta, cust, { channel: 'API', api_key: { name: 'emulator', app_id: env.creds.appId } }, { order: { id: order.id, source_id: order.source_id, status: order.status, amount: order.amount } }), meta);
}

function findOrder(ctx: Ctx): Order {
	const o = ctx.env.store.orders.find(ctx.params.orderId);
	if (!o) throw notFound('order', ctx.params.orderId);
	return o;
}

export function register(r: Router): void {
	r.get('/v1/orders', 'A|B', (ctx) => {
		const book = ctx.env.store.orders;
		const limit = parseLimit(ctx.query, 10);
		const page = parsePage(ctx.query, 100);
		const order = parseEnumParam(ctx.query, 'order', ORDER_LIST_ORDERS, '-created_at')!;
		const from = (page - 1) * limit;
		const to = Math.min(book.length, from + limit);
		let data: Order[];
		if (order === 'created_at' || order === '-created_at') {
			// Generated and created orders are stored oldest first: a page is an index range, read on demand.
			data = [];
			for (let k = from; k < to; k++) data.push(book.at(order === 'created_at' ? k : book.length - 1 - k));
		} else {
			const all = Array.from({ length: book.length }, (_, i) => book.at(i));
			const key = (o: Order) => o.updated_at ?? o.created_at;
			all.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id < b.id ? -1 : 1));
			if (order === '-updated_at') all.reverse();
			data = all.slice(from, to);
		}
		return ok(pagedList('orders', data, book.length));
	});

	r.post('/v1/orders', 'A|B', (ctx) => {
		const body = bodyObject(ctx.body);
		const { order, created } = upsertOrder(ctx.env, body);
		if (created) {
			ctx.env.noteCreate(ctx.path, body);
			recordActivity(ctx.env, order, 'customer.order.created');
			if (order.status === 'PAID') recordActivity(ctx.env, order, 'customer.order.paid');
		}
		return ok(order);
	});

	r.get('/v1/orders/{orderId}', 'A|B', (ctx) => ok(findOrder(ctx)));

	r.put('/v1/orders/{orderId}', 'A|B', (ctx) => {
		// The body's source_id (allowed by the schema) does not move the order to another source ID.
		return ok(update(ctx.env, findOrder(ctx), bodyObject(ctx.body)));
	});
}

/** Creates the order, or updates the one its id or source_id names (POST /v1/orders, and each order of an import). */
export function upsertOrder(env: Env, body: Json): { order: Order; created: boolean } {
	const id = optionalString(body, 'id');
	const sourceId = optionalString(body, 'source_id');
	const existing = id || sourceId ? env.store.orders.find((id ?? sourceId)!) : undefined;
	if (id && !existing) throw notFound('order', id);
	if (existing) return { order: update(env, existing, body), created: false };
	const now = new Date().toISOString();
	const order: Order = {
		id: env.store.newId('ord_'),
		source_id: sourceId ?? null,
		status: 'CREATED',
		amount: 0,
		initial_amount: 0,
		discount_amount: 0,
		items_discount_amount: 0,
		total_discount_amount: 0,
		total_amount: 0,
		applied_discount_amount: 0,
		items_applied_discount_amount: 0,
		total_applied_discount_amount: 0,
		items: [],
		metadata: {},
		customer_id: null,
		referrer_id: null,
		created_at: now,
		updated_at: null,
		object: 'order',
	};
	applyOrderFields(env, order, body);
	env.store.orders.add(order);
	env.counters.ordersCreated++;
	return { order, created: true };
}

/** Changes an order (a fixture one becomes a stored copy) and records a new PAID status. */
function update(env: Env, current: Order, body: Json): Order {
	const order: Order = { ...current, items: [...current.items], metadata: { ...current.metadata } };
	const wasPaid = order.status === 'PAID';
	applyOrderFields(env, order, body);
	order.updated_at = new Date().toISOString();
	env.store.orders.save(order);
	if (current !== order) Object.assign(current, order);
	if (!wasPaid && order.status === 'PAID') recordActivity(env, order, 'customer.order.paid');
	return order;
}
