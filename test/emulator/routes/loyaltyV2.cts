/**
 * v2 beta loyalty (auth B): pending points buckets (v2 cursor list), program reward batch, card definition create
 * (the contract's defaults for what is left out), and updates of card definitions, tier structures and programs
 * with their state rules (400 validation, 404, 409 state conflict).
 * Bodies are checked against the published contract (contractV2.cts); the seed's older shapes are accepted too
 * unless `acceptSeedShapes` is off.
 */
import { randomBytes } from 'crypto';
import { v2List } from '../envelopes.cjs';
import { ApiError, invalidParam, invalidPayload, invalidState, notFound } from '../errors.cjs';
import { Ctx, ok, Router } from '../router.cjs';
import {
	CARD_DEFINITION_ID, CARD_DEFINITION_UPDATE_FIELDS, checkCardDefinition, PROGRAM_UPDATE, REWARD_ASSIGN_ITEM, REWARD_BATCH,
	REWARD_UNASSIGN_ITEM, TIER_STRUCTURE_ID, TIER_STRUCTURE_UPDATE,
} from '../contractV2.cjs';
import type { CardDefinition, ProgramReward, Status, Store, TierStructure } from '../state.cjs';
import { CARD_DEFINITIONS, recordActivity } from './loyaltyV2Catalogue.cjs';
import {
	bodyObject, checkDayMonths, checkLength, checkProgramId, checkValue, isInt, isObject, Json, obj, optionalObject,
	optionalTimestamp, parseEnumParam, parseLimit, rejectUnknown, requireOneOf,
} from '../validate.cjs';

const CURSOR = /^lcrscppb_[a-f0-9]+$/;

/** Pending points are on unless the type is IMMEDIATE (or, in the seed's shape, no mode is set). */
function pendingEnabled(cd: CardDefinition | undefined): boolean {
	const p = cd?.pending_points;
	if (!isObject(p)) return false;
	if (p.type !== undefined) return p.type !== 'IMMEDIATE';
	return ['period_based', 'fixed_dates', 'event_based'].some((k) => p[k] !== undefined && p[k] !== null);
}

function listBuckets(ctx: Ctx) {
	const { store, settings } = ctx.env;
	const { programId, memberId, cardId } = ctx.params;
	if (!store.programs.has(programId)) throw notFound('program', programId);
	const member = store.members.get(memberId);
	if (!member || member.program_id !== programId) throw notFound('member', memberId);
	const card = store.cards.get(cardId);
	if (!card || card.member_id !== memberId) throw notFound('card', cardId);
	const limit = parseLimit(ctx.query, 10);
	let order = parseEnumParam(ctx.query, 'order', ['date', '-date'] as const);
	const key = `${programId}|${memberId}|${cardId}`;
	let offset = 0;
	const token = ctx.query.cursor;
	if (token !== undefined && token !== '') {
		if (!CURSOR.test(token)) throw invalidParam(`Query parameter cursor must match ${CURSOR.source}`);
		const c = store.cursors.get(token);
		if (!c) throw new ApiError(400, 'invalid_cursor', `Cursor ${token} is unknown`);
		if (c.expiresAt <= Date.now()) throw new ApiError(400, 'cursor_expired', `Cursor ${token} expired at ${new Date(c.expiresAt).toISOString()}`);
		const [cKey, cOrder] = c.key.split('#');
		if (cKey !== key) throw new ApiError(400, 'invalid_cursor', `Cursor ${token} belongs to another list`);
		if (order !== undefined && order !== cOrder) throw new ApiError(400, 'invalid_cursor', `Cursor ${token} was made for order ${cOrder}`);
		order = cOrder as 'date' | '-date';
		offset = c.offset;
	}
	order ??= 'date';
	if (!pendingEnabled(store.cardDefinitions.get(card.card_definition_id))) return ok(v2List([], null, null));
	const today = new Date().toISOString().slice(0, 10);
	const list = (store.buckets.get(cardId) ?? [])
		.filter((b) => b.status === 'PENDING' && b.date > today)
		.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : 1));
	if (order === '-date') list.reverse();
	const page = list.slice(offset, offset + limit);
	if (offset + limit >= list.length) return ok(v2List(page, null, null));
	const next = `lcrscppb_${randomBytes(12).toString('hex')}`;
	const expiresAt = Date.now() + settings.cursorLifetimeMs;
	if (store.cursors.size >= 10_000) for (const [k, c] of store.cursors) if (c.expiresAt <= Date.now()) store.cursors.delete(k);
	store.cursors.set(next, { key: `${key}#${order}`, offset: offset + limit, expiresAt });
	return ok(v2List(page, next, expiresAt));
}

