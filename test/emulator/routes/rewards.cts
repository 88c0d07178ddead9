/**
 * Rewards (auth A or Bearer) and their assignments. A reward's type follows from its parameters: `campaign`
 * (CAMPAIGN: an existing campaign; a gift or loyalty campaign needs a balance above 0), `product` (MATERIAL: an
 * existing product; stock ≥ 0) or `coin` (COIN: an exchange ratio above 0); an update keeps the type. A reward
 * with assignments cannot be deleted (400 resource_in_use naming them). An assignment offers the reward in a
 * campaign at a points cost (a COIN reward takes none); lists are paged (`page` up to 100).
 */
import { pagedList } from '../envelopes.cjs';
import { ApiError, invalidPayload, notFound } from '../errors.cjs';
import { noContent, ok, type Ctx, type Router } from '../router.cjs';
import type { Reward, RewardAssignment, Store } from '../state.cjs';
import { bodyObject, isInt, isObject, pageOf, parseLimit, parsePage, rejectUnknown, requireString, type Json } from '../validate.cjs';

const REWARD_FIELDS = ['name', 'parameters', 'stock', 'attributes', 'metadata'];

function findReward(ctx: Ctx): Reward {
	const reward = ctx.env.store.rewards.get(ctx.params.rewardId);
	if (!reward) throw notFound('reward', ctx.params.rewardId);
	return reward;
}

function findAssignment(ctx: Ctx): RewardAssignment {
	const reward = findReward(ctx);
	const assignment = ctx.env.store.rewardAssignments.get(ctx.params.assignmentId);
	if (!assignment || assignment.reward_id !== reward.id) throw notFound('reward_assignment', ctx.params.assignmentId);
	return assignment;
}

/** The reward's type and its parameters as the service stores them, checked against the store. */
function rewardParameters(store: Store, parameters: unknown, type?: string): { type: string; parameters: Json } {
	if (!isObject(parameters)) throw invalidPayload('Field parameters is required and must be an object');
	const kinds = ['campaign', 'product', 'coin'].filter((key) => parameters[key] !== undefined);
	if (kinds.length !== 1) throw invalidPayload('Field parameters must hold exactly one of campaign, product or coin');
	const kind = kinds[0];
	const next = { campaign: 'CAMPAIGN', product: 'MATERIAL', coin: 'COIN' }[kind]!;
	if (type !== undefined && type !== next) throw invalidPayload(`A ${type} reward cannot become a ${next} reward`);
	const value = parameters[kind];
	if (!isObject(value)) throw invalidPayload(`Field parameters.${kind} must be an object`);
	if (kind === 'campaign') {
		const campaign = store.campaigns.get(String(value.id ?? ''));
		if (!campaign) throw notFound('campaign', String(value.id ?? ''));
		const needsBalance = campaign.campaign_type === 'GIFT_VOUCHERS' || campaign.campaign_type === 'LOYALTY_PROGRAM';
		if (needsBalance && (!isInt(value.balance) || value.balance <= 0))
			throw new ApiError(400, 'invalid_balance', `Property 'parameters.campaign.balance' must be greater than zero for campaign type: ${campaign.campaign_type}`);
		return { type: next, parameters: { campaign: { id: campaign.id, ...(needsBalance ? { balance: value.balance } : {}), type: campaign.campaign_type } } };
	}
	if (kind === 'product') {
		if (typeof value.id !== 'string' || !store.products.has(value.id)) throw notFound('product', String(value.id ?? ''));
		return { type: next, parameters: { product: { id: value.id, sku_id: value.sku_id ?? null } } };
	}
	const ratio = Number(value.exchange_ratio);
	if (!(ratio > 0)) throw invalidPayload('Field parameters.coin.exchange_ratio must be a number above 0');
	const points = value.points_ratio === undefined ? 1 : Number(value.points_ratio);
	if (!Number.isInteger(points) || points < 1) throw invalidPayload('Field parameters.coin.points_ratio must be a whole number of at least 1');
	return { type: next, parameters: { coin: { exchange_ratio: ratio, points_ratio: points } } };
}

/** The body fields besides parameters, checked; what is absent stays as it was. */
function rewardFields(body: Json): Json {
	rejectUnknown(body, REWARD_FIELDS);
	const fields: Json = {};
	if (body.name !== undefined) fields.name = requireString(body, 'name', 1, 200);
	if (body.stock !== undefined && body.stock !== null && (!isInt(body.stock) || body.stock < 0)) throw invalidPayload('Field stock must be a whole number of at least 0');
	if (body.stock !== undefined) fields.stock = body.stock;
	for (const key of ['attributes', 'metadata']) {
		if (body[key] === undefined) continue;
		if (!isObject(body[key])) throw invalidPayload(`Field ${key} must be an object`);
		fields[key] = body[key];
	}
	return fields;
}

/** An assignment's parameters.loyalty: points at least 1 (required unless the reward is COIN), auto_redeem boolean or null. */
function checkLoyalty(reward: Reward, parameters: unknown, required: boolean): void {
	if (parameters === undefined && !required) return;
	if (!isObject(parameters)) throw invalidPayload('Field parameters is required and must be an object');
	const loyalty = parameters.loyalty;
	if (reward.type !== 'COIN' && required && !isObject(loyalty)) throw invalidPayload('Field parameters.loyalty is required and must be an object');
	if (loyalty !== undefined && !isObject(loyalty)) throw invalidPayload('Field parameters.loyalty must be an object');
	if (isObject(loyalty)) {
		if (loyalty.points !== undefined && (!isInt(loyalty.points) || loyalty.points < 1)) throw invalidPayload('Field parameters.loyalty.points must be an integer ≥ 1');
		if (loyalty.auto_redeem !== undefined && loyalty.auto_redeem !== null && typeof loyalty.auto_redeem !== 'boolean')
			throw invalidPayload('Field parameters.loyalty.auto_redeem must be a boolean or null');
	}
}

