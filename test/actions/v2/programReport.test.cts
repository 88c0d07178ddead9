import type { INodeParameters } from 'n8n-workflow';
import { FIXTURES } from '../../emulator/index.cjs';
import { RESOURCES } from '../../../nodes/LoyaltyPromotions/actions/resources';
import { useEmulator } from './helpers.cjs';

/**
 * Program Report (Beta): the Loyalty v2 reports. The emulator computes them from its state: the fixture card's
 * opening credit (1,200 points on 2024-01-01), the member's tier history (joined on 2024-01-01, upgraded on
 * 2024-01-02) and the active earning rule's points benefit (50 points on 2024-01-02).
 */
const ctx = useEmulator();
const program = FIXTURES.programActive;
const card = { programId: program, memberId: FIXTURES.memberId, cardId: FIXTURES.cardId };
const reports = `/v2/loyalties/programs/${program}/reports`;
const run = (operation: string, parameters: INodeParameters = {}) => ctx.run({ resource: 'programReport', operation, ...parameters } as INodeParameters);
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const JANUARY = { startDate: '2024-01-01', endDate: '2024-01-03', resolution: 'day' };

describe('Program Report (Beta): daily reports take a date range', () => {
	it("a card's daily report adds up its points per day, with zeros where nothing happened", async () => {
		const { items, error } = await run('getCardDaily', { ...card, ...JANUARY });
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.date, item.json.points_added, item.json.points_earned, item.json.points_total])).toEqual([
			['2024-01-01', 1200, 0, 1200],
			['2024-01-02', 0, 50, 50],
			['2024-01-03', 0, 0, 0],
		]);
		expect(items[0].json.object).toBe('card_daily_report');
		expect(ctx.sent()).toEqual([
			{ method: 'GET', path: `/v2/loyalties/programs/${program}/members/${FIXTURES.memberId}/cards/${FIXTURES.cardId}/reports/daily`, query: { start_date: '2024-01-01', end_date: '2024-01-03', resolution: 'day' }, body: undefined },
		]);
	});

	it("the date picker's date-times are sent as dates, and a month resolution gives one entry per month", async () => {
		const { items, error } = await run('getMemberEarningRuleDaily', {
			programId: program,
			memberId: FIXTURES.memberId,
			earningRuleId: { __rl: true, mode: 'id', value: FIXTURES.earningRuleActive },
			startDate: '2024-01-01T00:00:00',
			endDate: '2024-03-31T00:00:00',
			resolution: 'month',
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.date, item.json.count])).toEqual([
			['2024-01-01', 1],
			['2024-02-01', 0],
			['2024-03-01', 0],
		]);
		expect(ctx.sent()[0]).toMatchObject({
			path: `/v2/loyalties/programs/${program}/members/${FIXTURES.memberId}/earning-rules/${FIXTURES.earningRuleActive}/reports/daily`,
			query: { start_date: '2024-01-01', end_date: '2024-03-31', resolution: 'month' },
		});
	});

	it('gives the whole report, one item per entry: a 90-day range by day is 91 items, paired with their input item', async () => {
		const { items, error } = await run('getCardDaily', { ...card, startDate: '2024-01-01', endDate: '2024-03-31', resolution: 'day' });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(91);
		expect(items[90].json.date).toBe('2024-03-31');
		expect(new Set(items.map((item) => JSON.stringify(item.pairedItem)))).toEqual(new Set([JSON.stringify({ item: 0 })]));
		expect(ctx.sent()).toHaveLength(1);
	});

	it("the tiers daily report counts each movement in its tier's period, and Tier ID filters it", async () => {
		const all = await run('getTiersDaily', { programId: program, startDate: '2024-01-01', endDate: '2024-01-07', resolution: 'week' });
		expect(all.error).toBeUndefined();
		expect(all.items.map(({ json }) => [json.date, json.tier_id, json.joins, json.upgrades])).toEqual([
			['2024-01-01', 'lt_0000000000001', 1, 0],
			['2024-01-01', 'lt_0000000000002', 0, 1],
		]);
		const one = await run('getTiersDaily', { programId: program, startDate: '2024-01-01', endDate: '2024-01-07', resolution: 'week', filters: { tierId: 'lt_0000000000002' } });
		expect(one.items.map(({ json }) => json.tier_id)).toEqual(['lt_0000000000002']);
		expect(ctx.sent()[1]).toEqual({
			method: 'GET',
			path: `${reports}/tiers/daily`,
			query: { start_date: '2024-01-01', end_date: '2024-01-07', resolution: 'week', 'filters[tier_id][conditions][$is]': 'lt_0000000000002' },
			body: undefined,
		});
	});

	it("the earning rules' daily report counts the rule's successes on the day it gave its benefit", async () => {
		const { items } = await run('getEarningRulesDaily', { programId: program, ...JANUARY, filters: { earningRuleId: { __rl: true, mode: 'list', value: FIXTURES.earningRuleActive } } });
		expect(items.map(({ json }) => json)).toEqual([
			{ date: '2024-01-02', earning_rule_id: FIXTURES.earningRuleActive, success_count: 1, failures_count: 0, failures_breakdown: {}, object: 'program_earning_rules_daily_report' },
		]);
		expect(ctx.sent()[0].query).toMatchObject({ 'filters[earning_rule_id][conditions][$is]': FIXTURES.earningRuleActive });
	});
});

