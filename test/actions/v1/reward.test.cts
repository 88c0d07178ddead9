/** Rewards and their assignments, through n8n's engine against the emulator. */
import { FIXTURES } from '../../emulator/index.cjs';
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { listSearch } from '../../harness/loadOptions.cjs';
import { serviceErrorOf, useEmulator, type Parameters } from './setup.cjs';

const ctx = useEmulator();

const reward = (operation: string, extra: Parameters = {}) => ({ resource: 'reward', operation, ...extra });
const assignment = (operation: string, extra: Parameters = {}) => ({ resource: 'rewardAssignment', operation, ...extra });
const byId = (value: string) => ({ __rl: true, mode: 'id', value });

describe('Reward', () => {
	it('creates each type from its own fields: gift credit in main units, loyalty points, a product with stock, pay with points', async () => {
		const gift = await ctx.run(reward('create', { name: 'Ten on the card', type: 'CAMPAIGN', campaignKind: 'GIFT_VOUCHERS', campaignId: FIXTURES.giftCampaignId, credit: 10.5 }));
		expect(gift.error).toBeUndefined();
		expect(gift.items[0].json).toMatchObject({ id: expect.stringMatching(/^rew_/), type: 'CAMPAIGN', parameters: { campaign: { id: FIXTURES.giftCampaignId, balance: 1050, type: 'GIFT_VOUCHERS' } } });
		const points = await ctx.run(reward('create', { name: 'Bonus points', type: 'CAMPAIGN', campaignKind: 'LOYALTY_PROGRAM', campaignId: FIXTURES.campaignId, points: 50 }));
		expect(points.items[0].json).toMatchObject({ parameters: { campaign: { balance: 50, type: 'LOYALTY_PROGRAM' } } });
		const material = await ctx.run(
			reward('create', { name: 'Mug', type: 'MATERIAL', productId: byId(FIXTURES.productId), additionalFields: { stock: 3, imageUrl: 'https://example.com/mug.png', metadataJson: '{"shelf":2}' } }),
		);
		expect(material.items[0].json).toMatchObject({ type: 'MATERIAL', stock: 3, attributes: { image_url: 'https://example.com/mug.png' }, metadata: { shelf: 2 } });
		const coin = await ctx.run(reward('create', { name: 'Pay with points', type: 'COIN', exchangeRatio: 1, pointsRatio: 10 }));
		expect(coin.items[0].json).toMatchObject({ type: 'COIN', parameters: { coin: { exchange_ratio: 1, points_ratio: 10 } } });
		expect(ctx.sent().map((request) => request.body)).toEqual([
			{ name: 'Ten on the card', parameters: { campaign: { id: FIXTURES.giftCampaignId, balance: 1050 } } },
			{ name: 'Bonus points', parameters: { campaign: { id: FIXTURES.campaignId, balance: 50 } } },
			{ name: 'Mug', parameters: { product: { id: FIXTURES.productId } }, attributes: { image_url: 'https://example.com/mug.png' }, stock: 3, metadata: { shelf: 2 } },
			{ name: 'Pay with points', parameters: { coin: { exchange_ratio: '1', points_ratio: '10' } } },
		]);
	});

	it('updates only the fields given, gets, lists, and deletes a reward; a reward still assigned is refused', async () => {
		const created = await ctx.run(reward('create', { name: 'Sticker', type: 'MATERIAL', productId: FIXTURES.productId }));
		const id = String(created.items[0].json.id);
		ctx.emu.control.clearRequests();
		const updated = await ctx.run(reward('update', { rewardId: id, updateFields: { name: 'Big sticker', stock: 7, description: 'Shiny' } }));
		expect(updated.items[0].json).toMatchObject({ id, name: 'Big sticker', stock: 7, attributes: { description: 'Shiny' } });
		const got = await ctx.run(reward('get', { rewardId: byId(id) }));
		expect(got.items[0].json).toMatchObject({ id, name: 'Big sticker' });
		const all = await ctx.run(reward('getAll', { returnAll: true }));
		expect(all.items.map((item) => item.json.id)).toEqual(expect.arrayContaining([id, ...FIXTURES.rewardIds]));
		const deleted = await ctx.run(reward('delete', { rewardId: id }));
		expect(deleted.items[0].json).toEqual({ deleted: true, id });
		expect(ctx.sent().map(({ method, path, query, body }) => [method, path, query, body])).toEqual([
			['PUT', `/v1/rewards/${id}`, {}, { name: 'Big sticker', attributes: { description: 'Shiny' }, stock: 7 }],
			['GET', `/v1/rewards/${id}`, {}, undefined],
			['GET', '/v1/rewards', { limit: '100' }, undefined],
			['DELETE', `/v1/rewards/${id}`, {}, undefined],
		]);
		const inUse = await ctx.run(reward('delete', { rewardId: FIXTURES.loyaltyRewardId }));
		expect(serviceErrorOf(inUse)).toMatchObject({ httpCode: '400', key: 'resource_in_use' });
	});

	it('filters the list by assignment', async () => {
		const { items } = await ctx.run(reward('getAll', { returnAll: true, filters: { assignmentId: FIXTURES.loyaltyRewardAssignmentId } }));
		expect(items.map((item) => item.json.id)).toEqual([FIXTURES.loyaltyRewardId]);
		expect(ctx.sent()[0].query).toEqual({ limit: '100', assignment_id: FIXTURES.loyaltyRewardAssignmentId });
	});

	it.each([
		[reward('create', { name: ' ', type: 'COIN', exchangeRatio: 1 }), 'Name', /is required/],
		[reward('create', { name: 'x', type: 'COIN', exchangeRatio: 0 }), 'Exchange Ratio', /above 0/],
		[reward('create', { name: 'x', type: 'CAMPAIGN', campaignKind: 'GIFT_VOUCHERS', campaignId: FIXTURES.giftCampaignId, credit: 0 }), 'Credit', /above 0/],
		[reward('create', { name: 'x', type: 'CAMPAIGN', campaignKind: 'LOYALTY_PROGRAM', campaignId: FIXTURES.campaignId, points: 0 }), 'Points', /whole number/],
		[reward('create', { name: 'x', type: 'COIN', exchangeRatio: 1, additionalFields: { stock: 2 } }), 'Stock', /material rewards only/],
		[reward('update', { rewardId: FIXTURES.rewardIds[0], updateFields: {} }), 'Update Fields', /at least one field/],
		[reward('update', { rewardId: FIXTURES.rewardIds[0], updateFields: { parametersJson: '[1]' } }), 'Parameters (JSON)', /JSON object/],
		[reward('get', { rewardId: '..' }), 'Reward', /must be an ID/],
	])('refuses %j naming %s, sending nothing', (parameters, field, rule) => ctx.expectInvalid(parameters, field, rule));

	it('does not resend a create after a 503', async () => {
		ctx.emu.control.setFaults({ route: '/v1/rewards', method: 'POST', sequence: [503] });
		const failed = await ctx.run(reward('create', { name: 'After 503', type: 'COIN', exchangeRatio: 1 }));
		expect(failed.error?.httpCode).toBe('503');
		expect(ctx.sent()).toHaveLength(1);
	});
});

