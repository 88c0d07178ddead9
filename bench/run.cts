/**
 * `npm run bench` — the node against the emulator (in a child process) and against raw keep-alive floors.
 *
 *   ts-node --transpile-only bench/run.cts [--quick | --smoke] [--latency MS] [--only 1,2,3,4,5,6,7,8] [--out DIR]
 *     [--import-skus N] [--import-rows-per-second N] [--sync-customers N] [--sync-low-sample N] [--crm-customers N]
 *     [--rate N] [--limits HIGH,LOW] [--window-ms MS]
 *   ts-node --transpile-only bench/run.cts --real [...]   (in a real n8n: see bench/real.cts)
 *   ts-node --transpile-only bench/run.cts --real --download [--mb 1024]   (a large export file: bench/download.cts)
 *   ts-node --transpile-only bench/run.cts --editor-load [--reps 3]   (the editor with and without the package: bench/editorLoad.cts)
 *
 * This in-process mode runs the node through n8n-core's engine inside this process: quick, but it skips what the
 * real n8n server does per request (credential loading and decryption, the expression sandbox, hooks).
 *
 * 1. SKU upserts (2,000 and 10,000) through runNode (n8n-core WorkflowExecute) at Concurrency 8 vs a raw
 *    keep-alive client (http.Agent keepAlive, maxSockets 8) at concurrency 8, at the set latency (default 20 ms).
 * 2. The same at 0 ms: the node's own cost per item.
 * 3. Concurrency 1 (500 items) vs Concurrency 8: per-item throughput.
 * 4. Rate limit N req/s with 429 + Retry-After: sustained rate / N, lost items, duplicates; a naive client beside.
 * 5. Return All of LC-MANY-ACTIVITY (100,025 entries at seed 100) vs a raw paging floor: time and peak memory.
 * 6. 100,000 SKUs under an emulated limit of 2,000 requests/minute: SKU → Import (one CSV, async action polled)
 *    vs SKU → Create or Update at Concurrency 8 (a sample, extrapolated from the pace the limit allows).
 * 7. The nightly customer sync: 100,000 customers' metadata under 2,000 and 100 requests/minute, Customer →
 *    Update Metadata in Bulk vs Customer → Create or Update per item (samples, extrapolated); peak memory.
 * 8. A CRM sync: 100,000 customers, each with its own metadata, through Customer → Update in Bulk (the per-record
 *    endpoint, 100 customers a request) under 2,000 requests/minute (measured) and 100/minute (a scaled run,
 *    extrapolated from its requests per customer and the pace the limit allowed); a few refused records, each of
 *    which must come back paired with its own input item.
 *
 * Sizes, limits and their options: bench/lib/settings.cts. `--limits` are the requests per `--window-ms` (default
 * 2000,100 per 60,000 ms) of scenarios 6–8. `--smoke` runs every scenario once at a tiny size, the limits per
 * second, in well under a minute: it checks that each runs and reports its figures (test/bench/smoke.test.cts).
 *
 * Writes bench/results.json and bench/summary.md (a smoke run: into a temporary directory, or --out), prints a
 * table and the summary.
 */
import './lib/preferTs.cjs';
import { flag } from './lib/args.cjs';
import * as fs from 'fs';
import * as http from 'http';
import * as path from 'path';
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { credentialsFor } from '../test/harness/emulatorCredentials.cjs';
import { runNode } from '../test/harness/runWorkflow.cjs';
import { RECORD_AUTO } from '../nodes/LoyaltyPromotions/shared/mapping/parameters';
import { EmulatorProcess } from './lib/emulatorProcess.cjs';
import { floorPaging, floorSkuSync, pool, RawClient } from './lib/floor.cjs';
import { gc, median, MemorySampler, msSince, now } from './lib/measure.cjs';
import { nodeParameters } from './lib/parameters.cjs';
import {
	ACTIVITY_MEMBER,
	ASYNC_BASE_MS,
	C1_ITEMS,
	CONCURRENCY,
	CRM_CUSTOMERS,
	IMPORT_ROWS_PER_SECOND,
	IMPORT_SAMPLE,
	IMPORT_SKUS,
	LATENCY,
	limitLabel,
	LIMITS,
	LOW_LIMIT_SAMPLE_EXTRA,
	minutesAt,
	MODE,
	ONLY,
	OUT_DIR,
	PRODUCT_ID,
	QUICK,
	RATE_ITEMS,
	RATE_N,
	REFUSE_EVERY,
	repetitions,
	SEED,
	SIZES,
	SMOKE,
	SYNC_CUSTOMERS,
	SYNC_LOW_LIMIT_SAMPLE,
	WARM_UP,
	WINDOW_MS,
} from './lib/settings.cjs';

// ---------- results ----------
/** One figure of bench/results.json (test/bench/smoke.test.cts reads them back). */
export interface Row {
	scenario: string;
	items: number;
	nodeMs?: number;
	floorMs?: number;
	metric: string;
	value: number;
	goal: string;
	met: boolean | null;
	notes?: string;
}
const rows: Row[] = [];
const details: Record<string, unknown> = {};

function log(message: string): void {
	process.stderr.write(`[bench] ${message}\n`);
}

// ---------- the node ----------
let emu: EmulatorProcess;
let run = 0;

function credentials() {
	const { baseUrl, ...rest } = emu.info;
	return credentialsFor({ baseUrl, credentials: rest } as never);
}

interface NodeRun {
	ms: number;
	items: INodeExecutionData[];
	errors: number;
	nodeExecutionMs?: number;
	error?: Error;
}

