import { FIXTURES } from '../../emulator';
import { serviceErrorOf, useEmulator } from './setup';

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

	it('encodes the member ID as one path segment', async () => {
		const result = await ctx.run(activity({ memberId: 'LC/1 2?x' }));
		expect(ctx.sent()[0].path).toBe('/v1/loyalties/members/LC%2F1%202%3Fx/activity');
		expect(serviceErrorOf(result)).toMatchObject({ httpCode: '404', key: 'not_found' });
	});

	it('maps a 404 for an unknown card to an error with not_found and the card', async () => {
		const result = await ctx.run(activity({ memberId: 'LC-NOPE' }));
		expect(result.error?.message).toBe('Resource not found');
		expect(result.error?.description).toMatch(/LC-NOPE/);
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
		expect(result.error?.message).toBe('Resource not found');
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
		expect(items[2].json).toMatchObject({ error: 'Resource not found', httpCode: '404', key: 'not_found', resource_id: 'LC-NOPE' });
		expect(items[0].json.voucher_id).toBeDefined();
	});
});
