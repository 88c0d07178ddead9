/**
 * v2 program members (auth B): add (one, or many as an async batch), get with cards, list, update metadata,
 * delete, activate, deactivate, the member's activities, and a customer's memberships (program-scoped or across
 * programs). The service's rules: members join only ACTIVE programs (423 non_active_program), the customer must
 * exist (404), a customer is a member of a program once (409 member_already_exists), each member gets one card per
 * card definition assigned to the program (its code made in the background: null in the create's answer), only
 * INACTIVE members activate and only ACTIVE ones deactivate (400 invalid_state_transition). Every change is
 * recorded as a member activity (`lambr_…`).
 */
import { ApiError, invalidParam, notFound } from '../errors.cjs';
import { accepted, type Ctx, type Env, ok, type Router } from '../router.cjs';
import { MEMBER_CREATE, MEMBER_ID, MEMBER_UPDATE } from '../contractV2.cjs';
import type { Card, Customer, Member, Program } from '../state.cjs';
import { bodyObject, checkProgramId, isObject, type Json } from '../validate.cjs';
import { startAsyncAction } from './asyncActions.cjs';
import { v2Page } from './loyaltyV2Lists.cjs';

const nowIso = () => new Date().toISOString();

export function findProgram(ctx: Ctx): Program {
	const id = ctx.params.programId;
	checkProgramId(id);
	const program = ctx.env.store.programs.get(id);
	if (!program) throw notFound('program', id);
	return program;
}

export function findMember(ctx: Ctx): Member {
	const program = findProgram(ctx);
	const id = ctx.params.memberId;
	if (!MEMBER_ID.test(id)) throw invalidParam(`Path parameter memberId must match ${MEMBER_ID.source} (got ${id})`);
	const member = ctx.env.store.members.get(id);
	if (!member || member.program_id !== program.id) throw notFound('member', id);
	return member;
}

/** The member as the contract's Member (no cards). */
export function memberView(m: Member): Json {
	return {
		id: m.id,
		customer_id: m.customer_id,
		program_id: m.program_id,
		status: m.status ?? 'ACTIVE',
		metadata: m.metadata ?? {},
		created_at: m.created_at ?? nowIso(),
		updated_at: m.updated_at ?? null,
		object: 'member',
	};
}

/** A card as the contract's MemberCard: balance from its points and its pending buckets. */
function memberCardView(env: Env, card: Card, fresh = false): Json {
	const pending = (env.store.buckets.get(card.id) ?? []).filter((b) => b.status === 'PENDING').reduce((sum, b) => sum + b.points.total, 0);
	const points = card.points ?? 0;
	return {
		member_role: 'OWNER',
		created_at: card.created_at ?? nowIso(),
		card: {
			id: card.id,
			card_definition_id: card.card_definition_id,
			card_type: card.type,
			code: fresh ? null : (card.code ?? null),
			lifetime_bucket: {
				points: { total: points, earned: 0, added: points, purchased: 0, purchased_reversed: 0, subtracted: 0, expired: 0, spent: 0, refunded: 0, returned: 0, locked: 0, unlocked: 0 },
				pending_points: { total: pending, activated: 0, canceled: 0 },
			},
			balance: { points, pending_points: pending },
			next_expiration: null,
			next_activation: null,
			object: 'card',
		},
		object: 'member_card',
	};
}

function cardsOf(env: Env, member: Member, fresh = false): Json[] {
	return [...env.store.cards.values()].filter((card) => card.member_id === member.id).map((card) => memberCardView(env, card, fresh));
}

function record(env: Env, member: Member, type: string, extra: Json = {}): void {
	const list = env.store.memberActivities.get(member.id) ?? [];
	list.push({
		id: env.store.newId('lambr_'),
		member_id: member.id,
		program_id: member.program_id,
		type,
		data: { member: memberView(member), ...extra },
		created_at: nowIso(),
		group_id: env.store.newId('v-'),
		object: 'member_activity',
	});
	env.store.memberActivities.set(member.id, list);
}

const nonActive = () => new ApiError(423, 'non_active_program', 'Cannot create member when program status is not ACTIVE', { message: 'Invalid program status' });

/** The customer an entry names: customer_identification (current shape) or top-level customer_id (older). */
function entryCustomer(env: Env, entry: Json): Customer {
	const identification = isObject(entry.customer_identification) ? entry.customer_identification : { type: 'customer_id', customer_id: entry.customer_id };
	const bySource = identification.type === 'customer_source_id';
	const given = String(bySource ? identification.customer_source_id : identification.customer_id);
	const customer = bySource ? env.store.findCustomer(given) : env.store.customers.get(given);
	if (!customer || (bySource && customer.source_id !== given)) throw notFound('customer', given);
	return customer;
}