async function runTheNode(parameters: INodeParameters, input: IDataObject[]): Promise<NodeRun> {
	const start = now();
	const result = await runNode({ parameters, input, credentials: credentials(), continueOnFail: true });
	const ms = msSince(start);
	const task = result.run.data.resultData.runData['Node Under Test']?.[0];
	return {
		ms,
		items: result.items,
		errors: result.items.filter((item) => item.json.error !== undefined).length,
		nodeExecutionMs: task?.executionTime,
		error: result.error,
	};
}

function skuParameters(concurrency: number): INodeParameters {
	return nodeParameters('sku.upsert', { productId: PRODUCT_ID, sourceId: '={{ $json.sourceId }}', additionalFields: {}, options: { concurrency } });
}

function sourceIds(count: number): string[] {
	run++;
	return Array.from({ length: count }, (_, i) => `bench-${run}-${i}`);
}

async function nodeSkuSync(count: number, concurrency: number): Promise<NodeRun> {
	const input = sourceIds(count).map((sourceId) => ({ sourceId }));
	const result = await runTheNode(skuParameters(concurrency), input);
	if (result.error) throw result.error;
	if (result.items.length !== count || result.errors > 0) {
		throw new Error(`node SKU sync: ${result.items.length} items, ${result.errors} errors (${JSON.stringify(result.items.find((i) => i.json.error)?.json)})`);
	}
	return result;
}

async function rawSkuSync(count: number, concurrency: number): Promise<number> {
	const client = new RawClient(emu.info.baseUrl, { 'x-app-id': emu.info.appId, 'x-app-token': emu.info.appToken }, concurrency);
	try {
		const ids = sourceIds(count);
		const start = now();
		const { failed } = await floorSkuSync(client, PRODUCT_ID, ids, concurrency);
		const ms = msSince(start);
		if (failed > 0) throw new Error(`floor SKU sync: ${failed} failed`);
		return ms;
	} finally {
		client.destroy();
	}
}

async function freshEmulator(latencyMs: number): Promise<void> {
	await emu.reset();
	await emu.setLatency(latencyMs);
	await emu.setRequestLog(false);
	gc();
}

/** Alternates floor and node `reps` times on a fresh emulator each time; medians. */
async function compareSkuSync(count: number, latencyMs: number, reps: number) {
	const nodeTimes: number[] = [];
	const floorTimes: number[] = [];
	const nodeOwn: number[] = [];
	for (let r = 0; r < reps; r++) {
		await freshEmulator(latencyMs);
		floorTimes.push(await rawSkuSync(count, CONCURRENCY));
		await freshEmulator(latencyMs);
		const node = await nodeSkuSync(count, CONCURRENCY);
		nodeTimes.push(node.ms);
		if (node.nodeExecutionMs !== undefined) nodeOwn.push(node.nodeExecutionMs);
	}
	return { nodeMs: median(nodeTimes), floorMs: median(floorTimes), nodeTimes, floorTimes, nodeExecutionMs: nodeOwn };
}

// ---------- scenarios ----------
async function warmUp(): Promise<void> {
	log('warm-up');
	const [atZero, atLatency] = WARM_UP;
	await freshEmulator(0);
	await rawSkuSync(atZero, CONCURRENCY);
	await nodeSkuSync(atZero, CONCURRENCY);
	await freshEmulator(LATENCY);
	await rawSkuSync(atLatency, CONCURRENCY);
	await nodeSkuSync(atLatency, CONCURRENCY);
}

const ratio = (a: number, b: number) => a / b;

async function scenario1(): Promise<Record<number, number>> {
	const c8PerItem: Record<number, number> = {};
	for (const count of SIZES) {
		log(`1: ${count} SKU upserts at ${LATENCY} ms, C${CONCURRENCY}`);
		const reps = repetitions(count <= 2000 ? 2 : 1);
		const r = await compareSkuSync(count, LATENCY, reps);
		const value = ratio(r.nodeMs, r.floorMs);
		c8PerItem[count] = r.nodeMs / count;
		rows.push({
			scenario: `1. SKU upsert, ${LATENCY} ms, C${CONCURRENCY}`,
			items: count,
			nodeMs: r.nodeMs,
			floorMs: r.floorMs,
			metric: 'node/floor time',
			value,
			goal: '≤ 1.25',
			met: value <= 1.25,
		});
		details[`1_sku_${count}_${LATENCY}ms`] = r;
	}
	return c8PerItem;
}

async function scenario2(): Promise<void> {
	for (const count of SIZES) {
		log(`2: ${count} SKU upserts at 0 ms, C${CONCURRENCY}`);
		const r = await compareSkuSync(count, 0, repetitions(3));
		const value = (r.nodeMs - r.floorMs) / count;
		rows.push({
			scenario: `2. SKU upsert, 0 ms, C${CONCURRENCY}`,
			items: count,
			nodeMs: r.nodeMs,
			floorMs: r.floorMs,
			metric: 'node cost ms/item',
			value,
			goal: '≤ 0.5',
			met: value <= 0.5,
			notes: `ratio ${ratio(r.nodeMs, r.floorMs).toFixed(2)}`,
		});
		details[`2_sku_${count}_0ms`] = r;
	}
}

