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
import { ApiError, invalidParam, invalidPayload, notFound } from '../errors';
import { type Ctx, ok, type Router } from '../router';
import type { Store } from '../state';
import { anyObject, arr, bodyObject, int, isObject, type Json, nullable, obj, type Rule, str } from '../validate';
import { type CatalogueSpec, registerCatalogue } from './loyaltyV2Catalogue';
import { findProgram } from './loyaltyV2Members';

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
	record.costs = ((record.costs ?? []) as Json[]).map((c) => ({
		rules: null,
		...c,
		id: c.id ?? store.newId('lrcst_'),
		spending: (c.spending as Json[]).map((s) => ({ name: null, ...s, id: s.id ?? store.newId('lrspn_') })),
	}));
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
	moves: { activate: { from: ['DRAFT', 'INACTIVE'], to: 'ACTIVE' }, deactivate: { from: ['ACTIVE'], to: 'INACTIVE' }, draft: { from: ['ACTIVE'], to: 'DRAFT' } },
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

export function register(r: Router): void {
	registerCatalogue(r, REWARDS, ['create', 'list', 'get', 'update', 'delete', 'activities', 'activate', 'deactivate', 'draft']);
	r.put('/v2/loyalties/programs/{programId}/rewards/{rewardId}', 'B', updateAssignment);
}
