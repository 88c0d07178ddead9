/**
 * The voucher engine's rules, beside the data they guard: creating vouchers (codes from a code config),
 * balances that never go below zero, publication (join once, source-id repeats), evaluating redeemables for
 * validation and redemption, and rollbacks that give back what a redemption took. The routes (vouchers,
 * campaigns, publications, redemptions, loyaltyMembers) parse requests and call these.
 */
import { randomInt } from 'crypto';
import { embedCustomer } from './fixtures.cjs';
import { ApiError, invalidPayload, notFound } from './errors.cjs';
import type { Env } from './router.cjs';
import type { Campaign, Customer, Publication, Redemption, Store, Voucher, VoucherTransaction, VoucherType } from './state.cjs';
import { pagedList } from './envelopes.cjs';
import { isInt, isObject, leaveOutEmpty, pageOf, parseLimit, parsePage, type Json } from './validate.cjs';

export const VOUCHER_TYPES: readonly VoucherType[] = ['DISCOUNT_VOUCHER', 'GIFT_VOUCHER', 'LOYALTY_CARD'];
export const DISCOUNT_TYPES = ['AMOUNT', 'PERCENT', 'FIXED', 'UNIT'] as const;

/** The voucher type a campaign of `campaignType` issues; undefined for campaigns without codes (promotions). */
export function voucherTypeOf(campaign: Campaign): VoucherType | undefined {
	switch (campaign.campaign_type) {
		case 'GIFT_VOUCHERS':
			return 'GIFT_VOUCHER';
		case 'LOYALTY_PROGRAM':
			return 'LOYALTY_CARD';
		case 'DISCOUNT_COUPONS':
		case 'REFERRAL_PROGRAM':
			return 'DISCOUNT_VOUCHER';
		default:
			return undefined;
	}
}

const DEFAULT_CHARSET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** The code config a campaign's vouchers get when its create names none. */
export const DEFAULT_CODE_CONFIG = { length: 8, charset: DEFAULT_CHARSET, pattern: '########' };

