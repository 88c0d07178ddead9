/**
 * Concurrency Auto: the controller alone on a clock it is handed (how it grows, stays, backs off and where it
 * stops), then the action node through n8n's engine against the emulator, with its rate limit, latency and
 * faults: what Auto keeps in flight, that the limit is met without a 429, and the hint it leaves in the output
 * panel. A node saved before Auto (`options: {}`) keeps the old fixed number.
 */
import type { IDataObject, NodeExecutionHint } from 'n8n-workflow';
import { AUTO_CAP, AUTO_START, AutoConcurrency } from '../../nodes/LoyaltyPromotions/transport/pacer';
import { AUTO_CONCURRENCY, DEFAULT_CONCURRENCY, runPool } from '../../nodes/LoyaltyPromotions/shared/pool';
import { FIXTURES } from '../emulator/index.cjs';
import { useEmulator } from '../actions/v2/helpers.cjs';
import type { RunNodeResult } from '../harness/runWorkflow.cjs';

/** A controller on a clock the test moves: `answers(n, perMs)` lets n answers arrive at that rate. */
function controlled(cap = AUTO_CAP) {
	let now = 0;
	const auto = new AutoConcurrency(cap, () => now);
	return {
		auto,
		/** n answers (status 200 unless given), spaced so that they arrive at `perMs` answers a millisecond. */
		answers(n: number, perMs: number, status = 200, announced?: number) {
			for (let i = 0; i < n; i++) {
				now += 1 / perMs;
				auto.answered(status, announced);
			}
		},
		/** Runs whole measuring periods where the rate of answers is `rateOf(limit)`. */
		periods(count: number, rateOf: (limit: number) => number, announced?: number) {
			for (let i = 0; i < count; i++) {
				const limit = auto.current();
				// enough answers for one period at any limit: 2 × limit and 100 ms
				this.answers(Math.max(6, 2 * limit, Math.ceil(rateOf(limit) * 100)) + 1, rateOf(limit), 200, announced);
			}
		},
	};
}

describe('the controller', () => {
	it(`starts at ${AUTO_START} and grows while the rate of answers grows, up to its cap`, () => {
		const c = controlled();
		expect(c.auto.current()).toBe(AUTO_START);
		const seen = [c.auto.current()];
		for (let i = 0; i < 12; i++) {
			c.periods(1, (limit) => limit / 10); // each request takes 10 ms: the rate grows with every one in flight
			seen.push(c.auto.current());
		}
		expect(seen.every((limit, index) => index === 0 || limit >= seen[index - 1])).toBe(true);
		expect(c.auto.current()).toBe(AUTO_CAP);
		expect(c.auto.summary()).toMatchObject({ settled: AUTO_CAP, lowest: AUTO_START, highest: AUTO_CAP, backoffs: 0 });
	});

	it.each([
		['a round trip that holds 6 requests', 6],
		['a round trip that holds 12 requests', 12],
	])('stays near where the rate stops growing (%s), probing above now and then', (_name, knee) => {
		const c = controlled();
		const rateOf = (limit: number) => Math.min(limit, knee) / 10;
		c.periods(40, rateOf);
		const limit = c.auto.current();
		// at or above the knee (nothing lost), and at most one growth step and one probe above it
		expect(limit).toBeGreaterThanOrEqual(knee);
		const step = Math.ceil(knee * 1.5);
		expect(limit).toBeLessThanOrEqual(step + Math.ceil(step / 4));
		expect(c.auto.summary().peakPerMinute).toBe(Math.round((knee / 10) * 60_000));
	});

	it('goes back a step when the last one made the answers slower', () => {
		const c = controlled();
		// up to 8 in flight the rate grows; above, the service slows down
		const rateOf = (limit: number) => (limit <= 8 ? limit / 10 : 0.3);
		c.periods(6, rateOf);
		expect(c.auto.current()).toBeLessThanOrEqual(8);
	});

	it('halves after a 429 and steps down a quarter after a 5xx or a lost connection, once per round in flight', () => {
		const c = controlled();
		c.periods(6, (limit) => limit / 10);
		const before = c.auto.current();
		// the requests in flight meet the same 429: one backoff
		c.answers(before, 1, 429);
		expect(c.auto.current()).toBe(Math.floor(before / 2));
		const halved = c.auto.current();
		c.answers(halved, 1, 200);
		c.answers(1, 1, 503);
		expect(c.auto.current()).toBe(Math.max(1, Math.floor(halved * 0.75)));
		c.answers(halved, 1, 200);
		c.answers(1, 1, 0);
		expect(c.auto.summary().backoffs).toBe(3);
		for (let i = 0; i < 20; i++) c.answers(AUTO_CAP, 1, 429);
		expect(c.auto.current()).toBe(1);
	});

	it('never goes above the limit the service announces', () => {
		const c = controlled();
		c.periods(20, (limit) => limit / 10, 5);
		expect(c.auto.current()).toBe(5);
		expect(c.auto.summary()).toMatchObject({ announcedLimit: 5, highest: expect.any(Number) });
		expect(c.auto.summary().settled).toBeLessThanOrEqual(5);
	});

	it('does not grow while the pacer holds requests for the rate limit', () => {
		const c = controlled();
		for (let i = 0; i < 10; i++) {
			c.auto.held();
			c.periods(1, (limit) => limit / 10);
		}
		expect(c.auto.current()).toBe(AUTO_START);
		expect(c.auto.summary().heldByLimit).toBe(true);
	});
});

