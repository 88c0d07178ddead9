/**
 * Vouchers (auth A or Bearer): create (given or generated code), get, update, delete, list (paged, 99 pages),
 * enable, disable, balance of gift and loyalty cards, transactions (id-cursor).
 */
import { ArraySeq, dateRangeFilter, idCursorPage, sortByOrder } from '../envelopes.cjs';
import { ApiError, invalidParam, invalidPayload, notFound } from '../errors.cjs';
import { Ctx, noContent, ok, Router } from '../router.cjs';
import type { Store, Voucher } from '../state.cjs';
import { bodyObject, isInt, isObject, optionalBoolean, optionalObject, optionalString, optionalTimestamp, parseEnumParam, parseLimit, rejectUnknown, type Json } from '../validate.cjs';
import { addVoucher, changeBalance, checkDiscount, makeVoucher, voucherOr404, VOUCHER_TYPES, listPage } from '../voucherEngine.cjs';
import { newExport, view as exportView } from './exports.cjs';
import { moveToBin } from './trashBin.cjs';

const BASE_FIELDS = ['category', 'category_id', 'start_date', 'expiration_date', 'validity_timeframe', 'validity_day_of_week', 'validity_hours', 'active', 'additional_info', 'metadata'] as const;
const CREATE_FIELDS = [...BASE_FIELDS, 'campaign', 'campaign_id', 'type', 'discount', 'gift', 'loyalty_card', 'redemption', 'validation_rules', 'code', 'code_config'];
const UPDATE_FIELDS = [...BASE_FIELDS, 'type', 'discount'];
export const VOUCHER_ORDERS = ['created_at', '-created_at', 'updated_at', '-updated_at', 'code', '-code'] as const;

/** The fields every voucher write shares, checked; category_id must exist, and sets the category's name. */
export function readBaseFields(ctx: Ctx, body: Json): Json {
	const fields: Json = {};
	for (const f of ['start_date', 'expiration_date'] as const) {
		const t = optionalTimestamp(body, f);
		if (t !== undefined) fields[f] = t;
	}
	for (const f of ['category', 'additional_info'] as const) {
		const s = optionalString(body, f);
		if (s !== undefined) fields[f] = s;
	}
	const categoryId = optionalString(body, 'category_id');
	if (categoryId) {
		const category = ctx.env.store.categories.get(categoryId);
		if (!category) throw notFound('category', categoryId);
		fields.category_id = category.id;
		fields.category = category.name;
	}
	const active = optionalBoolean(body, 'active');
	if (active !== undefined) fields.active = active;
	const metadata = optionalObject(body, 'metadata');
	if (metadata !== undefined) fields.metadata = metadata ?? {};
	if (body.validity_timeframe !== undefined) fields.validity_timeframe = optionalObject(body, 'validity_timeframe');
	if (body.validity_hours !== undefined) fields.validity_hours = optionalObject(body, 'validity_hours');
	if (body.validity_day_of_week !== undefined) {
		const days = body.validity_day_of_week;
		if (!Array.isArray(days) || !days.every((d) => isInt(d) && d >= 0 && d <= 6)) throw invalidPayload('Field validity_day_of_week must be an array of integers 0 (Sunday) to 6');
		fields.validity_day_of_week = days;
	}
	return fields;
}

/** A body's `redemption: {quantity}`: an integer ≥ 1, or null for no limit. */
export function checkRedemptionLimit(body: Json): void {
	const r = body.redemption;
	if (r === undefined) return;
	if (!isObject(r) || (r.quantity !== undefined && r.quantity !== null && (!isInt(r.quantity) || r.quantity < 1)))
		throw invalidPayload('Field redemption.quantity must be an integer ≥ 1 or null (unlimited)');
}

function createVoucher(ctx: Ctx, code: string | undefined): Voucher {
	const body = bodyObject(ctx.body);
	rejectUnknown(body, CREATE_FIELDS);
	const voucher = newVoucher(ctx, body, code);
	ctx.env.noteCreate(ctx.path, body);
	return addVoucher(ctx.env, voucher);
}