/** Adds one checked entry to an ACTIVE program: the member and one card per assigned card definition. */
function addMember(env: Env, program: Program, entry: Json): Member {
	const customer = entryCustomer(env, entry);
	const existing = [...env.store.members.values()].find((m) => m.program_id === program.id && m.customer_id === customer.id);
	if (existing)
		throw new ApiError(409, 'member_already_exists', `Customer '${customer.id}' already is a member of program '${program.id}'`, { message: 'Member already exists' });
	const now = nowIso();
	const member: Member = {
		id: env.store.newId('lmbr_'),
		program_id: program.id,
		customer_id: customer.id,
		status: (entry.status ?? 'ACTIVE') as Member['status'],
		metadata: (entry.metadata ?? {}) as Json,
		created_at: now,
		updated_at: null,
	};
	env.store.members.set(member.id, member);
	record(env, member, 'vl.member.created');
	for (const cardDefinitionId of env.store.programAssignments.get(program.id)?.card_definitions ?? []) {
		const id = env.store.newId('lcrd_');
		const code = `LC-${id.slice(5, 13).toUpperCase()}`;
		env.store.cards.set(id, { id, member_id: member.id, program_id: program.id, card_definition_id: cardDefinitionId, type: 'INDIVIDUAL', code, points: 0, created_at: now });
		record(env, member, 'vl.member.card.assigned', { card: { id, card_definition_id: cardDefinitionId } });
		const activity = (type: string) => ({ id: env.store.newId('lacrd_'), card_id: id, member_id: member.id, type, data: { card: { id, code } }, created_at: now, object: 'card_activity' });
		env.store.cardActivities.set(id, [activity('vl.card.created'), activity('vl.card.assigned'), activity('vl.card.code_generation.succeeded')]);
	}
	return member;
}

/** Moves a member between ACTIVE and INACTIVE; 400 invalid_state_transition when it already is there. */
function transition(ctx: Ctx, to: 'ACTIVE' | 'INACTIVE', activity: string) {
	const member = findMember(ctx);
	const from = member.status ?? 'ACTIVE';
	if (from === to)
		throw new ApiError(400, 'invalid_state_transition', `Member ${member.id} is ${from}: it cannot become ${to}`, { resource_type: 'member', resource_id: member.id });
	member.status = to;
	member.updated_at = nowIso();
	record(ctx.env, member, activity);
	return ok(memberView(member));
}

/** The membership of a member: the member, its program and its cards. */
function membership(env: Env, member: Member): Json {
	const program = env.store.programs.get(member.program_id)!;
	return {
		member: memberView(member),
		program: { id: program.id, name: program.name, status: program.status, metadata: program.metadata, object: 'program' },
		cards: cardsOf(env, member),
		object: 'membership',
	};
}

const IDENTIFICATION_TYPES = ['customer_id', 'customer_source_id', 'member_id'];

/** The customer and members a memberships path value names, as `identification_type` says to read it. */
function membersOf(ctx: Ctx): { customer: Customer; members: Member[] } {
	const { store } = ctx.env;
	const value = ctx.params.customerId;
	const type = ctx.query.identification_type ?? 'customer_id';
	if (!IDENTIFICATION_TYPES.includes(type)) throw invalidParam(`Query parameter identification_type must be one of ${IDENTIFICATION_TYPES.join(', ')} (got ${type})`);
	let customer: Customer | undefined;
	if (type === 'member_id') {
		const member = store.members.get(value);
		if (!member) throw notFound('member', value);
		customer = store.customers.get(member.customer_id);
	} else customer = type === 'customer_id' ? store.customers.get(value) : store.customers.get(store.customersBySourceId.get(value) ?? '');
	if (!customer) throw notFound('customer', value);
	const id = customer.id;
	return { customer, members: [...store.members.values()].filter((m) => m.customer_id === id) };
}

const MEMBER_ORDERS = ['created_at', '-created_at', 'status', '-status', 'customer_id', '-customer_id'] as const;
const ACTIVITY_ORDERS = ['created_at', '-created_at'] as const;
const M = '/v2/loyalties/programs/{programId}/members';

