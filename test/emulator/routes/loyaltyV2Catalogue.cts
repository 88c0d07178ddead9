/**
 * The v2 program catalogue (auth B): records under /v2/loyalties/<collection> with create, get, list (v2 cursor,
 * name/status/created_at filters), update, a soft delete answering the record's last state, status moves and
 * activities, from one description per kind. A kind's own rules (what a create needs, what may change outside
 * DRAFT, what a move or delete needs) sit in its description; every change is recorded as an activity.
 *
 * Earning rules: created DRAFT unless ACTIVE is asked, with the contract's defaults (validity ANY_TIME, no cooldown,
 * no frequency limit); their points effects name existing card definitions and their benefit effects existing
 * benefits (404); outside DRAFT an update leaves the trigger as it is; DRAFT or INACTIVE → ACTIVE, ACTIVE →
 * INACTIVE, ACTIVE → DRAFT, anything else 409; a deleted rule leaves the programs it was assigned to.
 */
import { ApiError, invalidParam, invalidPayload, notFound } from '../errors.cjs';
import { type Ctx, ok, type Router } from '../router.cjs';
import type { Store } from '../state.cjs';
import { TIER_STRUCTURE_UPDATE } from '../contractV2.cjs';
import { anyObject, arr, bodyObject, int, isObject, type Json, leaveOutEmpty, nullable, num, obj, type Rule, str, typed } from '../validate.cjs';
import { v2Page } from './loyaltyV2Lists.cjs';

type Move = 'activate' | 'deactivate' | 'draft';
type Record_ = Json & { id: string; status: string; created_at: string };

/** The status moves of a catalogue record that can be activated, deactivated and moved back to draft. */
export const FULL_STATUS_MOVES = { activate: { from: ['DRAFT', 'INACTIVE'], to: 'ACTIVE' }, deactivate: { from: ['ACTIVE'], to: 'INACTIVE' }, draft: { from: ['ACTIVE'], to: 'DRAFT' } };

export interface CatalogueSpec {
	collection: string;
	pattern: RegExp;
	/** New ids: this prefix and 16 hex digits, e.g. 'lern_'. */
	idPrefix: string;
	/** The records' `object`, also the resource_type of their 404s, e.g. 'earning_rule'. */
	object: string;
	/** Cursor prefixes of the list and of the activities, and the activities' type prefix, e.g. 'vl.earning_rule.'. */
	listCursor: string;
	activityCursor: string;
	activityPrefix: string;
	records(store: Store): Map<string, Record_>;
	/** The moves the kind has: the statuses each starts from and the one it reaches. */
	moves: Partial<Record<Move, { from: readonly string[]; to: string }>>;
	/** The status an invalid move answers: 409 (conflict) or 400 invalid_state_transition. */
	moveStatus: 400 | 409;
	/** The create and update bodies' rules; a kind whose create or update another file serves has none. */
	create?: Rule;
	update?: Rule;
	/** What a new record starts with, before the body's fields. */
	defaults?(body: Json, store: Store): Json;
	/** Checks what the body names exists (404) or may be used; `existing` on updates. */
	check?(body: Json, store: Store, existing?: Record_): void;
	/** Completes a record after a create or update (e.g. ids of its items); never changes the request body. */
	complete?(record: Record_, store: Store): void;
	/** The fields an update may change outside DRAFT: others are kept as they are ('ignore') or refused, 400 ('reject'). */
	liveFields: readonly string[];
	outsideDraft: 'ignore' | 'reject';
	/** Runs before a move or a delete is applied (e.g. what refers to the record). */
	beforeMove?(record: Record_, to: string, store: Store): void;
	afterDelete?(record: Record_, store: Store): void;
	/** Delete answers the record as it last was (its status unchanged) where the kind's statuses have no DELETED. */
	deleteAnswersLastState?: true;
}

const nowIso = () => new Date().toISOString();

function find(ctx: Ctx, spec: CatalogueSpec): Record_ {
	const id = ctx.params.id;
	if (!spec.pattern.test(id)) throw invalidParam(`Path parameter id must match ${spec.pattern.source} (got ${id})`);
	const record = spec.records(ctx.env.store).get(id);
	if (!record) throw notFound(spec.object, id);
	return record;
}

