import { fixtureCounts } from '../index.cjs';
import { expectError, FIXTURES, setup, TestEnv } from './helpers.cjs';

let t: TestEnv;
beforeAll(async () => {
	t = await setup();
});
afterAll(() => t.emu.stop());

const pp = (code: string, q = '') => `/v1/loyalties/members/${encodeURIComponent(code)}/pending-points${q}`;
const act = (code: string, q = '') => `/v1/loyalties/members/${encodeURIComponent(code)}/activity${q}`;

async function walk(path: (q: string) => string, extra = '') {
	const ids: string[] = [];
	let after: string | undefined;
	for (let guard = 0; guard < 1000; guard++) {
		const r = await t.http.get(path(`?limit=100${extra}${after ? `&starting_after_id=${after}` : ''}`), { headers: t.A });
		expect(r.status).toBe(200);
		ids.push(...r.data.data.map((e: any) => e.id));
		if (!r.data.has_more) return ids;
		after = r.data.more_starting_after;
	}
	throw new Error('too many pages');
}

describe('GET /v1/loyalties/members/{memberId}/pending-points', () => {
	it('returns an id-cursor list of pending point entries', async () => {
		const r = await t.http.get(pp(FIXTURES.memberWithPendingPoints, '?limit=5'), { headers: t.A });
		expect(r.status).toBe(200);
		expect(r.data).toMatchObject({ object: 'list', data_ref: 'data', has_more: true, more_starting_after: r.data.data[4].id });
		expect(r.data.data).toHaveLength(5);
		const e = r.data.data[0];
		expect(e).toMatchObject({
			id: expect.any(String), voucher_id: FIXTURES.loyaltyCardPendingId, campaign_id: FIXTURES.campaignId, customer_id: FIXTURES.customerId,
			order_id: expect.any(String), points: expect.any(Number), activates_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), created_at: expect.any(String),
		});
		expect(e.details).toMatchObject({
			holder_loyalty_tier: { id: expect.any(String), name: expect.any(String) },
			event: { type: 'customer.order.paid', category: 'EFFECT', event_source: { channel: expect.stringMatching(/^(API|USER_PORTAL)$/) } },
			earning_rule: { id: expect.any(String), source: { banner: expect.any(String) } },
			order: { id: expect.any(String), source_id: expect.any(String) },
		});
	});

	it('lists only entries not yet activated, paging with starting_after_id', async () => {
		const ids = await walk((q) => pp(FIXTURES.memberWithPendingPoints, q));
		expect(ids).toHaveLength(fixtureCounts(1).pendingPoints);
		expect(new Set(ids).size).toBe(ids.length);
		expect([...ids].sort()).toEqual(ids);
		const today = new Date().toISOString().slice(0, 10);
		const card = t.emu.control.state.findLoyaltyCard(FIXTURES.memberWithPendingPoints)!;
		expect(card.pendingPoints.some((p) => p.activates_at <= today)).toBe(true);
	});

	it('sorts by -id', async () => {
		const asc = await walk((q) => pp(FIXTURES.memberWithPendingPoints, q));
		const desc = await walk((q) => pp(FIXTURES.memberWithPendingPoints, q), '&order=-id');
		expect(desc).toEqual([...asc].reverse());
		const r = await t.http.get(pp(FIXTURES.memberWithPendingPoints, '?limit=3&order=-id'), { headers: t.A });
		const r2 = await t.http.get(pp(FIXTURES.memberWithPendingPoints, `?limit=3&order=-id&starting_after_id=${r.data.more_starting_after}`), { headers: t.A });
		expect(r2.data.data[0].id < r.data.data[2].id).toBe(true);
	});

	it('has_more is false on the last page and the list can be empty', async () => {
		const r = await t.http.get(pp(FIXTURES.memberEmpty), { headers: t.A });
		expect(r.data).toMatchObject({ object: 'list', data_ref: 'data', data: [], has_more: false });
	});

	it('accepts the card id as well as the code', async () => {
		expect((await t.http.get(pp(FIXTURES.loyaltyCardPendingId, '?limit=1'), { headers: t.A })).status).toBe(200);
	});

	it.each(['0', '101', 'abc', '-1'])('400 for limit=%s', async (l) => {
		expectError(await t.http.get(pp(FIXTURES.memberWithPendingPoints, `?limit=${l}`), { headers: t.A }), 400, 'invalid_param');
	});

	it('400 for an unknown order', async () => {
		expectError(await t.http.get(pp(FIXTURES.memberWithPendingPoints, '?order=created_at'), { headers: t.A }), 400, 'invalid_param');
	});

	it('404 not_found for an unknown card', async () => {
		const r = await t.http.get(pp('NO-SUCH-CARD'), { headers: t.A });
		expectError(r, 404, 'not_found');
		expect(r.data).toMatchObject({ resource_id: 'NO-SUCH-CARD', resource_type: 'voucher', details: expect.any(String) });
	});

	it('401 without app keys', async () => {
		expectError(await t.http.get(pp(FIXTURES.memberWithPendingPoints)), 401, 'unauthorized');
	});
});