/** Only `name` and `metadata` may change once a card definition or tier structure has left DRAFT. */
function checkDraftOnly(kind: string, id: string, status: Status, body: Json): void {
	if (status === 'DRAFT') return;
	const locked = Object.keys(body).filter((k) => k !== 'name' && k !== 'metadata' && body[k] !== undefined);
	if (locked.length)
		throw invalidState(`${kind} ${id} is ${status}: only name and metadata can be updated (got ${locked.join(', ')})`, kind.toLowerCase().replace(' ', '_'), id);
}

/** A path id that must match the contract's pattern (400 otherwise, as the service validates path parameters). */
function checkPathId(name: string, id: string, pattern: RegExp): void {
	if (!pattern.test(id)) throw invalidParam(`Path parameter ${name} must match ${pattern.source} (got ${id})`);
}

/** An object in the seed's shape: the current contract's typed object always carries `type`. */
const untyped = (v: unknown): boolean => isObject(v) && v.type === undefined;

// The seed's rules (SERVICE_API.md), for bodies in its older shapes.

function checkName(body: Json): void {
	if (body.name === undefined || body.name === null) return;
	if (typeof body.name !== 'string') throw invalidPayload('Field name must be a string');
	checkLength('name', body.name, 1, 200);
}

function checkModes(field: string, v: unknown, modes: Record<string, (f: string, m: Json) => void>): void {
	if (v === undefined || v === null) return;
	if (!isObject(v)) throw invalidPayload(`Field ${field} must be an object or null`);
	for (const [k, m] of Object.entries(v)) {
		const check = modes[k];
		if (!check) throw invalidPayload(`Unknown property ${field}.${k}`);
		if (m === null) continue;
		if (!isObject(m)) throw invalidPayload(`Field ${field}.${k} must be an object`);
		check(`${field}.${k}`, m);
	}
}

const periodOnly = (f: string, m: Json) => m.period !== undefined && checkValue(`${f}.period`, m.period);

/** The seed's rule for each card definition field given in its older shape (no `type`). */
const SEED_CARD_FIELDS: Record<string, (v: unknown) => void> = {
	points_expiration: (v) =>
		checkModes('points_expiration', v, {
			rolling_expiration: (f, m) => {
				periodOnly(f, m);
				if (m.rounding !== undefined) checkValue(`${f}.rounding`, m.rounding);
			},
			calendar_expiration: (f, m) => checkDayMonths(`${f}.expiration_dates`, m.expiration_dates),
			sliding_expiration: periodOnly,
		}),
	pending_points: (v) =>
		checkModes('pending_points', v, {
			period_based: periodOnly,
			fixed_dates: (f, m) => checkDayMonths(`${f}.dates`, m.dates),
			event_based: (f, m) => {
				if (m.event_types !== undefined && (!Array.isArray(m.event_types) || m.event_types.some((e) => typeof e !== 'string')))
					throw invalidPayload(`Field ${f}.event_types must be an array of strings`);
				if (m.cancel_period !== undefined) checkValue(`${f}.cancel_period`, m.cancel_period);
			},
		}),
	earning_limits: () => undefined,
	spending_limits: () => undefined,
	refunds: () => undefined,
};

/** Whether a card definition field is in the seed's shape: a mode object, or limits and refunds groups, without `type`. */
function seedCardField(key: string, v: unknown): boolean {
	if (key === 'points_expiration' || key === 'pending_points') return untyped(v);
	if (key === 'earning_limits' || key === 'spending_limits') return isObject(v) && (untyped(v.global) || untyped(v.transactions) || (v.global === undefined && v.transactions === undefined));
	if (key === 'refunds') return isObject(v) && (untyped(v.spent_points) || untyped(v.earned_points));
	return false;
}

