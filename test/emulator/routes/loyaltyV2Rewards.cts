/**
 * The v2 reward catalogue (auth B, /v2/loyalties/rewards), served by the catalogue registrar with the contract's
 * rules: a create needs name, type and 1 to 10 costs (each one spending of whole points ≥ 1 on an existing card
 * definition, 404 otherwise); the type's object is required and the other kind's null; products, SKUs and
 * campaigns named exist (404); defaults ANY_TIME validity hours, no refunds, no purchase limits. Outside DRAFT an
 * update takes only name, metadata, refunds, validity hours, dates and costs (400 for the others). DRAFT or
 * INACTIVE → ACTIVE, ACTIVE → INACTIVE, ACTIVE → DRAFT (not while a program offers it), else 409; a deleted
 * reward leaves the programs it was assigned to. A program's reward assignment takes a new stock (PUT), keeping its
 * redeemed count.
 */
import { ApiError, invalidParam, invalidPayload, notFound } from '../errors.cjs';
import { type Ctx, ok, type Router } from '../router.cjs';
import type { Card, Member, Store } from '../state.cjs';
import { anyObject, arr, bodyObject, int, isObject, type Json, leaveOutEmpty, nullable, obj, type Rule, str } from '../validate.cjs';
import { type CatalogueSpec, FULL_STATUS_MOVES, registerCatalogue } from './loyaltyV2Catalogue.cjs';
import { findProgram } from './loyaltyV2Members.cjs';

type Record_ = Json & { id: string; status: string; created_at: string };

const CARD_DEFINITION_ID = /^lcdef_[a-f0-9]+$/;
const dateTime = nullable((v, path) => {
	if (typeof v !== 'string' || Number.isNaN(Date.parse(v))) throw invalidPayload(`Field ${path} must be an ISO 8601 date-time or null`);
});

/** `type` names which of the object's settings objects is given; the others are null or absent. */
function oneOfType(kinds: readonly string[]) {
	return (o: Json, path: string) => {
		const own = String(o.type).toLowerCase();
		if (!isObject(o[own])) throw invalidPayload(`Field ${path}${path ? '.' : ''}${own} is required when ${path}${path ? '.' : ''}type is ${String(o.type)}`);
		for (const other of kinds.map((k) => k.toLowerCase()))
			if (other !== own && o[other] !== undefined && o[other] !== null) throw invalidPayload(`Field ${path}${path ? '.' : ''}${other} must be null when type is ${String(o.type)}`);
	};
}

const MATERIAL = obj(
	{
		type: str({ enum: ['PRODUCT', 'SKU'] }),
		product: nullable(obj({ id: str({ pattern: /^prod_[a-f0-9]+/ }) }, ['id'])),
		sku: nullable(obj({ id: str({ pattern: /^sku_[a-f0-9]+/ }), product_id: str({ pattern: /^prod_[a-f0-9]+/ }) }, ['id', 'product_id'])),
	},
	['type'],
	oneOfType(['PRODUCT', 'SKU']),
);
const DIGITAL = obj(
	{
		type: str({ enum: ['DISCOUNT_COUPONS', 'GIFT_VOUCHERS', 'LOYALTY_CARD_POINTS'] }),
		discount_coupons: nullable(obj({ campaign_id: str({ pattern: /^camp_[a-zA-Z0-9]+/ }) }, ['campaign_id'])),
		gift_vouchers: nullable(
			obj({ campaign_id: str({ pattern: /^camp_[a-zA-Z0-9]+/ }), balance: (v, path) => {
				if (typeof v !== 'number' || v < 0) throw invalidPayload(`Field ${path} must be a number ≥ 0`);
			} }, ['campaign_id', 'balance']),
		),
		loyalty_card_points: nullable(obj({ points: int({ min: 1 }), card_definition_id: str({ pattern: CARD_DEFINITION_ID }) }, ['points', 'card_definition_id'])),
	},
	['type'],
	oneOfType(['DISCOUNT_COUPONS', 'GIFT_VOUCHERS', 'LOYALTY_CARD_POINTS']),
);
const SPENDING = obj(
	{ id: str({ pattern: /^lrspn_[a-f0-9]+$/ }), name: nullable(str({ max: 200 })), points: int({ min: 1 }), card_definition_id: str({ pattern: CARD_DEFINITION_ID }) },
	['points', 'card_definition_id'],
);
const RULES: Rule = (v, path) => {
	anyObject(v, path);
	const rules = v as Json;
	if (typeof rules.logic !== 'string') throw invalidPayload(`Field ${path}.logic is required`);
	const numbered = Object.keys(rules).filter((key) => key !== 'logic');
	if (numbered.length < 1 || numbered.length > 10 || numbered.some((key) => !/^[1-9]\d*$/.test(key)))
		throw invalidPayload(`Field ${path} must hold logic and 1 to 10 numbered rule definitions`);
};
const cost = (withId: boolean) =>
	obj({ ...(withId ? { id: str({ pattern: /^lrcst_[a-f0-9]+$/ }) } : {}), rules: RULES, spending: arr(SPENDING, { min: 1, max: 1 }) }, ['spending']);
