import { FIXTURES } from '../../emulator';
import { useEmulator } from './helpers';

const ctx = useEmulator();
const base = { resource: 'programReward', operation: 'batch', programId: FIXTURES.programActive };
const batchPath = `/v2/loyalties/programs/${FIXTURES.programActive}/rewards/batch`;
const [, second, third, fourth] = FIXTURES.rewardIds;
const card = FIXTURES.cardDefinitionActive;

const simple = (count: number) => ({
	rewards: Array.from({ length: count }, (_, i) => ({ rewardId: FIXTURES.rewardIds[i % 12], points: 10, cardDefinitionId: card, stock: 1 })),
});

describe('Program Reward (Beta): Batch Assign/Unassign', () => {
	it('assigns from the simple fields and unassigns, outputting the response', async () => {
		const { items, error } = await ctx.run({
			...base,
			assign: {
				rewards: [
					{ rewardId: second, points: 100, cardDefinitionId: card, stock: 20 },
					{ rewardId: third, points: 0, cardDefinitionId: card, stock: 0 },
				],
			},
			unassign: { rewards: [{ rewardId: FIXTURES.programRewardId }] },
		});
		expect(error).toBeUndefined();
		expect(ctx.sent()).toEqual([
			{
				method: 'POST',
				path: batchPath,
				query: {},
				body: {
					assign: [
						{ id: second, costs: [{ spending: [{ points: 100, card_definition_id: card }] }], stock: 20 },
						{ id: third, costs: [{ spending: [{ points: 0, card_definition_id: card }] }], stock: 0 },
					],
					unassign: [{ id: FIXTURES.programRewardId }],
				},
			},
		]);
		expect(items).toHaveLength(1);
		expect(items[0].json).toEqual({
			assigned: [
				expect.objectContaining({ reward_id: second, stock: 20, object: 'program_reward' }),
				expect.objectContaining({ reward_id: third, stock: 0 }),
			],
			unassigned: [expect.objectContaining({ reward_id: FIXTURES.programRewardId })],
		});
	});

	it('adds the JSON entries (several costs) after the simple ones', async () => {
		const multi = {
			id: fourth,
			costs: [{ spending: [{ points: 50, card_definition_id: card }, { points: 5, card_definition_id: FIXTURES.cardDefinitionDraft }] }],
			stock: 3,
		};
		const { items, error } = await ctx.run({
			...base,
			assign: { rewards: [{ rewardId: second, points: 1, cardDefinitionId: card, stock: 2 }] },
			assignJson: JSON.stringify([multi]),
		});
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({
			assign: [{ id: second, costs: [{ spending: [{ points: 1, card_definition_id: card }] }], stock: 2 }, multi],
		});
		expect((items[0].json.assigned as Array<{ costs: unknown }>)[1].costs).toEqual([expect.objectContaining({ spending: multi.costs[0].spending })]);
	});

	it('only unassigns when nothing is to be assigned', async () => {
		const { error } = await ctx.run({ ...base, unassign: { rewards: [{ rewardId: FIXTURES.programRewardId }] } });
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({ unassign: [{ id: FIXTURES.programRewardId }] });
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
				{
					...base,
					assign: simple(9),
					assignJson: JSON.stringify([0, 1].map((i) => ({ id: FIXTURES.rewardIds[i], costs: [{ spending: [{ points: 1, card_definition_id: card }] }], stock: 1 }))),
				},
				'Assign',
				/at most 10 rewards.*got 11/,
			));
		it('accepts at most 10 unassign entries', () =>
			ctx.expectInvalid(
				{ ...base, unassign: { rewards: FIXTURES.rewardIds.slice(0, 11).map((rewardId) => ({ rewardId })) } },
				'Unassign',
				/at most 10 rewards \(got 11\)/,
			));
		it('refuses negative points', () =>
			ctx.expectInvalid(
				{ ...base, assign: { rewards: [{ rewardId: second, points: -5, cardDefinitionId: card, stock: 1 }] } },
				'Assign entry 1: Points',
				/whole number of at least 0/,
			));
		it('refuses a fractional stock', () =>
			ctx.expectInvalid(
				{ ...base, assign: { rewards: [{ rewardId: second, points: 5, cardDefinitionId: card, stock: 2.5 }] } },
				'Assign entry 1: Stock',
				/whole number/,
			));
		it('needs the reward id of an entry', () =>
			ctx.expectInvalid({ ...base, unassign: { rewards: [{ rewardId: '' }] } }, 'Unassign entry 1: Reward ID', /is required/));
		it('refuses invalid JSON', () => ctx.expectInvalid({ ...base, assignJson: '[{"id": ' }, 'Assign (JSON)', /is not valid JSON/));
		it('refuses JSON that is not an array', () => ctx.expectInvalid({ ...base, assignJson: '{"id": "rew_1"}' }, 'Assign (JSON)', /must be a JSON array/));
		it('checks each JSON entry: costs', () =>
			ctx.expectInvalid({ ...base, assignJson: JSON.stringify([{ id: second, stock: 1, costs: [] }]) }, 'Assign (JSON) entry 1 costs', /non-empty array/));
		it('checks each JSON entry: negative points', () =>
			ctx.expectInvalid(
				{ ...base, assignJson: JSON.stringify([{ id: second, stock: 1, costs: [{ spending: [{ points: -1, card_definition_id: card }] }] }]) },
				'Assign (JSON) entry 1 costs[0].spending[0].points',
				/at least 0/,
			));
	});
});
