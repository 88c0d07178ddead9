/**
 * Retries under each emulator fault. A 429 is always retried after Retry-After (the service did not act on
 * the request); a 5xx or a lost connection is retried only for requests that are safe to repeat (GET, PUT,
 * upserts). No POST that is unsafe to repeat is ever sent twice after the service may have acted on it.
 */
import type { IDataObject } from 'n8n-workflow';
import { setupEmulator, type FoundationEnv, type ProbeJob } from './support.cjs';

let env: FoundationEnv;
beforeAll(async () => {
	env = await setupEmulator();
});
afterAll(() => env.emu.stop());
beforeEach(() => env.emu.control.reset());

const log = (method: string, path: string | RegExp) => env.emu.control.requests({ method, path });
const categories: ProbeJob = { request: { method: 'GET', path: '/v1/categories' } };
const trackEvent = (sourceId = 'customer-1'): ProbeJob => ({
	request: { method: 'POST', path: '/v1/events', body: { event: 'order_shipped', customer: { source_id: sourceId } } },
});
const assignReward: ProbeJob = {
	request: {
		method: 'POST',
		path: '/v1/rewards/rew_0000000000002/assignments',
		body: { campaign: 'camp_loyalty00000001', parameters: { loyalty: { points: 25 } } },
	},
};
const upsertSku = (safeToRepeat?: boolean): ProbeJob => ({
	request: {
		method: 'POST',
		path: '/v1/products/prod_0000000000001/skus',
		body: { source_id: 'sku-retry-1', sku: 'Retry SKU', price: 1999 },
		...(safeToRepeat === undefined ? {} : { safeToRepeat }),
	},
});

describe('429', () => {
	it('waits Retry-After (fractional seconds) and succeeds', async () => {
		env.emu.control.setFaults({ route: '/v1/categories', sequence: [429], retryAfterSeconds: 0.2 });
		const started = Date.now();
		const result = await env.probe([categories]);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.total).toBe(3);
		expect(Date.now() - started).toBeGreaterThanOrEqual(200);
		const calls = log('GET', '/v1/categories');
		expect(calls.map((r) => r.status)).toEqual([429, 200]);
		expect(calls[1].at - calls[0].at).toBeGreaterThanOrEqual(195);
	});

	it('stops after a bounded number of attempts', async () => {
		env.emu.control.setFaults({ route: '/v1/categories', rateLimitRate: 1, retryAfterSeconds: 0.01 });
		const result = await env.probe([{ ...categories, transportOptions: { maxRateLimitRetries: 3 } }]);
		expect(result.error).toMatchObject({ httpCode: '429' });
		expect(log('GET', '/v1/categories')).toHaveLength(4);
	});

	it('a rate-limited POST is sent again and applied once (a 429 is never processed)', async () => {
		env.emu.control.setFaults({ route: '/v1/events', sequence: [429], retryAfterSeconds: 0.05 });
		const result = await env.probe([trackEvent()]);
		expect(result.error).toBeUndefined();
		expect(log('POST', '/v1/events').map((r) => r.status)).toEqual([429, 200]);
		expect(env.emu.control.counters()).toMatchObject({ eventsTracked: 1, duplicateEvents: 0 });
	});

	it("spreads requests under the service's fixed-window limit so that none meets a 429", async () => {
		env.emu.control.setRateLimit({ limit: 4, windowMs: 400, route: '/v1/categories' });
		const result = await env.probe({ defaults: categories, items: Array.from({ length: 10 }, () => ({})) });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(10);
		// X-Rate-Limit-Remaining paces the requests across the window instead of spending it and meeting a 429.
		expect(log('GET', '/v1/categories').map((r) => r.status)).toEqual(Array(10).fill(200));
	}, 20_000);
});