function activitiesOf(store: Store, id: string): Array<Json & { id: string; created_at: string }> {
	let list = store.catalogueActivities.get(id);
	if (!list) {
		list = [];
		store.catalogueActivities.set(id, list);
	}
	return list as Array<Json & { id: string; created_at: string }>;
}

export function recordActivity(store: Store, spec: CatalogueSpec, record: Record_, what: string): void {
	activitiesOf(store, record.id).push({
		id: store.newId(`la${spec.idPrefix.slice(1)}`),
		type: `${spec.activityPrefix}${what}`,
		data: { [spec.object]: { ...record } },
		[`${spec.object}_id`]: record.id,
		created_at: nowIso(),
		object: `${spec.object}_activity`,
	});
}

/** Registers a kind's routes; `offered` leaves out the ones another route file serves. */
export function registerCatalogue(r: Router, spec: CatalogueSpec, offered: ReadonlyArray<'create' | 'list' | 'get' | 'update' | 'delete' | 'activities' | Move>): void {
	const one = `${spec.collection}/{id}`;
	const has = (what: (typeof offered)[number]) => offered.includes(what);
	const { create, update } = spec;
	if (has('create') && create)
		r.post(spec.collection, 'B', (ctx) => {
			const { store } = ctx.env;
			const body = structuredClone(bodyObject(ctx.body));
			create(body, '');
			spec.check?.(body, store);
			const now = nowIso();
			const record = { ...spec.defaults?.(body, store), ...body, id: store.newId(spec.idPrefix), status: (body.status as string) ?? 'DRAFT', created_at: now, updated_at: null, object: spec.object } as Record_;
			spec.complete?.(record, store);
			spec.records(store).set(record.id, record);
			recordActivity(store, spec, record, 'created');
			return ok(record);
		});
	if (has('list')) r.get(spec.collection, 'B', (ctx) => v2Page(ctx, spec.collection, spec.listCursor, [...spec.records(ctx.env.store).values()]));
	if (has('get')) r.get(one, 'B', (ctx) => ok(find(ctx, spec)));
	if (has('update') && update)
		r.put(one, 'B', (ctx) => {
			const { store } = ctx.env;
			const record = find(ctx, spec);
			const body = structuredClone(bodyObject(ctx.body));
			update(body, '');
			if (Object.keys(body).length === 0) throw invalidPayload('The body must name at least one property to update');
			const locked = record.status === 'DRAFT' ? [] : Object.keys(body).filter((key) => !spec.liveFields.includes(key));
			if (spec.outsideDraft === 'reject' && locked.length)
				throw invalidPayload(`${spec.object} ${record.id} is ${record.status}: only ${spec.liveFields.join(' and ')} can change (got ${locked.join(', ')})`);
			spec.check?.(body, store, record);
			for (const [key, value] of Object.entries(body)) {
				if (record.status !== 'DRAFT' && !spec.liveFields.includes(key)) continue;
				record[key] = value;
			}
			record.updated_at = nowIso();
			spec.complete?.(record, store);
			recordActivity(store, spec, record, 'updated');
			return ok(record);
		});
	if (has('delete'))
		r.delete(one, 'B', (ctx) => {
			const { store } = ctx.env;
			const record = find(ctx, spec);
			spec.beforeMove?.(record, 'DELETED', store);
			spec.records(store).delete(record.id);
			const deleted = { ...record, status: 'DELETED', updated_at: nowIso() };
			recordActivity(store, spec, deleted, 'deleted');
			spec.afterDelete?.(record, store);
			return ok(spec.deleteAnswersLastState ? record : deleted);
		});
	if (has('activities'))
		r.get(`${one}/activities`, 'B', (ctx) => {
			const record = find(ctx, spec);
			return v2Page(ctx, `${spec.object}-activities|${record.id}`, spec.activityCursor, activitiesOf(ctx.env.store, record.id), ['created_at', '-created_at']);
		});
	for (const [move, rule] of Object.entries(spec.moves) as Array<[Move, { from: readonly string[]; to: string }]>) {
		if (!has(move)) continue;
		r.post(`${one}/${move}`, 'B', (ctx) => {
			const { store } = ctx.env;
			const record = find(ctx, spec);
			if (!rule.from.includes(record.status))
				throw new ApiError(spec.moveStatus, 'invalid_state_transition', `${spec.object} ${record.id} is ${record.status}: it cannot become ${rule.to} (only from ${rule.from.join(' or ')})`, {
					resource_type: spec.object,
					resource_id: record.id,
				});
			spec.beforeMove?.(record, rule.to, store);
			record.status = rule.to;
			record.updated_at = nowIso();
			recordActivity(store, spec, record, move === 'activate' ? 'activated' : move === 'deactivate' ? 'deactivated' : 'drafted');
			return ok(record);
		});
	}
}

