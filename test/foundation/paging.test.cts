/**
 * Paging over the three list envelopes with walkList/fetchList on a real execution context: Return All
 * gathers every entry once, in order; a limit stops exactly, asking for no more than it needs.
 */
import type { IDataObject } from 'n8n-workflow';
import { FIXTURES, fixtureCounts } from '../emulator/index.cjs';
import { pagedListSpec, type ListSpec } from '../../nodes/LoyaltyPromotions/transport/paginate';
import { SEGMENT_LIST } from '../../nodes/LoyaltyPromotions/actions/segment/fields';
import { setupEmulator, type FoundationEnv, type ProbeJob } from './support.cjs';

let env: FoundationEnv;
let seeded: FoundationEnv;
beforeAll(async () => {
	env = await setupEmulator();
	seeded = await setupEmulator({ seed: 10 });
});
afterAll(async () => {
	await env.emu.stop();
	await seeded.emu.stop();
});
beforeEach(() => {
	env.emu.control.clearRequests();
	seeded.emu.control.clearRequests();
});

const COUNTED: ListSpec = { envelope: 'counted', pageSizeParam: 'limit', cursorParam: 'starting_after_id', maxPageSize: 100 };
const WHOLE: ListSpec = { envelope: 'counted' };
const ID_CURSOR: ListSpec = { envelope: 'idCursor', pageSizeParam: 'limit', cursorParam: 'starting_after_id', maxPageSize: 100 };
const V2_CURSOR: ListSpec = { envelope: 'v2Cursor', pageSizeParam: 'limit', cursorParam: 'cursor', maxPageSize: 100 };

const activitiesPath = `/v1/customers/${FIXTURES.customerWithManyActivities}/activities`;
const memberActivityPath = `/v1/loyalties/members/${FIXTURES.memberWithManyActivities}/activity`;
const bucketsPath = `/v2/loyalties/programs/${FIXTURES.programActive}/members/${FIXTURES.memberId}/cards/${FIXTURES.cardId}/pending-points`;

async function list(on: FoundationEnv, job: ProbeJob): Promise<IDataObject[]> {
	const result = await on.probe([job]);
	expect(result.error).toBeUndefined();
	return result.items.map((item) => item.json);
}

const ids = (entries: IDataObject[]) => entries.map((entry) => entry.id as string);
const pageQueries = (on: FoundationEnv, path: string) => on.emu.control.requests({ method: 'GET', path }).map((r) => r.query);


/** Limits and the page sizes that reach each exactly: one page, a full page, one over, several. */
const EXACT_LIMITS: Array<[number, string[]]> = [
	[7, ['7']],
	[100, ['100']],
	[101, ['100', '1']],
	[250, ['100', '100', '50']],
];
describe('counted list paged by starting_after_id (customer activities)', () => {
	const total = fixtureCounts(1).customerActivities;
	const job = (returnAll: boolean, limit = 50, query: IDataObject = {}): ProbeJob => ({
		request: { method: 'GET', path: activitiesPath, query },
		list: COUNTED,
		returnAll,
		limit,
	});

	it(`Return All gathers all ${total} entries once, in the service's order, 100 per page`, async () => {
		const entries = await list(env, job(true));
		expect(entries).toHaveLength(total);
		expect(new Set(ids(entries)).size).toBe(total);
		const queries = pageQueries(env, activitiesPath);
		expect(queries).toHaveLength(Math.ceil(total / 100));
		expect(queries.every((q) => q.limit === '100')).toBe(true);
		expect(queries[0].starting_after_id).toBeUndefined();
		expect(queries[1].starting_after_id).toBe(entries[99].id);
		const createdAt = entries.map((entry) => String(entry.created_at));
		expect(createdAt).toEqual([...createdAt].sort().reverse());
	});

	it.each(EXACT_LIMITS)('a limit of %i stops exactly, asking for pages of %j', async (limit, sizes) => {
		const entries = await list(env, job(false, limit));
		expect(entries).toHaveLength(limit);
		expect(pageQueries(env, activitiesPath).map((q) => q.limit)).toEqual(sizes);
		const all = await list(env, job(false, 250));
		expect(ids(entries)).toEqual(ids(all).slice(0, limit));
	});

	it('keeps the other query parameters on every page', async () => {
		const entries = await list(env, job(false, 150, { order: 'created_at', campaign_type: 'LOYALTY_PROGRAM' }));
		expect(entries.length).toBeGreaterThan(100);
		const queries = pageQueries(env, activitiesPath);
		expect(queries).toHaveLength(2);
		expect(queries.every((q) => q.order === 'created_at' && q.campaign_type === 'LOYALTY_PROGRAM')).toBe(true);
	});

	it('a short list ends after one page', async () => {
		const entries = await list(env, {
			request: { method: 'GET', path: `/v1/customers/${FIXTURES.customerId}/activities` },
			list: COUNTED,
			returnAll: true,
		});
		expect(entries).toHaveLength(12);
		expect(env.emu.control.requests({ path: /activities/ })).toHaveLength(1);
	});
});