describe('Program Report (Beta): reports follow the state', () => {
	it('a reward purchased today shows in the spending summary, the spending daily report and the card report', async () => {
		const purchase = await ctx.run({ resource: 'programMember', operation: 'purchaseReward', programId: program, memberId: FIXTURES.memberId, rewardId: FIXTURES.programRewardUnlimitedId });
		expect(purchase.error).toBeUndefined();
		const cost = (purchase.items[0].json.transaction as { details: { points: { total: number } } }).details.points.total;

		const summary = await run('getSpendingSummary', { programId: program, filters: { cardDefinitionId: FIXTURES.cardDefinitionActive } });
		expect(summary.items.map(({ json }) => json)).toEqual([
			expect.objectContaining({ id: expect.stringMatching(/^lpsps_/), card_definition_id: FIXTURES.cardDefinitionActive, success: 1, success_on_reward: 1, success_on_order: 0, points: cost, points_on_rewards: cost }),
		]);
		expect(ctx.sent()[1]).toEqual({ method: 'GET', path: `${reports}/spending/summary`, query: { 'filters[card_definition_id][conditions][$is]': FIXTURES.cardDefinitionActive }, body: undefined });

		const range = { startDate: daysAgo(2), endDate: today(), resolution: 'day' };
		const daily = await run('getSpendingDaily', { programId: program, ...range });
		expect(daily.items.map(({ json }) => [json.date, json.points_on_rewards])).toEqual([[today(), cost]]);
		const cardDaily = await run('getCardDaily', { ...card, ...range });
		expect(cardDaily.items.map(({ json }) => [json.date, json.points_spent, json.points_total])).toEqual([
			[daysAgo(2), 0, 0],
			[daysAgo(1), 0, 0],
			[today(), cost, -cost],
		]);
	});

	it('the points earnings summary gives the points per earning rule, benefit and card definition', async () => {
		const { items } = await run('getPointsEarningsSummary', { programId: program });
		expect(items.map(({ json }) => json)).toEqual([
			expect.objectContaining({ earning_rule_id: FIXTURES.earningRuleActive, earning_item_id: FIXTURES.benefitId, card_definition_id: FIXTURES.cardDefinitionActive, success_count: 1, points: 50 }),
		]);
		expect(ctx.sent()).toEqual([{ method: 'GET', path: `${reports}/points-earnings/summary`, query: {}, body: undefined }]);
	});

	it('the tiers summary is capped by Limit and sorted by ID, descending by default', async () => {
		const all = await run('getTiersSummary', { programId: program, returnAll: true });
		expect(all.items).toHaveLength(2);
		const ids = all.items.map(({ json }) => json.id as string);
		expect([...ids].sort().reverse()).toEqual(ids);
		const first = await run('getTiersSummary', { programId: program, returnAll: false, limit: 1, order: 'id' });
		expect(first.items.map(({ json }) => json.id)).toEqual([[...ids].sort()[0]]);
		expect(ctx.sent().map((request) => request.query)).toEqual([
			{ order: '-id', limit: '100' },
			{ order: 'id', limit: '1' },
		]);
	});

	it('an unknown program answers 404', async () => {
		const { error } = await run('getSpendingSummary', { programId: 'lprg_ffffffffffff' });
		expect(error?.httpCode).toBe('404');
	});
});