// Earning rules.

const CARD_DEFINITION_ID = /^lcdef_[a-f0-9]+$/;
const BENEFIT_ID = /^lben_[a-f0-9]+$/;
const dateTime = nullable((v, path) => {
	if (typeof v !== 'string' || Number.isNaN(Date.parse(v))) throw invalidPayload(`Field ${path} must be an ISO 8601 date-time or null`);
});

const TRIGGER = obj(
	{
		event: str({ enum: ['customer.order.paid', 'customer.custom_event', 'customer.segment.entered'] }),
		custom_event: nullable(obj({ schema_id: str({ pattern: /^ms_[a-zA-Z0-9]+/ }) }, ['schema_id'])),
		segment: nullable(obj({ id: str({ pattern: /^seg_[a-zA-Z0-9]+/ }) }, ['id'])),
	},
	['event'],
	(o, path) => {
		for (const [event, own] of [['customer.custom_event', 'custom_event'], ['customer.segment.entered', 'segment']]) {
			if (o.event === event && !isObject(o[own])) throw invalidPayload(`Field ${path}.${own} is required when ${path}.event is ${event}`);
			if (o.event !== event && o[own] !== undefined && o[own] !== null) throw invalidPayload(`Field ${path}.${own} must be null or absent when ${path}.event is ${String(o.event)}`);
		}
	},
);

/**
 * Proportional points, the contract's BenefitPointsProportional and EarningRuleEffectPointsProportional: `value`
 * points for every `every` units of the source its calculation_type names (an order amount, order items, a
 * metadata value), the other sources null or absent.
 */
