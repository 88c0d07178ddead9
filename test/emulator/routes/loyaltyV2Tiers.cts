/**
 * A v2 tier structure's tiers (auth B), with the contract's rules: a closed body (`name` 1–200 and
 * `qualification_rules` required on create), qualification POINTS (points, no segment) or POINTS_AND_SEGMENT
 * (points and segment), points 0–1,000,000,000 with max_value not below min_value; `downgrade` INHERIT (the
 * default) or NO_DOWNGRADE. A structure holds at most 100 tiers (400; 10 until the 20 August 2026 release). Once the structure has left DRAFT, tiers are neither added nor removed and only their name and metadata
 * change (409 resource_in_invalid_state). The list is a v2 cursor list (`lcrst_`, order by created_at or name,
 * no filters); a delete answers the deleted tier. Each change is a tier structure activity (`vl.tier_structure.tier.*`).
 */
import { invalidParam, invalidPayload, invalidState, notFound } from '../errors.cjs';
import { type Ctx, ok, type Router } from '../router.cjs';
import type { Store, TierStructure } from '../state.cjs';
import { anyObject, bodyObject, isObject, type Json, nullable, obj, type Rule, str } from '../validate.cjs';
import { recordActivity, TIER_STRUCTURES } from './loyaltyV2Catalogue.cjs';
import { v2Page } from './loyaltyV2Lists.cjs';

type Tier = Json & { id: string; name: string; created_at: string };

const TIER_ID = /^lt_[a-f0-9]+$/;
const MAX_TIERS = 100;
const MAX_POINTS = 1_000_000_000;

const pointsValue: Rule = (v, path) => {
	if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > MAX_POINTS) throw invalidPayload(`Field ${path} must be a number from 0 to ${MAX_POINTS}`);
};

const QUALIFICATION = obj(
	{
		type: str({ enum: ['POINTS', 'POINTS_AND_SEGMENT'] }),
		points: nullable(obj({ min_value: pointsValue, max_value: pointsValue }, ['min_value'])),
		segment: nullable(obj({ id: str({ min: 1 }) }, ['id'])),
	},
	['type'],
	(o, path) => {
		if (!isObject(o.points)) throw invalidPayload(`Field ${path}.points is required when ${path}.type is ${String(o.type)}`);
		const withSegment = o.type === 'POINTS_AND_SEGMENT';
		if (withSegment && !isObject(o.segment)) throw invalidPayload(`Field ${path}.segment is required when ${path}.type is POINTS_AND_SEGMENT`);
		if (!withSegment && o.segment !== undefined && o.segment !== null) throw invalidPayload(`Field ${path}.segment must be null or absent when ${path}.type is POINTS`);
		const { min_value: min, max_value: max } = o.points as { min_value: number; max_value?: number };
		if (max !== undefined && max < min) throw invalidPayload(`Field ${path}.points.max_value must not be below min_value (${min})`);
	},
);

const FIELDS: Record<string, Rule> = {
	name: str({ min: 1, max: 200 }),
	qualification_rules: QUALIFICATION,
	downgrade: nullable(obj({ type: str({ enum: ['INHERIT', 'NO_DOWNGRADE'] }) }, ['type'])),
	metadata: nullable(anyObject),
};
const CREATE = obj(FIELDS, ['name', 'qualification_rules']);
const UPDATE = obj({ ...FIELDS, qualification_rules: nullable(QUALIFICATION) });

function findStructure(ctx: Ctx): TierStructure {
	const id = ctx.params.tierStructureId;
	if (!TIER_STRUCTURES.pattern.test(id)) throw invalidParam(`Path parameter id must match ${TIER_STRUCTURES.pattern.source} (got ${id})`);
	const structure = ctx.env.store.tierStructures.get(id);
	if (!structure) throw notFound('tier_structure', id);
	return structure;
}

function tiersOf(store: Store, structure: TierStructure): Map<string, Tier> {
	let tiers = store.tiers.get(structure.id);
	if (!tiers) {
		tiers = new Map();
		store.tiers.set(structure.id, tiers);
	}
	return tiers;
}

function findTier(ctx: Ctx, structure: TierStructure): Tier {
	const id = ctx.params.tierId;
	if (!TIER_ID.test(id)) throw invalidParam(`Path parameter tierId must match ${TIER_ID.source} (got ${id})`);
	const tier = tiersOf(ctx.env.store, structure).get(id);
	if (!tier) throw notFound('tier', id);
	return tier;
}

function mustBeDraft(structure: TierStructure, what: string): void {
	if (structure.status !== 'DRAFT')
		throw invalidState(`Tier structure ${structure.id} is ${structure.status}: ${what} only while it is DRAFT`, 'tier_structure', structure.id);
}

function activity(store: Store, structure: TierStructure, what: string, tier: Tier): void {
	recordActivity(store, TIER_STRUCTURES, structure as never, `tier.${what}`);
	const list = store.catalogueActivities.get(structure.id)!;
	(list[list.length - 1].data as Json).tier = { ...tier };
}

export function register(r: Router): void {
	const base = '/v2/loyalties/tier-structures/{tierStructureId}/tiers';
	r.get(base, 'B', (ctx) => {
		const structure = findStructure(ctx);
		if (Object.keys(ctx.query).some((key) => key.startsWith('filters'))) throw invalidParam('This list takes no filters');
		return v2Page(ctx, `tiers|${structure.id}`, 'lcrst_', [...tiersOf(ctx.env.store, structure).values()]);
	});
	r.post(base, 'B', (ctx) => {
		const { store } = ctx.env;
		const structure = findStructure(ctx);
		const body = structuredClone(bodyObject(ctx.body));
		CREATE(body, '');
		mustBeDraft(structure, 'tiers can be added');
		const tiers = tiersOf(store, structure);
		if (tiers.size >= MAX_TIERS) throw invalidPayload(`Tier structure ${structure.id} already holds ${MAX_TIERS} tiers, the most it can`);
		const now = new Date().toISOString();
		const tier: Tier = {
			id: store.newId('lt_'),
			tier_structure_id: structure.id,
			name: body.name as string,
			qualification_rules: body.qualification_rules,
			downgrade: body.downgrade ?? { type: 'INHERIT' },
			metadata: body.metadata ?? {},
			created_at: now,
			updated_at: null,
			object: 'tier',
		};
		tiers.set(tier.id, tier);
		activity(store, structure, 'created', tier);
		return ok(tier);
	});
	r.put(`${base}/{tierId}`, 'B', (ctx) => {
		const { store } = ctx.env;
		const structure = findStructure(ctx);
		const tier = findTier(ctx, structure);
		const body = structuredClone(bodyObject(ctx.body));
		UPDATE(body, '');
		if (Object.keys(body).length === 0) throw invalidPayload('The body must name at least one property to update');
		const locked = Object.keys(body).filter((key) => key !== 'name' && key !== 'metadata');
		if (locked.length) mustBeDraft(structure, `a tier's ${locked.join(' and ')} can change`);
		const next: Tier = { ...tier };
		for (const [key, value] of Object.entries(body)) if (value !== null || key === 'metadata') next[key] = value ?? {};
		next.updated_at = new Date().toISOString();
		Object.assign(tier, next);
		activity(store, structure, 'updated', tier);
		return ok(tier);
	});
	r.delete(`${base}/{tierId}`, 'B', (ctx) => {
		const { store } = ctx.env;
		const structure = findStructure(ctx);
		const tier = findTier(ctx, structure);
		mustBeDraft(structure, 'tiers can be removed');
		tiersOf(store, structure).delete(tier.id);
		activity(store, structure, 'deleted', tier);
		return ok(tier);
	});
}