function validateCardDefinition(body: Json, acceptSeed: boolean): void {
	requireOneOf(body, Object.keys(CARD_DEFINITION_UPDATE_FIELDS));
	const current: Json = {};
	for (const [k, v] of Object.entries(body)) {
		if (acceptSeed && SEED_CARD_FIELDS[k] && seedCardField(k, v)) SEED_CARD_FIELDS[k](v);
		else current[k] = v;
	}
	obj(CARD_DEFINITION_UPDATE_FIELDS)(current, '');
}

/** Apply present fields; null means "no change" for required fields and "cleared" for nullable ones. */
function apply(target: Json, body: Json, nullable: readonly string[]): void {
	for (const [k, v] of Object.entries(body)) {
		if (v === undefined) continue;
		if (v === null && !nullable.includes(k)) continue;
		target[k] = v;
	}
	target.updated_at = new Date().toISOString();
}

/** Each limits and refunds scope's list key, as the service gives it: an empty list when the body left it out. */
const SCOPE_LISTS = {
	earning_limits: [['global', 'transactions'], 'limits'],
	spending_limits: [['global', 'transactions'], 'limits'],
	refunds: [['spent_points', 'earned_points'], 'methods'],
} as const;

function withScopeLists(cd: Json): void {
	for (const [group, [scopes, list]] of Object.entries(SCOPE_LISTS)) {
		const held = cd[group];
		if (!isObject(held)) continue;
		const filled: Json = { ...held };
		for (const scope of scopes) if (isObject(held[scope]) && !Array.isArray((held[scope] as Json)[list])) filled[scope] = { ...(held[scope] as Json), [list]: [] };
		cd[group] = filled;
	}
}

// Tier structures.

/** The card definition a tier structure tracks, from its point_balance or point_earned. */
const trackedCard = (ts: TierStructure): unknown => (isObject(ts.point_balance) ? ts.point_balance.card_definition_id : isObject(ts.point_earned) ? ts.point_earned.card_definition_id : undefined);

/** A body in the seed's shape: top-level card_definition_id, untyped objects, or a type without its tracking object. */
function seedTierBody(body: Json): boolean {
	const own = body.type === 'POINT_BALANCE' ? 'point_balance' : 'point_earned';
	return (
		body.card_definition_id !== undefined ||
		(body.type !== undefined && body.type !== null && body[own] === undefined) ||
		untyped(body.point_earned) ||
		untyped(body.expiration) ||
		untyped(body.downgrade)
	);
}

function validateSeedTier(body: Json, ts: TierStructure): void {
	rejectUnknown(body, ['name', 'type', 'card_definition_id', 'point_balance', 'point_earned', 'expiration', 'downgrade', 'metadata']);
	checkName(body);
	if (body.type !== undefined && body.type !== null && body.type !== 'POINT_BALANCE' && body.type !== 'POINT_EARNED')
		throw invalidPayload('Field type must be POINT_BALANCE or POINT_EARNED');
	for (const f of ['point_balance', 'point_earned', 'expiration', 'downgrade', 'metadata']) optionalObject(body, f);
	if (isObject(body.point_earned)) checkValue('point_earned.period', body.point_earned.period);
	if (body.card_definition_id !== undefined && body.card_definition_id !== null && typeof body.card_definition_id !== 'string')
		throw invalidPayload('Field card_definition_id must be a string');
	const type = (body.type ?? ts.type) as string;
	if (type === 'POINT_EARNED' && ts.type !== 'POINT_EARNED' && !isObject(body.point_earned))
		throw invalidPayload('Field point_earned is required when type changes to POINT_EARNED');
	if (type === 'POINT_BALANCE' && body.point_earned !== undefined && body.point_earned !== null)
		throw invalidPayload('Field point_earned must be null when type is POINT_BALANCE');
}