const EVERY = obj({ every: int({ min: 1 }), value: num({ min: 0 }) }, ['every', 'value']);
const METADATA_EVERY = obj({ every: int({ min: 1 }), value: num({ min: 0 }), property: str({ min: 1 }) }, ['every', 'value', 'property']);
const APPLICABLE = typed(
	{ product: 'product', sku: 'sku', products_collection: 'products_collection' },
	{ product: obj({ id: str() }, ['id']), sku: obj({ id: str() }, ['id']), products_collection: obj({ id: str() }, ['id']) },
);
const ITEMS_EVERY = obj({ every: int({ min: 1 }), value: num({ min: 0 }), applicable_to: arr(APPLICABLE, { min: 1 }) }, ['every', 'value', 'applicable_to']);
/** Each calculation_type's source object and the key in it that holds the ratio. */
const PROPORTIONAL_SOURCES: Record<string, [string, string]> = {
	PRE_DISCOUNT_ORDER_AMOUNT: ['order', 'amount'],
	POST_DISCOUNT_ORDER_AMOUNT: ['order', 'total_amount'],
	ORDER_METADATA_VALUE: ['order', 'metadata'],
	PRE_DISCOUNT_ORDER_ITEMS_AMOUNT: ['order_items', 'amount'],
	POST_DISCOUNT_ORDER_ITEMS_AMOUNT: ['order_items', 'subtotal_amount'],
	ORDER_ITEMS_QUANTITY: ['order_items', 'quantity'],
	CUSTOMER_METADATA_VALUE: ['customer', 'metadata'],
	CUSTOM_EVENT_METADATA_VALUE: ['custom_event', 'metadata'],
};
const POINTS_PROPORTIONAL = obj(
	{
		calculation_type: str({ enum: Object.keys(PROPORTIONAL_SOURCES) }),
		card_definition_id: str({ pattern: CARD_DEFINITION_ID }),
		points_expiration: nullable(anyObject),
		order: nullable(obj({ amount: EVERY, total_amount: EVERY, metadata: METADATA_EVERY })),
		customer: nullable(obj({ metadata: METADATA_EVERY }, ['metadata'])),
		custom_event: nullable(obj({ metadata: METADATA_EVERY }, ['metadata'])),
		order_items: nullable(obj({ amount: ITEMS_EVERY, subtotal_amount: ITEMS_EVERY, quantity: ITEMS_EVERY })),
	},
	['calculation_type', 'card_definition_id'],
	(o, path) => {
		const [source, ratio] = PROPORTIONAL_SOURCES[o.calculation_type as string];
		if (!isObject(o[source]) || (o[source] as Json)[ratio] === undefined)
			throw invalidPayload(`Field ${path}.${source}.${ratio} is required when ${path}.calculation_type is ${String(o.calculation_type)}`);
		for (const other of ['order', 'customer', 'custom_event', 'order_items'])
			if (other !== source && o[other] !== undefined && o[other] !== null) throw invalidPayload(`Field ${path}.${other} must be null or absent when ${path}.calculation_type is ${String(o.calculation_type)}`);
	},
);

const EFFECT = obj(
	{
		type: str({ enum: ['POINTS', 'POINTS_PROPORTIONAL', 'BENEFIT'] }),
		points: obj({ value: int({ min: 0 }), card_definition_id: str({ pattern: CARD_DEFINITION_ID }), points_expiration: nullable(anyObject) }, ['value', 'card_definition_id']),
		points_proportional: POINTS_PROPORTIONAL,
		benefit: obj({ id: str({ pattern: BENEFIT_ID }) }, ['id']),
	},
	['type'],
	(o, path) => {
		const own = String(o.type).toLowerCase();
		if (!isObject(o[own])) throw invalidPayload(`Field ${path}.${own} is required when ${path}.type is ${String(o.type)}`);
	},
);

const EARNINGS = arr(obj({ id: str({ pattern: /^lernei_[a-f0-9]+$/ }), name: nullable(str({ max: 200 })), rules: nullable(anyObject), tier_rules: nullable(anyObject), effects: arr(EFFECT, { min: 1 }) }, ['effects']), { min: 1 });

const RULE_FIELDS: Record<string, Rule> = {
	name: str({ min: 1, max: 200 }),
	trigger: TRIGGER,
	earnings: EARNINGS,
	error: nullable(obj({ message: str({ min: 1, max: 200 }) }, ['message'])),
	validity_hours: nullable(anyObject),
	start_date: dateTime,
	end_date: dateTime,
	metadata: nullable(anyObject),
	trigger_limits: nullable(anyObject),
};

/** Points effects name existing card definitions, benefit effects existing benefits (404 otherwise). */
function checkEarnings(body: Json, store: Store): void {
	for (const earning of (body.earnings ?? []) as Json[])
		for (const effect of earning.effects as Json[]) {
			const card = ((effect.points ?? effect.points_proportional) as Json | undefined)?.card_definition_id as string | undefined;
			if (card !== undefined && !store.cardDefinitions.has(card)) throw notFound('card_definition', card);
			const benefit = (effect.benefit as Json | undefined)?.id as string | undefined;
			if (benefit !== undefined && !store.benefits.has(benefit)) throw notFound('benefit', benefit);
		}
}

/** Earning items get their ids (lernei_…) when they have none. */
function withEarningIds(record: Json, store: Store): void {
	if (Array.isArray(record.earnings)) record.earnings = (record.earnings as Json[]).map((earning) => ({ name: null, rules: null, tier_rules: null, ...earning, id: earning.id ?? store.newId('lernei_') }));
}

