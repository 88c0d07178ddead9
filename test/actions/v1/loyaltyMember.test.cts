import { FIXTURES } from '../../emulator/index.cjs';
import { serviceErrorOf, useEmulator } from './setup.cjs';

const ctx = useEmulator();

const activity = (extra: Record<string, unknown> = {}) => ({
	resource: 'loyaltyMember',
	operation: 'getActivity',
	memberId: FIXTURES.memberWithManyActivities,
	...extra,
});

const pendingPoints = (extra: Record<string, unknown> = {}) => ({
	resource: 'loyaltyMember',
	operation: 'getManyPendingPoints',
	memberId: FIXTURES.memberWithPendingPoints,
	...extra,
});

describe('Loyalty Member: Get Activity (id-cursor list)', () => {
	it('Return All walks all 1,025 entries in 11 requests of limit=100, each after the last id', async () => {
		const { items, error } = await ctx.run(activity({ returnAll: true }));
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1025);
		expect(new Set(items.map((item) => item.json.id)).size).toBe(1025);
		expect(items.every((item) => item.pairedItem && (item.pairedItem as { item: number }).item === 0)).toBe(true);
		const sent = ctx.sent();
		expect(sent).toHaveLength(11);
		sent.forEach((request, page) => {
			expect(request.method).toBe('GET');
			expect(request.path).toBe('/v1/loyalties/members/LC-MANY-ACTIVITY/activity');
			expect(request.query).toEqual(page === 0 ? { limit: '100' } : { limit: '100', starting_after_id: items[page * 100 - 1].json.id });
		});
	});

	it('Limit 7 returns exactly 7 entries with one request of limit=7', async () => {
		const { items } = await ctx.run(activity({ returnAll: false, limit: 7 }));
		expect(items).toHaveLength(7);
		expect(ctx.sent()).toEqual([
			{ method: 'GET', path: '/v1/loyalties/members/LC-MANY-ACTIVITY/activity', query: { limit: '7' }, body: undefined },
		]);
	});

	it('sends Order and Starting After ID from Filters, and the results follow them', async () => {
		const first = await ctx.run(activity({ limit: 3, filters: { order: '-created_at' } }));
		const ascending = await ctx.run(activity({ limit: 3 }));
		expect(first.items[0].json.id).not.toBe(ascending.items[0].json.id);
		ctx.emu.control.clearRequests();
		const after = String(first.items[1].json.id);
		const { items } = await ctx.run(activity({ limit: 2, filters: { order: '-created_at', startingAfterId: after } }));
		expect(items.map((item) => item.json.id)).toEqual([first.items[2].json.id, expect.any(String)]);
		expect(ctx.sent()[0].query).toEqual({ limit: '2', order: '-created_at', starting_after_id: after });
	});

	it("with a Loyalty Program, uses the program's path, which answers 404 for a card of another program", async () => {
		const { items, error } = await ctx.run(activity({ limit: 2, filters: { campaignId: FIXTURES.campaignId } }));
		expect(error).toBeUndefined();
		expect(items).toHaveLength(2);
		expect(ctx.sent()[0].path).toBe(`/v1/loyalties/${FIXTURES.campaignId}/members/LC-MANY-ACTIVITY/activity`);
		const other = await ctx.run(activity({ limit: 2, filters: { campaignId: FIXTURES.campaignOtherId } }));
		expect(serviceErrorOf(other)).toMatchObject({ httpCode: '404', key: 'not_found' });
	});

	it('encodes the member ID as one path segment', async () => {
		const result = await ctx.run(activity({ memberId: 'LC/1 2?x' }));
		expect(ctx.sent()[0].path).toBe('/v1/loyalties/members/LC%2F1%202%3Fx/activity');
		expect(serviceErrorOf(result)).toMatchObject({ httpCode: '404', key: 'not_found' });
	});

	it('maps a 404 for an unknown card to an error with not_found and the card', async () => {
		const result = await ctx.run(activity({ memberId: 'LC-NOPE' }));
		expect(result.error?.message).toMatch(/^Resource not found: .*LC-NOPE/);
		expect(serviceErrorOf(result)).toMatchObject({ httpCode: '404', key: 'not_found', resource_id: 'LC-NOPE' });
	});

	it('requires the loyalty card', async () => {
		await ctx.expectInvalid(activity({ memberId: ' ' }), 'Loyalty Card', /is required/);
	});

	it.each([0, 101, 2.5])('refuses Limit %p (1 to 100)', async (limit) => {
		await ctx.expectInvalid(activity({ limit }), 'Limit', /whole number from 1 to 100/);
	});

	it('authenticates with an OAuth token when chosen: Bearer plus the app id', async () => {
		const { items, error } = await ctx.run(activity({ authentication: 'oAuth2', limit: 2 }));
		expect(error).toBeUndefined();
		expect(items).toHaveLength(2);
		const requests = ctx.emu.control.requests();
		expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
			'POST /v1/oauth/token',
			'GET /v1/loyalties/members/LC-MANY-ACTIVITY/activity',
		]);
		expect(requests[1].headers.authorization).toBe('***');
		expect(requests[1].headers['x-app-id']).toBe(ctx.emu.credentials.appId);
	});
});

