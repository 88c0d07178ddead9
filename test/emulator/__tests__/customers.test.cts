import { fixtureCounts } from '../index.cjs';
import { expectError, FIXTURES, setup, TestEnv } from './helpers.cjs';

let t: TestEnv;
beforeAll(async () => {
	t = await setup();
});
afterAll(() => t.emu.stop());

const path = (id: string, q = '') => `/v1/customers/${id}/activities${q}`;
const get = (id: string, q = '') => t.http.get(path(id, q), { headers: t.A });
const N = fixtureCounts(1).customerActivities;

async function walk(q: string) {
	const ids: string[] = [];
	let total = -1;
	let after = '';
	for (let guard = 0; guard < 100; guard++) {
		const r = await get(FIXTURES.customerWithManyActivities, `?limit=100${q}${after ? `&starting_after_id=${after}` : ''}`);
		expect(r.status).toBe(200);
		if (total < 0) total = r.data.total;
		expect(r.data.total).toBe(total);
		ids.push(...r.data.data.map((a: any) => a.id));
		if (r.data.data.length < 100) break;
		after = r.data.data[r.data.data.length - 1].id;
	}
	return { ids, total };
}

describe('GET /v1/customers/{customerId}/activities', () => {
	it('returns a counted list (10 by default) of activities with the spec shape', async () => {
		const r = await get(FIXTURES.customerWithManyActivities);
		expect(r.status).toBe(200);
		expect(r.data).toMatchObject({ object: 'list', data_ref: 'data', total: N });
		expect(r.data.data).toHaveLength(10);
		const a = r.data.data[0];
		expect(a).toMatchObject({ id: expect.any(String), created_at: expect.any(String), group_id: expect.any(String) });
		expect(a.data.data.customer).toMatchObject({ id: FIXTURES.customerWithManyActivities, object: 'customer' });
		expect(a.data.data).toHaveProperty('unconfirmed_customer');
		expect(a.data.event_source.channel).toMatch(/^(API|USER_PORTAL)$/);
	});

	it('accepts the customer source id', async () => {
		const r = await get(FIXTURES.customerWithManyActivitiesSourceId, '?limit=1');
		expect(r.status).toBe(200);
		expect(r.data.total).toBe(N);
	});

	it('pages through over 1,000 activities with starting_after_id (default -created_at)', async () => {
		const { ids, total } = await walk('');
		expect(total).toBeGreaterThan(1000);
		expect(ids).toHaveLength(total);
		expect(new Set(ids).size).toBe(total);
		expect([...ids].sort().reverse()).toEqual(ids);
	});

	it('order=created_at pages ascending', async () => {
		const { ids } = await walk('&order=created_at');
		expect(ids).toHaveLength(N);
		expect([...ids].sort()).toEqual(ids);
	});

	it.each(['updated_at', '-updated_at', 'type', '-type', 'code', '-code', 'campaign', '-campaign', 'category', '-category'])(
		'order=%s sorts and pages without loss',
		async (order) => {
			const r = await get(FIXTURES.customerWithManyActivities, `?limit=100&order=${order}`);
			expect(r.status).toBe(200);
			const field = order.replace('-', '');
			const key = (a: any) =>
				field === 'campaign' ? a.data.data.campaign?.name ?? '' : field === 'code' ? a.data.data.voucher.code : field === 'updated_at' ? a.updated_at : a[field];
			const keys = r.data.data.map(key);
			const sorted = [...keys].sort();
			expect(keys).toEqual(order.startsWith('-') ? sorted.reverse() : sorted);
			const { ids } = await walk(`&order=${order}`);
			expect(new Set(ids).size).toBe(N);
		},
	);

	it.each([
		['campaign_type=GIFT_VOUCHERS', (a: any) => a.data.data.campaign?.campaign_type === 'GIFT_VOUCHERS'],
		[`campaign_id=${FIXTURES.discountCampaignId}`, (a: any) => a.data.data.campaign?.id === FIXTURES.discountCampaignId],
		[`product_id=${FIXTURES.productId}`, (a: any) => a.data.data.order?.items[0].product_id === FIXTURES.productId],
	])('filter %s: total counts the matching activities', async (q, pred) => {
		const { ids, total } = await walk(`&${q}`);
		expect(total).toBeGreaterThan(0);
		expect(total).toBeLessThan(N);
		expect(ids).toHaveLength(total);
		const page = (await get(FIXTURES.customerWithManyActivities, `?limit=100&${q}`)).data.data;
		expect(page.every(pred)).toBe(true);
	});

	it('start_date and end_date bound the period', async () => {
		const start = '2024-01-01T01:00:00.000Z';
		const end = '2024-01-01T01:59:59.000Z';
		const r = await get(FIXTURES.customerWithManyActivities, `?limit=100&start_date=${start}&end_date=${end}`);
		expect(r.data.total).toBe(60);
		expect(r.data.data.every((a: any) => a.created_at >= start && a.created_at <= end)).toBe(true);
		const f = await get(FIXTURES.customerWithManyActivities, `?limit=100&start_date=${start}&end_date=${end}&campaign_type=LOYALTY_PROGRAM`);
		expect(f.data.total).toBe(10);
	});

	it('starting_after (date-time) matches created_at', async () => {
		const at = '2024-01-01T00:09:30.000Z';
		const asc = await get(FIXTURES.customerWithManyActivities, `?limit=3&order=created_at&starting_after=${at}`);
		expect(asc.data.data[0].created_at).toBe('2024-01-01T00:10:00.000Z');
		const desc = await get(FIXTURES.customerWithManyActivities, `?limit=3&starting_after=${at}`);
		expect(desc.data.data[0].created_at).toBe('2024-01-01T00:09:00.000Z');
		const typed = await get(FIXTURES.customerWithManyActivities, `?limit=100&order=type&starting_after=${at}`);
		expect(typed.data.data.every((a: any) => a.created_at > at)).toBe(true);
	});

	it('400 for invalid order, campaign_type, limit, dates', async () => {
		for (const q of ['?order=name', '?campaign_type=LOYALTY', '?limit=0', '?limit=101', '?start_date=soon', '?starting_after=x'])
			expectError(await get(FIXTURES.customerWithManyActivities, q), 400, 'invalid_param');
	});

	it('404 for an unknown customer; 401 without keys', async () => {
		const r = await get('cust_nope');
		expectError(r, 404, 'not_found');
		expect(r.data).toMatchObject({ resource_id: 'cust_nope', resource_type: 'customer' });
		expectError(await t.http.get(path(FIXTURES.customerId)), 401, 'unauthorized');
	});

	it('a small customer lists all its activities on one page', async () => {
		const r = await get(FIXTURES.customerId, '?limit=100');
		expect(r.data.total).toBe(r.data.data.length);
	});
});