async function scenario3(c8PerItem: Record<number, number>): Promise<void> {
	log(`3: C1 ${C1_ITEMS} items vs C8 at ${LATENCY} ms`);
	await freshEmulator(LATENCY);
	const c1 = await nodeSkuSync(C1_ITEMS, 1);
	let c8Ms = c8PerItem[SIZES[0]];
	if (c8Ms === undefined) {
		await freshEmulator(LATENCY);
		c8Ms = (await nodeSkuSync(SIZES[0], CONCURRENCY)).ms / SIZES[0];
	}
	const c1PerItem = c1.ms / C1_ITEMS;
	const value = c1PerItem / c8Ms;
	rows.push({
		scenario: `3. C1 vs C8, ${LATENCY} ms`,
		items: C1_ITEMS,
		nodeMs: c1.ms,
		metric: 'C8 speed-up (per item)',
		value,
		goal: '≥ 5×',
		met: value >= 5,
		notes: `C1 ${c1PerItem.toFixed(2)} ms/item, C8 ${c8Ms.toFixed(2)} ms/item (${SIZES[0]} items)`,
	});
	details['3_c1_vs_c8'] = { c1Ms: c1.ms, c1PerItemMs: c1PerItem, c8PerItemMs: c8Ms };
}

/** Successes per window, from the emulator's log (arrival time of each 2xx). */
function successesPerWindow(entries: Array<{ status: number; at: number }>, windowStart: number, windowMs: number): number[] {
	const counts: number[] = [];
	for (const entry of entries) {
		if (entry.status < 200 || entry.status >= 300) continue;
		const w = Math.floor((entry.at - windowStart) / windowMs);
		counts[w] = (counts[w] ?? 0) + 1;
	}
	return Array.from(counts, (c) => c ?? 0);
}

async function scenario4(): Promise<void> {
	const windowMs = 1000;
	log(`4: rate limit ${RATE_N}/s, ${RATE_ITEMS} items, node C${CONCURRENCY}`);
	await freshEmulator(LATENCY);
	await emu.setRequestLog(true);
	const t0 = Date.now();
	await emu.setRateLimit({ limit: RATE_N, windowMs, route: '/v1/products' });
	const windowStart = Math.round((t0 + Date.now()) / 2);
	const input = sourceIds(RATE_ITEMS).map((sourceId) => ({ sourceId }));
	const node = await runTheNode(skuParameters(CONCURRENCY), input);
	const counters = await emu.counters();
	const log429 = await emu.requests('?path=/skus');
	const windows = successesPerWindow(log429, windowStart, windowMs);
	// Whole windows only: the first loses the workflow's start-up, the last runs out of items.
	const middle = windows.slice(1, -1);
	const sustained = middle.length > 0 ? middle.reduce((a, b) => a + b, 0) / middle.length : NaN;
	const lost = node.errors + (RATE_ITEMS - node.items.length);
	const overall = (RATE_ITEMS / node.ms) * 1000;
	rows.push({
		scenario: `4. rate limit ${RATE_N}/s: node`,
		items: RATE_ITEMS,
		nodeMs: node.ms,
		metric: 'sustained rate / N',
		value: sustained / RATE_N,
		goal: '≥ 0.9',
		met: sustained / RATE_N >= 0.9,
		notes: `${sustained.toFixed(1)}/s in whole windows; overall ${overall.toFixed(1)}/s; 429s ${counters.rateLimited}`,
	});
	rows.push({
		scenario: `4. rate limit ${RATE_N}/s: node lost`,
		items: RATE_ITEMS,
		metric: 'lost items',
		value: lost,
		goal: '0',
		met: lost === 0,
	});
	rows.push({
		scenario: `4. rate limit ${RATE_N}/s: node duplicates`,
		items: RATE_ITEMS,
		metric: 'duplicate creates',
		value: counters.duplicateCreates,
		goal: '0',
		met: counters.duplicateCreates === 0 && counters.skusCreated === RATE_ITEMS,
		notes: `skusCreated ${counters.skusCreated}`,
	});
	details['4_rate_limit_node'] = { windows, sustainedPerSecond: sustained, overallPerSecond: overall, ms: node.ms, lost, counters };

	log(`4: naive client, ${RATE_ITEMS} at once, no retries`);
	await freshEmulator(LATENCY);
	await emu.setRateLimit({ limit: RATE_N, windowMs, route: '/v1/products' });
	const naive = new RawClient(emu.info.baseUrl, { 'x-app-id': emu.info.appId, 'x-app-token': emu.info.appToken }, Infinity, false);
	let naiveOk = 0;
	const ids = sourceIds(RATE_ITEMS);
	const start = now();
	await pool(RATE_ITEMS, RATE_ITEMS, async (i) => {
		try {
			const res = await naive.request('POST', `/v1/products/${PRODUCT_ID}/skus`, { source_id: ids[i] });
			if (res.status < 300) naiveOk++;
		} catch {
			// lost
		}
	});
	const naiveMs = msSince(start);
	naive.destroy();
	const naiveCounters = await emu.counters();
	rows.push({
		scenario: `4. rate limit ${RATE_N}/s: naive lost`,
		items: RATE_ITEMS,
		nodeMs: naiveMs,
		metric: 'lost items',
		value: RATE_ITEMS - naiveOk,
		goal: '(reference)',
		met: null,
		notes: `${naiveOk} succeeded, ${naiveCounters.rateLimited} answered 429`,
	});
	details['4_rate_limit_naive'] = { ok: naiveOk, lost: RATE_ITEMS - naiveOk, ms: naiveMs, counters: naiveCounters };
	await emu.setRateLimit(null);
	await emu.setRequestLog(false);
}

