import { FIXTURES, setup, TestEnv } from './helpers.cjs';

let t: TestEnv;
beforeAll(async () => {
	t = await setup();
});
beforeEach(() => t.emu.control.reset());
afterAll(() => t.emu.stop());

const cats = () => t.http.get('/v1/categories', { headers: t.A });
const sku = (source_id: string) => t.http.post(`/v1/products/${FIXTURES.productId}/skus`, { source_id }, { headers: t.A });

describe('rate limit (fixed window)', () => {
	it('answers 429 with Retry-After, X-Rate-Limit-* headers and the 429 body; limited requests are not processed', async () => {
		t.emu.control.setRateLimit({ limit: 2, windowMs: 5000 });
		const a = await sku('rl-1');
		expect(a.status).toBe(200);
		expect(a.headers['x-rate-limit-limit']).toBe('2');
		expect(a.headers['x-rate-limit-remaining']).toBe('1');
		expect(a.headers['x-rate-limit-type']).toEqual(expect.any(String));
		const retry = Number(a.headers['x-rate-limit-retry']);
		expect(retry).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
		expect((await sku('rl-2')).headers['x-rate-limit-remaining']).toBe('0');
		const c = await sku('rl-3');
		expect(c.status).toBe(429);
		expect(c.data).toEqual({ code: 429, message: 'Too many requests hit the API too quickly.' });
		expect(Number(c.headers['retry-after'])).toBeGreaterThanOrEqual(1);
		expect(Number(c.headers['retry-after'])).toBeLessThanOrEqual(5);
		expect(Number.isInteger(Number(c.headers['retry-after']))).toBe(true);
		expect(c.headers['x-rate-limit-remaining']).toBe('0');
		expect(t.emu.control.state.findSkuBySourceId('rl-3')).toBeUndefined();
		expect(t.emu.control.counters()).toMatchObject({ rateLimited: 1, skusCreated: 2 });
		expect(t.emu.control.requests({ path: '/skus' }).map((r) => [r.status, r.fault])).toEqual([[200, undefined], [200, undefined], [429, 'rate_limit']]);
	});

	it('the window resets', async () => {
		const windowMs = 1000;
		// The window opens while the limit is set, between `before` and `after`. A second request answered before
		// `before + windowMs` was decided within it and must be refused; on a machine so loaded that it was answered
		// later, that proves nothing, and the limit is set again (a bounded number of times).
		let after = 0;
		for (let attempt = 1; ; attempt++) {
			const before = Date.now();
			t.emu.control.setRateLimit({ limit: 1, windowMs });
			after = Date.now();
			expect((await cats()).status).toBe(200);
			const second = await cats();
			if (Date.now() < before + windowMs) {
				expect(second.status).toBe(429);
				break;
			}
			if (attempt === 5) throw new Error(`two requests were not answered within a ${windowMs} ms window in 5 attempts`);
		}
		// once the window has surely ended, a request is accepted again
		while (Date.now() < after + windowMs) await new Promise((r) => setTimeout(r, after + windowMs - Date.now()));
		expect((await cats()).status).toBe(200);
	});

	it('applies per route (substring or glob) and can be removed', async () => {
		t.emu.control.setRateLimit({ limit: 0, windowMs: 60000, route: '/v1/products/*/skus' });
		expect((await cats()).status).toBe(200);
		expect((await cats()).headers['x-rate-limit-limit']).toBeUndefined();
		expect((await sku('x')).status).toBe(429);
		t.emu.control.setRateLimit({ limit: 0, windowMs: 60000, route: '/v1/categories' });
		expect((await cats()).status).toBe(429);
		expect((await sku('y')).status).toBe(200);
		t.emu.control.setRateLimit(null);
		expect((await cats()).status).toBe(200);
	});
});