const VALIDITY_HOURS = nullable(
	obj(
		{
			type: str({ enum: ['DAILY', 'ANY_TIME'] }),
			daily: nullable(arr(obj({ days_of_week: arr(int({ min: 0, max: 6 }), { min: 1, max: 7, unique: true }), start_time: str(), end_time: str() }, ['days_of_week', 'start_time', 'end_time']), { min: 1 })),
		},
		['type'],
		(o, path) => {
			if (o.type === 'DAILY' && !Array.isArray(o.daily)) throw invalidPayload(`Field ${path}.daily is required when ${path}.type is DAILY`);
			if (o.type === 'ANY_TIME' && o.daily !== undefined && o.daily !== null) throw invalidPayload(`Field ${path}.daily must be null when ${path}.type is ANY_TIME`);
		},
	),
);
const PURCHASE_LIMITS = nullable(
	obj({
		cooldown: nullable(obj({ type: str({ enum: ['NO_COOLDOWN', 'FIXED_COOLDOWN'] }), fixed_cooldown: nullable(anyObject) }, ['type'])),
		frequency: nullable(obj({ type: str({ enum: ['NO_LIMIT', 'LIMITED'] }), limits: nullable(arr(anyObject, { max: 1 })) }, ['type'])),
	}),
);

const FIELDS: Record<string, Rule> = {
	name: str({ min: 1, max: 200 }),
	type: str({ enum: ['MATERIAL', 'DIGITAL'] }),
	validity_hours: VALIDITY_HOURS,
	start_date: dateTime,
	end_date: dateTime,
	material: nullable(MATERIAL),
	digital: nullable(DIGITAL),
	refunds: nullable(obj({ type: str({ enum: ['NONE', 'REFUNDABLE'] }) }, ['type'])),
	purchase_limits: PURCHASE_LIMITS,
	metadata: nullable(anyObject),
};

/** What the reward names exists (404): its costs' card definitions, its product, SKU, campaign or card definition. */
function checkReward(body: Json, store: Store, existing?: Record_): void {
	if (body.type !== undefined || !existing) oneOfType(['MATERIAL', 'DIGITAL'])({ ...existing, ...body }, '');
	for (const c of (body.costs ?? []) as Json[])
		for (const s of c.spending as Json[]) if (!store.cardDefinitions.has(s.card_definition_id as string)) throw notFound('card_definition', s.card_definition_id as string);
	const material = body.material as Json | null | undefined;
	const product = material ? (((material.product ?? material.sku) as Json)[material.product ? 'id' : 'product_id'] as string) : undefined;
	if (product !== undefined && !store.products.has(product)) throw notFound('product', product);
	const sku = (material?.sku as Json | null | undefined)?.id as string | undefined;
	if (sku !== undefined && !store.skus.has(sku)) throw notFound('sku', sku);
	const digital = body.digital as Json | null | undefined;
	const campaign = ((digital?.discount_coupons ?? digital?.gift_vouchers) as Json | null | undefined)?.campaign_id as string | undefined;
	if (campaign !== undefined && !store.campaigns.has(campaign)) throw notFound('campaign', campaign);
	const card = (digital?.loyalty_card_points as Json | null | undefined)?.card_definition_id as string | undefined;
	if (card !== undefined && !store.cardDefinitions.has(card)) throw notFound('card_definition', card);
}

