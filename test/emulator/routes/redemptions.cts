/**
 * Stackable validations and redemptions, rollbacks, the redemption list (paged, 99 pages) and qualifications
 * (auth A or Bearer). A redemption applies every redeemable or none: one inapplicable redeemable fails the
 * request with its reason, and the failed attempt is recorded.
 */
import { dateRangeFilter, sortByOrder } from '../envelopes.cjs';
import { ApiError, invalidParam, invalidPayload, notFound } from '../errors.cjs';
import { Ctx, ok, Router } from '../router.cjs';
import type { Customer, Redemption, Voucher } from '../state.cjs';
import { bodyObject, isInt, isObject, leaveOutEmpty, optionalObject, optionalString, parseEnumParam, rejectUnknown, type Json } from '../validate.cjs';
import { apiChannel, applyRedemption, calculatedOrder, evaluate, recordFailure, redeemableView, resolveCustomer, redemptionVoucher, rollbackOne, listPage } from '../voucherEngine.cjs';
import { embedCustomer } from '../fixtures.cjs';
import { answeredStackingRules } from '../stackingRules.cjs';
import { sessionsOf } from './vouchers.cjs';

const STACKABLE_FIELDS = ['redeemables', 'order', 'customer', 'session', 'tracking_id', 'metadata', 'options'];
const REDEMPTION_ORDERS = ['created_at', '-created_at', 'id', '-id', 'voucher_code', '-voucher_code', 'tracking_id', '-tracking_id', 'customer_id', '-customer_id'] as const;
export const SCENARIOS = ['ALL', 'CUSTOMER_WALLET', 'AUDIENCE_ONLY', 'PRODUCTS', 'PRODUCTS_DISCOUNT', 'PROMOTION_STACKS', 'PRODUCTS_BY_CUSTOMER', 'PRODUCTS_DISCOUNT_BY_CUSTOMER'] as const;
const EXPAND = ['order', 'redemption', 'redeemable', 'category'];

/** The customer a stackable body names, if any (an unknown source id is created, as the service does). */
function customerOf(ctx: Ctx, body: Json): Customer | undefined {
	if (body.customer === undefined || body.customer === null) return undefined;
	return resolveCustomer(ctx.env, body.customer);
}

function checkOptions(body: Json): void {
	const options = optionalObject(body, 'options');
	if (!options) return;
	if (options.expand !== undefined && (!Array.isArray(options.expand) || !options.expand.every((e) => EXPAND.includes(String(e)))))
		throw invalidPayload(`Field options.expand must be an array of ${EXPAND.join(', ')}`);
}

function readStackable(ctx: Ctx) {
	const body = bodyObject(ctx.body);
	rejectUnknown(body, STACKABLE_FIELDS);
	checkOptions(body);
	optionalObject(body, 'metadata');
	optionalObject(body, 'session');
	const trackingId = optionalString(body, 'tracking_id') ?? null;
	const customer = customerOf(ctx, body);
	const { evaluated, amount } = evaluate(ctx.env.store, body, customer);
	return { body, customer, trackingId: trackingId ?? customer?.source_id ?? null, evaluated, amount };
}

function redemptionOr404(ctx: Ctx): Redemption {
	const r = ctx.env.store.redemptions.get(ctx.params.redemptionId);
	if (!r) throw notFound('redemption', ctx.params.redemptionId);
	return r;
}

/** The rollback body (reason, tracking_id, customer, order, metadata) and query (reason, tracking_id). */
function rollbackRequest(ctx: Ctx) {
	const body = ctx.body === undefined ? {} : bodyObject(ctx.body);
	rejectUnknown(body, ['reason', 'tracking_id', 'customer', 'order', 'metadata']);
	const reason = ctx.query.reason || optionalString(body, 'reason') || null;
	return { reason, metadata: optionalObject(body, 'metadata') ?? null };
}