async function scenario5(): Promise<void> {
	log(`5: Return All of ${ACTIVITY_MEMBER} at ${LATENCY} ms`);
	await freshEmulator(LATENCY);
	const client = new RawClient(emu.info.baseUrl, { 'x-app-id': emu.info.appId, 'x-app-token': emu.info.appToken }, 1);
	// floor first
	let sampler = new MemorySampler().start();
	let start = now();
	let floorEntries: unknown[] | undefined = await floorPaging(client, ACTIVITY_MEMBER);
	const floorMs = msSince(start);
	const floorMem = sampler.stop();
	const expected = floorEntries.length;
	floorEntries = undefined;
	client.destroy();

	await freshEmulator(LATENCY);
	sampler = new MemorySampler().start();
	start = now();
	let node: NodeRun | undefined = await runTheNode(
		nodeParameters('loyaltyMember.getActivity', { memberId: ACTIVITY_MEMBER, returnAll: true, filters: {} }),
		[{}],
	);
	const nodeMs = msSince(start);
	const nodeMem = sampler.stop();
	const count = node.items.length;
	const errors = node.errors;
	node = undefined;
	if (count !== expected || errors > 0) throw new Error(`Return All: node gave ${count} items (${errors} errors), floor ${expected}`);
	const value = nodeMs / floorMs;
	rows.push({
		scenario: `5. Return All activity, ${LATENCY} ms`,
		items: expected,
		nodeMs,
		floorMs,
		metric: 'node/floor time',
		value,
		goal: '≤ 1.2',
		met: value <= 1.2,
	});
	const perItem = (bytes: number) => bytes / expected;
	rows.push({
		scenario: '5. Return All: peak heap/item',
		items: expected,
		metric: 'bytes/item (node | floor)',
		value: perItem(nodeMem.peakHeapDelta),
		goal: '(report)',
		met: null,
		notes: `floor ${perItem(floorMem.peakHeapDelta).toFixed(0)} B/item; RSS node ${perItem(nodeMem.peakRssDelta).toFixed(0)} / floor ${perItem(floorMem.peakRssDelta).toFixed(0)} B/item`,
	});
	details['5_return_all'] = { entries: expected, nodeMs, floorMs, nodeMem, floorMem, pages: Math.ceil(expected / 100) };
}

/**
 * 6. The scheduled SKU sync at scale: IMPORT_SKUS SKUs against a service limited to LIMITS[0] (2,000) requests a
 * WINDOW_MS (a minute).
 * SKU → Import sends them as one CSV file (below the 10 MB limit) and polls the async action; the emulator
 * processes IMPORT_ROWS_PER_SECOND rows a second (an assumption: the service does not publish its rate).
 * SKU → Create or Update needs one request per SKU, so the limit alone keeps it at 2,000 SKUs a minute: a
 * sample of IMPORT_SAMPLE SKUs is measured and the full run extrapolated from the pace it sustained.
 */
async function scenario6(): Promise<void> {
	const [perWindowLimit] = LIMITS;
	const limit = { limit: perWindowLimit, windowMs: WINDOW_MS };

	log(`6: import ${IMPORT_SKUS} SKUs, ${limitLabel(perWindowLimit)}, ${IMPORT_ROWS_PER_SECOND} rows/s processing`);
	await freshEmulator(LATENCY);
	await emu.setAsyncActionTiming({ baseMs: ASYNC_BASE_MS, rowsPerSecond: IMPORT_ROWS_PER_SECOND });
	await emu.setRequestLog(true);
	await emu.setRateLimit(limit);
	const ids = sourceIds(IMPORT_SKUS);
	const importInput = ids.map((sourceId, i) => ({ sourceId, price: (i % 500) + 0.99 }));
	const importStartedAt = Date.now();
	const imported = await runTheNode(
		nodeParameters('sku.import', { productId: PRODUCT_ID, sourceId: '={{ $json.sourceId }}', additionalFields: { price: '={{ $json.price }}' }, waitSeconds: 3600 }),
		importInput,
	);
	const importCounters = await emu.counters();
	const importLog = await emu.requests();
	const importRequests = importLog.length;
	// Where the time went: reading the items and building the file (until the upload), then the service's job.
	const uploadedAfter = ((importLog.find((request) => request.method === 'POST')?.at ?? importStartedAt) - importStartedAt) / 1000;
	const summary = imported.items[0]?.json ?? {};
	if (imported.error || summary.done_count !== IMPORT_SKUS || importCounters.skusCreated !== IMPORT_SKUS) {
		throw new Error(`import: ${imported.error?.message ?? JSON.stringify(summary)}; skusCreated ${importCounters.skusCreated}`);
	}
	const importSeconds = imported.ms / 1000;
	rows.push({
		scenario: `6. SKU Import, ${limitLabel(perWindowLimit)}`,
		items: IMPORT_SKUS,
		nodeMs: imported.ms,
		metric: 'import time (s)',
		value: importSeconds,
		goal: '≤ 120',
		met: importSeconds <= 120,
		notes: `${importRequests} requests (1 upload + polls), ${importCounters.rateLimited} answered 429; upload after ${uploadedAfter.toFixed(0)} s (reading the items, building the CSV), then the emulated job at ${IMPORT_ROWS_PER_SECOND} rows/s`,
	});
	details['6_import'] = { ms: imported.ms, uploadedAfterSeconds: uploadedAfter, requests: importRequests, counters: importCounters, summary, rowsPerSecond: IMPORT_ROWS_PER_SECOND };

	log(`6: Create or Update, C${CONCURRENCY}, sample of ${IMPORT_SAMPLE} under the same limit`);
	await freshEmulator(LATENCY);
	await emu.setRequestLog(true);
	const t0 = Date.now();
	await emu.setRateLimit(limit);
	const windowStart = Math.round((t0 + Date.now()) / 2);
	const sample = await runTheNode(skuParameters(CONCURRENCY), sourceIds(IMPORT_SAMPLE).map((sourceId) => ({ sourceId })));
	const sampleCounters = await emu.counters();
	if (sample.errors > 0 || sample.items.length !== IMPORT_SAMPLE) throw new Error(`per-item sample: ${sample.errors} errors of ${sample.items.length}`);
	const { windows, perWindow } = sustainedPace(await emu.requests('?path=/skus'), windowStart);
	const extrapolatedMinutes = minutesAt(IMPORT_SKUS, perWindow);
	rows.push({
		scenario: `6. SKU Create or Update C${CONCURRENCY}, ${limitLabel(perWindowLimit)}`,
		items: IMPORT_SKUS,
		nodeMs: sample.ms,
		metric: 'extrapolated time (min)',
		value: extrapolatedMinutes,
		goal: `(reference: ≥ ${byTheLimit(IMPORT_SKUS, perWindowLimit)} by the limit)`,
		met: null,
		notes: `measured ${IMPORT_SAMPLE} SKUs in ${(sample.ms / 1000).toFixed(0)} s (per ${WINDOW_NAME}: ${windows.join('/')}), 0 lost, ${sampleCounters.rateLimited} answered 429; ${IMPORT_SKUS.toLocaleString('en')} at ${limitLabel(perWindow.toFixed(0))}`,
	});
	details['6_per_item_sample'] = { ms: sample.ms, sample: IMPORT_SAMPLE, windows, perWindow, extrapolatedMinutes, counters: sampleCounters };
	await emu.setRateLimit(null);
	await emu.setRequestLog(false);
}