/** The tier structure after the update: type and tracking settings kept consistent, card definitions checked. */
function applyTier(store: Store, ts: TierStructure, body: Json): void {
	const type = (body.type ?? ts.type) as TierStructure['type'];
	const own = type === 'POINT_BALANCE' ? 'point_balance' : 'point_earned';
	const other = type === 'POINT_BALANCE' ? 'point_earned' : 'point_balance';
	if (body.type === undefined && isObject(body[other]))
		throw invalidPayload(`Field ${other} can change only with type ${other === 'point_balance' ? 'POINT_BALANCE' : 'POINT_EARNED'} (the tier structure is ${ts.type})`);
	const card = body.card_definition_id ?? (isObject(body[own]) ? (body[own] as Json).card_definition_id : undefined);
	if (card !== undefined && card !== null && !store.cardDefinitions.has(card as string)) throw notFound('card_definition', card as string);
	const tracking: Json = {
		...(type === ts.type && isObject(ts[own]) ? (ts[own] as Json) : { card_definition_id: trackedCard(ts) }),
		...(isObject(body[own]) ? (body[own] as Json) : {}),
	};
	if (card !== undefined && card !== null) tracking.card_definition_id = card;
	const { card_definition_id: _seedCard, point_balance: _b, point_earned: _e, ...rest } = body;
	apply(ts, rest, ['expiration', 'downgrade']);
	ts.type = type;
	ts[own] = tracking;
	delete ts[other];
}

// Program rewards.

/** An assign entry in the seed's shape: an integer stock, with costs. */
const seedAssignEntry = (e: unknown): boolean => isObject(e) && (typeof e.stock === 'number' || e.costs !== undefined);

function checkSeedAssignEntry(e: unknown, i: number): void {
	const f = `assign[${i}]`;
	if (!isObject(e) || typeof e.id !== 'string' || !e.id) throw invalidPayload(`Field ${f}.id is required and must be a string`);
	if (!isInt(e.stock) || e.stock < 0) throw invalidPayload(`Field ${f}.stock is required and must be an integer ≥ 0`);
	if (!Array.isArray(e.costs) || !e.costs.length) throw invalidPayload(`Field ${f}.costs is required and must be a non-empty array`);
	e.costs.forEach((c, j) => {
		if (!isObject(c) || !Array.isArray(c.spending) || !c.spending.length)
			throw invalidPayload(`Field ${f}.costs[${j}].spending is required and must be a non-empty array`);
		c.spending.forEach((s, k) => {
			const g = `${f}.costs[${j}].spending[${k}]`;
			if (!isObject(s) || !isInt(s.points) || s.points < 0) throw invalidPayload(`Field ${g}.points must be an integer ≥ 0`);
			if (typeof s.card_definition_id !== 'string') throw invalidPayload(`Field ${g}.card_definition_id is required and must be a string`);
		});
	});
}

/** The whole batch is checked before anything changes: shapes, duplicates, then what must exist (404). */
function validateRewardBatch(ctx: Ctx): { assign: Json[] | null; unassign: string[] | null } {
	const body = bodyObject(ctx.body);
	const { store, settings } = ctx.env;
	REWARD_BATCH(body, '');
	const assign = (body.assign ?? null) as unknown[] | null;
	const unassign = (body.unassign ?? null) as unknown[] | null;
	assign?.forEach((e, i) => (settings.acceptSeedShapes && seedAssignEntry(e) ? checkSeedAssignEntry(e, i) : REWARD_ASSIGN_ITEM(e, `assign[${i}]`)));
	unassign?.forEach((e, i) => REWARD_UNASSIGN_ITEM(e, `unassign[${i}]`));
	for (const [field, list] of [['assign', assign], ['unassign', unassign]] as const) {
		const ids = (list ?? []).map((e) => (e as Json).id);
		const repeated = ids.find((id, i) => ids.indexOf(id) !== i);
		if (repeated !== undefined) throw invalidPayload(`Field ${field} must not name a reward twice (got ${String(repeated)} twice)`);
	}
	const assigned = store.programRewards.get(ctx.params.programId)!;
	for (const e of (unassign ?? []) as Json[]) {
		if (!store.v2Rewards.has(e.id as string)) throw notFound('reward', e.id as string);
		if (!assigned.has(e.id as string)) throw notFound('program_reward', e.id as string, 'reward assigned to this program');
	}
	for (const e of (assign ?? []) as Json[]) {
		if (!store.v2Rewards.has(e.id as string)) throw notFound('reward', e.id as string);
		for (const c of (e.costs ?? []) as Json[])
			for (const s of c.spending as Json[])
				if (!store.cardDefinitions.has(s.card_definition_id as string)) throw notFound('card_definition', s.card_definition_id as string);
	}
	return { assign: assign as Json[] | null, unassign: unassign && (unassign as Json[]).map((e) => e.id as string) };
}