function checkRollbackable(r: Redemption): void {
	if (r.object !== 'redemption') throw new ApiError(400, 'invalid_redemption', `${r.id} is a rollback, not a redemption`, { resource_id: r.id, resource_type: 'redemption' });
	if (r.result !== 'SUCCESS') throw new ApiError(400, 'redemption_failed', `Redemption ${r.id} failed: there is nothing to roll back`, { resource_id: r.id, resource_type: 'redemption' });
	if (r.status === 'ROLLED_BACK') throw new ApiError(400, 'already_rolled_back', `Redemption ${r.id} is already rolled back`, { resource_id: r.id, resource_type: 'redemption' });
}

/** Vouchers and campaigns a customer (or anyone) qualifies for, newest first. */
function qualify(ctx: Ctx) {
	const store = ctx.env.store;
	const body = bodyObject(ctx.body);
	rejectUnknown(body, ['customer', 'order', 'tracking_id', 'scenario', 'options', 'session', 'metadata']);
	const scenario = body.scenario ?? 'ALL';
	if (!(SCENARIOS as readonly string[]).includes(String(scenario))) throw invalidPayload(`Field scenario must be one of ${SCENARIOS.join(', ')}`);
	const options = optionalObject(body, 'options') ?? {};
	const limit = options.limit ?? 5;
	if (!isInt(limit) || limit < 1 || limit > 50) throw invalidPayload('Field options.limit must be an integer from 1 to 50');
	if (options.sorting_rule !== undefined && !['BEST_DEAL', 'LEAST_DEAL', 'DEFAULT'].includes(String(options.sorting_rule)))
		throw invalidPayload('Field options.sorting_rule must be one of BEST_DEAL, LEAST_DEAL, DEFAULT');
	if (options.filters !== undefined && !isObject(options.filters)) throw invalidPayload('Field options.filters must be an object');
	let startingAfter: number | undefined;
	if (options.starting_after !== undefined && options.starting_after !== null) {
		startingAfter = typeof options.starting_after === 'string' ? Date.parse(options.starting_after) : NaN;
		if (Number.isNaN(startingAfter)) throw invalidPayload('Field options.starting_after must be an ISO 8601 date-time');
	}
	const customer = body.customer === undefined ? undefined : resolveCustomer(ctx.env, body.customer, { create: false });
	const now = Date.now();
	const usable = (v: Voucher) =>
		v.active &&
		(!v.expiration_date || Date.parse(v.expiration_date) >= now) &&
		(!v.start_date || Date.parse(v.start_date) <= now) &&
		(v.redemption.quantity === null || v.redemption.redeemed_quantity < v.redemption.quantity) &&
		(v.type === 'DISCOUNT_VOUCHER' || (v.type === 'GIFT_VOUCHER' && v.gift!.balance > 0));
	const found: Json[] = [];
	if (customer && scenario !== 'AUDIENCE_ONLY') {
		for (const v of store.vouchers.values()) {
			if (v.holder_id !== customer.id || !usable(v)) continue;
			found.push({ id: v.code, object: 'voucher', created_at: v.created_at, result: v.type === 'GIFT_VOUCHER' ? { gift: { balance: v.gift!.balance } } : { discount: v.discount }, metadata: v.metadata, categories: [], campaign_name: v.campaign, campaign_id: v.campaign_id });
		}
	}
	if (scenario === 'ALL' || scenario === 'AUDIENCE_ONLY') {
		for (const c of store.campaigns.values()) {
			if (c.active === false || !['DISCOUNT_COUPONS', 'PROMOTION'].includes(c.campaign_type)) continue;
			found.push({ id: c.id, object: 'campaign', created_at: c.created_at, result: {}, metadata: c.metadata ?? {}, categories: [], campaign_name: c.name, campaign_id: c.id, name: c.name });
		}
	}
	found.sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)) || String(a.id).localeCompare(String(b.id)));
	const after = startingAfter === undefined ? found : found.filter((e) => Date.parse(String(e.created_at)) < startingAfter!);
	const page = after.slice(0, limit);
	const hasMore = after.length > page.length;
	return ok({
		redeemables: {
			object: 'list',
			data_ref: 'data',
			data: page,
			total: page.length,
			has_more: hasMore,
			...(hasMore ? { more_starting_after: page[page.length - 1].created_at } : {}),
		},
		tracking_id: customer?.source_id ?? (typeof body.tracking_id === 'string' ? body.tracking_id : undefined),
		order: calculatedOrder(body, isObject(body.order) && isInt(body.order.amount) ? body.order.amount : 0, [], customer),
		stacking_rules: answeredStackingRules(),
	});
}