describe('5xx and lost connections on requests safe to repeat', () => {
	it('GET: a 503, 502, 500 sequence is retried and succeeds', async () => {
		env.emu.control.setFaults({ route: '/v1/categories', sequence: [503, 502, 500] });
		const result = await env.probe([categories]);
		expect(result.error).toBeUndefined();
		expect(log('GET', '/v1/categories').map((r) => r.status)).toEqual([503, 502, 500, 200]);
	});

	it('GET: connection resets are retried and succeed', async () => {
		env.emu.control.setFaults({ route: '/v1/categories', sequence: ['reset', 'reset'] });
		const result = await env.probe([categories]);
		expect(result.error).toBeUndefined();
		expect(log('GET', '/v1/categories').map((r) => r.fault ?? r.status)).toEqual(['reset', 'reset', 200]);
	});

	it('GET: gives up after 1 attempt + 4 retries by default', async () => {
		env.emu.control.setFaults({ route: '/v1/categories', errorRate: 1, statuses: [503] });
		const result = await env.probe([categories]);
		expect(result.error).toMatchObject({ httpCode: '503' });
		expect(log('GET', '/v1/categories')).toHaveLength(5);
	});

	it('PUT: a 503 and a reset are retried and the update is applied', async () => {
		env.emu.control.setFaults({ route: '/v1/products/*/skus/*', method: 'PUT', sequence: [503, 'reset'] });
		const result = await env.probe([
			{ request: { method: 'PUT', path: '/v1/products/prod_0000000000001/skus/sku_0000000000001', body: { price: 4242 } } },
		]);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ id: 'sku_0000000000001', price: 4242 });
		expect(log('PUT', /skus/).map((r) => r.fault ?? r.status)).toEqual(['status:503', 'reset', 200]);
	});

	it('SKU upsert (POST with source_id, marked safe): retried after a 503 and a reset, one SKU created', async () => {
		env.emu.control.setFaults({ route: '/v1/products/*/skus', method: 'POST', sequence: [503, 'reset'] });
		const result = await env.probe([upsertSku(true)]);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ source_id: 'sku-retry-1', price: 1999 });
		expect(log('POST', /skus$/)).toHaveLength(3);
		expect(env.emu.control.counters()).toMatchObject({ skusCreated: 1 });
	});

	it('SKU upsert: a reset after processing is retried and updates the same SKU instead of duplicating it', async () => {
		env.emu.control.setFaults({ route: '/v1/products/*/skus', method: 'POST', sequence: ['reset'], resetAfterProcessing: true });
		const result = await env.probe([upsertSku(true)]);
		expect(result.error).toBeUndefined();
		expect(log('POST', /skus$/).map((r) => r.fault ?? r.status)).toEqual(['reset_after_processing', 200]);
		const skus = [...env.emu.control.state.skus.values()].filter((sku) => sku.source_id === 'sku-retry-1');
		expect(skus).toHaveLength(1);
		expect(env.emu.control.counters()).toMatchObject({ skusCreated: 1, skusUpdated: 1 });
	});
});

describe('unsafe POSTs are never sent twice', () => {
	it.each([
		['POST /v1/events', 503, trackEvent(), '/v1/events'],
		['POST /v1/events', 'reset', trackEvent(), '/v1/events'],
		['POST reward assignment', 503, assignReward, /assignments$/],
		['POST reward assignment', 'reset', assignReward, /assignments$/],
		['POST SKU without safeToRepeat', 502, upsertSku(), /skus$/],
	] as const)('%s after a %s: exactly one request and an item error', async (_name, fault, job, path) => {
		env.emu.control.setFaults({ method: 'POST', sequence: [fault] });
		const result = await env.probe([job], { continueOnFail: true });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json.error).toEqual(expect.any(String));
		expect(result.items[0].json.description).toContain('The request was not repeated');
		expect(log('POST', path)).toHaveLength(1);
	});

	it.each([
		['POST /v1/events', trackEvent(), '/v1/events', 'eventsTracked'],
		['POST reward assignment', assignReward, /assignments$/, 'rewardAssignmentsCreated'],
	] as const)('%s with a reset after processing: reported as an error, applied once, never resent', async (_name, job, path, counter) => {
		env.emu.control.setFaults({ method: 'POST', resetAfterProcessing: true });
		const result = await env.probe([job]);
		expect(result.error).toBeDefined();
		expect(result.error!.description).toContain('The request was not repeated');
		expect(log('POST', path).map((r) => r.fault)).toEqual(['reset_after_processing']);
		expect(env.emu.control.counters()[counter]).toBe(1);
		expect(env.emu.control.counters().duplicateCreates).toBe(0);
	});

	it('under random 5xx, resets, resets after processing and 429s: no event body is ever processed twice', async () => {
		env.emu.control.setFaults([
			{ route: '/v1/events', method: 'POST', resetRate: 0.15, resetAfterProcessing: true, faultSeed: 7 },
			{ route: '/v1/events', method: 'POST', resetRate: 0.15, errorRate: 0.25, rateLimitRate: 0.15, retryAfterSeconds: 0.01, faultSeed: 11 },
		]);
		const items = Array.from({ length: 40 }, (_, i) => trackEvent(`retry-customer-${i}`) as unknown as IDataObject);
		const result = await env.probe(items as unknown as ProbeJob[], { continueOnFail: true });
		expect(result.items).toHaveLength(40);
		const byBody = new Map<string, string[]>();
		for (const call of log('POST', '/v1/events')) {
			const key = JSON.stringify(call.body);
			byBody.set(key, [...(byBody.get(key) ?? []), String(call.fault ?? call.status)]);
		}
		expect(byBody.size).toBe(40);
		for (const outcomes of byBody.values()) {
			// Only 429s (never processed) may come before the one send that counts.
			expect(outcomes.filter((outcome) => outcome !== 'status:429')).toHaveLength(1);
		}
		const counters = env.emu.control.counters();
		expect(counters.duplicateEvents).toBe(0);
		expect(counters.duplicateCreates).toBe(0);
		const failed = result.items.filter((item) => item.json.error !== undefined).length;
		expect(failed).toBeGreaterThan(0);
		expect(failed).toBeLessThan(40);
	});
});
