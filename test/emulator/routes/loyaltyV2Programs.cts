/**
 * v2 loyalty programs (auth B): create (with its assignments), get, delete, activate, deactivate and the program's
 * activities, with the service's state rules: activation needs an active card definition and an active earning
 * rule assigned (423 otherwise), only DRAFT or INACTIVE programs activate and only ACTIVE ones deactivate (400
 * invalid_state_transition). Every change is recorded as a program activity (`laprg_…`).
 */
import { randomBytes } from 'crypto';
import { ApiError, invalidPayload, notFound } from '../errors.cjs';
import { Ctx, ok, Router } from '../router.cjs';
import { PROGRAM_CREATE } from '../contractV2.cjs';
import type { Program, ProgramAssignments, ProgramReward, Store } from '../state.cjs';
import { bodyObject, checkProgramId, Json } from '../validate.cjs';
import { v2Page } from './loyaltyV2Lists.cjs';

const hex = () => randomBytes(8).toString('hex');

/** Records an activity of the program, with its snapshot. */
export function recordProgramActivity(store: Store, program: Program, type: string, extra: Json = {}): void {
	const list = store.programActivities.get(program.id) ?? [];
	list.push({
		id: `laprg_${hex()}`,
		program_id: program.id,
		type,
		data: { program: { ...program }, ...extra },
		created_at: new Date().toISOString(),
		group_id: `v-${hex()}`,
		object: 'program_activity',
	});
	store.programActivities.set(program.id, list);
}

export function findProgram(ctx: Ctx, param = 'programId'): Program {
	const id = ctx.params[param];
	checkProgramId(id);
	const program = ctx.env.store.programs.get(id);
	if (!program) throw notFound('program', id);
	return program;
}

const locked = (key: string, details: string) => new ApiError(423, key, details);

/** An ACTIVE program needs an active card definition and an active earning rule among its assignments. */
function checkActivatable(store: Store, id: string, a: ProgramAssignments): void {
	if (![...a.card_definitions].some((cd) => store.cardDefinitions.get(cd)?.status === 'ACTIVE'))
		throw locked('missing_active_card_definition', `Program ${id} needs at least one active card definition to be ACTIVE`);
	if (![...a.earning_rules].some((er) => store.earningRules.get(er)?.status === 'ACTIVE'))
		throw locked('missing_active_earning_rule', `Program ${id} needs at least one active earning rule to be ACTIVE`);
}

const ids = (list: unknown): string[] => ((list ?? []) as Json[]).map((e) => e.id as string);