export function register(r: Router): void {
	r.post('/v1/validations', 'A|B', (ctx) => {
		const { body, customer, trackingId, evaluated, amount } = readStackable(ctx);
		const views = evaluated.map(redeemableView);
		// A LOCK session holds the vouchers validated for a later redemption, until released or redeemed.
		const session = isObject(body.session) && body.session.type === 'LOCK' ? { key: typeof body.session.key === 'string' ? body.session.key : ctx.env.store.newId('ssn_'), type: 'LOCK' } : undefined;
		if (session) for (const entry of evaluated) if (entry.voucher) sessionsOf(ctx.env.store, entry.voucher.id).add(session.key);
		const date = new Date().toISOString();
		for (const e of evaluated) {
			const campaignId = (e.voucher?.campaign_id ?? e.tier?.campaign_id ?? null) as string | null;
			ctx.env.store.validations.push({ campaign_id: campaignId, date, result: e.applicable ? 'SUCCESS' : 'FAILURE' });
		}
		return ok({
			...(session ? { session } : {}),
			id: ctx.env.store.newId('valid_'),
			valid: evaluated.every((e) => e.applicable),
			redeemables: views,
			inapplicable_redeemables: views.filter((v) => v.status === 'INAPPLICABLE'),
			skipped_redeemables: [],
			order: calculatedOrder(body, amount, evaluated, customer),
			// no customer and no tracking ID given: the key is left out (the contract does not let it be null)
			...(trackingId === null ? {} : { tracking_id: trackingId }),
			stacking_rules: answeredStackingRules(),
		});
	});

	r.post('/v1/redemptions', 'A|B', (ctx) => {
		const { body, customer, trackingId, evaluated, amount } = readStackable(ctx);
		const metadata = (optionalObject(body, 'metadata') as Json | null | undefined) ?? null;
		const failed = evaluated.find((e) => !e.applicable);
		if (failed) {
			recordFailure(ctx.env, failed, { customer, trackingId, metadata });
			const error = failed.error!;
			throw new ApiError(error.code, error.key, error.details, { message: error.message, resource_id: failed.request.id, resource_type: failed.request.object });
		}
		ctx.env.noteCreate(ctx.path, body);
		const order = calculatedOrder(body, amount, evaluated, customer);
		const store = ctx.env.store;
		let parentId: string | null = null;
		if (evaluated.length > 1) parentId = store.nextSortableId('r_');
		const redemptions = evaluated.map((e) => applyRedemption(ctx.env, e, { customer, trackingId, metadata, order, parentId }));
		if (!parentId) return ok({ redemptions, order });
		const date = new Date().toISOString();
		const parent: Redemption = {
			id: parentId,
			object: 'redemption',
			date,
			created_at: date,
			customer_id: customer?.id ?? null,
			tracking_id: trackingId,
			metadata,
			redemption: null,
			result: 'SUCCESS',
			status: 'SUCCEEDED',
			order,
			channel: apiChannel(ctx.env),
			customer: customer ? embedCustomer(customer) : null,
			related_object_type: 'redemption',
			related_object_id: parentId,
			related_redemptions: { redemptions: redemptions.map((x) => ({ id: x.id, date: x.date })), rollbacks: [] },
		};
		store.redemptions.set(parentId, parent);
		return ok({ redemptions, parent_redemption: parent, order });
	});

	r.get('/v1/redemptions', 'A|B', (ctx) => {
		const q = ctx.query;
		const store = ctx.env.store;
		const result = parseEnumParam(q, 'result', ['SUCCESS', 'FAILURE'] as const);
		const created = dateRangeFilter(q, 'created_at');
		const customerId = q.customer ? store.findCustomer(q.customer)?.id ?? `unknown:${q.customer}` : undefined;
		const code = q['filters[voucher_code][conditions][$is]'];
		for (const key of Object.keys(q))
			if (key.startsWith('filters[') && key !== 'filters[voucher_code][conditions][$is]') throw invalidParam(`Unsupported filter ${key} (the emulator knows filters[voucher_code][conditions][$is])`);
		const selected = [...store.redemptions.values()].filter(
			(x) =>
				(!result || x.result === result) &&
				(!q.campaign || redemptionVoucher(x).campaign === q.campaign) &&
				(customerId === undefined || x.customer_id === customerId) &&
				(!code || redemptionVoucher(x).code === code) &&
				created(String(x.created_at)),
		);
		const sorted = sortByOrder(selected, q, REDEMPTION_ORDERS, '-created_at', (x, field) => (field === 'voucher_code' ? redemptionVoucher(x).code : (x[field] as string | null)) ?? '');
		return ok(listPage('redemptions', sorted, q, 99));
	});

	r.get('/v1/redemptions/{redemptionId}', 'A|B', (ctx) => ok(redemptionOr404(ctx)));

	r.post('/v1/redemptions/{redemptionId}/rollback', 'A|B', (ctx) => {
		const r = redemptionOr404(ctx);
		const { reason, metadata } = rollbackRequest(ctx);
		checkRollbackable(r);
		if (r.related_object_type === 'redemption')
			throw new ApiError(400, 'invalid_redemption', `${r.id} is the parent of a stacked redemption: roll it back with POST /v1/redemptions/${r.id}/rollbacks`, { resource_id: r.id, resource_type: 'redemption' });
		if (r.redemption)
			throw new ApiError(400, 'invalid_redemption', `${r.id} is part of the stacked redemption ${r.redemption}: roll back the parent instead`, { resource_id: r.id, resource_type: 'redemption' });
		return ok(rollbackOne(ctx.env, r, reason, metadata));
	});

	r.post('/v1/redemptions/{redemptionId}/rollbacks', 'A|B', (ctx) => {
		const parent = redemptionOr404(ctx);
		const { reason, metadata } = rollbackRequest(ctx);
		checkRollbackable(parent);
		if (parent.related_object_type !== 'redemption')
			throw new ApiError(400, 'invalid_redemption', `${parent.id} is not a stacked redemption: roll it back with POST /v1/redemptions/${parent.id}/rollback`, { resource_id: parent.id, resource_type: 'redemption' });
		const children = ((parent.related_redemptions as { redemptions: Array<{ id: string }> }).redemptions ?? []).map((c) => ctx.env.store.redemptions.get(c.id)!);
		const rollbacks = children.filter((c) => c.status === 'SUCCEEDED').map((c) => rollbackOne(ctx.env, c, reason, metadata));
		parent.status = 'ROLLED_BACK';
		const date = new Date().toISOString();
		// as every rollback: no reason given, no reason key
		const parentRollback = leaveOutEmpty<Redemption>({
			id: ctx.env.store.nextSortableId('rr_'),
			object: 'redemption_rollback',
			date,
			created_at: date,
			customer_id: parent.customer_id,
			tracking_id: parent.tracking_id,
			metadata: metadata ?? parent.metadata,
			reason,
			redemption: parent.id,
			result: 'SUCCESS',
			status: 'SUCCEEDED',
			order: parent.order ?? null,
			channel: apiChannel(ctx.env),
			customer: parent.customer ?? null,
			related_object_type: 'redemption',
			related_object_id: parent.id,
		}, ['reason']);
		ctx.env.store.redemptions.set(parentRollback.id, parentRollback);
		(parent.related_redemptions as { rollbacks: Json[] }).rollbacks.push({ id: parentRollback.id, date });
		return ok({ rollbacks, parent_rollback: parentRollback, order: parent.order });
	});

	r.post('/v1/qualifications', 'A|B', qualify);
}