/** A voucher from a create body (checked as the service checks it), not yet stored; imports use it per record. */
export function newVoucher(ctx: Ctx, body: Json, code: string | undefined): Voucher {
	const store = ctx.env.store;
	if (code === undefined && typeof body.code === 'string' && body.code) code = body.code;
	else if (code !== undefined && body.code !== undefined) throw invalidPayload('Field code is not allowed here: the code is in the path');
	if (code !== undefined && store.vouchersByCode.has(code))
		throw new ApiError(409, 'duplicate_found', `A voucher with code ${code} already exists`, { resource_id: code, resource_type: 'voucher' });
	const campaignRef = optionalString(body, 'campaign_id') ?? optionalString(body, 'campaign');
	const campaign = campaignRef ? store.findCampaign(campaignRef) : undefined;
	if (campaignRef && !campaign) throw notFound('campaign', campaignRef);
	const type = body.type ?? (campaign ? campaignType(campaign) : undefined);
	if (!VOUCHER_TYPES.includes(type as Voucher['type'])) throw invalidPayload(`Field type is required and must be one of ${VOUCHER_TYPES.join(', ')}`);
	let giftAmount: number | undefined;
	let loyaltyPoints: number | undefined;
	if (type === 'GIFT_VOUCHER' && (body.gift !== undefined || !campaign)) {
		if (!isObject(body.gift) || !isInt(body.gift.amount) || body.gift.amount < 0) throw invalidPayload('Field gift.amount is required for a GIFT_VOUCHER and must be an integer ≥ 0 (minor units)');
		giftAmount = body.gift.amount;
	}
	if (type === 'LOYALTY_CARD' && (body.loyalty_card !== undefined || !campaign)) {
		if (!isObject(body.loyalty_card) || !isInt(body.loyalty_card.points) || body.loyalty_card.points < 0)
			throw invalidPayload('Field loyalty_card.points is required for a LOYALTY_CARD and must be an integer ≥ 0');
		loyaltyPoints = body.loyalty_card.points;
	}
	const discount = type === 'DISCOUNT_VOUCHER' && (body.discount !== undefined || !campaign) ? checkDiscount(body.discount) : undefined;
	checkRedemptionLimit(body);
	const codeConfig = optionalObject(body, 'code_config') ?? undefined;
	return makeVoucher(
		store,
		{ code, type: type as Voucher['type'], campaign, discount, giftAmount, loyaltyPoints, fields: { ...readBaseFields(ctx, body), redemption: body.redemption, validation_rules: body.validation_rules } },
		codeConfig,
	);
}

function campaignType(campaign: Json): string | undefined {
	return { GIFT_VOUCHERS: 'GIFT_VOUCHER', LOYALTY_PROGRAM: 'LOYALTY_CARD', DISCOUNT_COUPONS: 'DISCOUNT_VOUCHER', REFERRAL_PROGRAM: 'DISCOUNT_VOUCHER' }[String(campaign.campaign_type)];
}

function setActive(ctx: Ctx, active: boolean) {
	const v = voucherOr404(ctx.env.store, ctx.params.code);
	if (v.active !== active) {
		v.active = active;
		v.updated_at = new Date().toISOString();
	}
	ctx.env.emit(active ? 'voucher.enabled' : 'voucher.disabled', v, v.id);
	return ok(v);
}

/**
 * Whether a code contains the `code` a list asks for: ignoring case unless the project's codes are case sensitive
 * (its `case_sensitive_codes` setting: when false, C0dE-cfV and c0de-cfv are the same code).
 */
function codeMatcher(ctx: Ctx, wanted: string | undefined): (code: string) => boolean {
	if (!wanted) return () => true;
	if (ctx.env.store.projects.get(ctx.env.creds.projectId)?.case_sensitive_codes === true) return (code) => code.includes(wanted);
	const lower = wanted.toLowerCase();
	return (code) => code.toLowerCase().includes(lower);
}