export const EARNING_RULES: CatalogueSpec = {
	collection: '/v2/loyalties/earning-rules',
	pattern: /^lern_[a-f0-9]+$/,
	idPrefix: 'lern_',
	object: 'earning_rule',
	listCursor: 'lcrsern_',
	activityCursor: 'lcrsaer_',
	activityPrefix: 'vl.earning_rule.',
	records: (store) => store.earningRules as Map<string, Record_>,
	moves: FULL_STATUS_MOVES,
	moveStatus: 409,
	create: obj({ ...RULE_FIELDS, status: str({ enum: ['DRAFT', 'ACTIVE'] }) }, ['name', 'trigger', 'earnings']),
	update: obj(RULE_FIELDS),
	defaults: () => ({
		error: null,
		validity_hours: { type: 'ANY_TIME' },
		start_date: null,
		end_date: null,
		trigger_limits: { cooldown: { type: 'NO_COOLDOWN' }, frequency: { type: 'NO_LIMIT', limits: [] } },
		metadata: {},
	}),
	check: checkEarnings,
	complete: withEarningIds,
	liveFields: ['name', 'earnings', 'error', 'validity_hours', 'start_date', 'end_date', 'trigger_limits', 'metadata'],
	outsideDraft: 'ignore',
	afterDelete: (record, store) => {
		for (const assignments of store.programAssignments.values()) assignments.earning_rules.delete(record.id);
	},
	deleteAnswersLastState: true,
};

// Benefits.

const BENEFIT_TYPES = ['POINTS', 'POINTS_PROPORTIONAL', 'MATERIAL', 'DIGITAL'];
const STOCK = obj({ type: str({ enum: ['UNLIMITED', 'LIMITED'] }), limited: nullable(obj({ quantity: int({ min: 0 }) }, ['quantity'])) }, ['type'], (o, path) => {
	if (o.type === 'LIMITED' && !isObject(o.limited)) throw invalidPayload(`Field ${path}.limited is required when ${path}.type is LIMITED`);
	if (o.type === 'UNLIMITED' && o.limited !== undefined && o.limited !== null) throw invalidPayload(`Field ${path}.limited must be null when ${path}.type is UNLIMITED`);
});
const CAMPAIGN_ID = /^camp_[a-zA-Z0-9]+/;
/** A coupon or gift voucher from a campaign; a gift voucher with the balance loaded onto it. */
const BENEFIT_DIGITAL = typed(
	{ DISCOUNT_COUPONS: 'discount_coupons', GIFT_VOUCHERS: 'gift_vouchers' },
	{
		discount_coupons: obj({ campaign_id: str({ pattern: CAMPAIGN_ID }) }, ['campaign_id']),
		gift_vouchers: obj({ campaign_id: str({ pattern: CAMPAIGN_ID }), balance: num({ min: 0 }) }, ['campaign_id', 'balance']),
	},
);
const BENEFIT_FIELDS: Record<string, Rule> = {
	name: str({ min: 1, max: 200 }),
	type: str({ enum: BENEFIT_TYPES }),
	points: nullable(obj({ value: int({ min: 0 }), card_definition_id: str({ pattern: CARD_DEFINITION_ID }) }, ['value', 'card_definition_id'])),
	points_proportional: nullable(POINTS_PROPORTIONAL),
	material: nullable(anyObject),
	digital: nullable(BENEFIT_DIGITAL),
	stock: nullable(STOCK),
};
const lockedResource = (key: string, details: string) => new ApiError(423, key, details, { message: 'Resource locked' });

/** The type's settings object is given, the others null or absent. */
function checkBenefitType(o: Json): void {
	const own = String(o.type).toLowerCase();
	if (!isObject(o[own])) throw invalidPayload(`Field ${own} is required when type is ${String(o.type)}`);
	for (const other of BENEFIT_TYPES.map((t) => t.toLowerCase()))
		if (other !== own && o[other] !== undefined && o[other] !== null) throw invalidPayload(`Field ${other} must be null or absent when type is ${String(o.type)}`);
}

