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
		const parameters = body.parameters;
		if (!isObject(parameters)) throw invalidPayload('Field parameters is required and must be an object');
		if (parameters.loyalty !== undefined) {
			const loyalty = parameters.loyalty;
			if (!isObject(loyalty) || !isInt(loyalty.points) || loyalty.points < 0)
				throw invalidPayload('Field parameters.loyalty.points must be an integer ≥ 0');
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