/** The vouchers a list query selects, sorted. */
export function listVouchers(ctx: Ctx, pool: Iterable<Voucher>): Voucher[] {
	const q = ctx.query;
	const store = ctx.env.store;
	const created = dateRangeFilter(q, 'created_at');
	const updated = dateRangeFilter(q, 'updated_at');
	let holder: string | undefined;
	if (q.customer) holder = store.findCustomer(q.customer)?.id ?? `unknown:${q.customer}`;
	const category = q.category ? store.categories.get(q.category)?.name ?? q.category : undefined;
	const codeMatches = codeMatcher(ctx, q.code);
	const selected: Voucher[] = [];
	for (const v of pool) {
		if (q.campaign_id && v.campaign_id !== q.campaign_id) continue;
		if (q.campaign && v.campaign !== q.campaign) continue;
		if (category !== undefined && v.category !== category) continue;
		if (holder !== undefined && v.holder_id !== holder) continue;
		if (!codeMatches(v.code)) continue;
		if (!created(v.created_at) || !updated(v.updated_at ?? v.created_at)) continue;
		selected.push(v);
	}
	return sortByOrder(selected, q, VOUCHER_ORDERS, '-created_at', (v, field) => (v[field] as string | null) ?? v.created_at);
}

export function register(r: Router): void {
	r.post('/v1/vouchers', 'A|B', (ctx) => ok(createVoucher(ctx, undefined)));
	r.post('/v1/vouchers/{code}', 'A|B', (ctx) => ok(createVoucher(ctx, ctx.params.code)));

	r.get('/v1/vouchers', 'A|B', (ctx) => ok(listPage('vouchers', listVouchers(ctx, ctx.env.store.vouchers.values()), ctx.query, 99)));

	r.get('/v1/vouchers/{code}', 'A|B', (ctx) => ok(voucherOr404(ctx.env.store, ctx.params.code)));

	r.put('/v1/vouchers/{code}', 'A|B', (ctx) => {
		const v = voucherOr404(ctx.env.store, ctx.params.code);
		const body = bodyObject(ctx.body);
		rejectUnknown(body, UPDATE_FIELDS);
		if (body.type !== undefined && body.type !== v.type) throw invalidPayload(`Field type cannot change (the voucher is a ${v.type})`);
		if (body.discount !== undefined) {
			if (v.type !== 'DISCOUNT_VOUCHER') throw invalidPayload('Field discount applies to DISCOUNT_VOUCHER vouchers only');
			v.discount = checkDiscount(body.discount);
		}
		Object.assign(v, readBaseFields(ctx, body));
		v.updated_at = new Date().toISOString();
		ctx.env.emit('voucher.updated', v, v.id);
		return ok(v);
	});

	r.delete('/v1/vouchers/{code}', 'A|B', (ctx) => {
		const v = voucherOr404(ctx.env.store, ctx.params.code);
		const force = parseEnumParam(ctx.query, 'force', ['true', 'false'] as const, 'false');
		ctx.env.store.removeVoucher(v);
		if (force !== 'true') moveToBin(ctx, v as unknown as Json & { id: string }, 'voucher', v.code);
		ctx.env.emit('voucher.deleted', { ...v, deleted_permanently: force === 'true' }, v.id);
		return noContent();
	});

	r.post('/v1/vouchers/{code}/enable', 'A|B', (ctx) => setActive(ctx, true));
	r.post('/v1/vouchers/{code}/disable', 'A|B', (ctx) => setActive(ctx, false));

	r.post('/v1/vouchers/{code}/balance', 'A|B', (ctx) => {
		const v = voucherOr404(ctx.env.store, ctx.params.code);
		const body = bodyObject(ctx.body);
		rejectUnknown(body, ['amount', 'source_id', 'reason']);
		if (!isInt(body.amount) || body.amount === 0) throw invalidPayload('Field amount is required and must be a non-zero integer (minor units for a gift card, points for a loyalty card)');
		const reason = optionalString(body, 'reason');
		const sourceId = optionalString(body, 'source_id');
		if (v.type === 'LOYALTY_CARD' && !v.holder_id)
			throw new ApiError(400, 'missing_holder', `Loyalty card ${v.code} has no holder: publish it to a customer first`, { resource_id: v.code, resource_type: 'voucher' });
		ctx.env.noteCreate(ctx.path, body);
		return ok(changeBalance(ctx.env, v, { amount: body.amount, reason, sourceId }));
	});

	r.get('/v1/vouchers/{code}/transactions', 'A|B', (ctx) => {
		const v = voucherOr404(ctx.env.store, ctx.params.code);
		return ok(transactionsPage(ctx, v));
	});
	r.post('/v1/vouchers/{code}/transactions/export', 'A|B', (ctx) => {
		const v = voucherOr404(ctx.env.store, ctx.params.code);
		const body = ctx.body === undefined ? {} : bodyObject(ctx.body);
		rejectUnknown(body, ['parameters']);
		const parameters = optionalObject(body, 'parameters', false) ?? {};
		// A card's export has no filters: it is the card's transactions.
		rejectUnknown(parameters, ['order', 'fields']);
		if (parameters.order !== undefined && !['created_at', '-created_at'].includes(String(parameters.order))) throw invalidPayload('Field parameters.order must be created_at or -created_at');
		if (parameters.fields !== undefined && (!Array.isArray(parameters.fields) || parameters.fields.some((f) => !CARD_EXPORT_FIELDS.includes(String(f)))))
			throw invalidPayload(`Field parameters.fields must be an array of ${CARD_EXPORT_FIELDS.join(', ')}`);
		const job = newExport(ctx.env.store, 'voucher_transactions', { ...parameters, filters: { voucher_id: { conditions: { $in: [v.id] } } } }, Date.now() + ctx.env.settings.exportDelayMs);
		return ok(exportView(job));
	});
	// The voucher's redemptions and rollbacks, with its redemption limit and count (no paging).
	r.get('/v1/vouchers/{code}/redemption', 'A|B', (ctx) => {
		const v = voucherOr404(ctx.env.store, ctx.params.code);
		const entries = [...ctx.env.store.redemptions.values()].filter((entry) => isObject(entry.voucher) && entry.voucher.id === v.id);
		return ok({
			quantity: v.redemption.quantity,
			redeemed_quantity: v.redemption.redeemed_quantity,
			object: 'list',
			url: `/v1/vouchers/${encodeURIComponent(v.code)}/redemptions?page=1&limit=10`,
			data_ref: 'redemption_entries',
			total: entries.length,
			redemption_entries: entries,
		});
	});
	// A validation session locked on the voucher, released (204), or 404 when there is none of that key.
	r.delete('/v1/vouchers/{code}/sessions/{sessionKey}', 'A|B', (ctx) => {
		const v = voucherOr404(ctx.env.store, ctx.params.code);
		if (!sessionsOf(ctx.env.store, v.id).delete(ctx.params.sessionKey)) throw notFound('session', ctx.params.sessionKey);
		return noContent();
	});
}

