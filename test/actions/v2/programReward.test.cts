import { FIXTURES } from '../../emulator/index.cjs';
import { useEmulator } from './helpers.cjs';

// The emulator takes only the published contract's current shapes here, as the live service does.
const ctx = useEmulator({ acceptSeedShapes: false });
const base = { resource: 'programReward', operation: 'batch', programId: FIXTURES.programActive };
const batchPath = `/v2/loyalties/programs/${FIXTURES.programActive}/rewards/batch`;
const [assignedId, second, third, fourth] = FIXTURES.v2RewardIds;
const limited = (quantity: number) => ({ type: 'LIMITED', limited: { quantity } });

const simple = (count: number) => ({
	rewards: Array.from({ length: count }, (_, i) => ({ rewardId: FIXTURES.v2RewardIds[i % 12], stockType: 'LIMITED', stockQuantity: 1 })),
});

describe('Program Reward (Beta): Batch Assign/Unassign', () => {
	it('assigns from the simple fields in the current shape and unassigns, outputting the response', async () => {
		const { items, error } = await ctx.run({
			...base,
			assign: {
				rewards: [
					{ rewardId: second, stockType: 'LIMITED', stockQuantity: 20 },
					{ rewardId: third, stockType: 'UNLIMITED' },
					{ rewardId: fourth, stockType: 'LIMITED', stockQuantity: 0 },
				],
			},
			unassign: { rewards: [{ rewardId: assignedId }] },
		});
		expect(error).toBeUndefined();
		expect(ctx.sent()).toEqual([
			{
				method: 'POST',
				path: batchPath,
				query: {},
				body: {
					assign: [
						{ id: second, stock: limited(20) },
						{ id: third, stock: { type: 'UNLIMITED' } },
						{ id: fourth, stock: limited(0) },
					],
					unassign: [{ id: assignedId }],
				},
			},
		]);
		expect(items).toHaveLength(1);
		expect(items[0].json).toEqual({
			assigned: [
				expect.objectContaining({ reward_id: second, stock: limited(20), object: 'program_reward' }),
				expect.objectContaining({ reward_id: third, stock: { type: 'UNLIMITED' } }),
				expect.objectContaining({ reward_id: fourth, stock: limited(0) }),
			],
			unassigned: [expect.objectContaining({ reward_id: assignedId })],
		});
	});

	it('ignores a quantity left over from Limited when the stock is Unlimited', async () => {
		const { error } = await ctx.run({ ...base, assign: { rewards: [{ rewardId: second, stockType: 'UNLIMITED', stockQuantity: 5 }] } });
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({ assign: [{ id: second, stock: { type: 'UNLIMITED' } }] });
	});

	it('adds the JSON entries after the simple ones, in the current shape as given', async () => {
		const json = [{ id: fourth, stock: limited(3) }, { id: third, stock: { type: 'UNLIMITED' } }];
		const { items, error } = await ctx.run({
			...base,
			assign: { rewards: [{ rewardId: second, stockType: 'LIMITED', stockQuantity: 2 }] },
			assignJson: JSON.stringify(json),
		});
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({ assign: [{ id: second, stock: limited(2) }, ...json] });
		expect((items[0].json.assigned as unknown[]).length).toBe(3);
	});

	it("translates the seed's integer stock in the JSON into a limited stock", async () => {
		const { error } = await ctx.run({ ...base, assignJson: JSON.stringify([{ id: second, stock: 20 }]) });
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({ assign: [{ id: second, stock: limited(20) }] });
	});

	it('only unassigns when nothing is to be assigned', async () => {
		const { items, error } = await ctx.run({ ...base, unassign: { rewards: [{ rewardId: assignedId }] } });
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({ unassign: [{ id: assignedId }] });
		expect(items[0].json).toEqual({ assigned: null, unassigned: [expect.objectContaining({ reward_id: assignedId })] });
	});

	it('maps the 404 of unassigning a reward the program does not have', async () => {
		const { error } = await ctx.run({ ...base, unassign: { rewards: [{ rewardId: second }] } });
		expect(error?.httpCode).toBe('404');
		expect(error?.context?.serviceError).toMatchObject({ key: 'not_found', resource_id: second, resource_type: 'program_reward' });
	});

	it('maps the 404 of an unknown program', async () => {
		const { error } = await ctx.run({ ...base, programId: 'lprg_0fff', unassign: { rewards: [{ rewardId: second }] } });
		expect(error?.httpCode).toBe('404');
		expect(error?.context?.serviceError).toMatchObject({ resource_id: 'lprg_0fff' });
	});

	describe('validation, nothing sent', () => {
		it('checks the program id pattern', () =>
			ctx.expectInvalid({ ...base, programId: 'LPRG_1', assign: simple(1) }, 'Program', /must match/));
		it('needs something to assign or unassign', () => ctx.expectInvalid({ ...base }, 'Assign', /at least one reward/));
		it('accepts at most 10 assign entries, counting the JSON ones', () =>
			ctx.expectInvalid(
				{ ...base, assign: simple(9), assignJson: JSON.stringify([10, 11].map((i) => ({ id: FIXTURES.v2RewardIds[i], stock: { type: 'UNLIMITED' } }))) },
				'Assign',
				/at most 10 rewards.*got 11/,
			));
		it('accepts at most 10 unassign entries', () =>
			ctx.expectInvalid(
				{ ...base, unassign: { rewards: FIXTURES.v2RewardIds.slice(0, 11).map((rewardId) => ({ rewardId })) } },
				'Unassign',
				/at most 10 rewards \(got 11\)/,
			));
		it('checks the reward id pattern (lrew_…) in every list', async () => {
			await ctx.expectInvalid({ ...base, assign: { rewards: [{ rewardId: FIXTURES.rewardIds[0], stockType: 'UNLIMITED' }] } }, 'Assign entry 1: Reward ID', /must match \^lrew_\[a-f0-9\]\+\$/);
			await ctx.expectInvalid({ ...base, unassign: { rewards: [{ rewardId: 'rew_1' }] } }, 'Unassign entry 1: Reward ID', /must match/);
			await ctx.expectInvalid({ ...base, assignJson: JSON.stringify([{ id: 'rew_1', stock: 1 }]) }, 'Assign (JSON) entry 1 id', /must match/);
		});
		it('refuses a reward named twice in a list', async () => {
			await ctx.expectInvalid(
				{ ...base, assign: { rewards: [{ rewardId: second, stockType: 'UNLIMITED' }] }, assignJson: JSON.stringify([{ id: second, stock: 1 }]) },
				'Assign',
				new RegExp(`names ${second} twice`),
			);
			await ctx.expectInvalid({ ...base, unassign: { rewards: [{ rewardId: second }, { rewardId: second }] } }, 'Unassign', /twice/);
		});
		it('refuses a negative or fractional quantity', async () => {
			await ctx.expectInvalid({ ...base, assign: { rewards: [{ rewardId: second, stockType: 'LIMITED', stockQuantity: -1 }] } }, 'Assign entry 1: Stock Quantity', /whole number of at least 0/);
			await ctx.expectInvalid({ ...base, assign: { rewards: [{ rewardId: second, stockType: 'LIMITED', stockQuantity: 2.5 }] } }, 'Assign entry 1: Stock Quantity', /whole number/);
		});
		it('needs the reward id of an entry', () =>
			ctx.expectInvalid({ ...base, unassign: { rewards: [{ rewardId: '' }] } }, 'Unassign entry 1: Reward ID', /is required/));
		it('refuses invalid JSON', () => ctx.expectInvalid({ ...base, assignJson: '[{"id": ' }, 'Assign (JSON)', /is not valid JSON/));
		it('refuses JSON that is not an array', () => ctx.expectInvalid({ ...base, assignJson: '{"id": "lrew_1"}' }, 'Assign (JSON)', /must be a JSON array/));
		it("refuses the seed's costs, which the service no longer takes in an assignment", () =>
			ctx.expectInvalid(
				{ ...base, assignJson: JSON.stringify([{ id: second, stock: 1, costs: [{ spending: [{ points: 5, card_definition_id: FIXTURES.cardDefinitionActive }] }] }]) },
				'Assign (JSON) entry 1 costs',
				/no longer .*set the points cost on the reward/,
			));
		it('checks each JSON entry: stock', async () => {
			await ctx.expectInvalid({ ...base, assignJson: JSON.stringify([{ id: second }]) }, 'Assign (JSON) entry 1 stock', /is required/);
			await ctx.expectInvalid({ ...base, assignJson: JSON.stringify([{ id: second, stock: { type: 'SOME' } }]) }, 'Assign (JSON) entry 1 stock.type', /must be one of "LIMITED", "UNLIMITED"/);
			await ctx.expectInvalid({ ...base, assignJson: JSON.stringify([{ id: second, stock: { type: 'LIMITED' } }]) }, 'Assign (JSON) entry 1 stock.limited.quantity', /whole number of at least 0/);
			await ctx.expectInvalid({ ...base, assignJson: JSON.stringify([{ id: second, stock: -2 }]) }, 'Assign (JSON) entry 1 stock', /whole number of at least 0/);
		});
		it('refuses unknown properties of a JSON entry', () =>
			ctx.expectInvalid({ ...base, assignJson: JSON.stringify([{ id: second, stock: 1, note: 'x' }]) }, 'Assign (JSON) entry 1', /unknown propert.*note/));
	});
});