describe('Loyalty Member: Get Many Pending Points (id-cursor list)', () => {
	it('Return All gets the 30 listed entries in one request of limit=100', async () => {
		const { items } = await ctx.run(pendingPoints({ returnAll: true }));
		expect(items).toHaveLength(30);
		expect(items[0].json).toMatchObject({ points: expect.any(Number), activates_at: expect.any(String) });
		expect(ctx.sent()).toEqual([
			{ method: 'GET', path: '/v1/loyalties/members/LC-PENDING/pending-points', query: { limit: '100' }, body: undefined },
		]);
	});

	it('Limit 7 returns exactly 7 with one request of limit=7', async () => {
		const { items } = await ctx.run(pendingPoints({ limit: 7 }));
		expect(items).toHaveLength(7);
		expect(ctx.sent().map((request) => request.query)).toEqual([{ limit: '7' }]);
	});

	it('Order -id sorts descending and Starting After ID starts after that entry', async () => {
		const all = await ctx.run(pendingPoints({ returnAll: true, filters: { order: '-id' } }));
		const ids = all.items.map((item) => String(item.json.id));
		expect(ids).toEqual([...ids].sort().reverse());
		ctx.emu.control.clearRequests();
		const { items } = await ctx.run(pendingPoints({ limit: 5, filters: { order: '-id', startingAfterId: ids[9] } }));
		expect(items.map((item) => item.json.id)).toEqual(ids.slice(10, 15));
		expect(ctx.sent()[0].query).toEqual({ limit: '5', order: '-id', starting_after_id: ids[9] });
	});

	it('with a Campaign ID uses the campaign variant of the path', async () => {
		const { items, error } = await ctx.run(pendingPoints({ limit: 3, filters: { campaignId: FIXTURES.campaignId } }));
		expect(error).toBeUndefined();
		expect(items).toHaveLength(3);
		expect(ctx.sent()).toEqual([
			{ method: 'GET', path: `/v1/loyalties/${FIXTURES.campaignId}/members/LC-PENDING/pending-points`, query: { limit: '3' }, body: undefined },
		]);
	});

	it('maps a 404 when the card is not in the chosen campaign', async () => {
		const result = await ctx.run(pendingPoints({ filters: { campaignId: FIXTURES.campaignOtherId } }));
		expect(result.error?.message).toMatch(/^Resource not found: \S/);
		expect(serviceErrorOf(result)).toMatchObject({ httpCode: '404', key: 'not_found' });
	});

	it('an empty card gives no items and no error', async () => {
		const { items, error } = await ctx.run(pendingPoints({ memberId: FIXTURES.memberEmpty, returnAll: true }));
		expect(error).toBeUndefined();
		expect(items).toEqual([]);
	});

	it('with Continue On Fail, one unknown card among three becomes its own paired error item', async () => {
		const { items, error } = await ctx.run(pendingPoints({ memberId: '={{ $json.card }}', limit: 2 }), {
			input: [{ card: 'LC-PENDING' }, { card: 'LC-NOPE' }, { card: 'LC-PENDING' }],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 0 }, { item: 1 }, { item: 2 }, { item: 2 }]);
		expect(items[2].json).toMatchObject({ error: expect.stringMatching(/^Resource not found: \S/), httpCode: '404', key: 'not_found', resource_id: 'LC-NOPE' });
		expect(items[0].json.voucher_id).toBeDefined();
	});
});