describe('Reward Assignment', () => {
	it('lists, gets, updates the points cost of and deletes an assignment', async () => {
		const rewardId = FIXTURES.rewardIds[10];
		const created = await ctx.run(assignment('create', { rewardId, campaign: FIXTURES.campaignId, points: 40 }));
		const id = String(created.items[0].json.id);
		ctx.emu.control.clearRequests();
		const list = await ctx.run(assignment('getAll', { rewardId: byId(rewardId), returnAll: true }));
		expect(list.items.map((item) => item.json.id)).toEqual([id]);
		const updated = await ctx.run(assignment('update', { rewardId, assignmentId: byId(id), updateFields: { points: 60, autoRedeem: true } }));
		expect(updated.items[0].json).toMatchObject({ id, parameters: { loyalty: { points: 60, auto_redeem: true } } });
		const got = await ctx.run(assignment('get', { rewardId, assignmentId: id }));
		expect(got.items[0].json).toMatchObject({ id, reward_id: rewardId, related_object_id: FIXTURES.campaignId });
		const deleted = await ctx.run(assignment('delete', { rewardId, assignmentId: id }));
		expect(deleted.items[0].json).toEqual({ deleted: true, id });
		expect(ctx.sent().map(({ method, path, body }) => [method, path, body])).toEqual([
			['GET', `/v1/rewards/${rewardId}/assignments`, undefined],
			['PUT', `/v1/rewards/${rewardId}/assignments/${id}`, { parameters: { loyalty: { points: 60, auto_redeem: true } } }],
			['GET', `/v1/rewards/${rewardId}/assignments/${id}`, undefined],
			['DELETE', `/v1/rewards/${rewardId}/assignments/${id}`, undefined],
		]);
		const gone = await ctx.run(assignment('get', { rewardId, assignmentId: id }));
		expect(serviceErrorOf(gone)).toMatchObject({ httpCode: '404', resource_id: id });
	});

	it('From List offers the assignments of the reward chosen', async () => {
		const { results } = await listSearch('searchRewardAssignments', {
			parameters: { resource: 'rewardAssignment', operation: 'get', rewardId: byId(FIXTURES.loyaltyRewardId) } as never,
			credentials: credentialsFor(ctx.emu),
		});
		expect(results).toEqual([{ name: `${FIXTURES.campaignId} for ${FIXTURES.loyaltyRewardPoints} points (${FIXTURES.loyaltyRewardAssignmentId})`, value: FIXTURES.loyaltyRewardAssignmentId }]);
		const rewards = await listSearch('searchRewards', { parameters: { resource: 'reward', operation: 'get' } as never, credentials: credentialsFor(ctx.emu) }, 'reward 12');
		expect(rewards.results).toEqual([{ name: 'Reward 12 (COIN)', value: FIXTURES.rewardIds[11] }]);
	});

	it.each([
		[assignment('update', { rewardId: FIXTURES.loyaltyRewardId, assignmentId: FIXTURES.loyaltyRewardAssignmentId, updateFields: {} }), 'Update Fields', /at least one field/],
		[assignment('update', { rewardId: FIXTURES.loyaltyRewardId, assignmentId: FIXTURES.loyaltyRewardAssignmentId, updateFields: { points: 0 } }), 'Points', /whole number/],
		[assignment('delete', { rewardId: FIXTURES.loyaltyRewardId, assignmentId: '..' }), 'Assignment', /must be an ID/],
	])('refuses %j naming %s, sending nothing', (parameters, field, rule) => ctx.expectInvalid(parameters, field, rule));
});
