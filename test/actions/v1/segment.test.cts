/**
 * Customer segments, through n8n's engine against the emulator: the list pages by creation date with start_date /
 * end_date (announced 21 May 2026), not by page.
 */
import { FIXTURES } from '../../emulator/index.cjs';
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { listSearch } from '../../harness/loadOptions.cjs';
import { serviceErrorOf, useEmulator, type Parameters } from './setup.cjs';

const ctx = useEmulator();

const segment = (operation: string, extra: Parameters = {}) => ({ resource: 'segment', operation, ...extra });
const BEFORE = 'filters[created_at][conditions][$before]';
const END = 'end_date';
const START = 'start_date';
const TOTAL = FIXTURES.segmentIds.length;

describe('Segment', () => {
	it('creates a static segment of customers and an active one with a filter, gets one and deletes it', async () => {
		const staticOne = await ctx.run(segment('create', { name: 'VIPs', type: 'static', customerIds: `${FIXTURES.customerId}, ${FIXTURES.customerWithManyActivities}` }));
		expect(staticOne.error).toBeUndefined();
		expect(staticOne.items[0].json).toMatchObject({ id: expect.stringMatching(/^seg_/), name: 'VIPs', type: 'static', object: 'segment' });
		const filter = { junction: 'and', 'metadata.club_level': { conditions: { $in: ['Gold'] } } };
		const active = await ctx.run(segment('create', { name: 'Gold', type: 'auto-update', filter: JSON.stringify(filter) }));
		expect(active.items[0].json).toMatchObject({ name: 'Gold', type: 'auto-update', filter });
		const id = String(active.items[0].json.id);
		const got = await ctx.run(segment('get', { segmentId: { __rl: true, mode: 'id', value: id } }));
		expect(got.items[0].json).toMatchObject({ id, filter });
		const deleted = await ctx.run(segment('delete', { segmentId: id }));
		expect(deleted.items[0].json).toEqual({ deleted: true, id });
		expect(ctx.sent()).toEqual([
			{ method: 'POST', path: '/v1/segments', query: {}, body: { name: 'VIPs', type: 'static', customers: [FIXTURES.customerId, FIXTURES.customerWithManyActivities] } },
			{ method: 'POST', path: '/v1/segments', query: {}, body: { name: 'Gold', type: 'auto-update', filter } },
			{ method: 'GET', path: `/v1/segments/${id}`, query: {}, body: undefined },
			{ method: 'DELETE', path: `/v1/segments/${id}`, query: {}, body: undefined },
		]);
		const gone = await ctx.run(segment('get', { segmentId: id }));
		expect(serviceErrorOf(gone)).toMatchObject({ httpCode: '404', key: 'not_found', resource_id: id });
		await ctx.run(segment('delete', { segmentId: String(staticOne.items[0].json.id) }));
	});

	it(`Return All reads all ${TOTAL} segments once, newest first, asking each next page by the last one's creation date`, async () => {
		const { items, error } = await ctx.run(segment('getAll', { returnAll: true }));
		expect(error).toBeUndefined();
		const ids = items.map((item) => String(item.json.id));
		expect(ids).toHaveLength(TOTAL);
		expect(new Set(ids)).toEqual(new Set(FIXTURES.segmentIds));
		const dates = items.map((item) => String(item.json.created_at));
		expect(dates).toEqual([...dates].sort().reverse());
		const queries = ctx.sent().map((request) => request.query);
		// Three segments share each millisecond, so pages end inside a moment: the next one starts at that moment
		// again (one millisecond later, in case the bound is strict), and what was read already is dropped.
		expect(queries[0]).toEqual({ limit: '100' });
		expect(queries.length).toBe(3);
		for (const query of queries.slice(1)) {
			expect(Object.keys(query).sort()).toEqual([END, 'limit']);
			expect(dates).toContain(new Date(Date.parse(String(query[END])) - 1).toISOString());
		}
		expect(String(queries[1][END]) > String(queries[2][END])).toBe(true);
	});

	it('oldest first, the next page is asked for by start_date, one millisecond before the last segment read', async () => {
		const { items, error } = await ctx.run(segment('getAll', { returnAll: true, filters: { order: 'created_at' } }));
		expect(error).toBeUndefined();
		expect(items.map((item) => String(item.json.id))).toEqual(FIXTURES.segmentIds);
		const queries = ctx.sent().map((request) => request.query);
		expect(queries[0]).toEqual({ limit: '100', order: 'created_at' });
		// Segment 100 (index 99) is the first of its millisecond: page 2 starts with it again and it is dropped.
		expect(queries[1]).toEqual({ limit: '100', order: 'created_at', [START]: new Date(Date.parse(String(items[99].json.created_at)) - 1).toISOString() });
	});

	it('sends the filters as the service names them; its own Created Before bounds the first page', async () => {
		const { items } = await ctx.run(segment('getAll', { returnAll: true, filters: { type: 'static', name: 'segment 1', createdBefore: '2024-01-01T00:00:00.010Z' } }));
		expect(items.length).toBeGreaterThan(0);
		expect(items.every((item) => item.json.type === 'static' && String(item.json.name).toLowerCase().includes('segment 1'))).toBe(true);
		expect(ctx.sent()[0].query).toEqual({
			limit: '100',
			'filters[name][conditions][$contains]': 'segment 1',
			'filters[type][conditions][$is]': 'static',
			[BEFORE]: '2024-01-01T00:00:00.010Z',
		});
	});

	it('Start Date and End Date bound the list (inclusive at the emulator); Return All walks within them, never past them', async () => {
		const all = (await ctx.run(segment('getAll', { returnAll: true }))).items.map((item) => item.json);
		const [from, to] = [String(all[200].created_at), String(all[30].created_at)];
		const inRange = all.filter((entry) => String(entry.created_at) >= from && String(entry.created_at) <= to).map((entry) => String(entry.id));
		expect(inRange.length).toBeGreaterThan(170);
		for (const order of ['-created_at', 'created_at']) {
			ctx.emu.control.clearRequests();
			const { items, error } = await ctx.run(segment('getAll', { returnAll: true, filters: { startDate: from, endDate: to, order } }));
			expect(error).toBeUndefined();
			const ids = items.map((item) => String(item.json.id));
			expect(new Set(ids)).toEqual(new Set(inRange));
			expect(ids).toHaveLength(inRange.length);
			const queries = ctx.sent().map((request) => request.query);
			expect(queries[0]).toMatchObject({ [START]: from, [END]: to });
			// the walk moves one bound and keeps the other as given
			const kept = order === 'created_at' ? END : START;
			expect(queries.length).toBeGreaterThan(1);
			expect(queries.every((query) => query[kept] === (kept === START ? from : to) && String(query[START]) >= from && String(query[END]) <= to)).toBe(true);
		}
	});

	it('a saved Created Before filter still bounds every page of the walk; a Limit stops exactly', async () => {
		const { items } = await ctx.run(segment('getAll', { returnAll: true, filters: { createdBefore: '2024-01-01T00:00:00.060Z' } }));
		expect(items).toHaveLength(180);
		expect(items.every((item) => String(item.json.created_at) < '2024-01-01T00:00:00.060Z')).toBe(true);
		const queries = ctx.sent().map((request) => request.query);
		expect(queries).toHaveLength(2);
		expect(queries.every((query) => query[BEFORE] === '2024-01-01T00:00:00.060Z')).toBe(true);
		expect(queries[1][END]).toBe(new Date(Date.parse(String(items[99].json.created_at)) + 1).toISOString());
		ctx.emu.control.clearRequests();
		const limited = await ctx.run(segment('getAll', { returnAll: false, limit: 7 }));
		expect(limited.items).toHaveLength(7);
		expect(ctx.sent().map((request) => request.query)).toEqual([{ limit: '7' }]);
	});

	it('the emulator refuses an end_date before start_date (400 invalid_param), as the node does before sending', async () => {
		const { appId, appToken } = ctx.emu.credentials;
		const res = await fetch(`${ctx.emu.baseUrl}/v1/segments?start_date=2024-02-01T00:00:00Z&end_date=2024-01-01T00:00:00Z`, { headers: { 'x-app-id': appId, 'x-app-token': appToken } });
		expect(res.status).toBe(400);
		expect(await res.json()).toMatchObject({ key: 'invalid_param', details: expect.stringMatching(/end_date must not be before start_date/) });
	});

	it.each([
		[segment('getAll', { filters: { startDate: '2024-02-01T00:00:00Z', endDate: '2024-01-01T00:00:00Z' } }), 'End Date', /must not be before Start Date/],
		[segment('getAll', { filters: { startDate: 'yesterday' } }), 'Start Date', /ISO 8601|date/i],
		[segment('create', { name: ' ', type: 'static' }), 'Name', /is required/],
		[segment('create', { name: 'x', type: 'static', customerIds: 'cust_1, not an id' }), 'Customer IDs', /must match \^cust_/],
		[segment('create', { name: 'x', type: 'passive', filter: '{}' }), 'Filter (JSON)', /is required for active and passive segments/],
		[segment('create', { name: 'x', type: 'auto-update', filter: '[1]' }), 'Filter (JSON)', /JSON object/],
		[segment('get', { segmentId: '..' }), 'Segment', /must be an ID/],
	])('refuses %j naming %s, sending nothing', (parameters, field, rule) => ctx.expectInvalid(parameters, field, rule));

	it('does not resend a create after a 503', async () => {
		ctx.emu.control.setFaults({ route: '/v1/segments', method: 'POST', sequence: [503] });
		const failed = await ctx.run(segment('create', { name: 'After 503', type: 'static' }));
		expect(failed.error?.httpCode).toBe('503');
		expect(ctx.sent()).toHaveLength(1);
	});

	it('From List asks the service for names containing the text', async () => {
		const { results } = await listSearch('searchSegments', { parameters: { resource: 'segment', operation: 'get' } as never, credentials: credentialsFor(ctx.emu) }, 'gold');
		expect(results).toEqual([{ name: 'Gold members (auto-update)', value: FIXTURES.segmentIds[0] }]);
		expect(ctx.sent()[0].query).toEqual({ limit: '100', 'filters[name][conditions][$contains]': 'gold' });
	});
});
