import { FIXTURES } from '../../emulator/index.cjs';
import { serviceErrorOf, useEmulator } from './setup.cjs';

const ctx = useEmulator();

const assign = (extra: Record<string, unknown> = {}) => ({
	resource: 'rewardAssignment',
	operation: 'create',
	rewardId: FIXTURES.rewardIds[3],
	campaign: FIXTURES.campaignId,
	points: 150,
	...extra,
});

describe('Reward Assignment: Create', () => {
	it('posts the campaign and the points cost as parameters.loyalty.points', async () => {
		const { items, error } = await ctx.run(assign());
		expect(error).toBeUndefined();
		expect(ctx.sent()).toEqual([
			{
				method: 'POST',
				path: `/v1/rewards/${FIXTURES.rewardIds[3]}/assignments`,
				query: {},
				body: { campaign: FIXTURES.campaignId, parameters: { loyalty: { points: 150 } } },
			},
		]);
		expect(items.map((item) => item.json)).toEqual([
			expect.objectContaining({
				object: 'reward_assignment',
				reward_id: FIXTURES.rewardIds[3],
				related_object_id: FIXTURES.campaignId,
				related_object_type: 'campaign',
				parameters: { loyalty: { points: 150 } },
			}),
		]);
	});

	it('accepts a cost of 1 point, the least the service takes', async () => {
		const { error } = await ctx.run(assign({ points: 1 }));
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({ campaign: FIXTURES.campaignId, parameters: { loyalty: { points: 1 } } });
	});

	it('refuses a cost of 0 points, from Points or from Parameters (JSON)', async () => {
		await ctx.expectInvalid(assign({ points: 0 }), 'Points', /whole number of at least 1 \(got 0\)/);
		await ctx.expectInvalid(assign({ additionalFields: { parametersJson: '{ "loyalty": { "points": 0 } }' } }), 'Parameters (JSON)', /loyalty\.points must be a whole number of at least 1 \(got 0\)/);
		await ctx.expectInvalid(assign({ additionalFields: { parametersJson: '{ "loyalty": 5 }' } }), 'Parameters (JSON)', /loyalty must be an object/);
	});

	it('lets Parameters (JSON) replace top-level keys of the parameters built from Points', async () => {
		await ctx.run(assign({ additionalFields: { parametersJson: '{ "loyalty": { "points": 40 }, "extra": { "x": 1 } }' } }));
		expect(ctx.sent()[0].body).toEqual({ campaign: FIXTURES.campaignId, parameters: { loyalty: { points: 40 }, extra: { x: 1 } } });
	});

	it('is not resent after a 503 (a repeat would assign twice)', async () => {
		ctx.emu.control.setFaults({ route: '/v1/rewards/', method: 'POST', sequence: [503] });
		const result = await ctx.run(assign());
		expect(serviceErrorOf(result)).toMatchObject({ httpCode: '503' });
		expect(ctx.sent()).toHaveLength(1);
	});

	it.each([
		['a negative number of points', -1, /whole number of at least 1/],
		['a fractional number of points', 1.5, /whole number of at least 1/],
		['points that are not a number', '={{ "many" }}', /whole number of at least 1/],
	])('refuses %s', async (_, points, rule) => {
		await ctx.expectInvalid(assign({ points }), 'Points', rule);
	});

	it('refuses Parameters (JSON) that is not JSON or not an object', async () => {
		await ctx.expectInvalid(assign({ additionalFields: { parametersJson: '{ loyalty' } }), 'Parameters (JSON)', /is not valid JSON/);
		await ctx.expectInvalid(assign({ additionalFields: { parametersJson: '[1]' } }), 'Parameters (JSON)', /must be a JSON object/);
	});

	it('requires the Reward and the Campaign', async () => {
		await ctx.expectInvalid(assign({ rewardId: '={{ "" }}' }), 'Reward', /is required/);
		await ctx.expectInvalid(assign({ campaign: '={{ " " }}' }), 'Campaign', /is required/);
	});

	it('maps a 404 for an unknown reward and for an unknown campaign', async () => {
		const reward = await ctx.run(assign({ rewardId: 'rew_nope' }));
		expect(reward.error?.message).toMatch(/^Resource not found: \S/);
		expect(serviceErrorOf(reward)).toMatchObject({ httpCode: '404', key: 'not_found', resource_id: 'rew_nope', resource_type: 'reward' });
		const campaign = await ctx.run(assign({ campaign: 'camp_nope' }));
		expect(serviceErrorOf(campaign)).toMatchObject({ httpCode: '404', key: 'not_found', resource_id: 'camp_nope' });
	});

	it('with Continue On Fail, an unknown reward among three gives a paired error item', async () => {
		const { items, error } = await ctx.run(assign({ rewardId: '={{ $json.reward }}', points: '={{ $json.points }}' }), {
			input: [
				{ reward: FIXTURES.rewardIds[4], points: 10 },
				{ reward: 'rew_missing', points: 20 },
				{ reward: FIXTURES.rewardIds[5], points: 30 },
			],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[0].json).toMatchObject({ reward_id: FIXTURES.rewardIds[4], parameters: { loyalty: { points: 10 } } });
		expect(items[1].json).toMatchObject({ error: expect.stringMatching(/^Resource not found: \S/), httpCode: '404', key: 'not_found', resource_id: 'rew_missing' });
		expect(items[2].json).toMatchObject({ reward_id: FIXTURES.rewardIds[5], parameters: { loyalty: { points: 30 } } });
	});
});