/**
 * The pace a limit allows: successful requests per whole WINDOW_MS after the first (the pacer keeps 4% below the
 * limit once it knows the window); with no such window, or (a run too small for the limit to bind, as a smoke
 * run's, waiting on its jobs) only empty ones, the busiest window's count.
 */
function sustainedPace(entries: Array<{ status: number; at: number }>, windowStart: number): { windows: number[]; perWindow: number } {
	const windows = successesPerWindow(entries, windowStart, WINDOW_MS);
	const middle = windows.slice(1, -1);
	const sustained = middle.length > 0 ? middle.reduce((a, b) => a + b, 0) / middle.length : 0;
	return { windows, perWindow: sustained > 0 ? sustained : Math.max(0, ...windows) };
}

/** What the rows call a window: 'minute', or its length. */
const WINDOW_NAME = WINDOW_MS === 60_000 ? 'minute' : `${WINDOW_MS} ms`;

/** The minutes the limit alone needs for `requests`, as a reference (whole minutes from one minute on). */
function byTheLimit(requests: number, perWindowLimit: number): string {
	const minutes = minutesAt(requests, perWindowLimit);
	return minutes >= 1 ? String(Math.ceil(minutes)) : minutes.toFixed(2);
}

/** The nightly sync's metadata: a tier (four values) and the night's date, so customers of a tier share requests. */
/** Map Input Fields → Map Automatically: each item's keys are the record's fields. */

function syncInput(count: number): IDataObject[] {
	const tiers = ['bronze', 'silver', 'gold', 'platinum'];
	return sourceIds(count).map((id, i) => ({ source_id: id, metadata: { tier: tiers[i % 4], last_sync: '2026-11-24' } }));
}

/**
 * 7. The nightly customer sync: SYNC_CUSTOMERS customers' metadata against a service limited to each of LIMITS
 * (2,000 and 100) requests a WINDOW_MS (a minute; every request counts, polls included). Update Metadata in Bulk
 * sends 100 customers a request and polls each async action; under the first limit it runs whole, under the others
 * on SYNC_LOW_LIMIT_SAMPLE customers, extrapolated from the pace it sustained. Create or Update per item is a
 * sample extrapolated the same way.
 */