/** The stored stock of an assign entry: the seed's integer is a LIMITED stock of that quantity. */
function stockOf(e: Json): ProgramReward['stock'] {
	if (typeof e.stock === 'number') return { type: 'LIMITED', limited: { quantity: e.stock } };
	const stock = e.stock as Json;
	return stock.type === 'UNLIMITED' ? { type: 'UNLIMITED' } : { type: 'LIMITED', limited: { quantity: (stock.limited as Json).quantity as number } };
}

export function register(r: Router): void {
	r.get('/v2/loyalties/programs/{programId}/members/{memberId}/cards/{cardId}/pending-points', 'B', listBuckets);

	r.post('/v2/loyalties/programs/{programId}/rewards/batch', 'B', (ctx) => {
		const { programId } = ctx.params;
		checkProgramId(programId);
		if (!ctx.env.store.programs.has(programId)) throw notFound('program', programId);
		const { assign, unassign } = validateRewardBatch(ctx);
		const rewards = ctx.env.store.programRewards.get(programId)!;
		const unassigned = unassign?.map((id) => {
			const pr = rewards.get(id)!;
			rewards.delete(id);
			ctx.env.emit('campaign.reward.assignment.deleted', { program_id: programId, reward_id: id }, id);
			return pr;
		});
		const now = new Date().toISOString();
		const assigned = assign?.map((e) => {
			const before = rewards.get(e.id as string);
			const pr: ProgramReward = {
				reward_id: e.id as string,
				stock: stockOf(e),
				redeemed: before?.redeemed ?? 0,
				created_at: before?.created_at ?? now,
				updated_at: before ? now : null,
				object: 'program_reward',
			};
			rewards.set(pr.reward_id, pr);
			ctx.env.emit('campaign.reward.assignment.created', { program_id: programId, ...pr }, pr.reward_id);
			return pr;
		});
		// A list that was not asked for answers null.
		return ok({ assigned: assigned ?? null, unassigned: unassigned ?? null });
	});

	r.post('/v2/loyalties/card-definitions', 'B', (ctx) => {
		const { store, settings } = ctx.env;
		const { name, type, status, ...settingsGiven } = structuredClone(bodyObject(ctx.body));
		if (typeof name !== 'string') throw invalidPayload('Field name is required and must be a string');
		checkLength('name', name, 1, 200);
		if (type !== 'INDIVIDUAL') throw invalidPayload('Field type is required and must be INDIVIDUAL');
		if (status !== undefined && status !== null && status !== 'DRAFT' && status !== 'ACTIVE') throw invalidPayload('Field status must be DRAFT or ACTIVE');
		if (Object.keys(settingsGiven).length) validateCardDefinition(settingsGiven, settings.acceptSeedShapes);
		// The contract's defaults for what is left out; the cross-field rules hold for the result.
		const cd: Json = {
			code_config: { pattern: '##########', length: 10, charset: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', prefix: '', postfix: '' },
			points_expiration: { type: 'NO_EXPIRATION' },
			pending_points: { type: 'IMMEDIATE' },
			earning_limits: { global: { type: 'NO_LIMIT' }, transactions: { type: 'NO_LIMIT' } },
			spending_limits: { global: { type: 'NO_LIMIT' }, transactions: { type: 'NO_LIMIT' } },
			refunds: { spent_points: { type: 'NONE' }, earned_points: { type: 'NONE' } },
			balance_settings: { allow_negative: false },
			pay_with_points: { type: 'NO_PAYMENTS' },
			metadata: {},
		};
		for (const [key, value] of Object.entries(settingsGiven)) if (value !== null && value !== undefined) cd[key] = value;
		withScopeLists(cd);
		checkCardDefinition(cd);
		const record = { id: store.newId('lcdef_'), name, type, status: status ?? 'DRAFT', ...cd, created_at: new Date().toISOString(), updated_at: null, object: 'card_definition' } as unknown as CardDefinition;
		store.cardDefinitions.set(record.id, record);
		recordActivity(store, CARD_DEFINITIONS, record as never, 'created');
		return ok(record);
	});

	r.put('/v2/loyalties/card-definitions/{id}', 'B', (ctx) => {
		checkPathId('id', ctx.params.id, CARD_DEFINITION_ID);
		const cd = ctx.env.store.cardDefinitions.get(ctx.params.id);
		if (!cd) throw notFound('card_definition', ctx.params.id);
		const body = bodyObject(ctx.body);
		validateCardDefinition(body, ctx.env.settings.acceptSeedShapes);
		checkDraftOnly('Card definition', cd.id, cd.status, body);
		// Rules across the settings hold for the result; a failed check leaves the card definition untouched.
		const next: Json = { ...cd };
		apply(next, body, ['code_config', 'points_expiration', 'pending_points', 'earning_limits', 'spending_limits', 'refunds', 'balance_settings', 'pay_with_points']);
		withScopeLists(next);
		checkCardDefinition(next);
		Object.assign(cd, next);
		return ok(cd);
	});

	r.put('/v2/loyalties/tier-structures/{id}', 'B', (ctx) => {
		const { store, settings } = ctx.env;
		checkPathId('id', ctx.params.id, TIER_STRUCTURE_ID);
		const ts = store.tierStructures.get(ctx.params.id);
		if (!ts) throw notFound('tier_structure', ctx.params.id);
		const body = bodyObject(ctx.body);
		if (settings.acceptSeedShapes && seedTierBody(body)) validateSeedTier(body, ts);
		else TIER_STRUCTURE_UPDATE(body, '');
		requireOneOf(body, ['name', 'type', 'point_balance', 'point_earned', 'expiration', 'downgrade', 'metadata', 'card_definition_id']);
		checkDraftOnly('Tier structure', ts.id, ts.status, body);
		const next = { ...ts };
		applyTier(store, next, body);
		// the other type's tracking settings go: the stored record is replaced by the updated one
		for (const key of Object.keys(ts)) if (!(key in next)) delete ts[key];
		Object.assign(ts, next);
		return ok(ts);
	});

	r.put('/v2/loyalties/programs/{id}', 'B', (ctx) => {
		checkProgramId(ctx.params.id);
		const p = ctx.env.store.programs.get(ctx.params.id);
		if (!p) throw notFound('program', ctx.params.id);
		const body = bodyObject(ctx.body);
		requireOneOf(body, ['name', 'start_date', 'end_date', 'validity_hours', 'metadata']);
		PROGRAM_UPDATE(body, '');
		const start = optionalTimestamp(body, 'start_date');
		const end = optionalTimestamp(body, 'end_date');
		const metadata = optionalObject(body, 'metadata');
		if (p.status !== 'DRAFT' && (start !== undefined || end !== undefined || body.validity_hours !== undefined))
			throw invalidState(`Program ${p.id} is ${p.status}: start_date and end_date can be updated only in DRAFT (as validity_hours)`, 'program', p.id);
		const s = start === undefined ? p.start_date : start;
		const e = end === undefined ? p.end_date : end;
		if (s && e && Date.parse(e) < Date.parse(s)) throw invalidPayload('Field end_date must not be before start_date');
		if (typeof body.name === 'string') p.name = body.name;
		p.start_date = s;
		p.end_date = e;
		if (body.validity_hours !== undefined) (p as unknown as Json).validity_hours = body.validity_hours;
		if (metadata) p.metadata = { ...p.metadata, ...metadata };
		p.updated_at = new Date().toISOString();
		return ok(p);
	});
}
