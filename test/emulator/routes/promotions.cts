/**
 * Promotion tiers and stacks (auth A or Bearer), over the generic store (crud.cts):
 * - tiers belong to a PROMOTION campaign (created with it, or added to it, the hierarchy then the next after its
 *   last tier); the items live at /v1/promotions/tiers/{id} (get, update, delete: CrudSpec), the list of all tiers
 *   is paged under `tiers` (`is_available` keeps the active, unexpired ones); a campaign's tiers are one list in
 *   hierarchy order; enable/disable set `active`.
 * - stacks belong to a campaign (by ID or name) and hold 1 to 30 of its tiers, in order; a campaign's stacks are
 *   one counted list, the list of all stacks is paged (`limit`, `page`, `order`).
 */
import { countedList, dateRangeFilter, sortByOrder } from '../envelopes.cjs';
import { invalidPayload } from '../errors.cjs';
import { collection, findRecord, registerCrud, type CrudSpec } from '../crud.cjs';
import { ok, type Ctx, type Router } from '../router.cjs';
import type { Campaign } from '../state.cjs';
import { bodyObject, isInt, isObject, leaveOutEmpty, pageOf, parseEnumParam, parseLimit, parsePage, rejectUnknown, type Json } from '../validate.cjs';
import { campaignOr404 } from './campaigns.cjs';

const TIER_FIELDS = [
	'name', 'banner', 'action', 'metadata', 'hierarchy', 'start_date', 'expiration_date', 'validity_timeframe', 'validity_day_of_week', 'validity_hours',
	'validation_rule_assignments', 'category', 'category_id',
];
const DISCOUNT_TYPES = ['AMOUNT', 'PERCENT', 'FIXED', 'UNIT', 'UNIT_MULTIPLE', 'SHIPPING'];

/** A tier body as the contract types it (`active` only on a create). */
function checkTier(body: Json, creating: boolean): void {
	rejectUnknown(body, creating ? [...TIER_FIELDS, 'active'] : TIER_FIELDS);
	if (creating && (typeof body.name !== 'string' || !body.name.trim())) throw invalidPayload('Property name is required');
	if (body.name !== undefined && (typeof body.name !== 'string' || !body.name.trim())) throw invalidPayload('Field name must be a non-empty string');
	if (body.hierarchy !== undefined && !(isInt(body.hierarchy) && body.hierarchy >= 1)) throw invalidPayload('Field hierarchy must be an integer ≥ 1');
	if (body.active !== undefined && typeof body.active !== 'boolean') throw invalidPayload('Field active must be a boolean');
	if (body.action !== undefined) {
		const discount = isObject(body.action) ? body.action.discount : undefined;
		if (!isObject(discount) || !DISCOUNT_TYPES.includes(String(discount.type))) throw invalidPayload(`Field action.discount.type must be one of ${DISCOUNT_TYPES.join(', ')}`);
	}
	for (const field of ['start_date', 'expiration_date'])
		if (body[field] !== undefined && body[field] !== null && Number.isNaN(Date.parse(String(body[field])))) throw invalidPayload(`Field ${field} must be an ISO 8601 date-time`);
	if (body.metadata !== undefined && !isObject(body.metadata)) throw invalidPayload('Field metadata must be an object');
}

const availableNow = (tier: Json) =>
	tier.active === true && (tier.expiration_date === null || tier.expiration_date === undefined || Date.parse(String(tier.expiration_date)) > Date.now());

export const TIER_SPEC: CrudSpec = {
	path: '/v1/promotions/tiers',
	idParam: 'promotionTierId',
	idPrefix: 'promo_',
	object: 'promotion_tier',
	auth: 'A|B',
	operations: ['list', 'get', 'update', 'delete'],
	envelope: 'paged',
	dataRef: 'tiers',
	check: (body) => checkTier(body, false),
	filter(tier, query) {
		const available = parseEnumParam(query, 'is_available', ['true', 'false'] as const);
		return available === undefined || availableNow(tier) === (available === 'true');
	},
};

/** The tiers of a campaign, in hierarchy order. */
function tiersOf(ctx: Ctx, campaign: Campaign): Json[] {
	return [...collection(ctx, TIER_SPEC).values()].filter((tier) => tier.campaign_id === campaign.id).sort((a, b) => Number(a.hierarchy) - Number(b.hierarchy));
}

/**
 * Adds a tier to a PROMOTION campaign; by default it comes after the campaign's last tier. The body is checked
 * unless it comes inside a campaign's create (`checked` false), whose tiers the campaign route takes as given.
 */