async function scenario7(): Promise<void> {
	// the items hold the record's fields (source_id, metadata): Map Input Fields → Map Automatically, no expressions
	const bulkParameters = nodeParameters('customer.updateMetadataInBulk', { recordFields: RECORD_AUTO, waitSeconds: 3600 });
	const perItemParameters = nodeParameters('customer.upsert', { recordFields: RECORD_AUTO, options: { concurrency: CONCURRENCY } });
	for (const [index, perWindowLimit] of LIMITS.entries()) {
		const full = index === 0;
		const count = full ? SYNC_CUSTOMERS : Math.min(SYNC_CUSTOMERS, SYNC_LOW_LIMIT_SAMPLE);
		log(`7: Update Metadata in Bulk, ${count} customers, ${limitLabel(perWindowLimit)}`);
		await freshEmulator(LATENCY);
		await emu.setAsyncActionTiming({ baseMs: ASYNC_BASE_MS, rowsPerSecond: IMPORT_ROWS_PER_SECOND });
		await emu.setRequestLog(true);
		const t0 = Date.now();
		await emu.setRateLimit({ limit: perWindowLimit, windowMs: WINDOW_MS });
		const windowStart = Math.round((t0 + Date.now()) / 2);
		const input = syncInput(count);
		const sampler = new MemorySampler().start();
		const bulk = await runTheNode(bulkParameters, input);
		const memory = sampler.stop();
		const counters = await emu.counters();
		const log7 = await emu.requests();
		const posts = log7.filter((request) => request.method === 'POST' && request.status < 300).length;
		const failed = bulk.items.filter((item) => item.json.error !== undefined || Number(item.json.failed_count) > 0).length;
		const records = bulk.items.reduce((sum, item) => sum + (item.json.status === 'DONE' ? Number(item.json.records) : 0), 0);
		if (bulk.error || failed > 0 || records !== count) throw new Error(`bulk sync: ${bulk.error?.message ?? ''} ${failed} failed, ${records} of ${count} done`);
		const { windows, perWindow } = sustainedPace(log7, windowStart);
		// Requests per customer is fixed (one upload and its polls per 100); the limit sets the requests a minute.
		const requestsPerCustomer = log7.filter((request) => request.status < 300).length / count;
		const minutes = full ? bulk.ms / 60_000 : minutesAt(SYNC_CUSTOMERS * requestsPerCustomer, perWindow);
		const goal = full ? 2 : 20;
		rows.push({
			scenario: `7. Customer Update Metadata in Bulk, ${limitLabel(perWindowLimit)}`,
			items: SYNC_CUSTOMERS,
			nodeMs: bulk.ms,
			metric: full ? 'time (min)' : 'extrapolated time (min)',
			value: minutes,
			goal: `≤ ${goal}`,
			met: minutes <= goal,
			notes: `${full ? 'measured' : `measured ${count.toLocaleString('en')} customers in ${(bulk.ms / 1000).toFixed(0)} s, extrapolated;`} ${posts} uploads of ≤ 100 + ${log7.length - posts - counters.rateLimited} polls (${requestsPerCustomer.toFixed(4)} requests/customer, per ${WINDOW_NAME}: ${windows.join('/')}), ${counters.rateLimited} answered 429; peak heap +${(memory.peakHeapDelta / 1e6).toFixed(0)} MB, RSS +${(memory.peakRssDelta / 1e6).toFixed(0)} MB`,
		});
		details[`7_bulk_${perWindowLimit}`] = { ms: bulk.ms, count, posts, requests: log7.length, windows, perWindow, minutes, memory, counters };

		const sampleSize = full ? IMPORT_SAMPLE : 2 * perWindowLimit + LOW_LIMIT_SAMPLE_EXTRA;
		log(`7: Create or Update per item, C${CONCURRENCY}, sample of ${sampleSize}, ${limitLabel(perWindowLimit)}`);
		await freshEmulator(LATENCY);
		await emu.setRequestLog(true);
		const t1 = Date.now();
		await emu.setRateLimit({ limit: perWindowLimit, windowMs: WINDOW_MS });
		const sampleStart = Math.round((t1 + Date.now()) / 2);
		const sample = await runTheNode(perItemParameters, syncInput(sampleSize));
		const sampleCounters = await emu.counters();
		if (sample.errors > 0 || sample.items.length !== sampleSize) throw new Error(`per-item sample: ${sample.errors} errors of ${sample.items.length}`);
		const pace = sustainedPace(await emu.requests('?path=/customers'), sampleStart);
		const perItemMinutes = minutesAt(SYNC_CUSTOMERS, pace.perWindow);
		rows.push({
			scenario: `7. Customer Create or Update C${CONCURRENCY}, ${limitLabel(perWindowLimit)}`,
			items: SYNC_CUSTOMERS,
			nodeMs: sample.ms,
			metric: 'extrapolated time (min)',
			value: perItemMinutes,
			goal: `(reference: ≥ ${byTheLimit(SYNC_CUSTOMERS, perWindowLimit)} by the limit)`,
			met: null,
			notes: `measured ${sampleSize} customers in ${(sample.ms / 1000).toFixed(0)} s (per ${WINDOW_NAME}: ${pace.windows.join('/')}), ${sampleCounters.rateLimited} answered 429; ${SYNC_CUSTOMERS.toLocaleString('en')} at ${limitLabel(pace.perWindow.toFixed(0))}`,
		});
		details[`7_per_item_${perWindowLimit}`] = { ms: sample.ms, sample: sampleSize, ...pace, perItemMinutes, counters: sampleCounters };
		await emu.setRateLimit(null);
		await emu.setRequestLog(false);
	}
}

/** Customers each with metadata of their own (a score and a CRM record ID), as a CRM sync sends them. */
function crmInput(count: number): IDataObject[] {
	return sourceIds(count).map((id, i) => ({ source_id: id, metadata: { crm_id: `crm-${i}`, score: i % 997, last_sync: '2026-11-24' } }));
}

/**
 * 8. A sync of CRM_CUSTOMERS customers whose metadata all differ, through Customer → Update in Bulk (100 a request on
 * the per-record endpoint), under each of LIMITS (2,000 and 100 requests a minute). Every REFUSE_EVERY-th (10,000th)
 * customer is refused by the service: each refusal must come out as one failure item paired with that customer's own input item, and every
 * other customer must be DONE (0 lost).
 */