function create(ctx: Ctx) {
	const { store } = ctx.env;
	const body = bodyObject(ctx.body);
	PROGRAM_CREATE(body, '');
	const start = body.start_date as string | null | undefined;
	const end = body.end_date as string | null | undefined;
	if (start && end && Date.parse(end) < Date.parse(start)) throw invalidPayload('Field end_date must not be before start_date');
	const lists = { card_definitions: ids(body.card_definitions), earning_rules: ids(body.earning_rules), tier_structures: ids(body.tier_structures), rewards: ids(body.rewards) };
	for (const [field, list] of Object.entries(lists)) {
		const repeated = list.find((id, i) => list.indexOf(id) !== i);
		if (repeated) throw invalidPayload(`Field ${field} must not name ${repeated} twice`);
	}
	if (lists.tier_structures.length > 1) throw invalidPayload('Field tier_structures: a program can have at most one tier structure');
	for (const id of lists.card_definitions) if (!store.cardDefinitions.has(id)) throw notFound('card_definition', id);
	for (const id of lists.earning_rules) if (!store.earningRules.has(id)) throw notFound('earning_rule', id);
	for (const id of lists.tier_structures) if (!store.tierStructures.has(id)) throw notFound('tier_structure', id);
	for (const id of lists.rewards) if (!store.v2Rewards.has(id)) throw notFound('reward', id);
	const now = new Date().toISOString();
	const id = `lprg_${hex()}`;
	const assignments: ProgramAssignments = {
		card_definitions: new Set(lists.card_definitions),
		earning_rules: new Set(lists.earning_rules),
		tier_structures: new Set(lists.tier_structures),
	};
	const status = (body.status ?? 'DRAFT') as Program['status'];
	if (status === 'ACTIVE') checkActivatable(store, id, assignments);
	const program: Program = {
		id,
		name: body.name as string,
		status,
		start_date: start ?? null,
		end_date: end ?? null,
		metadata: (body.metadata ?? {}) as Json,
		created_at: now,
		updated_at: null,
		object: 'program',
	};
	(program as unknown as Json).validity_hours = body.validity_hours ?? { type: 'ANY_TIME' };
	const rewards = new Map<string, ProgramReward>();
	for (const e of (body.rewards ?? []) as Json[]) {
		const stock = e.stock as Json;
		rewards.set(e.id as string, {
			reward_id: e.id as string,
			stock: stock.type === 'UNLIMITED' ? { type: 'UNLIMITED' } : { type: 'LIMITED', limited: { quantity: (stock.limited as Json).quantity as number } },
			redeemed: 0,
			created_at: now,
			updated_at: null,
			object: 'program_reward',
		});
	}
	store.programs.set(id, program);
	store.programRewards.set(id, rewards);
	store.programAssignments.set(id, assignments);
	recordProgramActivity(store, program, 'vl.program.created');
	const assigned = (list: string[], key: string) => (list.length ? list.map((ref) => ({ [key]: ref })) : null);
	return ok({
		...program,
		card_definitions: assigned(lists.card_definitions, 'card_definition_id'),
		earning_rules: assigned(lists.earning_rules, 'earning_rule_id'),
		rewards: assigned(lists.rewards, 'reward_id'),
		tier_structures: assigned(lists.tier_structures, 'tier_structure_id'),
	});
}

/** Moves a program to `to` when its status is one of `from`; 400 invalid_state_transition otherwise. */
function transition(ctx: Ctx, from: readonly Program['status'][], to: Program['status'], activity: string) {
	const { store } = ctx.env;
	const program = findProgram(ctx);
	if (!from.includes(program.status))
		throw new ApiError(400, 'invalid_state_transition', `Program ${program.id} is ${program.status}: it cannot become ${to} (only from ${from.join(' or ')})`, {
			resource_type: 'program',
			resource_id: program.id,
		});
	if (to === 'ACTIVE') checkActivatable(store, program.id, store.programAssignments.get(program.id)!);
	program.status = to;
	program.updated_at = new Date().toISOString();
	recordProgramActivity(store, program, activity);
	return ok(program);
}

const ACTIVITY_ORDERS = ['created_at', '-created_at'] as const;

export function register(r: Router): void {
	r.post('/v2/loyalties/programs', 'B', create);
	r.get('/v2/loyalties/programs/{programId}', 'B', (ctx) => ok(findProgram(ctx)));
	r.delete('/v2/loyalties/programs/{programId}', 'B', (ctx) => {
		const { store } = ctx.env;
		const program = findProgram(ctx);
		// A soft delete: the program and its assignments are gone from every read.
		store.programs.delete(program.id);
		store.programRewards.delete(program.id);
		store.programAssignments.delete(program.id);
		const deleted = { ...program, status: 'DELETED' as const, updated_at: new Date().toISOString() };
		recordProgramActivity(store, deleted, 'vl.program.deleted');
		return ok(deleted);
	});
	r.post('/v2/loyalties/programs/{programId}/activate', 'B', (ctx) => transition(ctx, ['DRAFT', 'INACTIVE'], 'ACTIVE', 'vl.program.activated'));
	r.post('/v2/loyalties/programs/{programId}/deactivate', 'B', (ctx) => transition(ctx, ['ACTIVE'], 'INACTIVE', 'vl.program.deactivated'));
	r.get('/v2/loyalties/programs/{programId}/activities', 'B', (ctx) => {
		const program = findProgram(ctx);
		const activities = (ctx.env.store.programActivities.get(program.id) ?? []) as Array<Json & { id: string; created_at: string }>;
		return v2Page(ctx, `program-activities|${program.id}`, 'lcrsapr_', activities, ACTIVITY_ORDERS);
	});
}
