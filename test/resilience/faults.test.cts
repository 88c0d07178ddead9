/**
 * Fault tests: big runs through n8n-core's WorkflowExecute against the emulator injecting ~10% faults (429,
 * 503, connection resets before and after processing) and an OAuth token expiry partway through. Every input
 * item must come out once, in order, paired; nothing unsafe may be sent twice.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { FIXTURES, startEmulator, type FaultOptions, type RunningEmulator } from '../emulator/index.cjs';
import { credentialsFor } from '../harness/emulatorCredentials.cjs';
import { runNode } from '../harness/runWorkflow.cjs';

// 2,000 items through n8n's engine with the node's real backoffs: 36 to 43 s each on a 2-core machine at load 11,
// so the bound leaves a wide margin for a busier one.
jest.setTimeout(240_000);

let emu: RunningEmulator;

beforeAll(async () => {
	emu = await startEmulator({ port: 0, quiet: true });
});

afterAll(async () => {
	await emu.stop();
});

beforeEach(() => {
	emu.control.reset();
});

/** ≈10% of matching requests fail: resets after processing (lost answers), resets before, 429s, 503s. */
function tenPercentFaults(route: string, seed: number): FaultOptions[] {
	return [
		{ route, resetRate: 0.02, resetAfterProcessing: true, faultSeed: seed },
		{ route, resetRate: 0.015, faultSeed: seed + 1 },
		{ route, rateLimitRate: 0.035, retryAfterSeconds: 0.05, faultSeed: seed + 2 },
		{ route, errorRate: 0.035, statuses: [503], faultSeed: seed + 3 },
	];
}

/** Expires every OAuth token once `ready()` holds (polled), i.e. partway through the run. */
function expireTokensWhen(ready: () => boolean): { stop: () => void; fired: () => boolean } {
	let fired = false;
	const timer = setInterval(() => {
		if (!fired && ready()) {
			fired = true;
			emu.control.expireAllTokens();
		}
	}, 5);
	return { stop: () => clearInterval(timer), fired: () => fired };
}

const skuParameters = (concurrency = 8): INodeParameters => ({
	resource: 'sku',
	operation: 'upsert',
	authentication: 'oAuth2',
	productId: FIXTURES.productId,
	sourceId: '={{ $json.sourceId }}',
	additionalFields: { sku: '={{ $json.name }}' },
	options: { concurrency },
});

const eventParameters = (concurrency = 8): INodeParameters => ({
	resource: 'event',
	operation: 'track',
	authentication: 'oAuth2',
	eventName: FIXTURES.customEventName,
	customerSourceId: '={{ $json.customer }}',
	additionalFields: { metadataJson: '={{ JSON.stringify({ item: $json.n }) }}' },
	options: { concurrency },
});

/** One output item per input item, in input order, each paired with its own input index exactly once. */
function expectAccountedFor(items: INodeExecutionData[], count: number): void {
	expect(items).toHaveLength(count);
	const paired = items.map((item) => (item.pairedItem as { item: number }).item);
	expect(paired).toEqual(Array.from({ length: count }, (_, i) => i));
}

const isError = (item: INodeExecutionData) => item.json.error !== undefined;

describe('SKU sync under faults and a token expiry', () => {
	it('accounts for all 2,000 items, in order, with no duplicate creates', async () => {
		const count = 2000;
		emu.control.setFaults(tenPercentFaults('/v1/products', 11));
		const expiry = expireTokensWhen(() => emu.control.counters().skusCreated >= count / 2);
		const input = Array.from({ length: count }, (_, i) => ({ sourceId: `sync-${i}`, name: `SKU ${i}` }));
		const credentials = credentialsFor(emu);
		let result;
		try {
			result = await runNode({ parameters: skuParameters(), input, credentials, continueOnFail: true });
		} finally {
			expiry.stop();
		}
		const counters = emu.control.counters();

		expect(result.error).toBeUndefined();
		expectAccountedFor(result.items, count);
		// The injected faults really happened, and the token was bought and expired partway through.
		expect(counters.faultsInjected).toBeGreaterThan(count * 0.06);
		expect(counters.rateLimited).toBeGreaterThan(0);
		expect(expiry.fired()).toBe(true);
		expect(counters.tokensIssued).toBeGreaterThanOrEqual(1);

		// Upserts are safe to repeat: every item ends as a SKU, each created once.
		const errors = result.items.filter(isError);
		expect(errors).toEqual([]);
		expect(counters.duplicateCreates).toBe(0);
		expect(counters.skusCreated).toBe(count);
		const synced = [...emu.control.state.skus.values()].filter((sku) => String(sku.source_id).startsWith('sync-'));
		expect(new Set(synced.map((sku) => sku.source_id)).size).toBe(count);
		expect(synced).toHaveLength(count);
		result.items.forEach((item, i) => expect(item.json.source_id).toBe(`sync-${i}`));
	});
});