describe('Program Report (Beta): validation, nothing sent', () => {
	const spending = { resource: 'programReport', operation: 'getSpendingDaily', programId: program };
	it('needs Start Date and End Date as dates', async () => {
		await ctx.expectInvalid({ ...spending, startDate: '01/02/2024', endDate: '2024-01-03', resolution: 'day' }, 'Start Date', /must be a date/);
		await ctx.expectInvalid({ ...spending, startDate: '2024-01-01', endDate: '2024-02-30', resolution: 'day' }, 'End Date', /must be a date/);
	});
	it('needs End Date after Start Date', () => ctx.expectInvalid({ ...spending, startDate: '2024-01-03', endDate: '2024-01-03', resolution: 'day' }, 'End Date', /must be after Start Date/));
	it("keeps the range within the resolution's bound", async () => {
		await ctx.expectInvalid({ ...spending, startDate: '2024-01-01', endDate: '2024-04-01', resolution: 'day' }, 'End Date', /at most 90 days after Start Date for Resolution Day/);
		await ctx.expectInvalid({ ...spending, startDate: '2024-01-01', endDate: '2024-03-26', resolution: 'week' }, 'End Date', /at most 12 weeks/);
		await ctx.expectInvalid({ ...spending, startDate: '2024-01-31', endDate: '2025-02-01', resolution: 'month' }, 'End Date', /at most 12 months/);
		await ctx.expectInvalid({ ...spending, startDate: '2024-01-01', endDate: '2025-01-02', resolution: 'quarter' }, 'End Date', /at most 4 quarters/);
	});
	it('takes only the four resolutions', () => ctx.expectInvalid({ ...spending, startDate: '2024-01-01', endDate: '2024-01-03', resolution: 'year' }, 'Resolution', /must be one of/));
	it("checks the filters' ID patterns", async () => {
		await ctx.expectInvalid({ ...spending, startDate: '2024-01-01', endDate: '2024-01-03', resolution: 'day', filters: { cardDefinitionId: 'card-1' } }, 'Card Definition Name or ID', /must match \^lcdef_/);
		await ctx.expectInvalid({ resource: 'programReport', operation: 'getTiersSummary', programId: program, filters: { tierId: 'tier-1' } }, 'Tier ID', /must match \^lt_/);
		await ctx.expectInvalid(
			{ resource: 'programReport', operation: 'getTiersSummary', programId: program, filters: { tierStructureId: { __rl: true, mode: 'id', value: 'lcdef_01' } } },
			'Tier Structure',
			/must match \^lts_/,
		);
	});
	it('checks the program, card and earning rule patterns', async () => {
		await ctx.expectInvalid({ resource: 'programReport', operation: 'getSpendingSummary', programId: 'program-1' }, 'Program', /must match/);
		await ctx.expectInvalid({ resource: 'programReport', operation: 'getCardDaily', ...card, cardId: 'lcrd_XYZ', ...JANUARY }, 'Card', /must match \^lcrd_/);
		await ctx.expectInvalid(
			{ resource: 'programReport', operation: 'getMemberEarningRuleDaily', programId: program, memberId: FIXTURES.memberId, earningRuleId: 'lrew_01', ...JANUARY },
			'Earning Rule',
			/must match \^lern_/,
		);
	});
});

describe('Program Report (Beta): the editor', () => {
	const resource = RESOURCES.find((entry) => entry.value === 'programReport')!;
	it('offers the ten reports, sorted, with Start Date, End Date and Resolution required on the daily ones; only the tiers summary has Return All / Limit', () => {
		expect(resource.operations.filter((operation) => 'list' in operation && operation.list).map((operation) => operation.value)).toEqual(['getTiersSummary']);
		expect(resource.operations.map((operation) => operation.name)).toEqual([...resource.operations.map((operation) => operation.name)].sort());
		expect(resource.operations).toHaveLength(10);
		for (const operation of resource.operations) {
			const names = operation.properties.filter((property) => property.required).map((property) => property.name);
			if (operation.endpoint.endsWith('/daily')) expect(names).toEqual(expect.arrayContaining(['startDate', 'endDate', 'resolution']));
			else expect(names).not.toContain('startDate');
		}
	});
});