describe('list paged by a date filter (segments: three created in each millisecond)', () => {
	const job = (limit: number, query: IDataObject = {}): ProbeJob => ({ request: { method: 'GET', path: '/v1/segments', query }, list: SEGMENT_LIST, limit });

	it('a limit asks the next page for what is still wanted plus the entries of the moment it starts with again', async () => {
		const entries = await list(env, job(250, { order: 'created_at' }));
		expect(ids(entries)).toEqual(FIXTURES.segmentIds.slice(0, 250));
		const queries = pageQueries(env, '/v1/segments');
		// Pages 1 and 2 each end on the first segment of a millisecond; the next page starts one millisecond earlier
		// (in case the bound is strict), so under the emulator's inclusive bound that segment and the three of the
		// millisecond before come again: 4 asked for on top of what is still wanted.
		expect(queries.map((q) => q.limit)).toEqual(['100', '100', '58']);
		expect(queries[2].start_date).toBe(new Date(Date.parse(String(entries[195].created_at)) - 1).toISOString());
	});

	it("never asks past the user's own bound: a page of its one moment stops loudly rather than widen the range", async () => {
		const start = '2024-01-01T00:00:00.010Z';
		const small = { ...SEGMENT_LIST, maxPageSize: 2 };
		const result = await env.probe([{ ...job(4, { order: 'created_at', start_date: start }), list: small }]);
		expect(result.error?.message).toMatch(/already sent/);
		expect(pageQueries(env, '/v1/segments').map((q) => q.start_date)).toEqual([start, start]);
	});

	it('gathers every entry once whether the bound is inclusive (start_date) or strict (the filter conditions)', async () => {
		const strict: ListSpec = {
			...SEGMENT_LIST,
			dateCursor: { field: 'created_at', before: 'filters[created_at][conditions][$before]', after: 'filters[created_at][conditions][$after]', orderParam: 'order' },
		};
		for (const spec of [SEGMENT_LIST, strict]) {
			for (const order of ['created_at', '-created_at']) {
				const entries = await list(env, { ...job(230, { order }), list: spec });
				expect(new Set(ids(entries))).toEqual(new Set(FIXTURES.segmentIds));
				expect(entries).toHaveLength(FIXTURES.segmentIds.length);
			}
		}
	});

	it('stops loudly when a whole page shares one moment, rather than loop', async () => {
		const many = await env.probe([{ ...job(4, { order: 'created_at' }), list: { ...SEGMENT_LIST, maxPageSize: 2 } }]);
		expect(many.error?.message).toMatch(/already sent/);
		expect(pageQueries(env, '/v1/segments')).toHaveLength(2);
	});
});

describe('counted list returned whole (categories)', () => {
	it('Return All: one request without paging parameters', async () => {
		const entries = await list(env, { request: { method: 'GET', path: '/v1/categories' }, list: WHOLE, returnAll: true });
		expect(ids(entries)).toEqual(FIXTURES.categoryIds);
		const [call] = env.emu.control.requests({ path: '/v1/categories' });
		expect(env.emu.control.requests({ path: '/v1/categories' })).toHaveLength(1);
		expect(call.query).toEqual({});
	});

	it('a limit trims the one page', async () => {
		const entries = await list(env, { request: { method: 'GET', path: '/v1/categories' }, list: WHOLE, limit: 2 });
		expect(ids(entries)).toEqual(FIXTURES.categoryIds.slice(0, 2));
	});
});

describe('id-cursor list (member activity)', () => {
	const total = fixtureCounts(1).memberActivities;
	const job = (returnAll: boolean, limit = 50): ProbeJob => ({
		request: { method: 'GET', path: memberActivityPath },
		list: ID_CURSOR,
		returnAll,
		limit,
	});

	it(`Return All gathers all ${total} entries once, following more_starting_after`, async () => {
		expect(total).toBe(1025);
		const entries = await list(env, job(true));
		expect(entries).toHaveLength(total);
		expect(new Set(ids(entries)).size).toBe(total);
		const queries = pageQueries(env, memberActivityPath);
		expect(queries).toHaveLength(11);
		expect(queries.slice(1).map((q) => q.starting_after_id)).toEqual(
			[99, 199, 299, 399, 499, 599, 699, 799, 899, 999].map((index) => entries[index].id),
		);
	});

	it.each(EXACT_LIMITS)('a limit of %i stops exactly, asking for pages of %j', async (limit, sizes) => {
		const entries = await list(env, job(false, limit));
		expect(entries).toHaveLength(limit);
		expect(pageQueries(env, memberActivityPath).map((q) => q.limit)).toEqual(sizes);
	});

	it('an empty list is one request and no entries', async () => {
		const entries = await list(env, {
			request: { method: 'GET', path: `/v1/loyalties/members/${FIXTURES.memberEmpty}/activity` },
			list: ID_CURSOR,
			returnAll: true,
		});
		expect(entries).toEqual([]);
		expect(env.emu.control.requests({ path: /activity/ })).toHaveLength(1);
	});
});