const member = (operation: string, extra: Record<string, unknown> = {}) => ({ resource: 'loyaltyMember', operation, ...extra });
const balanceOf = (code: string) => ctx.emu.control.state.findVoucher(code)?.loyalty_card?.balance;

describe('Loyalty Member: Add', () => {
	beforeEach(() => ctx.emu.control.reset());

	it('gives a new customer a loyalty card; the program joins once, so adding again returns the same card', async () => {
		const first = await ctx.run(
			member('add', {
				campaignId: { __rl: true, mode: 'list', value: FIXTURES.campaignId, cachedResultName: 'Loyalty Program' },
				customer: 'new-member-1',
				additionalFields: { customerJson: '{"email": "new@example.com"}', metadata: { fields: [{ key: 'source', value: 'n8n' }] } },
			}),
		);
		expect(first.error).toBeUndefined();
		expect(ctx.sent()).toEqual([
			{
				method: 'POST',
				path: `/v1/loyalties/${FIXTURES.campaignId}/members`,
				query: {},
				body: { customer: { email: 'new@example.com', source_id: 'new-member-1' }, metadata: { source: 'n8n' } },
			},
		]);
		const card = first.items[0].json;
		const customer = ctx.emu.control.state.findCustomer('new-member-1')!;
		expect(card).toMatchObject({ type: 'LOYALTY_CARD', campaign_id: FIXTURES.campaignId, holder_id: customer.id, loyalty_card: { balance: 0 } });
		const again = await ctx.run(member('add', { campaignId: FIXTURES.campaignId, customer: customer.id }));
		expect(again.items[0].json.code).toBe(card.code);
		// the new card has (empty) pending points and activity like any other
		const pending = await ctx.run(member('getManyPendingPoints', { memberId: String(card.code), returnAll: true }));
		expect(pending).toMatchObject({ items: [], error: undefined });
	});

	it('a Source ID makes it safe to repeat after a 503; without one it is not repeated', async () => {
		ctx.emu.control.setFaults({ route: '/v1/loyalties/*/members', method: 'POST', sequence: [503] });
		const withSource = await ctx.run(member('add', { campaignId: FIXTURES.campaignOtherId, customer: FIXTURES.customerId, additionalFields: { sourceId: 'signup-9' } }));
		expect(withSource.error).toBeUndefined();
		ctx.emu.control.setFaults({ route: '/v1/loyalties/*/members', method: 'POST', sequence: [503] });
		const without = await ctx.run(member('add', { campaignId: FIXTURES.campaignOtherId, customer: 'other-member' }));
		expect(without.error?.httpCode).toBe('503');
		expect(ctx.sent().map((r) => (r.body as { source_id?: string }).source_id ?? null)).toEqual(['signup-9', 'signup-9', null]);
	});

	it('maps the refusal of a campaign that is not a loyalty program, and a 404 for an unknown one', async () => {
		const discount = await ctx.run(member('add', { campaignId: FIXTURES.discountCampaignId, customer: FIXTURES.customerId }));
		expect(serviceErrorOf(discount)).toMatchObject({ httpCode: '400', key: 'invalid_campaign_type' });
		const unknown = await ctx.run(member('add', { campaignId: 'camp_unknown', customer: FIXTURES.customerId }));
		expect(serviceErrorOf(unknown)).toMatchObject({ httpCode: '404', resource_id: 'camp_unknown' });
	});

	it.each([
		[{ customer: '.' }, 'Customer', /must be an ID/],
		[{ campaignId: '={{ "" }}' }, 'Loyalty Program', /is required/],
		[{ additionalFields: { cardCode: '..' } }, 'Card Code', /must be an ID/],
	])('refuses %j naming %s', (extra, field, rule) => ctx.expectInvalid(member('add', { campaignId: FIXTURES.campaignId, customer: FIXTURES.customerId, ...extra }), field, rule));
});