describe('the pool', () => {
	it('reads a changing limit whenever a task ends, and never has more in flight than it says', async () => {
		let limit = 1;
		let inFlight = 0;
		let most = 0;
		const mostAt: number[] = [];
		await runPool(60, { current: () => limit }, async (index) => {
			inFlight++;
			most = Math.max(most, inFlight);
			mostAt[index] = inFlight;
			expect(inFlight).toBeLessThanOrEqual(limit);
			await new Promise((resolve) => setImmediate(resolve));
			if (index === 10) limit = 6;
			if (index === 40) limit = 2;
			inFlight--;
		});
		expect(most).toBe(6);
		expect(mostAt.slice(0, 10).every((n) => n === 1)).toBe(true);
	});

	it('stops taking work at the first error and lets the tasks in flight finish', async () => {
		const started: number[] = [];
		const finished: number[] = [];
		await expect(
			runPool(50, { current: () => 4 }, async (index) => {
				started.push(index);
				await new Promise((resolve) => setImmediate(resolve));
				if (index === 5) throw new Error('item 5');
				finished.push(index);
			}),
		).rejects.toThrow('item 5');
		expect(started.length).toBeLessThan(50);
		expect(finished.length).toBe(started.length - 1);
	});
});

describe('the node with Auto, against the emulator', () => {
	const ctx = useEmulator();
	const customerGet = { resource: 'customer', operation: 'get', customerId: FIXTURES.customerId };
	const itemsOf = (count: number): IDataObject[] => Array.from({ length: count }, (_, n) => ({ n }));
	const hintsOf = (result: RunNodeResult): NodeExecutionHint[] => result.run.data.resultData.runData['Node Under Test']?.[0]?.hints ?? [];
	const autoHint = (result: RunNodeResult) => hintsOf(result).find((hint) => hint.message.startsWith('Concurrency Auto settled on'));
	const statuses = () => ctx.emu.control.requests({ method: 'GET', path: /\/v1\/customers\// }).map((request) => request.status);

	it('a new node runs with Auto (its Options default), grows past the old fixed number and says where it settled', async () => {
		// long enough that the rate is the latency's, not the CPU's, on a busy machine too
		ctx.emu.control.setLatency(200);
		const result = await ctx.run(customerGet, { input: itemsOf(200) });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(200);
		expect(statuses()).toEqual(Array(200).fill(200));
		expect(ctx.emu.control.counters().maxInFlight).toBeGreaterThan(DEFAULT_CONCURRENCY);
		expect(ctx.emu.control.counters().maxInFlight).toBeLessThanOrEqual(AUTO_CAP);
		expect(autoHint(result)).toMatchObject({ type: 'info', location: 'outputPane' });
		expect(autoHint(result)?.message).toMatch(/^Concurrency Auto settled on \d+ requests? in flight.*answers a minute.*Options → Concurrency\.$/);
	}, 60_000);

	it(`a node saved before Auto (options: {}) keeps ${DEFAULT_CONCURRENCY} in flight, and a number keeps that number`, async () => {
		ctx.emu.control.setLatency(30);
		const saved = await ctx.run({ ...customerGet, options: {} }, { input: itemsOf(60) });
		expect(saved.items).toHaveLength(60);
		expect(ctx.emu.control.counters().maxInFlight).toBe(DEFAULT_CONCURRENCY);
		expect(autoHint(saved)).toBeUndefined();
		ctx.emu.control.reset();
		ctx.emu.control.setLatency(30);
		const pinned = await ctx.run({ ...customerGet, options: { concurrency: 3 } }, { input: itemsOf(30) });
		expect(pinned.items).toHaveLength(30);
		expect(ctx.emu.control.counters().maxInFlight).toBe(3);
	}, 60_000);

	it("under the emulator's rate limit: every item done, not one 429, never more in flight than the limit", async () => {
		ctx.emu.control.setLatency(10);
		ctx.emu.control.setRateLimit({ limit: 8, windowMs: 1000, route: '/v1/customers' });
		const result = await ctx.run({ ...customerGet, options: { concurrency: AUTO_CONCURRENCY } }, { input: itemsOf(30) });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(30);
		expect(statuses()).toEqual(Array(30).fill(200));
		expect(ctx.emu.control.counters().maxInFlight).toBeLessThanOrEqual(8);
		expect(autoHint(result)?.message).toMatch(/the service's rate limit \(8 a window\) set the pace/);
	}, 60_000);

	it('after 429s and 503s it slows down, repeats only what is safe, and every item is done', async () => {
		ctx.emu.control.setLatency(5);
		ctx.emu.control.setFaults({ route: '/v1/customers', sequence: [429, 'ok', 'ok', 503, 'ok', 503], retryAfterSeconds: 0.05 });
		const result = await ctx.run({ ...customerGet, options: { concurrency: AUTO_CONCURRENCY } }, { input: itemsOf(20) });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(20);
		expect(statuses().filter((status) => status === 200)).toHaveLength(20);
		expect(autoHint(result)?.message).toMatch(/it slowed down \d+ times? after a 429, a 5xx or a lost connection/);
	}, 60_000);

	it('a POST that is not safe to repeat is still sent once after a 503 under Auto', async () => {
		ctx.emu.control.setFaults({ route: '/v1/events', sequence: [503] });
		const track = { resource: 'event', operation: 'track', eventName: FIXTURES.customEventName, customerSourceId: 'auto-1', options: { concurrency: AUTO_CONCURRENCY } };
		const result = await ctx.run(track, { input: itemsOf(3), continueOnFail: true });
		const posts = ctx.emu.control.requests({ method: 'POST', path: '/v1/events' });
		expect(posts).toHaveLength(3);
		expect(result.items.filter((item) => item.json.error !== undefined)).toHaveLength(1);
	}, 60_000);
});