/** The card definition of a points benefit, if any. */
const benefitCard = (o: Json): string | undefined => ((o.points ?? o.points_proportional) as Json | null | undefined)?.card_definition_id as string | undefined;

/** What a benefit names exists (404), an ACTIVE benefit's card definition is ACTIVE (423), and its name is unique (409). */
function checkBenefit(body: Json, store: Store, existing?: Record_): void {
	const merged = { ...existing, ...body };
	if (body.type !== undefined || !existing) checkBenefitType(merged);
	const card = benefitCard(merged);
	if (card !== undefined) {
		const definition = store.cardDefinitions.get(card);
		if (!definition) throw notFound('card_definition', card);
		if ((merged.status === 'ACTIVE' || existing !== undefined) && definition.status !== 'ACTIVE') throw lockedResource('resource_locked', `Card definition ${card} is ${definition.status}, not ACTIVE`);
	}
	const material = merged.material as Json | null | undefined;
	const product = ((material?.product ?? material?.sku) as Json | undefined)?.[material?.product ? 'id' : 'product_id'] as string | undefined;
	if (product !== undefined && !store.products.has(product)) throw notFound('product', product);
	const digital = merged.digital as Json | null | undefined;
	if (digital) {
		const campaignId = ((digital.discount_coupons ?? digital.gift_vouchers) as Json | undefined)?.campaign_id as string | undefined;
		const campaign = campaignId === undefined ? undefined : store.campaigns.get(campaignId);
		if (campaignId === undefined || !campaign) throw notFound('campaign', String(campaignId));
		if (campaign.campaign_type !== digital.type) throw invalidPayload(`Campaign ${campaignId} is ${campaign.campaign_type}, not ${String(digital.type)}`);
	}
	if (body.name !== undefined && [...store.benefits.values()].some((b) => b.name === body.name && b.id !== existing?.id))
		throw new ApiError(409, 'duplicate_found', `A benefit named ${String(body.name)} already exists`, { resource_type: 'benefit' });
}

/** The earning rules whose effects give the benefit. */
const rulesGiving = (store: Store, id: string) =>
	[...store.earningRules.values()].filter((rule) => ((rule.earnings ?? []) as Json[]).some((e) => (e.effects as Json[]).some((effect) => (effect.benefit as Json | undefined)?.id === id)));

export const BENEFITS: CatalogueSpec = {
	collection: '/v2/loyalties/benefits',
	pattern: /^lben_[a-f0-9]+$/,
	idPrefix: 'lben_',
	object: 'benefit',
	listCursor: 'lcrsben_',
	activityCursor: 'lcrsaben_',
	activityPrefix: 'vl.benefit.',
	records: (store) => store.benefits as Map<string, Record_>,
	moves: { activate: { from: ['DRAFT'], to: 'ACTIVE' }, draft: { from: ['ACTIVE'], to: 'DRAFT' } },
	moveStatus: 400,
	create: obj({ ...BENEFIT_FIELDS, status: str({ enum: ['DRAFT', 'ACTIVE'] }) }, ['name', 'type']),
	update: obj(BENEFIT_FIELDS),
	defaults: () => ({ points: null, stock: { type: 'UNLIMITED' } }),
	check: checkBenefit,
	// the kinds of benefit it is not are left out, not null
	complete: (record) => leaveOutEmpty(record, ['points_proportional', 'material', 'digital']),
	liveFields: ['name', 'stock'],
	outsideDraft: 'reject',
	beforeMove: (record, to, store) => {
		const card = benefitCard(record);
		if (to === 'ACTIVE' && card !== undefined && store.cardDefinitions.get(card)?.status !== 'ACTIVE')
			throw lockedResource('resource_locked', `Card definition ${card} must exist and be ACTIVE`);
		const rules = rulesGiving(store, record.id);
		if (to === 'DRAFT' && rules.some((rule) => rule.status === 'ACTIVE')) throw lockedResource('connected_active_earning_rule', `Benefit ${record.id} is given by an active earning rule`);
		if (to === 'DELETED' && rules.length)
			throw new ApiError(400, 'resource_in_use', `Benefit ${record.id} is used by earning rules ${rules.map((rule) => rule.id).join(', ')}`, { resource_type: 'earning_rule' });
	},
};