describe('Loyalty Member: Get and Get Many', () => {
	it('gets a card by code, within a program when one is chosen', async () => {
		const plain = await ctx.run(member('get', { memberId: FIXTURES.memberWithPendingPoints }));
		expect(plain.items[0].json).toMatchObject({ code: FIXTURES.memberWithPendingPoints, holder_id: FIXTURES.customerId, loyalty_card: { balance: expect.any(Number) } });
		const within = await ctx.run(member('get', { memberId: FIXTURES.memberWithPendingPoints, additionalFields: { campaignId: FIXTURES.campaignOtherId } }));
		expect(serviceErrorOf(within)).toMatchObject({ httpCode: '404' });
		expect(ctx.sent().map((r) => r.path)).toEqual([
			`/v1/loyalties/members/${FIXTURES.memberWithPendingPoints}`,
			`/v1/loyalties/${FIXTURES.campaignOtherId}/members/${FIXTURES.memberWithPendingPoints}`,
		]);
	});

	it("lists a program's members (paged), filtered by customer", async () => {
		const { items, error } = await ctx.run(member('getAll', { campaignId: FIXTURES.campaignId, returnAll: true, filters: { customer: FIXTURES.customerId, order: 'code' } }));
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.code)).toEqual([FIXTURES.memberEmpty, FIXTURES.memberWithManyActivities, FIXTURES.memberWithPendingPoints]);
		expect(ctx.sent()).toEqual([
			{ method: 'GET', path: `/v1/loyalties/${FIXTURES.campaignId}/members`, query: { limit: '100', customer: FIXTURES.customerId, order: 'code' }, body: undefined },
		]);
		const one = await ctx.run(member('getAll', { campaignId: FIXTURES.campaignId, limit: 1 }));
		expect(one.items).toHaveLength(1);
	});
});