describe('mixed run: SKU sync and event tracking side by side', () => {
	it('never tracks an event twice; every event succeeded or is its own error', async () => {
		const skus = 1000;
		const events = 1000;
		emu.control.setFaults([...tenPercentFaults('/v1/products', 21), ...tenPercentFaults('/v1/events', 31)]);
		const expiry = expireTokensWhen(() => emu.control.counters().eventsTracked >= events / 2);
		const credentials = credentialsFor(emu);
		let skuRun;
		let eventRun;
		try {
			[skuRun, eventRun] = await Promise.all([
				runNode({
					parameters: skuParameters(),
					input: Array.from({ length: skus }, (_, i) => ({ sourceId: `mixed-${i}`, name: `Mixed ${i}` })),
					credentials,
					continueOnFail: true,
				}),
				runNode({
					parameters: eventParameters(),
					input: Array.from({ length: events }, (_, i) => ({ customer: `evt-cust-${i}`, n: i })),
					credentials,
					continueOnFail: true,
				}),
			]);
		} finally {
			expiry.stop();
		}
		const counters = emu.control.counters();
		expect(expiry.fired()).toBe(true);

		// SKUs: all synced, none duplicated.
		expect(skuRun.error).toBeUndefined();
		expectAccountedFor(skuRun.items, skus);
		expect(skuRun.items.filter(isError)).toEqual([]);
		expect(counters.duplicateCreates).toBe(0);
		expect(counters.skusCreated).toBe(skus);

		// Events: every item accounted for, none tracked twice.
		expect(eventRun.error).toBeUndefined();
		expectAccountedFor(eventRun.items, events);
		expect(counters.duplicateEvents).toBe(0);

		// Per event, from the emulator's log: what reached the service and what it did with it.
		const log = emu.control.requests({ method: 'POST', path: '/v1/events' });
		const byCustomer = new Map<string, typeof log>();
		for (const entry of log) {
			const customer = String(((entry.body as IDataObject)?.customer as IDataObject)?.source_id);
			byCustomer.set(customer, [...(byCustomer.get(customer) ?? []), entry]);
		}
		let succeeded = 0;
		let failed = 0;
		eventRun.items.forEach((item, i) => {
			const attempts = byCustomer.get(`evt-cust-${i}`) ?? [];
			// Only answers that prove the service did not act (429, 401) may be followed by a resend.
			const acted = attempts.filter((a) => a.status !== 429 && a.status !== 401);
			expect({ item: i, sends: acted.length }).toEqual({ item: i, sends: 1 });
			const [attempt] = acted;
			if (isError(item)) {
				failed++;
				expect(attempt.status === 0 || attempt.status >= 500).toBe(true);
			} else {
				succeeded++;
				expect(attempt.status).toBe(200);
				expect(item.json.type).toBe(FIXTURES.customEventName);
			}
		});
		expect(succeeded + failed).toBe(events);
		// Faults hit some events, which failed as their own items rather than being resent.
		expect(failed).toBeGreaterThan(events * 0.03);
		// Tracked = answered OK + applied but answer lost (reset after processing); each exactly once.
		const appliedButLost = log.filter((entry) => entry.fault === 'reset_after_processing').length;
		expect(counters.eventsTracked).toBe(succeeded + appliedButLost);
	});
});

describe('a route that needs the OAuth token', () => {
	// SKU and event routes take app keys (scheme A), so there an expired Bearer is ignored; v2 routes (scheme B)
	// refuse it with 401, which n8n answers by buying a new token and sending the request again.
	it('reads 600 items through faults and a token expiry without losing any', async () => {
		const count = 600;
		emu.control.setFaults(tenPercentFaults('/v2/loyalties', 41));
		const expiry = expireTokensWhen(() => emu.control.counters().requests >= count / 2);
		const credentials = credentialsFor(emu);
		let result;
		try {
			result = await runNode({
				parameters: {
					resource: 'loyaltyCard',
					operation: 'getManyPendingPointBuckets',
					programId: FIXTURES.programActive,
					memberId: FIXTURES.memberId,
					cardId: '={{ $json.cardId }}',
					returnAll: false,
					limit: 1,
					options: { concurrency: 8 },
				},
				input: Array.from({ length: count }, () => ({ cardId: FIXTURES.cardId })),
				credentials,
				continueOnFail: true,
			});
		} finally {
			expiry.stop();
		}
		const counters = emu.control.counters();
		expect(expiry.fired()).toBe(true);
		expect(result.error).toBeUndefined();
		expectAccountedFor(result.items, count);
		expect(result.items.filter(isError)).toEqual([]);
		expect(emu.control.requests({ path: '/v2/loyalties' }).some((entry) => entry.status === 401)).toBe(true);
		expect(counters.tokensIssued).toBeGreaterThanOrEqual(2);
	});
});