describe('v2 cursor list (pending points buckets, OAuth)', () => {
	const total = fixtureCounts(10).buckets;
	const job = (returnAll: boolean, limit = 50): ProbeJob => ({
		credentialType: 'loyaltyPromotionsOAuth2Api',
		request: { method: 'GET', path: bucketsPath },
		list: V2_CURSOR,
		returnAll,
		limit,
	});

	it(`Return All gathers all ${total} buckets once, following cursor.next`, async () => {
		expect(total).toBe(250);
		const entries = await list(seeded, job(true));
		expect(entries).toHaveLength(total);
		expect(new Set(ids(entries)).size).toBe(total);
		const queries = pageQueries(seeded, bucketsPath);
		expect(queries).toHaveLength(3);
		expect(queries[0].cursor).toBeUndefined();
		expect(queries.slice(1).every((q) => /^lcrscppb_[a-f0-9]+$/.test(String(q.cursor)))).toBe(true);
	});

	it.each(EXACT_LIMITS)('a limit of %i stops exactly, asking for pages of %j', async (limit, sizes) => {
		const entries = await list(seeded, job(false, limit));
		expect(entries).toHaveLength(limit);
		expect(pageQueries(seeded, bucketsPath).map((q) => q.limit)).toEqual(sizes);
	});

	it('a card with pending points disabled gives an empty list in one request', async () => {
		const path = `/v2/loyalties/programs/${FIXTURES.programActive}/members/${FIXTURES.memberId}/cards/${FIXTURES.cardPendingPointsDisabled}/pending-points`;
		const entries = await list(seeded, { ...job(true), request: { method: 'GET', path } });
		expect(entries).toEqual([]);
		expect(seeded.emu.control.requests({ path })).toHaveLength(1);
	});
});

describe('paged list (page = 1, 2, …): customers, orders', () => {
	const customers = fixtureCounts(1).customers;
	const PAGED_99 = pagedListSpec(99);
	const job = (returnAll: boolean, limit = 50, path = '/v1/customers', spec: ListSpec = PAGED_99): ProbeJob => ({
		request: { method: 'GET', path, query: { order: 'created_at' } },
		list: spec,
		returnAll,
		limit,
	});

	it(`Return All gathers all ${customers} customers once, in order, page after page of 100`, async () => {
		const entries = await list(env, job(true));
		expect(entries).toHaveLength(customers);
		expect(new Set(ids(entries)).size).toBe(customers);
		const queries = pageQueries(env, '/v1/customers');
		expect(queries.map((q) => [q.page, q.limit])).toEqual([[undefined, '100'], ['2', '100']]);
		expect(queries.every((q) => q.order === 'created_at')).toBe(true);
		const createdAt = entries.map((entry) => String(entry.created_at));
		expect(createdAt).toEqual([...createdAt].sort());
	});

	it.each([
		[7, [[undefined, '7']]],
		[100, [[undefined, '100']]],
		[120, [[undefined, '100'], ['2', '100']]],
	])('a limit of %i stops exactly, every page asked at the same size (pages are numbered by their size)', async (limit, pages) => {
		const entries = await list(env, job(false, limit, '/v1/customers', { ...PAGED_99, maxPageSize: 100 }));
		expect(entries).toHaveLength(limit);
		expect(pageQueries(env, '/v1/customers').map((q) => [q.page, q.limit])).toEqual(pages);
		const all = await list(env, job(true));
		expect(ids(entries)).toEqual(ids(all).slice(0, limit));
	});

	it('stops at the total without asking for an empty page', async () => {
		const entries = await list(env, { ...job(true), request: { method: 'GET', path: '/v1/customers', query: { order: 'created_at', email: 'customer-1@example.com' } } });
		expect(ids(entries)).toEqual([FIXTURES.customerId]);
		expect(pageQueries(env, '/v1/customers')).toHaveLength(1);
	});

	it(`fails loudly at the service's last page (100 pages of 100 orders, ${fixtureCounts(1).orders} exist), naming what to do`, async () => {
		const result = await env.probe([job(true, 50, '/v1/orders', pagedListSpec(100))]);
		expect(result.error?.message).toMatch(/lists at most 100 pages of 100 \(10000 entries read\).*Narrow it.*or turn off Return All/);
		const queries = pageQueries(env, '/v1/orders');
		expect(queries).toHaveLength(100);
		expect(queries[99].page).toBe('100');
	});
});