/** A code from a code config ({length, charset, prefix, postfix, pattern}); `#` in a pattern is a random character. */
export function generateCode(store: Store, config: Json = {}): string {
	const charset = typeof config.charset === 'string' && config.charset ? config.charset : DEFAULT_CHARSET;
	const length = isInt(config.length) && config.length > 0 ? config.length : 8;
	const pattern = typeof config.pattern === 'string' && config.pattern.includes('#') ? config.pattern : '#'.repeat(length);
	const prefix = typeof config.prefix === 'string' ? config.prefix : '';
	const postfix = typeof config.postfix === 'string' ? config.postfix : '';
	for (let attempt = 0; attempt < 50; attempt++) {
		const body = pattern.replace(/#/g, () => charset[randomInt(charset.length)]);
		const code = `${prefix}${body}${postfix}`;
		if (!store.vouchersByCode.has(code)) return code;
	}
	throw new ApiError(409, 'code_space_exhausted', 'No unused code is left for this code config');
}

/** Checks a `discount` object of a voucher body. */
export function checkDiscount(discount: unknown): Json {
	if (!isObject(discount)) throw invalidPayload('Field discount is required for a DISCOUNT_VOUCHER and must be an object');
	if (!(DISCOUNT_TYPES as readonly string[]).includes(String(discount.type)))
		throw invalidPayload(`Field discount.type must be one of ${DISCOUNT_TYPES.join(', ')}`);
	const need = (field: string, check: (v: unknown) => boolean, rule: string) => {
		if (!check(discount[field])) throw invalidPayload(`Field discount.${field} ${rule}`);
	};
	const nonNegativeNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 0;
	if (discount.type === 'AMOUNT') need('amount_off', nonNegativeNumber, 'is required for an AMOUNT discount and must be a number ≥ 0');
	if (discount.type === 'PERCENT') need('percent_off', (v) => nonNegativeNumber(v) && (v as number) <= 100, 'is required for a PERCENT discount and must be 0 to 100');
	if (discount.type === 'FIXED') need('fixed_amount', nonNegativeNumber, 'is required for a FIXED discount and must be a number ≥ 0');
	if (discount.type === 'UNIT') need('unit_type', (v) => typeof v === 'string' && v.length > 0, 'is required for a UNIT discount');
	return discount;
}

export interface NewVoucher {
	code?: string;
	type: VoucherType;
	campaign?: Campaign;
	discount?: Json | null;
	giftAmount?: number;
	loyaltyPoints?: number;
	fields?: Json;
}

/** A new voucher (not yet stored): the campaign's template, then what the request set. */
export function makeVoucher(store: Store, spec: NewVoucher, codeConfig?: Json): Voucher {
	const now = new Date().toISOString();
	const template = isObject(spec.campaign?.voucher) ? (spec.campaign!.voucher as Json) : {};
	const config = codeConfig ?? (isObject(template.code_config) ? template.code_config : {});
	const f = spec.fields ?? {};
	const gift = spec.type === 'GIFT_VOUCHER' ? (spec.giftAmount ?? (isObject(template.gift) && isInt(template.gift.amount) ? template.gift.amount : 0)) : undefined;
	const points = spec.type === 'LOYALTY_CARD' ? (spec.loyaltyPoints ?? (isObject(template.loyalty_card) && isInt(template.loyalty_card.points) ? template.loyalty_card.points : 0)) : undefined;
	const redemption = isObject(f.redemption) ? f.redemption : {};
	return {
		id: store.newId('v_'),
		code: spec.code ?? generateCode(store, config),
		campaign: spec.campaign?.name ?? null,
		campaign_id: spec.campaign?.id ?? null,
		category: (f.category as string | undefined) ?? (spec.campaign?.category as string | undefined) ?? null,
		category_id: (f.category_id as string | undefined) ?? (spec.campaign?.category_id as string | undefined) ?? null,
		type: spec.type,
		discount: spec.type === 'DISCOUNT_VOUCHER' ? (spec.discount ?? (isObject(template.discount) ? { ...template.discount } : null)) : null,
		gift: gift === undefined ? null : { amount: gift, balance: gift, subtracted_amount: 0 },
		loyalty_card: points === undefined ? null : { points, balance: points, pending_points: 0, expired_points: 0, subtracted_points: 0 },
		start_date: (f.start_date as string | undefined) ?? null,
		expiration_date: (f.expiration_date as string | undefined) ?? null,
		validity_timeframe: f.validity_timeframe ?? null,
		validity_day_of_week: f.validity_day_of_week ?? null,
		validity_hours: f.validity_hours ?? null,
		active: f.active === undefined ? true : Boolean(f.active),
		additional_info: (f.additional_info as string | undefined) ?? null,
		metadata: isObject(f.metadata) ? f.metadata : {},
		validation_rules: f.validation_rules ?? null,
		redemption: { quantity: isInt(redemption.quantity) ? redemption.quantity : null, redeemed_quantity: 0, object: 'list' },
		publish: { object: 'list', count: 0 },
		is_referral_code: spec.campaign?.campaign_type === 'REFERRAL_PROGRAM',
		created_at: now,
		updated_at: null,
		object: 'voucher',
	};
}

/** Stores a new voucher and tells the webhooks. */
export function addVoucher(env: Env, voucher: Voucher): Voucher {
	env.store.addVoucher(voucher);
	env.emit('voucher.created', voucher, voucher.id);
	return voucher;
}

/** A voucher by code or id, or 404. */
export function voucherOr404(store: Store, code: string): Voucher {
	const v = store.findVoucher(code);
	if (!v) throw notFound('voucher', code);
	return v;
}

/** A customer given as {id} or {source_id}: an unknown source id creates the customer (and says so). */
export function resolveCustomer(env: Env, given: unknown, { create = true } = {}): Customer {
	if (!isObject(given)) throw invalidPayload('Field customer is required and must be an object with an id or a source_id');
	const id = typeof given.id === 'string' && given.id ? given.id : undefined;
	const sourceId = typeof given.source_id === 'string' && given.source_id ? given.source_id : undefined;
	if (!id && !sourceId) throw invalidPayload('Field customer must have an id or a source_id');
	const store = env.store;
	if (id) {
		const found = store.customers.get(id);
		if (!found) throw notFound('customer', id);
		return found;
	}
	const found = store.findCustomer(sourceId!);
	if (found) return found;
	if (!create) throw notFound('customer', sourceId!);
	const now = new Date().toISOString();
	const customer: Customer = {
		object: 'customer',
		id: store.newId('cust_'),
		source_id: sourceId!,
		name: typeof given.name === 'string' ? given.name : null,
		description: null,
		email: typeof given.email === 'string' ? given.email : null,
		phone: typeof given.phone === 'string' ? given.phone : null,
		metadata: isObject(given.metadata) ? given.metadata : {},
		system_metadata: {},
		created_at: now,
		updated_at: null,
	};
	store.addCustomer(customer);
	env.counters.customersCreated++;
	env.emit('customer.created', customer, customer.id);
	return customer;
}

// ---- Balances ----

export interface BalanceChange {
	/** Credits (minor units) on a gift card, points on a loyalty card; negative subtracts. */
	amount: number;
	reason?: string | null;
	sourceId?: string | null;
	/** The transaction type, when not a manual addition or removal (e.g. a redemption). */
	type?: string;
	details?: Json;
}

/**
 * Adds to or subtracts from a gift or loyalty card; the balance never goes below zero. Records the transaction
 * and tells the webhooks (balance or points added, transaction created). Returns the service's balance object.
 */
export function changeBalance(env: Env, voucher: Voucher, change: BalanceChange): Json {
	const gift = voucher.type === 'GIFT_VOUCHER';
	const card = gift ? voucher.gift : voucher.loyalty_card;
	if (!card || (voucher.type !== 'GIFT_VOUCHER' && voucher.type !== 'LOYALTY_CARD'))
		throw new ApiError(400, 'invalid_voucher_type', `Voucher ${voucher.code} is a ${voucher.type}: only gift cards and loyalty cards have a balance`, { resource_id: voucher.code, resource_type: 'voucher' });
	if (card.balance + change.amount < 0)
		throw new ApiError(400, 'insufficient_balance', `The balance of ${voucher.code} is ${card.balance}; subtracting ${-change.amount} would take it below zero`, { resource_id: voucher.code, resource_type: 'voucher' });
	card.balance += change.amount;
	if (gift) {
		const g = voucher.gift!;
		if (change.amount > 0 && !change.type) g.amount += change.amount;
		else if (change.amount < 0) g.subtracted_amount = (g.subtracted_amount ?? 0) - change.amount;
	} else {
		const l = voucher.loyalty_card!;
		if (change.amount > 0 && !change.type) l.points += change.amount;
		else if (change.amount < 0) l.subtracted_points = (l.subtracted_points ?? 0) - change.amount;
	}
	voucher.updated_at = new Date().toISOString();
	const total = gift ? voucher.gift!.amount : voucher.loyalty_card!.points;
	const balance: Json = {
		...(gift ? { amount: change.amount } : { points: change.amount }),
		total,
		balance: card.balance,
		type: gift ? 'gift_voucher' : 'loyalty_card',
		object: 'balance',
		operation_type: 'MANUAL',
		related_object: { type: 'voucher', id: voucher.id },
	};
	const kind = gift ? 'CREDITS' : 'POINTS';
	const transaction: VoucherTransaction = {
		id: env.store.nextSortableId('vtx_'),
		source_id: change.sourceId ?? null,
		voucher_id: voucher.id,
		campaign_id: voucher.campaign_id,
		source: 'API',
		reason: change.reason ?? null,
		type: change.type ?? `${kind}_${change.amount >= 0 ? 'ADDITION' : 'REMOVAL'}`,
		details: { balance, ...change.details },
		related_transaction_id: null,
		created_at: voucher.updated_at,
	};
	const list = env.store.voucherTransactions.get(voucher.id) ?? [];
	list.push(transaction);
	env.store.voucherTransactions.set(voucher.id, list);
	const event = { voucher, transaction, balance };
	if (gift) {
		if (change.amount > 0 && !change.type) env.emit('voucher.gift.balance_aded', event, voucher.id);
		env.emit('voucher.gift.transaction.created', event, voucher.id);
	} else {
		if (change.amount > 0 && !change.type) env.emit('voucher.loyalty_card.points_aded', event, voucher.id);
		env.emit('voucher.loyalty_card.transaction.created', event, voucher.id);
	}
	return balance;
}

// ---- Publication ----

export interface PublishRequest {
	customer: Customer;
	voucher?: Voucher;
	campaign?: Campaign;
	count?: number;
	joinOnce?: boolean;
	sourceId?: string | null;
	channel?: string | null;
	metadata?: Json;
}

/** The publication object the service answers with: the publication, its customer and its voucher(s). */
export function publicationView(store: Store, p: Publication, count = 1): Json {
	const vouchers = p.vouchers_id.map((id) => store.vouchers.get(id)).filter((v): v is Voucher => v !== undefined);
	const customer = store.customers.get(p.customer_id);
	const { campaign_id: _campaign, voucher_code: _code, ...shown } = p;
	const view: Json = { ...shown, customer: customer ? embedCustomer(customer) : { id: p.customer_id, object: 'customer' } };
	if (count > 1) view.vouchers = vouchers.map((v) => v.code);
	else view.voucher = vouchers[0] ?? null;
	return view;
}

/** Gives `voucher` to `customer` and records the publication entry. */
function publishOne(env: Env, voucher: Voucher, customer: Customer): void {
	voucher.holder_id = customer.id;
	voucher.publish.count++;
	voucher.updated_at = new Date().toISOString();
	env.emit('voucher.published', { voucher, customer: embedCustomer(customer) }, voucher.id);
}

/** An unpublished, active voucher of the campaign, or a new one when the campaign issues codes on demand. */
function nextVoucherOf(env: Env, campaign: Campaign): Voucher {
	for (const v of env.store.vouchers.values()) {
		if (v.campaign_id === campaign.id && v.holder_id === undefined && v.active) return v;
	}
	const type = voucherTypeOf(campaign);
	if (type && (campaign.type === 'AUTO_UPDATE' || type === 'LOYALTY_CARD')) {
		return addVoucher(env, makeVoucher(env.store, { type, campaign }));
	}
	throw new ApiError(400, 'no_voucher_suitable_for_publication', `Campaign ${campaign.name} has no active voucher left to publish`, {
		resource_id: campaign.id,
		resource_type: 'campaign',
	});
}

/**
 * A publication: a specific voucher, or `count` vouchers of a campaign. Join once gives a customer who
 * already holds a voucher of the campaign that same publication again; a known publication source id does too.
 */
export function publish(env: Env, req: PublishRequest): { publication: Publication; count: number; repeated: boolean } {
	const store = env.store;
	if (req.sourceId) {
		const earlier = store.publications.find((p) => p.source_id === req.sourceId);
		if (earlier) return { publication: earlier, count: earlier.vouchers_id.length, repeated: true };
	}
	const count = req.count ?? 1;
	if (req.campaign && req.joinOnce) {
		const earlier = store.publications.find((p) => p.campaign_id === req.campaign!.id && p.customer_id === req.customer.id && p.result === 'SUCCESS');
		if (earlier) return { publication: earlier, count: earlier.vouchers_id.length, repeated: true };
	}
	let vouchers: Voucher[];
	if (req.voucher) {
		const v = req.voucher;
		if (v.holder_id && v.holder_id !== req.customer.id)
			throw new ApiError(400, 'voucher_already_published', `Voucher ${v.code} is already published to another customer`, { resource_id: v.code, resource_type: 'voucher' });
		if (!v.active) throw new ApiError(400, 'voucher_disabled', `Voucher ${v.code} is disabled`, { resource_id: v.code, resource_type: 'voucher' });
		vouchers = [v];
	} else {
		vouchers = [];
		for (let i = 0; i < count; i++) {
			const v = nextVoucherOf(env, req.campaign!);
			publishOne(env, v, req.customer);
			vouchers.push(v);
		}
	}
	if (req.voucher) publishOne(env, req.voucher, req.customer);
	const publication: Publication = {
		id: store.newId('pub_'),
		object: 'publication',
		created_at: new Date().toISOString(),
		customer_id: req.customer.id,
		tracking_id: req.customer.source_id,
		metadata: req.metadata ?? {},
		channel: req.channel ?? 'API',
		source_id: req.sourceId ?? null,
		result: 'SUCCESS',
		campaign_id: vouchers[0].campaign_id,
		voucher_code: vouchers[0].code,
		vouchers_id: vouchers.map((v) => v.id),
	};
	store.publications.push(publication);
	env.emit('publication.succeeded', publicationView(store, publication, count), publication.id);
	return { publication, count, repeated: false };
}

// ---- Validation and redemption ----

export interface RedeemableRequest {
	object: 'voucher' | 'promotion_tier' | 'promotion_stack';
	id: string;
	gift?: Json;
	reward?: Json;
}

export interface Evaluated {
	request: RedeemableRequest;
	voucher?: Voucher;
	/** The promotion tier of a promotion_tier redeemable (the generic store's record). */
	tier?: Json;
	applicable: boolean;
	error?: { code: number; key: string; message: string; details: string };
	/** Order-level discount in minor units (discount vouchers), credits (gift cards), points (loyalty cards). */
	discount: number;
	credits: number;
	points: number;
	reward?: Json;
	result: Json;
}

/** The redeemables of a validation or redemption body: 1 to 30, each unique. */
export function readRedeemables(body: Json): RedeemableRequest[] {
	const list = body.redeemables;
	if (!Array.isArray(list) || list.length < 1 || list.length > 30) throw invalidPayload('Field redeemables is required and must be an array of 1 to 30 redeemables');
	const seen = new Set<string>();
	return list.map((entry, i) => {
		if (!isObject(entry)) throw invalidPayload(`Field redeemables[${i}] must be an object`);
		if (!['voucher', 'promotion_tier', 'promotion_stack'].includes(String(entry.object)))
			throw invalidPayload(`Field redeemables[${i}].object must be one of voucher, promotion_tier, promotion_stack`);
		if (typeof entry.id !== 'string' || !entry.id) throw invalidPayload(`Field redeemables[${i}].id is required and must be a string`);
		const key = `${entry.object}:${entry.id}`;
		if (seen.has(key)) throw invalidPayload(`Redeemable ${entry.id} is in the request twice; each redeemable may be sent once`);
		seen.add(key);
		for (const f of ['gift', 'reward'] as const) if (entry[f] !== undefined && !isObject(entry[f])) throw invalidPayload(`Field redeemables[${i}].${f} must be an object`);
		if (isObject(entry.gift) && entry.gift.credits !== undefined && (!isInt(entry.gift.credits) || entry.gift.credits < 0))
			throw invalidPayload(`Field redeemables[${i}].gift.credits must be an integer ≥ 0`);
		if (isObject(entry.reward) && entry.reward.points !== undefined && (!isInt(entry.reward.points) || entry.reward.points < 0))
			throw invalidPayload(`Field redeemables[${i}].reward.points must be an integer ≥ 0`);
		return entry as unknown as RedeemableRequest;
	});
}

/** The order amount of a body's `order` (its amount, or the sum of its items), in minor units; 0 when absent. */
export function orderAmount(body: Json): number {
	const order = body.order;
	if (order === undefined || order === null) return 0;
	if (!isObject(order)) throw invalidPayload('Field order must be an object');
	if (order.amount !== undefined) {
		if (!isInt(order.amount) || order.amount < 0) throw invalidPayload('Field order.amount must be an integer ≥ 0 (minor units)');
		return order.amount;
	}
	if (!Array.isArray(order.items)) return 0;
	return order.items.reduce<number>((sum, item) => {
		if (!isObject(item)) return sum;
		if (isInt(item.amount)) return sum + item.amount;
		return sum + (isInt(item.price) ? item.price : 0) * (isInt(item.quantity) ? item.quantity : 1);
	}, 0);
}

const failure = (code: number, key: string, message: string, details: string) => ({ code, key, message, details });

/** The reward assignment of `rewardId` in the card's campaign: its points cost. */
export function rewardCost(store: Store, voucher: Voucher, rewardId: string): { cost: number; reward: Json } | undefined {
	for (const a of store.rewardAssignments.values()) {
		if (a.reward_id === rewardId && a.related_object_id === voucher.campaign_id) {
			const loyalty = isObject(a.parameters.loyalty) ? a.parameters.loyalty : {};
			const reward = store.rewards.get(rewardId);
			return { cost: isInt(loyalty.points) ? loyalty.points : 0, reward: { ...(reward ?? { id: rewardId }), assignment_id: a.id } };
		}
	}
	return undefined;
}

/**
 * Whether each redeemable can be applied, in order, the order amount shrinking as discounts apply. A voucher
 * that does not exist, is disabled, expired, not started, used up, or whose card lacks the credits or points
 * asked for is inapplicable, with the reason.
 */
export function evaluate(store: Store, body: Json, customer?: Customer): { evaluated: Evaluated[]; amount: number } {
	const requests = readRedeemables(body);
	const amount = orderAmount(body);
	let remaining = amount;
	const now = Date.now();
	const evaluated = requests.map((request): Evaluated => {
		const base: Evaluated = { request, applicable: false, discount: 0, credits: 0, points: 0, result: {} };
		if (request.object === 'promotion_tier') {
			const evaluated = evaluateTier(store, base, remaining, now);
			remaining -= evaluated.discount;
			return evaluated;
		}
		if (request.object !== 'voucher') {
			return { ...base, error: failure(404, 'not_found', 'Resource not found', `Cannot find ${request.object.replace('_', ' ')} with id ${request.id}`) };
		}
		const v = store.findVoucher(request.id);
		if (!v) return { ...base, error: failure(404, 'not_found', 'Resource not found', `Cannot find voucher with id ${request.id}`) };
		const withVoucher = { ...base, voucher: v };
		const inapplicable = (key: string, message: string, details: string): Evaluated => ({ ...withVoucher, error: failure(400, key, message, details) });
		if (!v.active) return inapplicable('voucher_disabled', 'Voucher is disabled', `Voucher ${v.code} is disabled`);
		if (v.start_date && Date.parse(v.start_date) > now) return inapplicable('voucher_not_active', 'Voucher not active', `Voucher ${v.code} starts at ${v.start_date}`);
		if (v.expiration_date && Date.parse(v.expiration_date) < now) return inapplicable('voucher_expired', 'Voucher expired', `Voucher ${v.code} expired at ${v.expiration_date}`);
		if (v.redemption.quantity !== null && v.redemption.redeemed_quantity >= v.redemption.quantity)
			return inapplicable('quantity_exceeded', 'Quantity exceeded', `Voucher ${v.code} has been redeemed ${v.redemption.redeemed_quantity} of ${v.redemption.quantity} times`);
		if (v.holder_id && customer && v.holder_id !== customer.id && v.type !== 'DISCOUNT_VOUCHER')
			return inapplicable('customer_rules_violated', 'Customer does not match', `Card ${v.code} belongs to another customer`);
		if (v.type === 'GIFT_VOUCHER') {
			const balance = v.gift!.balance;
			const asked = isObject(request.gift) && isInt(request.gift.credits) ? request.gift.credits : undefined;
			const credits = asked ?? Math.min(balance, remaining);
			if (asked === undefined && amount === 0) return inapplicable('missing_order_amount', 'Order amount is required', `Send an order amount or gift credits to use gift card ${v.code}`);
			if (credits > balance || balance === 0) return inapplicable('gift_amount_exceeded', 'Gift amount exceeded', `Gift card ${v.code} has ${balance} left (asked for ${credits})`);
			remaining = Math.max(0, remaining - credits);
			return { ...withVoucher, applicable: true, credits, result: { gift: { balance, credits } } };
		}
		if (v.type === 'LOYALTY_CARD') {
			const balance = v.loyalty_card!.balance;
			const rewardId = isObject(request.reward) && typeof request.reward.id === 'string' ? request.reward.id : undefined;
			if (!rewardId) return inapplicable('missing_reward', 'Missing reward', `Choose the reward to redeem with loyalty card ${v.code}`);
			const assigned = rewardCost(store, v, rewardId);
			if (!assigned) return { ...withVoucher, error: failure(404, 'not_found', 'Resource not found', `Reward ${rewardId} is not assigned to the campaign of ${v.code}`) };
			const points = isObject(request.reward) && isInt(request.reward.points) ? request.reward.points : assigned.cost;
			if (points > balance) return inapplicable('loyalty_card_points_exceeded', 'Loyalty card points exceeded', `Loyalty card ${v.code} has ${balance} points; the reward needs ${points}`);
			return { ...withVoucher, applicable: true, points, reward: assigned.reward, result: { loyalty_card: { points } } };
		}
		const d = v.discount ?? {};
		const discount = discountOn(d, remaining);
		remaining -= discount;
		return { ...withVoucher, applicable: true, discount, result: { discount: d } };
	});
	return { evaluated, amount };
}

/** What a discount takes off the order amount still left, in minor units. */
function discountOn(d: Json, remaining: number): number {
	if (d.type === 'AMOUNT') return Math.min(Number(d.amount_off) || 0, remaining);
	if (d.type === 'PERCENT') return Math.min(Math.floor((remaining * (Number(d.percent_off) || 0)) / 100), isInt(d.amount_limit) ? d.amount_limit : Infinity);
	if (d.type === 'FIXED') return Math.max(0, remaining - (Number(d.fixed_amount) || 0));
	return 0;
}

/** Where the generic store keeps promotion tiers (routes/promotions.cts: TIER_SPEC.path, no parents). */
const PROMOTION_TIERS = '/v1/promotions/tiers';

/**
 * A promotion tier applies its discount without a code: it must exist, be active in an active campaign, and be
 * within its start and expiration dates.
 */
function evaluateTier(store: Store, base: Evaluated, remaining: number, now: number): Evaluated {
	const id = base.request.id;
	const tier = store.records.get(PROMOTION_TIERS)?.get(id);
	if (!tier) return { ...base, error: failure(404, 'not_found', 'Resource not found', `Cannot find promotion tier with id ${id}`) };
	const withTier = { ...base, tier };
	const inapplicable = (key: string, message: string, details: string): Evaluated => ({ ...withTier, error: failure(400, key, message, details) });
	const campaign = store.campaigns.get(String(tier.campaign_id));
	if (tier.active !== true || campaign?.active === false) return inapplicable('promotion_tier_disabled', 'Promotion tier is disabled', `Promotion tier ${id} is disabled`);
	if (typeof tier.start_date === 'string' && Date.parse(tier.start_date) > now) return inapplicable('promotion_tier_not_active', 'Promotion tier not active', `Promotion tier ${id} starts at ${tier.start_date}`);
	if (typeof tier.expiration_date === 'string' && Date.parse(tier.expiration_date) < now) return inapplicable('promotion_tier_expired', 'Promotion tier expired', `Promotion tier ${id} expired at ${tier.expiration_date}`);
	const d = (isObject(tier.action) && isObject(tier.action.discount) ? tier.action.discount : {}) as Json;
	return { ...withTier, applicable: true, discount: discountOn(d, remaining), result: { discount: d } };
}

/** The calculated order of a validation or redemption. */
export function calculatedOrder(body: Json, amount: number, evaluated: Evaluated[], customer?: Customer): Json {
	const given = isObject(body.order) ? body.order : {};
	const applied = evaluated.filter((e) => e.applicable).reduce((sum, e) => sum + e.discount + e.credits, 0);
	return {
		...given,
		amount,
		discount_amount: applied,
		total_discount_amount: applied,
		total_amount: amount - applied,
		applied_discount_amount: applied,
		total_applied_discount_amount: applied,
		customer_id: customer?.id ?? null,
		object: 'order',
	};
}

/** One redeemable's entry in a validation response. */
export function redeemableView(e: Evaluated): Json {
	const v = e.voucher;
	const common = {
		id: e.request.id,
		object: e.request.object,
		metadata: v?.metadata ?? e.tier?.metadata ?? {},
		categories: [],
		campaign_name: v?.campaign ?? undefined,
		campaign_id: v?.campaign_id ?? e.tier?.campaign_id ?? undefined,
	};
	if (e.applicable) return { status: 'APPLICABLE', ...common, result: e.result };
	return { status: 'INAPPLICABLE', ...common, result: { error: e.error, details: { message: e.error?.message, key: e.error?.key } } };
}

export interface RedemptionContext {
	customer?: Customer;
	trackingId: string | null;
	metadata: Json | null;
}

/** The channel of what the emulator's API caller does: the service names the application's ID. */
export function apiChannel(env: Env): { channel_id: string; channel_type: 'API' } {
	return { channel_id: env.creds.appId, channel_type: 'API' };
}

/** What every redemption record of one redeemable has, succeeded or failed. */
function redemptionRecord(env: Env, e: Evaluated, ctx: RedemptionContext, outcome: Pick<Redemption, 'result' | 'status'>): Redemption {
	const date = new Date().toISOString();
	return {
		id: env.store.nextSortableId('r_'),
		object: 'redemption',
		date,
		created_at: date,
		customer_id: ctx.customer?.id ?? null,
		tracking_id: ctx.trackingId,
		metadata: ctx.metadata,
		redemption: null,
		...outcome,
		customer: ctx.customer ? embedCustomer(ctx.customer) : null,
		...(e.request.object === 'promotion_tier'
			? { related_object_type: 'promotion_tier' as const, related_object_id: e.request.id, promotion_tier: e.tier ? { ...e.tier } : { id: e.request.id, object: 'promotion_tier' } }
			: { related_object_type: 'voucher' as const, related_object_id: e.voucher?.id ?? e.request.id, voucher: e.voucher ? { ...e.voucher } : { code: e.request.id, object: 'voucher' } }),
	};
}

/** A successful redemption of one evaluated redeemable: the voucher's balance and count change. */
export function applyRedemption(env: Env, e: Evaluated, ctx: RedemptionContext & { order: Json; parentId: string | null }): Redemption {
	const store = env.store;
	const record = redemptionRecord(env, e, ctx, { result: 'SUCCESS', status: 'SUCCEEDED' });
	const { id, date } = record;
	const common = { redemption: ctx.parentId, order: ctx.order, channel: apiChannel(env), related_redemptions: { rollbacks: [] } };
	if (e.tier) {
		// A promotion tier has no code, balance or count to change: the redemption records its discount.
		const redemption: Redemption = { ...record, ...common, amount: e.discount };
		store.redemptions.set(id, redemption);
		env.emit('redemption.succeeded', redemption, id);
		return redemption;
	}
	const v = e.voucher!;
	v.redemption.redeemed_quantity++;
	if (e.credits > 0) {
		changeBalance(env, v, { amount: -e.credits, type: 'CREDITS_REDEMPTION', details: { redemption: { id } } });
		v.redemption.redeemed_amount = (v.redemption.redeemed_amount ?? 0) + e.credits;
	}
	if (e.points > 0) {
		changeBalance(env, v, { amount: -e.points, type: 'POINTS_REDEMPTION', details: { redemption: { id } } });
		v.redemption.redeemed_points = (v.redemption.redeemed_points ?? 0) + e.points;
	}
	v.updated_at = date;
	const redemption: Redemption = {
		...record,
		amount: e.credits || e.points || e.discount,
		redemption: ctx.parentId,
		order: ctx.order,
		channel: apiChannel(env),
		voucher: { ...v },
		...(e.credits > 0 ? { gift: { amount: e.credits } } : {}),
		...(e.points > 0 ? { loyalty_card: { points: e.points } } : {}),
		...(e.reward ? { reward: e.reward } : {}),
		related_redemptions: { rollbacks: [] },
	};
	store.redemptions.set(id, redemption);
	env.emit('redemption.succeeded', redemption, id);
	if (e.reward) env.emit('customer.rewarded', { customer: redemption.customer, reward: e.reward, voucher: v, redemption }, ctx.customer?.id);
	return redemption;
}

/** A failed redemption attempt, recorded and told to the webhooks. */
export function recordFailure(env: Env, e: Evaluated, ctx: RedemptionContext): Redemption {
	const redemption: Redemption = {
		...redemptionRecord(env, e, ctx, { result: 'FAILURE', status: 'FAILED' }),
		failure_code: e.error?.key,
		failure_message: e.error?.details,
	};
	env.store.redemptions.set(redemption.id, redemption);
	env.emit('redemption.failed', redemption, redemption.id);
	return redemption;
}

/** Undoes one successful redemption: gives back the count, credits and points; marks it rolled back. */
export function rollbackOne(env: Env, r: Redemption, reason: string | null, metadata: Json | null): Redemption {
	const store = env.store;
	const id = store.nextSortableId('rr_');
	const date = new Date().toISOString();
	const v = store.vouchers.get(r.related_object_id);
	const credits = isObject(r.gift) && isInt(r.gift.amount) ? r.gift.amount : 0;
	const points = isObject(r.loyalty_card) && isInt(r.loyalty_card.points) ? r.loyalty_card.points : 0;
	if (v) {
		v.redemption.redeemed_quantity = Math.max(0, v.redemption.redeemed_quantity - 1);
		if (credits > 0) {
			changeBalance(env, v, { amount: credits, type: 'CREDITS_REFUND', reason, details: { rollback: { id } } });
			v.redemption.redeemed_amount = Math.max(0, (v.redemption.redeemed_amount ?? 0) - credits);
		}
		if (points > 0) {
			changeBalance(env, v, { amount: points, type: 'POINTS_REFUND', reason, details: { rollback: { id } } });
			v.redemption.redeemed_points = Math.max(0, (v.redemption.redeemed_points ?? 0) - points);
		}
	}
	r.status = 'ROLLED_BACK';
	(r.related_redemptions as { rollbacks: Json[] }).rollbacks.push({ id, date });
	// no reason given: the key is left out (the contract does not let it be null)
	const rollback = leaveOutEmpty<Redemption>({
		id,
		object: 'redemption_rollback',
		date,
		created_at: date,
		customer_id: r.customer_id,
		tracking_id: r.tracking_id,
		metadata: metadata ?? r.metadata,
		amount: credits || points ? -(credits || points) : 0,
		reason,
		redemption: r.id,
		result: 'SUCCESS',
		status: 'SUCCEEDED',
		order: r.order ?? null,
		channel: apiChannel(env),
		customer: r.customer,
		related_object_type: r.related_object_type,
		related_object_id: r.related_object_id,
		voucher: v ? { ...v } : r.voucher,
	}, ['reason']);
	store.redemptions.set(id, rollback);
	env.emit('redemption.rollback.succeeded', rollback, id);
	return rollback;
}

/** One page of a paged v1 list: `limit` 1–100 (default 10), `page` 1–`maxPage`; `items` already filtered and sorted. */
export function listPage<T>(dataRef: string, items: T[], query: Record<string, string>, maxPage: number): Record<string, unknown> {
	return pagedList(dataRef, pageOf(items, parsePage(query, maxPage), parseLimit(query, 10)), items.length);
}

/** The code and campaign name of the voucher a redemption used (none for the parent of a stacked redemption). */
export function redemptionVoucher(r: Redemption): { code?: string; campaign?: string } {
	return isObject(r.voucher) ? { code: r.voucher.code as string | undefined, campaign: (r.voucher.campaign as string | undefined) ?? undefined } : {};
}