/** Costs and their spendings get ids (lrcst_…, lrspn_…) when they have none; the kind not given is left out. */
function complete(record: Json, store: Store): void {
	record.costs = ((record.costs ?? []) as Json[]).map((c) =>
		leaveOutEmpty({ ...c, id: c.id ?? store.newId('lrcst_'), spending: (c.spending as Json[]).map((s) => ({ name: null, ...s, id: s.id ?? store.newId('lrspn_') })) }, ['rules']),
	);
	for (const kind of ['material', 'digital']) if (record[kind] === null) delete record[kind];
}

/** The programs a reward is assigned to. */
const programsOffering = (store: Store, id: string) => [...store.programRewards.entries()].filter(([, rewards]) => rewards.has(id)).map(([program]) => program);

export const REWARDS: CatalogueSpec = {
	collection: '/v2/loyalties/rewards',
	pattern: /^lrew_[a-f0-9]+$/,
	idPrefix: 'lrew_',
	object: 'reward',
	listCursor: 'lcrsrew_',
	activityCursor: 'lcrsarew_',
	activityPrefix: 'vl.reward.',
	records: (store) => store.v2Rewards as unknown as Map<string, Record_>,
	moves: FULL_STATUS_MOVES,
	moveStatus: 409,
	create: obj({ ...FIELDS, costs: arr(cost(false), { min: 1, max: 10 }), status: str({ enum: ['DRAFT', 'ACTIVE'] }) }, ['name', 'type', 'costs']),
	update: obj({ ...FIELDS, costs: arr(cost(true), { min: 1, max: 10 }) }),
	defaults: () => ({
		validity_hours: { type: 'ANY_TIME' },
		start_date: null,
		end_date: null,
		refunds: { type: 'NONE' },
		purchase_limits: { cooldown: { type: 'NO_COOLDOWN' }, frequency: { type: 'NO_LIMIT', limits: [] } },
		metadata: {},
	}),
	check: checkReward,
	complete,
	liveFields: ['name', 'metadata', 'refunds', 'validity_hours', 'start_date', 'end_date', 'costs'],
	outsideDraft: 'reject',
	beforeMove: (record, to, store) => {
		const programs = programsOffering(store, record.id);
		if (to === 'DRAFT' && programs.length)
			throw new ApiError(409, 'invalid_state_transition', `Reward ${record.id} is assigned to programs ${programs.join(', ')}: it cannot move to DRAFT`, { resource_type: 'reward', resource_id: record.id });
	},
	afterDelete: (record, store) => {
		for (const rewards of store.programRewards.values()) rewards.delete(record.id);
	},
};

// A program's reward assignment: its stock changes; the redeemed count stays.

const STOCK = obj({ type: str({ enum: ['UNLIMITED', 'LIMITED'] }), limited: nullable(obj({ quantity: int({ min: 0 }) }, ['quantity'])) }, ['type'], (o, path) => {
	if (o.type === 'LIMITED' && !isObject(o.limited)) throw invalidPayload(`Field ${path}.limited is required when ${path}.type is LIMITED`);
	if (o.type === 'UNLIMITED' && o.limited !== undefined) throw invalidPayload(`Field ${path}.limited must not be given when ${path}.type is UNLIMITED`);
});
const ASSIGNMENT_UPDATE = obj({ stock: STOCK }, ['stock']);