async function scenario8(): Promise<void> {
	const parameters = nodeParameters('customer.updateInBulk', { recordFields: RECORD_AUTO, waitSeconds: 3600 });
	for (const [index, perWindowLimit] of LIMITS.entries()) {
		const full = index === 0;
		const count = full ? CRM_CUSTOMERS : Math.min(CRM_CUSTOMERS, SYNC_LOW_LIMIT_SAMPLE);
		log(`8: Update in Bulk, ${count} customers with their own metadata, ${limitLabel(perWindowLimit)}`);
		await freshEmulator(LATENCY);
		await emu.setAsyncActionTiming({ baseMs: ASYNC_BASE_MS, rowsPerSecond: IMPORT_ROWS_PER_SECOND });
		const input = crmInput(count);
		const refused = input.map((item, at) => ({ id: String(item.source_id), at })).filter(({ at }) => at % REFUSE_EVERY === 4321 % REFUSE_EVERY);
		await emu.setBulkRefusals(Object.fromEntries(refused.map(({ id }) => [id, 'refused by the bench'])));
		await emu.setRequestLog(true);
		const t0 = Date.now();
		await emu.setRateLimit({ limit: perWindowLimit, windowMs: WINDOW_MS });
		const windowStart = Math.round((t0 + Date.now()) / 2);
		const result = await runTheNode(parameters, input);
		const counters = await emu.counters();
		const log8 = await emu.requests();
		const posts = log8.filter((request) => request.method === 'POST' && request.status < 300).length;
		const summaries = result.items.filter((item) => item.json.status === 'DONE');
		const failures = result.items.filter((item) => item.json.error !== undefined);
		const done = summaries.reduce((sum, item) => sum + Number(item.json.done_count), 0);
		const paired = failures.filter((item) => {
			const pairedItem = item.pairedItem as { item: number } | undefined;
			return pairedItem !== undefined && !Array.isArray(pairedItem) && input[pairedItem.item].source_id === item.json.source_id;
		}).length;
		const lost = count - done - failures.length;
		if (result.error || lost !== 0 || failures.length !== refused.length || paired !== refused.length) {
			throw new Error(`crm sync: ${result.error?.message ?? ''} ${done} done, ${failures.length} failed (${paired} paired to their item), ${lost} lost`);
		}
		const { windows, perWindow } = sustainedPace(log8, windowStart);
		const requestsPerCustomer = log8.filter((request) => request.status < 300).length / count;
		const minutes = full ? result.ms / 60_000 : minutesAt(CRM_CUSTOMERS * requestsPerCustomer, perWindow);
		const goal = full ? 2 : 20;
		rows.push({
			scenario: `8. Customer Update in Bulk, own metadata each, ${limitLabel(perWindowLimit)}`,
			items: CRM_CUSTOMERS,
			nodeMs: result.ms,
			metric: full ? 'time (min)' : 'extrapolated time (min)',
			value: minutes,
			goal: `≤ ${goal}`,
			met: minutes <= goal,
			notes: `${full ? 'measured' : `measured ${count.toLocaleString('en')} customers in ${(result.ms / 1000).toFixed(0)} s, extrapolated;`} ${posts} requests of ≤ 100 + ${log8.length - posts - counters.rateLimited} polls (${requestsPerCustomer.toFixed(4)} requests/customer, per ${WINDOW_NAME}: ${windows.join('/')}), ${counters.rateLimited} answered 429; ${done} done, ${failures.length} refused (each paired with its own item), 0 lost`,
		});
		details[`8_crm_${perWindowLimit}`] = { ms: result.ms, count, posts, requests: log8.length, windows, perWindow, minutes, done, refused: failures.length, counters };
		await emu.setRateLimit(null);
		await emu.setRequestLog(false);
	}
}

// ---------- output ----------
function fmt(value: number | undefined, digits = 0): string {
	return value === undefined || Number.isNaN(value) ? '' : value.toFixed(digits);
}

function table(): string {
	const header = ['Scenario', 'Items', 'Node ms', 'Floor ms', 'Metric', 'Value', 'Goal', 'Met', 'Notes'];
	const body = rows.map((r) => [
		r.scenario,
		String(r.items),
		fmt(r.nodeMs),
		fmt(r.floorMs),
		r.metric,
		fmt(r.value, Number.isInteger(r.value) ? 0 : r.value < 10 ? 3 : 1),
		r.goal,
		r.met === null ? '–' : r.met ? 'yes' : 'NO',
		r.notes ?? '',
	]);
	const lines = [header, ...body];
	return [
		`| ${header.join(' | ')} |`,
		`|${header.map(() => '---').join('|')}|`,
		...lines.slice(1).map((cells) => `| ${cells.join(' | ')} |`),
	].join('\n');
}

/** An output file's path as printed: relative to the working directory when inside it (a smoke run's is not). */
function shownPath(file: string): string {
	const relative = path.relative(process.cwd(), path.join(OUT_DIR(), file));
	return relative.startsWith('..') ? path.join(OUT_DIR(), file) : relative;
}