describe('Loyalty Member: Adjust Points, Redeem Reward, Get Many Transactions', () => {
	beforeEach(() => ctx.emu.control.reset());

	it('adds points with an expiration date, takes them off, and lists the transactions newest first', async () => {
		const start = balanceOf(FIXTURES.memberWithPendingPoints)!;
		const add = await ctx.run(
			member('adjustPoints', {
				memberId: FIXTURES.memberWithPendingPoints,
				points: 150,
				additionalFields: { expirationType: 'CUSTOM_DATE', expirationDate: '2026-12-31T00:00:00Z', reason: 'Welcome bonus', campaignId: FIXTURES.campaignId },
			}),
		);
		expect(add.error).toBeUndefined();
		expect(add.items[0].json).toMatchObject({ points: 150, balance: start + 150, type: 'loyalty_card' });
		const take = await ctx.run(member('adjustPoints', { memberId: FIXTURES.memberWithPendingPoints, points: '-50' }));
		expect(take.items[0].json).toMatchObject({ points: -50, balance: start + 100 });
		expect(ctx.sent()).toEqual([
			{
				method: 'POST',
				path: `/v1/loyalties/${FIXTURES.campaignId}/members/${FIXTURES.memberWithPendingPoints}/balance`,
				query: {},
				body: { points: 150, expiration_type: 'CUSTOM_DATE', expiration_date: '2026-12-31', reason: 'Welcome bonus' },
			},
			{ method: 'POST', path: `/v1/loyalties/members/${FIXTURES.memberWithPendingPoints}/balance`, query: {}, body: { points: -50 } },
		]);

		const { items } = await ctx.run(member('getManyTransactions', { memberId: FIXTURES.memberWithPendingPoints, returnAll: true, filters: { order: '-id' } }));
		expect(items.map((item) => [item.json.type, item.json.reason])).toEqual([
			['POINTS_REMOVAL', null],
			['POINTS_ADDITION', 'Welcome bonus'],
		]);
	});

	it('refuses to take a card below zero points', async () => {
		const result = await ctx.run(member('adjustPoints', { memberId: FIXTURES.memberEmpty, points: -1 }));
		expect(serviceErrorOf(result)).toMatchObject({ httpCode: '400', key: 'insufficient_balance' });
		expect(balanceOf(FIXTURES.memberEmpty)).toBe(0);
	});

	it('never repeats a points change after a 503', async () => {
		ctx.emu.control.setFaults({ route: '/v1/loyalties/members/*/balance', sequence: [503] });
		const { error } = await ctx.run(member('adjustPoints', { memberId: FIXTURES.memberWithPendingPoints, points: 5 }));
		expect(error?.httpCode).toBe('503');
		expect(ctx.sent()).toHaveLength(1);
	});

	it.each([
		[{ points: 0 }, 'Points', /other than 0/],
		[{ points: 1.5 }, 'Points', /whole number/],
		[{ points: 10, additionalFields: { expirationType: 'CUSTOM_DATE' } }, 'Expiration Date', /required when Points Expire is Custom Date/],
		[{ points: 10, additionalFields: { campaignId: '..' } }, 'Loyalty Program', /must be an ID/],
	])('refuses %j naming %s', (extra, field, rule) => ctx.expectInvalid(member('adjustPoints', { memberId: FIXTURES.memberWithPendingPoints, ...extra }), field, rule));

	it("redeems a reward for the card's points; a card without enough points fails its item (Continue On Fail)", async () => {
		const { items, error } = await ctx.run(member('redeemReward', { memberId: '={{ $json.card }}', rewardId: { __rl: true, mode: 'list', value: FIXTURES.loyaltyRewardId } }), {
			input: [{ card: FIXTURES.memberWithManyActivities }, { card: FIXTURES.memberEmpty }],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ result: 'SUCCESS', reward: { id: FIXTURES.loyaltyRewardId }, loyalty_card: { points: FIXTURES.loyaltyRewardPoints } });
		expect(items[1].json).toMatchObject({ httpCode: '400', key: 'loyalty_card_points_exceeded' });
		expect(balanceOf(FIXTURES.memberWithManyActivities)).toBe(900);
		expect(ctx.sent().map((r) => r.body)).toEqual([{ reward: { id: FIXTURES.loyaltyRewardId } }, { reward: { id: FIXTURES.loyaltyRewardId } }]);
		const transactions = await ctx.run(member('getManyTransactions', { memberId: FIXTURES.memberWithManyActivities, limit: 1, filters: { campaignId: FIXTURES.campaignId } }));
		expect(transactions.items[0].json).toMatchObject({ type: 'POINTS_REDEMPTION' });
		expect(ctx.sent().at(-1)?.path).toBe(`/v1/loyalties/${FIXTURES.campaignId}/members/${FIXTURES.memberWithManyActivities}/transactions`);
	});

	it('maps a reward the program does not offer, and sends a pay-with-points order', async () => {
		const { error } = await ctx.run(
			member('redeemReward', { memberId: FIXTURES.memberWithManyActivities, rewardId: FIXTURES.rewardIds[8], additionalFields: { points: 20, orderAmount: 12.5, campaignId: FIXTURES.campaignId } }),
		);
		expect(error?.httpCode).toBe('404');
		expect(ctx.sent()).toEqual([
			{
				method: 'POST',
				path: `/v1/loyalties/${FIXTURES.campaignId}/members/${FIXTURES.memberWithManyActivities}/redemption`,
				query: {},
				body: { reward: { id: FIXTURES.rewardIds[8], points: 20 }, order: { amount: 1250 } },
			},
		]);
		expect(balanceOf(FIXTURES.memberWithManyActivities)).toBe(1000);
	});
});