describe('faults', () => {
	it('a scripted sequence of 500/502/503, then ok, applied before processing', async () => {
		t.emu.control.setFaults({ route: '/skus', sequence: [500, 502, 'ok', 503] });
		const statuses = [];
		for (let i = 0; i < 5; i++) statuses.push((await sku(`seq-${i}`)).status);
		expect(statuses).toEqual([500, 502, 200, 503, 200]);
		expect([...t.emu.control.state.skus.values()].filter((s) => s.source_id?.startsWith('seq-')).map((s) => s.source_id)).toEqual(['seq-2', 'seq-4']);
		const r = await (async () => {
			t.emu.control.setFaults({ sequence: [503] });
			return cats();
		})();
		expect(r.data).toMatchObject({ code: 503, message: 'Service Unavailable', key: expect.any(String) });
		expect(t.emu.control.counters().faultsInjected).toBe(4);
		expect(t.emu.control.requests({ path: '/v1/categories' })[0].fault).toBe('status:503');
	});

	it('a sequence step of 429 answers Retry-After', async () => {
		t.emu.control.setFaults({ sequence: [429], retryAfterSeconds: 0.2 });
		const r = await cats();
		expect(r.status).toBe(429);
		expect(r.headers['retry-after']).toBe('0.2');
		expect(r.data).toEqual({ code: 429, message: 'Too many requests hit the API too quickly.' });
	});

	it('an error rate is deterministic for a faultSeed and uses the given statuses', async () => {
		const run = async () => {
			t.emu.control.setFaults({ errorRate: 0.5, statuses: [502], faultSeed: 42 });
			const out = [];
			for (let i = 0; i < 20; i++) out.push((await cats()).status);
			return out;
		};
		const a = await run();
		const b = await run();
		expect(a).toEqual(b);
		expect(new Set(a)).toEqual(new Set([200, 502]));
	});

	it('method filter', async () => {
		t.emu.control.setFaults({ method: 'POST', sequence: [500, 500] });
		expect((await cats()).status).toBe(200);
		expect((await sku('m')).status).toBe(500);
	});

	it('connection reset before processing leaves the state untouched', async () => {
		t.emu.control.setFaults({ route: '/skus', sequence: ['reset'] });
		await expect(sku('reset-1')).rejects.toMatchObject({ code: expect.stringMatching(/ECONNRESET|socket hang up/) });
		expect(t.emu.control.state.findSkuBySourceId('reset-1')).toBeUndefined();
		expect(t.emu.control.requests({ path: '/skus' })[0]).toMatchObject({ status: 0, fault: 'reset' });
		expect((await sku('reset-1')).status).toBe(200);
	});

	it('resetAfterProcessing applies the request, then drops the response', async () => {
		t.emu.control.setFaults({ route: '/skus', sequence: ['reset'], resetAfterProcessing: true });
		await expect(sku('lost-1')).rejects.toBeDefined();
		expect(t.emu.control.state.findSkuBySourceId('lost-1')).toBeDefined();
		const retry = await sku('lost-1');
		expect(retry.status).toBe(200);
		expect(t.emu.control.counters()).toMatchObject({ skusCreated: 1, skusUpdated: 1 });
		expect(t.emu.control.requests({ path: '/skus' })[0].fault).toBe('reset_after_processing');
	});

	it('resetAfterProcessing without a sequence or rate resets every matching request', async () => {
		t.emu.control.setFaults({ route: '/v1/events', resetAfterProcessing: true });
		await expect(t.http.post('/v1/events', { event: 'e', customer: { source_id: 'z' } }, { headers: t.A })).rejects.toBeDefined();
		expect(t.emu.control.counters().eventsTracked).toBe(1);
	});

	it('resetRate resets a share of requests', async () => {
		t.emu.control.setFaults({ resetRate: 1 });
		await expect(cats()).rejects.toBeDefined();
		t.emu.control.setFaults({ resetRate: 0 });
		expect((await cats()).status).toBe(200);
	});

	it('delayMs delays responses', async () => {
		t.emu.control.setFaults({ route: '/v1/categories', delayMs: 150 });
		const start = Date.now();
		expect((await cats()).status).toBe(200);
		expect(Date.now() - start).toBeGreaterThanOrEqual(140);
		expect(t.emu.control.requests()[0].fault).toBe('delay:150');
	});

	it('rateLimitRate answers 429 with a (fractional) Retry-After', async () => {
		t.emu.control.setFaults({ rateLimitRate: 1, retryAfterSeconds: 0.5 });
		const r = await cats();
		expect(r.status).toBe(429);
		expect(r.headers['retry-after']).toBe('0.5');
		expect(t.emu.control.counters()).toMatchObject({ rateLimited: 1, faultsInjected: 1 });
	});

	it('several fault rules at once; null clears', async () => {
		t.emu.control.setFaults([{ route: '/v1/categories', sequence: [502] }, { route: '/skus', sequence: [503] }]);
		expect((await cats()).status).toBe(502);
		expect((await sku('multi')).status).toBe(503);
		t.emu.control.setFaults(null);
		expect((await cats()).status).toBe(200);
	});

	it('setLatency adds to every API response', async () => {
		t.emu.control.setLatency(120);
		const start = Date.now();
		await cats();
		expect(Date.now() - start).toBeGreaterThanOrEqual(110);
		t.emu.control.setLatency(0);
	});
});