function summary(meta: Record<string, unknown>): string {
	const get = (prefix: string) => rows.filter((r) => r.scenario.startsWith(prefix));
	const lines: string[] = [];
	lines.push(`### Performance (emulator in a child process, ${meta.cpus} CPUs, Node ${process.version}${QUICK ? ', quick run' : SMOKE ? ', smoke run: tiny sizes, not figures to quote' : ''})`);
	lines.push('');
	for (const r of get('1.')) lines.push(`- **${r.items.toLocaleString('en')} SKU upserts at ${LATENCY} ms latency, Concurrency ${CONCURRENCY}:** ${fmt(r.nodeMs)} ms vs ${fmt(r.floorMs)} ms for a raw keep-alive client — ratio **${r.value.toFixed(2)}** (goal ≤ 1.25${r.met ? ', met' : ', missed'}).`);
	for (const r of get('2.')) lines.push(`- **${r.items.toLocaleString('en')} SKU upserts at 0 ms:** the node's own cost is **${r.value.toFixed(3)} ms per item** (goal ≤ 0.5${r.met ? ', met' : ', missed'}; ${r.notes}).`);
	for (const r of get('3.')) lines.push(`- **Concurrency ${CONCURRENCY} vs 1** at ${LATENCY} ms: **${r.value.toFixed(1)}×** the per-item throughput (goal ≥ 5×${r.met ? ', met' : ', missed'}; ${r.notes}).`);
	const rate = get('4.');
	if (rate.length) {
		const [sustained, lost, dup, naive] = rate;
		lines.push(`- **Rate limit ${RATE_N} requests/s (429 + Retry-After), ${sustained.items} items:** sustained **${(sustained.value * 100).toFixed(0)}%** of the limit (goal ≥ 90%${sustained.met ? ', met' : ', missed'}; ${sustained.notes}), **${lost.value} lost**, **${dup.value} duplicates**; a naive client sending everything at once without retries lost **${naive.value}** of ${naive.items}.`);
	}
	const [ra, mem] = get('5.');
	if (ra) {
		lines.push(`- **Return All of ${ra.items.toLocaleString('en')} member activity entries** (pages of 100, ${LATENCY} ms latency): ${fmt(ra.nodeMs)} ms vs ${fmt(ra.floorMs)} ms raw paging — ratio **${ra.value.toFixed(2)}** (goal ≤ 1.2${ra.met ? ', met' : ', missed'}); peak heap **${mem.value.toFixed(0)} bytes per item** (${mem.notes}).`);
	}
	const [imported, perItem] = get('6.');
	if (imported && perItem) {
		lines.push(`- **${imported.items.toLocaleString('en')} SKUs under a limit of ${limitLabel(LIMITS[0])}:** SKU → Import finished in **${imported.value.toFixed(0)} s** (goal ≤ 120 s${imported.met ? ', met' : ', missed'}; ${imported.notes}); SKU → Create or Update at Concurrency ${CONCURRENCY} would take **${perItem.value.toFixed(0)} min** (extrapolated: ${perItem.notes}).`);
	}
	const sync = get('7.');
	for (let i = 0; i + 1 < sync.length; i += 2) {
		const [bulk, perItem] = [sync[i], sync[i + 1]];
		lines.push(`- **${bulk.items.toLocaleString('en')} customers' metadata, ${bulk.scenario.split(', ')[1]}:** Update Metadata in Bulk **${bulk.value.toFixed(1)} min** (goal ${bulk.goal}${bulk.met ? ', met' : ', missed'}; ${bulk.notes}) vs Create or Update per item **${perItem.value >= 120 ? `${(perItem.value / 60).toFixed(1)} h` : `${perItem.value.toFixed(0)} min`}** (extrapolated: ${perItem.notes}).`);
	}
	for (const r of get('8.')) {
		lines.push(`- **${r.items.toLocaleString('en')} customers each with their own metadata, ${r.scenario.split(', ').pop()}:** Customer → Update in Bulk **${r.value.toFixed(1)} min** (goal ${r.goal}${r.met ? ', met' : ', missed'}; ${r.notes}).`);
	}
	lines.push('');
	lines.push(`Reproduce with \`npm run bench\` (\`--quick\` for smaller sizes, \`--latency MS\` to change the emulated latency). Raw numbers: \`${shownPath('results.json')}\`.`);
	return lines.join('\n');
}

async function main(): Promise<void> {
	const totalStart = now();
	emu = await EmulatorProcess.start({ latencyMs: LATENCY, seed: SEED });
	log(`emulator pid ${emu.pid} at ${emu.info.baseUrl} (seed ${SEED}, latency ${LATENCY} ms)${MODE === 'full' ? '' : ` — ${MODE}`}`);
	const shutdown = () => void emu.stop().then(() => process.exit(130));
	process.once('SIGINT', shutdown);
	process.once('SIGTERM', shutdown);
	try {
		await warmUp();
		let c8: Record<number, number> = {};
		if (ONLY.has(1)) c8 = await scenario1();
		if (ONLY.has(2)) await scenario2();
		if (ONLY.has(3)) await scenario3(c8);
		if (ONLY.has(4)) await scenario4();
		if (ONLY.has(5)) await scenario5();
		if (ONLY.has(6)) await scenario6();
		if (ONLY.has(7)) await scenario7();
		if (ONLY.has(8)) await scenario8();
	} finally {
		await emu.stop();
		http.globalAgent.destroy();
	}
	const meta = {
		date: new Date().toISOString(),
		node: process.version,
		cpus: require('os').cpus().length,
		quick: QUICK,
		mode: MODE,
		latencyMs: LATENCY,
		seed: SEED,
		concurrency: CONCURRENCY,
		rateLimitPerSecond: RATE_N,
		limitsPerWindow: LIMITS,
		windowMs: WINDOW_MS,
		importSkus: IMPORT_SKUS,
		importRowsPerSecond: IMPORT_ROWS_PER_SECOND,
		totalSeconds: msSince(totalStart) / 1000,
	};
	const text = summary(meta);
	const tableText = table();
	process.stdout.write(`\n${tableText}\n\n${text}\n`);
	fs.mkdirSync(OUT_DIR(), { recursive: true });
	fs.writeFileSync(path.join(OUT_DIR(), 'results.json'), JSON.stringify({ meta, rows, details }, null, 2) + '\n');
	fs.writeFileSync(path.join(OUT_DIR(), 'summary.md'), `${text}\n\n${tableText}\n`);
	log(`done in ${meta.totalSeconds.toFixed(0)} s; wrote ${shownPath('results.json')} and ${shownPath('summary.md')}`);
}

if (flag('editor-load')) {
	// `npm run bench -- --editor-load`: n8n's editor in Chromium, with and without the package (bench/editorLoad.cts).
	require('./editorLoad.cjs');
} else if (flag('queue')) {
	// `npm run bench -- --queue`: the SKU sync on a queue-mode worker against one regular-mode n8n (bench/queue.cts).
	require('./queue.cjs');
} else if (flag('real') && flag('download')) {
	// `npm run bench -- --real --download`: a 1 GB Export → Download in a real n8n (bench/download.cts).
	require('./download.cjs');
} else if (flag('real')) {
	// `npm run bench -- --real`: the node in a real n8n beside n8n's own HTTP Request node (bench/real.cts).
	require('./real.cjs');
} else {
	main().catch((error) => {
		process.stderr.write(`[bench] failed: ${(error as Error).stack ?? error}\n`);
		void emu?.stop().finally(() => process.exit(1));
	});
}