describe('GET /v1/loyalties/{campaignId}/members/{memberId}/pending-points', () => {
	const path = (camp: string, code: string, q = '') => `/v1/loyalties/${camp}/members/${code}/pending-points${q}`;
	it('shares the response schema', async () => {
		const r = await t.http.get(path(FIXTURES.campaignId, FIXTURES.memberWithPendingPoints, '?limit=2'), { headers: t.A });
		expect(r.status).toBe(200);
		expect(r.data).toMatchObject({ object: 'list', data_ref: 'data', has_more: true });
		expect(r.data.data[0].campaign_id).toBe(FIXTURES.campaignId);
	});
	it('404 when the campaign is unknown or the card is not in it', async () => {
		const a = await t.http.get(path('camp_nope', FIXTURES.memberWithPendingPoints), { headers: t.A });
		expectError(a, 404, 'not_found');
		expect(a.data.resource_type).toBe('campaign');
		const b = await t.http.get(path(FIXTURES.campaignOtherId, FIXTURES.memberWithPendingPoints), { headers: t.A });
		expectError(b, 404, 'not_found');
		expect(b.data.resource_type).toBe('voucher');
	});
});

describe('GET /v1/loyalties/members/{memberId}/activity', () => {
	it('returns 10 entries by default with the member activity shape', async () => {
		const r = await t.http.get(act(FIXTURES.memberWithManyActivities), { headers: t.A });
		expect(r.status).toBe(200);
		expect(r.data).toMatchObject({ object: 'list', data_ref: 'data', has_more: true });
		expect(r.data.data).toHaveLength(10);
		const e = r.data.data[0];
		expect(e).toMatchObject({ id: expect.any(String), created_at: expect.any(String), group_id: expect.any(String) });
		expect(e.data.data).toMatchObject({
			created_at: expect.any(String),
			customer: { id: FIXTURES.customerId, object: 'customer', source_id: FIXTURES.customerSourceId },
			campaign: { id: FIXTURES.campaignId, object: 'campaign', campaign_type: 'LOYALTY_PROGRAM' },
		});
		expect(e.data.event_source.channel).toMatch(/^(API|USER_PORTAL)$/);
		const upgraded = r.data.data.find((x: any) => x.data.data.loyalty_tier_to);
		expect(upgraded.data.data.loyalty_tier_to).toMatchObject({ object: 'loyalty_tier', points: { from: expect.any(Number) } });
	});

	it('pages through over 1,000 entries with starting_after_id', async () => {
		const ids = await walk((q) => act(FIXTURES.memberWithManyActivities, q));
		expect(ids.length).toBe(fixtureCounts(1).memberActivities);
		expect(ids.length).toBeGreaterThan(1000);
		expect(new Set(ids).size).toBe(ids.length);
	});

	it('orders by created_at and -created_at', async () => {
		const a = (await t.http.get(act(FIXTURES.memberWithManyActivities, '?limit=5&order=created_at'), { headers: t.A })).data.data;
		const d = (await t.http.get(act(FIXTURES.memberWithManyActivities, '?limit=5&order=-created_at'), { headers: t.A })).data.data;
		expect(a[0].created_at < a[4].created_at).toBe(true);
		expect(d[0].created_at > d[4].created_at).toBe(true);
		expect(d[0].created_at > a[4].created_at).toBe(true);
		const d2 = (await t.http.get(act(FIXTURES.memberWithManyActivities, `?limit=5&order=-created_at&starting_after_id=${d[4].id}`), { headers: t.A })).data.data;
		expect(d2[0].created_at < d[4].created_at).toBe(true);
	});

	it('400 for bad limit and order; 404 for unknown card; 401 without keys', async () => {
		expectError(await t.http.get(act(FIXTURES.memberWithManyActivities, '?limit=0'), { headers: t.A }), 400);
		expectError(await t.http.get(act(FIXTURES.memberWithManyActivities, '?limit=101'), { headers: t.A }), 400);
		expectError(await t.http.get(act(FIXTURES.memberWithManyActivities, '?order=id'), { headers: t.A }), 400);
		expectError(await t.http.get(act('NOPE'), { headers: t.A }), 404, 'not_found');
		expectError(await t.http.get(act(FIXTURES.memberWithManyActivities)), 401, 'unauthorized');
	});
});