export function register(r: Router): void {
	r.get('/v1/rewards', 'A|B', (ctx) => {
		const limit = parseLimit(ctx.query, 10);
		const page = parsePage(ctx.query, 100);
		const assignment = ctx.query.assignment_id ? ctx.env.store.rewardAssignments.get(ctx.query.assignment_id) : undefined;
		const all = [...ctx.env.store.rewards.values()].filter((reward) => !ctx.query.assignment_id || assignment?.reward_id === reward.id);
		return ok(pagedList('data', pageOf(all, page, limit), all.length));
	});

	r.post('/v1/rewards', 'A|B', (ctx) => {
		const store = ctx.env.store;
		const body = bodyObject(ctx.body);
		const fields = rewardFields(body);
		const { type, parameters } = rewardParameters(store, body.parameters);
		if (fields.stock !== undefined && type !== 'MATERIAL') throw invalidPayload('Only a MATERIAL reward has stock');
		const reward: Reward = {
			id: store.newId('rew_'),
			name: '',
			stock: null,
			redeemed: type === 'MATERIAL' ? 0 : null,
			attributes: {},
			metadata: {},
			...fields,
			type,
			parameters,
			created_at: new Date().toISOString(),
			updated_at: null,
			object: 'reward',
		};
		store.rewards.set(reward.id, reward);
		return ok(reward);
	});

	r.get('/v1/rewards/{rewardId}', 'A|B', (ctx) => ok(findReward(ctx)));

	r.put('/v1/rewards/{rewardId}', 'A|B', (ctx) => {
		const reward = findReward(ctx);
		const body = bodyObject(ctx.body);
		const fields = rewardFields(body);
		if (fields.stock !== undefined && reward.type !== 'MATERIAL') throw invalidPayload('Only a MATERIAL reward has stock');
		const next: Reward = { ...reward, ...fields, updated_at: new Date().toISOString() };
		if (body.parameters !== undefined) next.parameters = rewardParameters(ctx.env.store, body.parameters, reward.type).parameters;
		ctx.env.store.rewards.set(reward.id, next);
		return ok(next);
	});

	r.delete('/v1/rewards/{rewardId}', 'A|B', (ctx) => {
		const reward = findReward(ctx);
		const inUse = [...ctx.env.store.rewardAssignments.values()].filter((a) => a.reward_id === reward.id).map((a) => a.id);
		if (inUse.length > 0)
			throw new ApiError(400, 'resource_in_use', `Resource reward with id ${reward.id} is in use by reward_assignments with ids [${inUse.join(', ')}]`, { message: 'Resource in use' });
		ctx.env.store.rewards.delete(reward.id);
		return noContent();
	});

	r.get('/v1/rewards/{rewardId}/assignments', 'A|B', (ctx) => {
		const reward = findReward(ctx);
		const limit = parseLimit(ctx.query, 10);
		const page = parsePage(ctx.query, 100);
		const all = [...ctx.env.store.rewardAssignments.values()].filter((a) => a.reward_id === reward.id);
		return ok(pagedList('data', pageOf(all, page, limit), all.length));
	});

	r.get('/v1/rewards/{rewardId}/assignments/{assignmentId}', 'A|B', (ctx) => ok(findAssignment(ctx)));

	r.put('/v1/rewards/{rewardId}/assignments/{assignmentId}', 'A|B', (ctx) => {
		const reward = findReward(ctx);
		const assignment = findAssignment(ctx);
		const body = bodyObject(ctx.body);
		rejectUnknown(body, ['parameters']);
		checkLoyalty(reward, body.parameters, false);
		const loyalty = isObject(body.parameters) && isObject(body.parameters.loyalty) ? body.parameters.loyalty : {};
		const current = isObject(assignment.parameters.loyalty) ? assignment.parameters.loyalty : {};
		const next: RewardAssignment = { ...assignment, parameters: { ...assignment.parameters, loyalty: { ...current, ...loyalty } }, updated_at: new Date().toISOString() };
		ctx.env.store.rewardAssignments.set(assignment.id, next);
		return ok(next);
	});

	r.delete('/v1/rewards/{rewardId}/assignments/{assignmentId}', 'A|B', (ctx) => {
		const assignment = findAssignment(ctx);
		ctx.env.store.rewardAssignments.delete(assignment.id);
		return noContent();
	});

	r.post('/v1/rewards/{rewardId}/assignments', 'A|B', (ctx) => {
		const store = ctx.env.store;
		const reward = findReward(ctx);
		const body = bodyObject(ctx.body);
		const campaign = requireString(body, 'campaign');
		// A pay-with-points (COIN) reward takes no cost; any other needs parameters.loyalty, its points at least 1.
		const parameters = body.parameters ?? (reward.type === 'COIN' ? {} : undefined);
		checkLoyalty(reward, parameters, true);
		if (!store.campaigns.has(campaign)) throw notFound('campaign', campaign);
		const a: RewardAssignment = {
			id: store.newId('rewa_'),
			reward_id: reward.id,
			related_object_id: campaign,
			related_object_type: 'campaign',
			parameters: parameters as Json,
			created_at: new Date().toISOString(),
			updated_at: null,
			object: 'reward_assignment',
		};
		store.rewardAssignments.set(a.id, a);
		ctx.env.counters.rewardAssignmentsCreated++;
		ctx.env.noteCreate(ctx.path, body);
		ctx.env.emit('campaign.reward.assignment.created', a, a.id);
		return ok(a);
	});
}
