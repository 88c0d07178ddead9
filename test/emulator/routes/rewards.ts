/** Rewards (auth A): the paged list, and reward assignments (assign a reward to a campaign with a points cost). */
import { pagedList } from '../envelopes';
import { invalidPayload, notFound } from '../errors';
import { ok, Router } from '../router';
import type { RewardAssignment } from '../state';
import { bodyObject, isInt, isObject, pageOf, parseLimit, parsePage, requireString } from '../validate';

export function register(r: Router): void {
	r.get('/v1/rewards', 'A', (ctx) => {
		const limit = parseLimit(ctx.query, 10);
		const page = parsePage(ctx.query, 100);
		const all = [...ctx.env.store.rewards.values()];
		return ok(pagedList('data', pageOf(all, page, limit), all.length));
	});

	r.post('/v1/rewards/{rewardId}/assignments', 'A', (ctx) => {
		const store = ctx.env.store;
		const reward = store.rewards.get(ctx.params.rewardId);
		if (!reward) throw notFound('reward', ctx.params.rewardId);
		const body = bodyObject(ctx.body);
		const campaign = requireString(body, 'campaign');
		// A pay-with-points (COIN) reward takes no cost; any other needs parameters.loyalty, its points at least 1.
		const parameters = body.parameters ?? (reward.type === 'COIN' ? {} : undefined);
		if (!isObject(parameters)) throw invalidPayload('Field parameters is required and must be an object');
		const loyalty = parameters.loyalty;
		if (reward.type !== 'COIN' && !isObject(loyalty)) throw invalidPayload('Field parameters.loyalty is required and must be an object');
		if (isObject(loyalty)) {
			if (loyalty.points !== undefined && (!isInt(loyalty.points) || loyalty.points < 1))
				throw invalidPayload('Field parameters.loyalty.points must be an integer ≥ 1');
			if (loyalty.auto_redeem !== undefined && loyalty.auto_redeem !== null && typeof loyalty.auto_redeem !== 'boolean')
				throw invalidPayload('Field parameters.loyalty.auto_redeem must be a boolean or null');
		}
		if (!store.campaigns.has(campaign)) throw notFound('campaign', campaign);
		const a: RewardAssignment = {
			id: store.newId('rewa_'),
			reward_id: reward.id,
			related_object_id: campaign,
			related_object_type: 'campaign',
			parameters,
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