export function addTier(ctx: Ctx, campaign: Campaign, body: Json, checked = true): Json {
	if (campaign.campaign_type !== 'PROMOTION') throw invalidPayload(`Campaign ${campaign.name} is not a PROMOTION campaign: only promotions have tiers`);
	if (checked) checkTier(body, true);
	const last = tiersOf(ctx, campaign).reduce((max, tier) => Math.max(max, Number(tier.hierarchy) || 0), 0);
	const now = new Date().toISOString();
	const id = ctx.env.store.newId('promo_');
	const tier: Json = {
		id, active: true, banner: null, metadata: {}, hierarchy: last + 1, category_id: null, categories: [],
		...body,
		campaign_id: campaign.id, campaign: { id: campaign.id, object: 'campaign' }, object: 'promotion_tier', created_at: now,
	};
	// no start or expiration date given: the keys are left out (the contract does not let them be null)
	leaveOutEmpty(tier, ['start_date', 'expiration_date']);
	collection(ctx, TIER_SPEC).set(id, tier);
	return tier;
}

function setTierActive(ctx: Ctx, active: boolean) {
	const tier = findRecord(ctx, TIER_SPEC);
	Object.assign(tier, { active, updated_at: new Date().toISOString() });
	return ok(tier);
}

/** A stack's campaign (by ID or name) must exist: its path then names it by ID, so its stacks are one collection. */
function stackCampaign(ctx: Ctx): void {
	ctx.params.campaignId = campaignOr404(ctx.env.store, ctx.params.campaignId).id;
}

export const STACK_SPEC: CrudSpec = {
	path: '/v1/promotions/{campaignId}/stacks',
	idParam: 'stackId',
	idPrefix: 'stack_',
	object: 'promotion_stack',
	auth: 'A|B',
	envelope: 'counted',
	unpaged: true,
	required: ['name', 'tiers'],
	parent: stackCampaign,
	defaults: (ctx) => ({ campaign_id: ctx.params.campaignId, category_id: null, categories: [] }),
	check(body, ctx) {
		rejectUnknown(body, ['name', 'tiers', 'category_id']);
		if (body.name !== undefined && (typeof body.name !== 'string' || !body.name.trim())) throw invalidPayload('Field name must be a non-empty string');
		if (body.tiers === undefined) return;
		if (!isObject(body.tiers)) throw invalidPayload('Field tiers must be an object');
		rejectUnknown(body.tiers, ['ids', 'hierarchy_mode']);
		const ids = body.tiers.ids;
		if (!Array.isArray(ids) || ids.length < 1 || ids.length > 30 || ids.some((id) => typeof id !== 'string'))
			throw invalidPayload('Field tiers.ids must hold 1 to 30 promotion tier ids');
		if (new Set(ids).size !== ids.length) throw invalidPayload('Field tiers.ids names a tier twice');
		if (body.tiers.hierarchy_mode !== undefined && body.tiers.hierarchy_mode !== 'MANUAL') throw invalidPayload('Field tiers.hierarchy_mode must be MANUAL');
		const tiers = collection(ctx, TIER_SPEC);
		for (const id of ids as string[]) {
			if (tiers.get(id)?.campaign_id !== ctx.params.campaignId) throw invalidPayload(`Promotion tier ${id} is not a tier of campaign ${ctx.params.campaignId}`);
		}
	},
};

const STACK_ORDERS = ['created_at', '-created_at', 'updated_at', '-updated_at', 'name', '-name'] as const;

/** Every campaign's stacks (the stack collections of all campaigns), paged, sorted and filtered by date. */
function allStacks(ctx: Ctx) {
	const stacks: Json[] = [];
	for (const [key, records] of ctx.env.store.records) if (key.startsWith(`${STACK_SPEC.path}|`)) stacks.push(...records.values());
	const created = dateRangeFilter(ctx.query, 'created_at');
	const updated = dateRangeFilter(ctx.query, 'updated_at');
	const selected = stacks.filter((stack) => created(stack.created_at as string) && updated(stack.updated_at as string | null));
	const sorted = sortByOrder(selected, ctx.query, STACK_ORDERS, '-created_at', (stack, field) => (stack[field] as string | null) ?? '');
	const limit = parseLimit(ctx.query, 10);
	return ok(countedList(pageOf(sorted, parsePage(ctx.query, 100), limit), sorted.length));
}

export function register(r: Router): void {
	// The literal paths first: /v1/promotions/tiers and /v1/promotions/stacks are not campaigns.
	r.get('/v1/promotions/stacks', 'A|B', allStacks);
	registerCrud(r, TIER_SPEC);
	r.post('/v1/promotions/tiers/{promotionTierId}/enable', 'A|B', (ctx) => setTierActive(ctx, true));
	r.post('/v1/promotions/tiers/{promotionTierId}/disable', 'A|B', (ctx) => setTierActive(ctx, false));
	r.get('/v1/promotions/{campaignId}/tiers', 'A|B', (ctx) => {
		const tiers = tiersOf(ctx, campaignOr404(ctx.env.store, ctx.params.campaignId));
		return ok({ object: 'list', data_ref: 'tiers', tiers, total: tiers.length, has_more: false });
	});
	r.post('/v1/promotions/{campaignId}/tiers', 'A|B', (ctx) => {
		const body = bodyObject(ctx.body);
		ctx.env.noteCreate(ctx.path, body);
		return ok(addTier(ctx, campaignOr404(ctx.env.store, ctx.params.campaignId), body));
	});
	registerCrud(r, STACK_SPEC);
}