function updateAssignment(ctx: Ctx) {
	const program = findProgram(ctx);
	const { rewardId } = ctx.params;
	if (!REWARDS.pattern.test(rewardId)) throw invalidParam(`Path parameter rewardId must match ${REWARDS.pattern.source} (got ${rewardId})`);
	const body = bodyObject(ctx.body);
	ASSIGNMENT_UPDATE(body, '');
	const assigned = ctx.env.store.programRewards.get(program.id)?.get(rewardId);
	if (!assigned) throw notFound('program_reward', rewardId, 'reward assigned to this program');
	const stock = body.stock as Json;
	assigned.stock = stock.type === 'UNLIMITED' ? { type: 'UNLIMITED' } : { type: 'LIMITED', limited: { quantity: (stock.limited as Json).quantity as number } };
	assigned.updated_at = new Date().toISOString();
	return ok(assigned);
}

// Examinations (nothing changes): which rewards each card of the customer's memberships can buy, and what the
// earning rules would give. A customer is examined in the ACTIVE programs they are an ACTIVE member of; a member
// only in theirs. Member metadata overrides need a member (400).

const IDENTIFICATION = obj(
	{
		type: str({ enum: ['customer_id', 'customer_source_id', 'member_id'] }),
		customer_id: nullable(str({ pattern: /^cust_[a-zA-Z0-9]+/ })),
		customer_source_id: nullable((v, path) => {
			if (typeof v !== 'string' && typeof v !== 'number') throw invalidPayload(`Field ${path} must be a string or a number`);
		}),
		member_id: nullable(str({ pattern: /^lmbr_[a-f0-9]+$/ })),
	},
	['type'],
	(o, path) => {
		const own = String(o.type);
		if (o[own] === undefined || o[own] === null) throw invalidPayload(`Field ${path}.${own} is required when ${path}.type is ${own}`);
		for (const other of ['customer_id', 'customer_source_id', 'member_id'])
			if (other !== own && o[other] !== undefined && o[other] !== null) throw invalidPayload(`Field ${path}.${other} must be null when ${path}.type is ${own}`);
	},
);
const OVERRIDE = obj({ metadata: nullable(anyObject) });
const EXAMINE_REWARDS = obj({ customer_identification: IDENTIFICATION, customer: OVERRIDE, member: OVERRIDE }, ['customer_identification'], (o) => {
	if (o.member !== undefined && (o.customer_identification as Json).type !== 'member_id') throw invalidPayload('Field member needs customer_identification.type member_id');
});

/** The customer and the memberships an identification names (404 for an unknown customer or member). */
function memberships(store: Store, identification: Json): { customer: Json; members: Member[] } {
	if (identification.type === 'member_id') {
		const member = store.members.get(identification.member_id as string);
		if (!member) throw notFound('member', identification.member_id as string);
		return { customer: (store.customers.get(member.customer_id) ?? { id: member.customer_id }) as unknown as Json, members: [member] };
	}
	const key = String(identification.customer_id ?? identification.customer_source_id);
	const customer = store.findCustomer(key);
	if (!customer) throw notFound('customer', key);
	const members = [...store.members.values()].filter((m) => m.customer_id === customer.id && (m.status ?? 'ACTIVE') === 'ACTIVE' && store.programs.get(m.program_id)?.status === 'ACTIVE');
	return { customer: customer as unknown as Json, members };
}

const customerRef = (c: Json, override?: Json) => ({ id: c.id, source_id: c.source_id ?? null, metadata: { ...(c.metadata as Json | undefined), ...(override?.metadata as Json | undefined) }, object: 'customer' });
const memberRef = (m: Member, override?: Json) => ({ id: m.id, customer_id: m.customer_id, program_id: m.program_id, metadata: { ...m.metadata, ...(override?.metadata as Json | undefined) }, object: 'member' });
const programRef = (store: Store, id: string) => ({ id, name: store.programs.get(id)?.name ?? '', metadata: store.programs.get(id)?.metadata ?? {}, object: 'program' });
const cardRef = (c: Card) => ({ id: c.id, card_definition_id: c.card_definition_id, card_type: 'INDIVIDUAL', code: c.code ?? null, object: 'card' });
const cardsOf = (store: Store, m: Member) => [...store.cards.values()].filter((c) => c.member_id === m.id);

