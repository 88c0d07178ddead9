/**
 * A v2 program's card definition, earning rule and tier structure assignments (auth B): each kind's list (v2
 * cursor, order by created_at) and its batch, with the contract's rules. A batch is checked whole before
 * anything changes: shapes (at most 10 entries a list, ids matching the kind's pattern, no id twice in a list),
 * then what must exist (404: the record; an unassigned id must be assigned), then the kind's rules:
 * - card definitions: the program must be DRAFT (423 non_draft_program); an assigned card definition must be ACTIVE (409);
 * - earning rules: an ACTIVE program must keep an ACTIVE earning rule assigned (423 missing_active_earning_rule);
 * - tier structures: unassigning needs the program in DRAFT (423 non_draft_program); an assigned tier structure must
 *   be ACTIVE (409); a program holds at most one (400).
 * Unassigns run first; assigning what is already assigned keeps it (and when it was assigned). Each change is a
 * program activity (`vl.program.<kind>.assigned|unassigned`).
 */
import { ApiError, invalidPayload, invalidState, notFound } from '../errors.cjs';
import { type Ctx, ok, type Router } from '../router.cjs';
import type { Program, ProgramAssignments, Store } from '../state.cjs';
import { arr, bodyObject, type Json, nullable, obj, str } from '../validate.cjs';
import { findProgram, recordProgramActivity } from './loyaltyV2Programs.cjs';
import { v2Page } from './loyaltyV2Lists.cjs';

interface Kind {
	segment: string;
	key: keyof ProgramAssignments;
	/** The record's kind in 404s and activities, e.g. 'card_definition'. */
	object: string;
	pattern: RegExp;
	cursor: string;
	records(store: Store): Map<string, { status: string }>;
	/** The assignment's fields besides created_at and object. */
	entry(id: string): Json;
	check(ctx: Ctx, program: Program, after: Set<string>, assign: string[], unassign: string[]): void;
}

const nonDraft = (program: Program) => new ApiError(423, 'non_draft_program', `Program ${program.id} is ${program.status}: this change needs it in DRAFT`, { resource_type: 'program', resource_id: program.id });

function mustBeActive(store: Store, kind: Kind, ids: string[]): void {
	for (const id of ids) {
		const status = kind.records(store).get(id)!.status;
		if (status !== 'ACTIVE') throw invalidState(`${kind.object.replace('_', ' ')} ${id} is ${status}: only an ACTIVE one can be assigned`, kind.object, id);
	}
}

const KINDS: Kind[] = [
	{
		segment: 'card-definitions',
		key: 'card_definitions',
		object: 'card_definition',
		pattern: /^lcdef_[a-f0-9]+$/,
		cursor: 'lcrscdefa_',
		records: (store) => store.cardDefinitions,
		entry: (id) => ({ card_type: 'INDIVIDUAL', card_definition_id: id }),
		check(ctx, program, _after, assign) {
			if (program.status !== 'DRAFT') throw nonDraft(program);
			mustBeActive(ctx.env.store, this, assign);
		},
	},
	{
		segment: 'earning-rules',
		key: 'earning_rules',
		object: 'earning_rule',
		pattern: /^lern_[a-f0-9]+$/,
		cursor: 'lcrserna_',
		records: (store) => store.earningRules,
		entry: (id) => ({ earning_rule_id: id }),
		check(ctx, program, after) {
			if (program.status === 'ACTIVE' && ![...after].some((id) => ctx.env.store.earningRules.get(id)?.status === 'ACTIVE'))
				throw new ApiError(423, 'missing_active_earning_rule', `Program ${program.id} is ACTIVE: it must keep at least one active earning rule assigned`);
		},
	},
	{
		segment: 'tier-structures',
		key: 'tier_structures',
		object: 'tier_structure',
		pattern: /^lts_[a-f0-9]+$/,
		cursor: 'lcrstsa_',
		records: (store) => store.tierStructures,
		entry: (id) => ({ tier_structure_id: id }),
		check(ctx, program, after, assign, unassign) {
			if (unassign.length && program.status !== 'DRAFT') throw nonDraft(program);
			mustBeActive(ctx.env.store, this, assign);
			if (after.size > 1) throw invalidPayload(`A program can have at most one tier structure (the batch would leave ${[...after].join(', ')})`);
		},
	},
];

function assignment(store: Store, program: Program, kind: Kind, id: string): Json {
	return { ...kind.entry(id), created_at: store.assignedAt.get(`${program.id}|${id}`) ?? program.created_at, object: `program_${kind.object}` };
}

function batch(ctx: Ctx, kind: Kind) {
	const { store } = ctx.env;
	const program = findProgram(ctx);
	const body = bodyObject(ctx.body);
	const entries = nullable(arr(obj({ id: str({ pattern: kind.pattern }) }, ['id']), { max: 10 }));
	obj({ assign: entries, unassign: entries })(body, '');
	const ids = (list: unknown) => ((list ?? []) as Json[]).map((e) => e.id as string);
	const assign = ids(body.assign);
	const unassign = ids(body.unassign);
	for (const [field, list] of [['assign', assign], ['unassign', unassign]] as const) {
		const repeated = list.find((id, i) => list.indexOf(id) !== i);
		if (repeated !== undefined) throw invalidPayload(`Field ${field} must not name ${repeated} twice`);
	}
	const current = store.programAssignments.get(program.id)![kind.key];
	for (const id of [...unassign, ...assign]) if (!kind.records(store).has(id)) throw notFound(kind.object, id);
	for (const id of unassign) if (!current.has(id)) throw notFound(`program_${kind.object}`, id, `${kind.object.replace('_', ' ')} assigned to this program`);
	const after = new Set([...current].filter((id) => !unassign.includes(id)));
	for (const id of assign) after.add(id);
	kind.check(ctx, program, after, assign, unassign);
	const unassigned = unassign.map((id) => {
		const entry = assignment(store, program, kind, id);
		current.delete(id);
		store.assignedAt.delete(`${program.id}|${id}`);
		recordProgramActivity(store, program, `vl.program.${kind.object}.unassigned`, { [kind.object]: { id } });
		return entry;
	});
	const now = new Date().toISOString();
	const assigned = assign.map((id) => {
		if (!current.has(id)) {
			current.add(id);
			store.assignedAt.set(`${program.id}|${id}`, now);
			recordProgramActivity(store, program, `vl.program.${kind.object}.assigned`, { [kind.object]: { id } });
		}
		return assignment(store, program, kind, id);
	});
	// A list that was not asked for answers null.
	return ok({ assigned: body.assign === undefined || body.assign === null ? null : assigned, unassigned: body.unassign === undefined || body.unassign === null ? null : unassigned });
}

export function register(r: Router): void {
	for (const kind of KINDS) {
		const base = `/v2/loyalties/programs/{programId}/${kind.segment}`;
		r.get(base, 'B', (ctx) => {
			const program = findProgram(ctx);
			const list = [...ctx.env.store.programAssignments.get(program.id)![kind.key]].map((id) => ({ id, ...assignment(ctx.env.store, program, kind, id) }));
			// Entries carry no id: the list pages by their assignment order, and `id` is left out of what it answers.
			const page = v2Page(ctx, `${kind.segment}|${program.id}`, kind.cursor, list as Array<Json & { id: string; created_at: string }>, ['created_at', '-created_at']);
			const data = (page.body as Json).data as Json[];
			(page.body as Json).data = data.map(({ id: _id, ...rest }) => rest);
			return page;
		});
		r.post(`${base}/batch`, 'B', (ctx) => batch(ctx, kind));
	}
}