describe('misbehaving servers (redirects, odd rate-limit headers, cursors)', () => {
	const activity = (query = '') => t.http.get(`/v1/loyalties/members/${FIXTURES.memberWithManyActivities}/activity?limit=10${query}`, { headers: t.A });

	it('redirect answers the status and Location without processing; keepPath appends the path and query', async () => {
		t.emu.control.setFaults({ route: '/v1/categories', redirect: { location: 'http://127.0.0.1:9/elsewhere' } });
		const plain = await t.http.get('/v1/categories?x=1', { headers: t.A, maxRedirects: 0 });
		expect(plain.status).toBe(302);
		expect(plain.headers.location).toBe('http://127.0.0.1:9/elsewhere');
		t.emu.control.setFaults({ route: '/v1/categories', redirect: { location: 'http://127.0.0.1:9/', status: 307, keepPath: true } });
		const kept = await t.http.get('/v1/categories?x=1', { headers: t.A, maxRedirects: 0 });
		expect(kept.status).toBe(307);
		expect(kept.headers.location).toBe('http://127.0.0.1:9/v1/categories?x=1');
		expect(t.emu.control.requests().map((r) => [r.status, r.fault])).toEqual([[302, 'redirect:302'], [307, 'redirect:307']]);
	});

	it('headers are added to matching answers; omitRetryAfter leaves Retry-After out of a 429', async () => {
		t.emu.control.setFaults({ route: '/v1/categories', sequence: ['ok', 429], omitRetryAfter: true, headers: { 'X-Rate-Limit-Retry': '4102444800' } });
		const ok = await cats();
		expect(ok.status).toBe(200);
		expect(ok.headers['x-rate-limit-retry']).toBe('4102444800');
		const limited = await cats();
		expect(limited.status).toBe(429);
		expect(limited.headers['retry-after']).toBeUndefined();
		expect(limited.headers['x-rate-limit-retry']).toBe('4102444800');
		t.emu.control.setFaults({ route: '/v1/categories', sequence: [429], retryAfterSeconds: 3600 });
		expect((await cats()).headers['retry-after']).toBe('3600');
	});

	it('ignoreCursor serves the first page whatever cursor is asked for (the log keeps the query as sent)', async () => {
		const first = await activity();
		t.emu.control.setFaults({ route: '/v1/loyalties/members/*/activity', ignoreCursor: true });
		const again = await activity(`&starting_after_id=${first.data.more_starting_after}`);
		expect(again.data.data).toEqual(first.data.data);
		expect(t.emu.control.requests()[1].query.starting_after_id).toBe(first.data.more_starting_after);
	});

	it('cursorCycle hands out A, B, A, B… and serves pages 1, 2, 3, 2, 3…', async () => {
		const real = [await activity()];
		for (let i = 0; i < 3; i++) real.push(await activity(`&starting_after_id=${real[i].data.more_starting_after}`));
		t.emu.control.setFaults({ route: '/v1/loyalties/members/*/activity', cursorCycle: ['A', 'B'] });
		const pages = [await activity()];
		for (let i = 0; i < 4; i++) pages.push(await activity(`&starting_after_id=${pages[i].data.more_starting_after}`));
		expect(pages.map((page) => page.data.more_starting_after)).toEqual(['A', 'B', 'A', 'B', 'A']);
		const firstIds = (pages_: Array<{ data: { data: Array<{ id: string }> } }>) => pages_.map((page) => page.data.data[0].id);
		expect(firstIds(pages)).toEqual(firstIds([real[0], real[1], real[2], real[1], real[2]]));
	});
});