function examineRewards(ctx: Ctx) {
	const { store } = ctx.env;
	const body = bodyObject(ctx.body);
	EXAMINE_REWARDS(body, '');
	const { customer, members } = memberships(store, body.customer_identification as Json);
	const seen = new Map<string, Json>();
	const result = members.map((m) => {
		const offered = [...(store.programRewards.get(m.program_id)?.keys() ?? [])].map((id) => store.v2Rewards.get(id)).filter((r) => r?.status === 'ACTIVE') as Record_[];
		const cards = cardsOf(store, m).map((card) => {
			const rewards = offered.flatMap((reward) => {
				const spending = ((reward.costs ?? []) as Json[]).map((c) => (c.spending as Json[])[0]).find((sp) => sp.card_definition_id === card.card_definition_id);
				if (!spending) return [];
				seen.set(reward.id, { id: reward.id, name: reward.name, type: reward.type, metadata: reward.metadata ?? {}, object: 'reward', purchase_limits: reward.purchase_limits });
				const required = Number(spending.points);
				const available = card.points ?? 0;
				const target = ((reward.digital as Json | undefined)?.loyalty_card_points as Json | undefined)?.card_definition_id as string | undefined;
				const reasons = [
					...(available < required ? [{ reason: 'insufficient_balance', details: { required, available, missing: required - available }, object: 'reward_unavailability_reason' }] : []),
					...(target && !cardsOf(store, m).some((c) => c.card_definition_id === target) ? [{ reason: 'no_target_card', details: { card_definition_id: target }, object: 'reward_unavailability_reason' }] : []),
				];
				return [{ reward: { id: reward.id, object: 'reward' }, status: reasons.length ? 'UNAVAILABLE' : 'AVAILABLE', cost: { points: required, object: 'reward_cost' }, ...(reasons.length ? { unavailability_reasons: reasons } : {}), object: 'reward_estimation' }];
			});
			return { card: cardRef(card), rewards, object: 'card_estimation' };
		});
		return { member: memberRef(m, body.member as Json | undefined), program: programRef(store, m.program_id), cards, object: 'member_rewards_opportunity' };
	});
	return ok({ customer: customerRef(customer, body.customer as Json | undefined), rewards: [...seen.values()], memberships: result, object: 'rewards_examine_result' });
}