// Card definitions: their list and update are served by loyaltyV2Lists and loyaltyV2 (the update's rules).

export const CARD_DEFINITIONS: CatalogueSpec = {
	collection: '/v2/loyalties/card-definitions',
	pattern: /^lcdef_[a-f0-9]+$/,
	idPrefix: 'lcdef_',
	object: 'card_definition',
	listCursor: 'lcrscdef_',
	activityCursor: 'lcrsacd_',
	activityPrefix: 'vl.card_definition.',
	records: (store) => store.cardDefinitions as unknown as Map<string, Record_>,
	moves: { activate: { from: ['DRAFT'], to: 'ACTIVE' }, draft: { from: ['ACTIVE'], to: 'DRAFT' } },
	moveStatus: 409,
	liveFields: ['name', 'metadata'],
	outsideDraft: 'reject',
	afterDelete: (record, store) => {
		for (const assignments of store.programAssignments.values()) assignments.card_definitions.delete(record.id);
	},
};

// Tier structures: their update is served by loyaltyV2 (the update's rules), their tiers by loyaltyV2Tiers.

/** A create: the update's fields with name and type required, and the status it starts in (DRAFT or ACTIVE). */
const TIER_STRUCTURE_CREATE: Rule = (v, path) => {
	const { status, ...rest } = bodyObject(v);
	if (status !== undefined) str({ enum: ['DRAFT', 'ACTIVE'] })(status, 'status');
	TIER_STRUCTURE_UPDATE(rest, path);
	for (const field of ['name', 'type']) if (rest[field] === undefined || rest[field] === null) throw invalidPayload(`Field ${field} is required`);
};

/** The card definition a tier structure tracks must exist (404). */
function checkTierStructure(body: Json, store: Store): void {
	const tracking = (body.point_balance ?? body.point_earned) as Json | null | undefined;
	const card = tracking?.card_definition_id as string | undefined;
	if (card !== undefined && !store.cardDefinitions.has(card)) throw notFound('card_definition', card);
}

export const TIER_STRUCTURES: CatalogueSpec = {
	collection: '/v2/loyalties/tier-structures',
	pattern: /^lts_[a-f0-9]+$/,
	idPrefix: 'lts_',
	object: 'tier_structure',
	listCursor: 'lcrsts_',
	activityCursor: 'lcrsats_',
	activityPrefix: 'vl.tier_structure.',
	records: (store) => store.tierStructures as unknown as Map<string, Record_>,
	moves: FULL_STATUS_MOVES,
	moveStatus: 409,
	create: TIER_STRUCTURE_CREATE,
	// The contract's defaults: no retention, no downgrade (and DRAFT); the other type's tracking settings left out.
	defaults: () => ({ expiration: { type: 'NO_RETENTION' }, downgrade: { type: 'NO_DOWNGRADE' }, metadata: {} }),
	check: checkTierStructure,
	complete: (record) => leaveOutEmpty(record, ['point_balance', 'point_earned']),
	liveFields: ['name', 'metadata'],
	outsideDraft: 'reject',
	afterDelete: (record, store) => {
		for (const assignments of store.programAssignments.values()) assignments.tier_structures.delete(record.id);
		store.tiers.delete(record.id);
	},
};

export function register(r: Router): void {
	registerCatalogue(r, TIER_STRUCTURES, ['create', 'list', 'get', 'delete', 'activities', 'activate', 'deactivate', 'draft']);
	registerCatalogue(r, CARD_DEFINITIONS, ['get', 'delete', 'activities', 'activate', 'draft']);
	registerCatalogue(r, EARNING_RULES, ['create', 'list', 'get', 'update', 'delete', 'activities', 'activate', 'deactivate', 'draft']);
	registerCatalogue(r, BENEFITS, ['create', 'list', 'get', 'update', 'delete', 'activities', 'activate', 'draft']);
}
