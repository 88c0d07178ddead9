/**
 * v2 beta loyalty (auth B): pending points buckets (v2 cursor list), program reward batch, and updates of card
 * definitions, tier structures and programs with their state rules (400 validation, 404, 409 state conflict).
 */
import { randomBytes } from 'crypto';
import { v2List } from '../envelopes';
import { ApiError, invalidParam, invalidPayload, invalidState, notFound } from '../errors';
import { Ctx, ok, Router } from '../router';
import type { CardDefinition, ProgramReward, Status } from '../state';
import {
	bodyObject, checkDayMonths, checkLength, checkProgramId, checkValue, isInt, isObject, Json, optionalObject,
	optionalTimestamp, parseEnumParam, parseLimit, rejectUnknown, requireOneOf,
} from '../validate';

const CURSOR = /^lcrscppb_[a-f0-9]+$/;

function pendingEnabled(cd: CardDefinition | undefined): boolean {
	const p = cd?.pending_points;
	return !!p && ['period_based', 'fixed_dates', 'event_based'].some((k) => p[k] !== undefined && p[k] !== null);
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
const CARD_FIELDS = ['name', 'code_config', 'points_expiration', 'pending_points', 'earning_limits', 'spending_limits', 'refunds', 'balance_settings', 'metadata'];

function validateCardDefinition(body: Json): void {
	rejectUnknown(body, CARD_FIELDS);
	requireOneOf(body, CARD_FIELDS);
	checkName(body);
	for (const f of ['code_config', 'earning_limits', 'spending_limits', 'refunds', 'balance_settings', 'metadata']) optionalObject(body, f);
	const cc = body.code_config;
	if (isObject(cc)) {
		rejectUnknown(cc, ['pattern', 'length', 'charset', 'prefix', 'postfix']);
		if (cc.length !== undefined && cc.length !== null && (!isInt(cc.length) || cc.length < 1)) throw invalidPayload('Field code_config.length must be a positive integer');
	}
	checkModes('points_expiration', body.points_expiration, {
		rolling_expiration: (f, m) => {
			periodOnly(f, m);
			if (m.rounding !== undefined) checkValue(`${f}.rounding`, m.rounding);
		},
		calendar_expiration: (f, m) => checkDayMonths(`${f}.expiration_dates`, m.expiration_dates),
		sliding_expiration: periodOnly,
	});
	checkModes('pending_points', body.pending_points, {
		period_based: periodOnly,
		fixed_dates: (f, m) => checkDayMonths(`${f}.dates`, m.dates),
		event_based: (f, m) => {
			if (m.event_types !== undefined && (!Array.isArray(m.event_types) || m.event_types.some((e) => typeof e !== 'string')))
				throw invalidPayload(`Field ${f}.event_types must be an array of strings`);
			if (m.cancel_period !== undefined) checkValue(`${f}.cancel_period`, m.cancel_period);
		},
	});
	const bs = body.balance_settings;
	if (isObject(bs) && bs.allow_negative !== undefined && typeof bs.allow_negative !== 'boolean')
		throw invalidPayload('Field balance_settings.allow_negative must be a boolean');
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

function validateRewardBatch(ctx: Ctx): { assign: Json[]; unassign: string[] } {
	const body = bodyObject(ctx.body);
	const { store } = ctx.env;
	const assign = body.assign ?? [];
	const unassign = body.unassign ?? [];
	if (!Array.isArray(assign)) throw invalidPayload('Field assign must be an array');
	if (!Array.isArray(unassign)) throw invalidPayload('Field unassign must be an array');
	if (!assign.length && !unassign.length) throw invalidPayload('At least one of assign or unassign must have entries');
	if (assign.length > 10) throw invalidPayload(`Field assign accepts at most 10 entries (got ${assign.length})`);
	if (unassign.length > 10) throw invalidPayload(`Field unassign accepts at most 10 entries (got ${unassign.length})`);
	assign.forEach((e, i) => {
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
	});
	unassign.forEach((e, i) => {
		if (!isObject(e) || typeof e.id !== 'string' || !e.id) throw invalidPayload(`Field unassign[${i}].id is required and must be a string`);
	});
	const assigned = store.programRewards.get(ctx.params.programId)!;
	for (const e of unassign as Json[]) {
		if (!store.rewards.has(e.id as string)) throw notFound('reward', e.id as string);
		if (!assigned.has(e.id as string)) throw notFound('program_reward', e.id as string, 'reward assigned to this program');
	}
	for (const e of assign as Json[]) {
		if (!store.rewards.has(e.id as string)) throw notFound('reward', e.id as string);
		for (const c of e.costs as Json[])
			for (const s of c.spending as Json[])
				if (!store.cardDefinitions.has(s.card_definition_id as string)) throw notFound('card_definition', s.card_definition_id as string);
	}
	return { assign: assign as Json[], unassign: (unassign as Json[]).map((e) => e.id as string) };
}

export function register(r: Router): void {
	r.get('/v2/loyalties/programs/{programId}/members/{memberId}/cards/{cardId}/pending-points', 'B', listBuckets);

	r.post('/v2/loyalties/programs/{programId}/rewards/batch', 'B', (ctx) => {
		const { programId } = ctx.params;
		checkProgramId(programId);
		if (!ctx.env.store.programs.has(programId)) throw notFound('program', programId);
		const { assign, unassign } = validateRewardBatch(ctx);
		const rewards = ctx.env.store.programRewards.get(programId)!;
		const unassigned: ProgramReward[] = [];
		for (const id of unassign) {
			unassigned.push(rewards.get(id)!);
			rewards.delete(id);
			ctx.env.emit('campaign.reward.assignment.deleted', { program_id: programId, reward_id: id }, id);
		}
		const now = new Date().toISOString();
		const assigned = assign.map((e) => {
			const pr: ProgramReward = {
				reward_id: e.id as string,
				costs: (e.costs as Json[]).map((c) => ({ rules: isObject(c.rules) ? c.rules : {}, spending: c.spending as ProgramReward['costs'][0]['spending'] })),
				stock: e.stock as number,
				redeemed: rewards.get(e.id as string)?.redeemed ?? 0,
				created_at: rewards.get(e.id as string)?.created_at ?? now,
				object: 'program_reward',
			};
			rewards.set(pr.reward_id, pr);
			ctx.env.emit('campaign.reward.assignment.created', { program_id: programId, ...pr }, pr.reward_id);
			return pr;
		});
		return ok({ assigned, unassigned });
	});

	r.put('/v2/loyalties/card-definitions/{id}', 'B', (ctx) => {
		const cd = ctx.env.store.cardDefinitions.get(ctx.params.id);
		if (!cd) throw notFound('card_definition', ctx.params.id);
		const body = bodyObject(ctx.body);
		validateCardDefinition(body);
		checkDraftOnly('Card definition', cd.id, cd.status, body);
		apply(cd, body, ['code_config', 'points_expiration', 'pending_points', 'earning_limits', 'spending_limits', 'refunds', 'balance_settings']);
		return ok(cd);
	});

	r.put('/v2/loyalties/tier-structures/{id}', 'B', (ctx) => {
		const { store } = ctx.env;
		const ts = store.tierStructures.get(ctx.params.id);
		if (!ts) throw notFound('tier_structure', ctx.params.id);
		const body = bodyObject(ctx.body);
		const fields = ['name', 'type', 'card_definition_id', 'point_earned', 'expiration', 'downgrade', 'metadata'];
		requireOneOf(body, fields);
		checkName(body);
		if (body.type !== undefined && body.type !== null && body.type !== 'POINT_BALANCE' && body.type !== 'POINT_EARNED')
			throw invalidPayload('Field type must be POINT_BALANCE or POINT_EARNED');
		for (const f of ['point_earned', 'expiration', 'downgrade', 'metadata']) optionalObject(body, f);
		if (isObject(body.point_earned)) checkValue('point_earned.period', body.point_earned.period);
		if (body.card_definition_id !== undefined && body.card_definition_id !== null) {
			if (typeof body.card_definition_id !== 'string') throw invalidPayload('Field card_definition_id must be a string');
			if (!store.cardDefinitions.has(body.card_definition_id)) throw notFound('card_definition', body.card_definition_id);
		}
		checkDraftOnly('Tier structure', ts.id, ts.status, body);
		const type = (body.type ?? ts.type) as string;
		if (type === 'POINT_EARNED' && ts.type !== 'POINT_EARNED' && !isObject(body.point_earned))
			throw invalidPayload('Field point_earned is required when type changes to POINT_EARNED');
		if (type === 'POINT_BALANCE' && body.point_earned !== undefined && body.point_earned !== null)
			throw invalidPayload('Field point_earned must be null when type is POINT_BALANCE');
		apply(ts, body, ['point_earned', 'expiration', 'downgrade']);
		if (ts.type === 'POINT_BALANCE') ts.point_earned = null;
		return ok(ts);
	});

	r.put('/v2/loyalties/programs/{id}', 'B', (ctx) => {
		checkProgramId(ctx.params.id);
		const p = ctx.env.store.programs.get(ctx.params.id);
		if (!p) throw notFound('program', ctx.params.id);
		const body = bodyObject(ctx.body);
		requireOneOf(body, ['name', 'start_date', 'end_date', 'metadata']);
		checkName(body);
		const start = optionalTimestamp(body, 'start_date');
		const end = optionalTimestamp(body, 'end_date');
		const metadata = optionalObject(body, 'metadata');
		if (p.status !== 'DRAFT' && (start !== undefined || end !== undefined))
			throw invalidState(`Program ${p.id} is ${p.status}: start_date and end_date can be updated only in DRAFT`, 'program', p.id);
		const s = start === undefined ? p.start_date : start;
		const e = end === undefined ? p.end_date : end;
		if (s && e && Date.parse(e) < Date.parse(s)) throw invalidPayload('Field end_date must not be before start_date');
		if (typeof body.name === 'string') p.name = body.name;
		p.start_date = s;
		p.end_date = e;
		if (metadata) p.metadata = { ...p.metadata, ...metadata };
		p.updated_at = new Date().toISOString();
		return ok(p);
	});
}