const EVENTS = ['customer.order.paid', 'customer.segment.entered', 'customer.custom_event'];
const CONTEXTS: Record<string, string> = { 'customer.order.paid': 'customer_order_paid', 'customer.segment.entered': 'customer_segment_entered', 'customer.custom_event': 'customer_custom_event' };
const AMOUNT = nullable((v, path) => {
	if (!(typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v))) || Number(v) < 0 || !Number.isInteger(Number(v))) throw invalidPayload(`Field ${path} must be a non-negative integer`);
});
const CUSTOM_EVENT = obj({ schema_id: str({ pattern: /^ms_[a-zA-Z0-9]+/ }), metadata: nullable(anyObject) }, ['schema_id']);
const EXAMINE_EARNINGS = obj(
	{
		trigger: obj({ type: str({ enum: ['ALL', 'SPECIFIC'] }), specific: nullable(obj({ event: str({ enum: EVENTS }) }, ['event'])) }, ['type'], (o, path) => {
			if (o.type === 'SPECIFIC' && !isObject(o.specific)) throw invalidPayload(`Field ${path}.specific is required when ${path}.type is SPECIFIC`);
			if (o.type === 'ALL' && o.specific !== undefined && o.specific !== null) throw invalidPayload(`Field ${path}.specific must be null when ${path}.type is ALL`);
		}),
		customer_identification: IDENTIFICATION,
		customer_order_paid: obj({ customer: OVERRIDE, member: OVERRIDE, order: obj({ amount: AMOUNT, initial_amount: AMOUNT, discount_amount: AMOUNT, items: nullable(arr(anyObject, { max: 500 })), metadata: nullable(anyObject) }) }),
		customer_segment_entered: obj({ customer: OVERRIDE, member: OVERRIDE }),
		customer_custom_event: obj(
			{ type: str({ enum: ['ALL', 'SPECIFIC'] }), all: nullable(obj({ customer: OVERRIDE, member: OVERRIDE, custom_event: obj({ metadata: nullable(anyObject) }) })), specific: nullable(obj({ customer: OVERRIDE, member: OVERRIDE, custom_event: CUSTOM_EVENT }, ['custom_event'])) },
			['type'],
			(o, path) => {
				const own = String(o.type).toLowerCase();
				if (!isObject(o[own])) throw invalidPayload(`Field ${path}.${own} is required when ${path}.type is ${String(o.type)}`);
			},
		),
	},
	['trigger', 'customer_identification'],
	(o) => {
		const event = ((o.trigger as Json).specific as Json | null | undefined)?.event as string | undefined;
		if (!event) return;
		for (const [e, key] of Object.entries(CONTEXTS)) {
			if (e === event && o[key] === undefined) throw invalidPayload(`Field ${key} is required when trigger.specific.event is ${event}`);
			if (e !== event && o[key] !== undefined) throw invalidPayload(`Field ${key} must not be given when trigger.specific.event is ${event}`);
		}
	},
);

function examineEarningRules(ctx: Ctx) {
	const { store } = ctx.env;
	const body = bodyObject(ctx.body);
	EXAMINE_EARNINGS(body, '');
	const event = (((body.trigger as Json).specific as Json | null | undefined)?.event as string | undefined) ?? null;
	const { customer, members } = memberships(store, body.customer_identification as Json);
	const seen = new Map<string, Json>();
	const result = members.map((m) => {
		const rules = [...(store.programAssignments.get(m.program_id)?.earning_rules ?? [])]
			.map((id) => store.earningRules.get(id))
			.filter((rule) => rule?.status === 'ACTIVE' && (event === null || ((rule.trigger as Json | undefined)?.event ?? 'customer.order.paid') === event)) as Array<Json & { id: string }>;
		const cards = cardsOf(store, m).map((card) => {
			const estimations = rules.flatMap((rule) => {
				const points = ((rule.earnings ?? []) as Json[])
					.flatMap((earning) => earning.effects as Json[])
					.filter((effect) => effect.type === 'POINTS' && (effect.points as Json).card_definition_id === card.card_definition_id)
					.reduce((sum, effect) => sum + Number((effect.points as Json).value), 0);
				if (!points) return [];
				seen.set(rule.id, { id: rule.id, name: rule.name, metadata: rule.metadata ?? {}, object: 'earning_rule' });
				return [{ earning_rule: { id: rule.id, object: 'earning_rule' }, points_estimation: points, object: 'earning_rule_estimation' }];
			});
			return { card: cardRef(card), points_estimation: estimations.reduce((sum, e) => sum + e.points_estimation, 0), earning_rules: estimations, object: 'card_estimation' };
		});
		return { member: memberRef(m), program: programRef(store, m.program_id), cards, benefits: [], object: 'member_earnings_opportunity' };
	});
	return ok({ event, customer: customerRef(customer), earning_rules: [...seen.values()], memberships: result, object: 'earnings_examine_result' });
}

export function register(r: Router): void {
	r.post('/v2/loyalties/examine/rewards', 'B', examineRewards);
	r.post('/v2/loyalties/examine/earning-rules', 'B', examineEarningRules);
	registerCatalogue(r, REWARDS, ['create', 'list', 'get', 'update', 'delete', 'activities', 'activate', 'deactivate', 'draft']);
	r.put('/v2/loyalties/programs/{programId}/rewards/{rewardId}', 'B', updateAssignment);
}