export function register(r: Router): void {
	r.post(M, 'B', (ctx) => {
		const program = findProgram(ctx);
		const body = bodyObject(ctx.body);
		MEMBER_CREATE(body, '');
		if (program.status !== 'ACTIVE') throw nonActive();
		const member = addMember(ctx.env, program, body);
		return ok({ ...memberView(member), cards: cardsOf(ctx.env, member, true) });
	});
	r.get(M, 'B', (ctx) => {
		const program = findProgram(ctx);
		const members = [...ctx.env.store.members.values()].filter((m) => m.program_id === program.id).map((m) => memberView(m) as Json & { id: string; created_at: string });
		return v2Page(ctx, `members|${program.id}`, 'lcrsmbr_', members, MEMBER_ORDERS);
	});
	r.post(`${M}/batch`, 'B', (ctx) => {
		const program = findProgram(ctx);
		if (!Array.isArray(ctx.body)) throw invalidParam('The body must be a JSON array of member entries');
		if (program.status !== 'ACTIVE') throw new ApiError(423, 'non_active_program', 'Cannot create members when program status is not ACTIVE', { message: 'Invalid program status' });
		const entries = ctx.body as unknown[];
		const action = startAsyncAction(ctx.env, 'PROGRAM_MEMBERS_BATCH_CREATE', entries.length, ctx.requestId, () => {
			// Each entry on its own: a failed one is reported and skipped, the others are added.
			const errors: Json[] = [];
			let done = 0;
			entries.forEach((entry, index) => {
				try {
					MEMBER_CREATE(entry, `[${index}]`);
					addMember(ctx.env, program, entry as Json);
					done++;
				} catch (e) {
					const error = e as ApiError;
					errors.push({ index, key: error.key ?? 'invalid_payload', message: error.message, details: String(error.details ?? error.message) });
				}
			});
			return { done_count: done, failed_count: errors.length, errors };
		});
		return accepted({ async_action_id: action.id });
	});
	r.get(`${M}/{memberId}`, 'B', (ctx) => {
		const member = findMember(ctx);
		return ok({ ...memberView(member), cards: cardsOf(ctx.env, member) });
	});
	r.put(`${M}/{memberId}`, 'B', (ctx) => {
		const member = findMember(ctx);
		const body = bodyObject(ctx.body);
		MEMBER_UPDATE(body, '');
		// Keys merge into the metadata; null clears it.
		member.metadata = body.metadata === null ? {} : { ...(member.metadata ?? {}), ...(body.metadata as Json) };
		member.updated_at = nowIso();
		record(ctx.env, member, 'vl.member.updated');
		return ok(memberView(member));
	});
	r.delete(`${M}/{memberId}`, 'B', (ctx) => {
		const { store } = ctx.env;
		const member = findMember(ctx);
		// A soft delete: the member and its cards are gone from every read.
		store.members.delete(member.id);
		for (const card of [...store.cards.values()]) if (card.member_id === member.id) store.cards.delete(card.id);
		const deleted = { ...memberView(member), status: 'DELETED', updated_at: nowIso() };
		record(ctx.env, member, 'vl.member.deleted');
		return ok(deleted);
	});
	r.post(`${M}/{memberId}/activate`, 'B', (ctx) => transition(ctx, 'ACTIVE', 'vl.member.activated'));
	r.post(`${M}/{memberId}/deactivate`, 'B', (ctx) => transition(ctx, 'INACTIVE', 'vl.member.deactivated'));
	r.get(`${M}/{memberId}/activities`, 'B', (ctx) => {
		const member = findMember(ctx);
		const activities = (ctx.env.store.memberActivities.get(member.id) ?? []) as Array<Json & { id: string; created_at: string }>;
		return v2Page(ctx, `member-activities|${member.id}`, 'lcrsambr_', activities, ACTIVITY_ORDERS);
	});
	r.get('/v2/loyalties/memberships/{customerId}', 'B', (ctx) => {
		const { customer, members } = membersOf(ctx);
		return ok({
			customer: { id: customer.id, source_id: customer.source_id ?? null, object: 'customer' },
			memberships: members.map((member) => membership(ctx.env, member)),
			object: 'memberships_result',
		});
	});
	r.get('/v2/loyalties/programs/{programId}/memberships/{customerId}', 'B', (ctx) => {
		const program = findProgram(ctx);
		const member = membersOf(ctx).members.find((m) => m.program_id === program.id);
		if (!member) throw notFound('member', ctx.params.customerId);
		return ok(membership(ctx.env, member));
	});
}