const CARD_EXPORT_FIELDS = ['id', 'type', 'source_id', 'reason', 'balance', 'amount', 'created_at', 'voucher_id', 'campaign_id', 'source', 'details', 'related_transaction_id'];

/** The keys of the validation sessions locked on a voucher (a validation with session type LOCK adds one). */
export function sessionsOf(store: Store, voucherId: string): Set<string> {
	const key = `/v1/vouchers/{code}/sessions|${voucherId}`;
	let sessions = store.records.get(key) as unknown as Set<string> | undefined;
	if (!sessions) {
		sessions = new Set();
		store.records.set(key, sessions as never);
	}
	return sessions;
}

/** An id-cursor page of the transactions of a voucher (or of several) (`order` id or -id, default -id: newest first). */
export function transactionsPage(ctx: Ctx, v: Voucher | Voucher[]) {
	const limit = parseLimit(ctx.query, 10);
	const order = parseEnumParam(ctx.query, 'order', ['id', '-id'] as const, '-id');
	const after = ctx.query.starting_after_id || undefined;
	if (after !== undefined && !/^vtx_/.test(after)) throw invalidParam(`starting_after_id ${after} is not a transaction id`);
	// One card's transactions, or those of several cards (a campaign's) merged in id order.
	const list = Array.isArray(v)
		? v.flatMap((card) => ctx.env.store.voucherTransactions.get(card.id) ?? []).sort((a, b) => a.id.localeCompare(b.id))
		: (ctx.env.store.voucherTransactions.get(v.id) ?? []);
	return idCursorPage(new ArraySeq(list), { limit, desc: order === '-id', startingAfterId: after });
}
