/// <reference lib="dom" />
/**
 * `npm run bench -- --editor-load` — what the package costs the editor: a real n8n 2.41.1 with the package installed
 * (copied into its user folder as n8n's installer leaves it, as the e2e stack does) beside one without it, and
 * headless Chromium (Debian's, through puppeteer-core) loading each editor as a person would.
 *
 *   npm run bench -- --editor-load [--reps 3]
 *
 * Both servers are started once and stay up; each load then runs `reps` times per server, alternating (with, without,
 * with, ...), after one unmeasured warm-up load of each (the servers' first answers compile code paths a
 * long-running n8n has already compiled). Every load is a new Chromium with a new, empty profile (no HTTP cache, no
 * cookies), and measures:
 * - sign-in page → nodes on canvas: from navigating to /signin?redirect=/workflow/<id> (the link a signed-out person
 *   follows to a workflow) until the workflow's two nodes are shown on the canvas, via the sign-in form filled in
 *   and sent; also when the form showed and when /types/nodes.json arrived;
 * - node panel open (with the package only): from a double click on the Loyalty Promotions node until its panel
 *   shows its parameters (Resource and the Customer locator);
 * - /types/nodes.json: its bytes (decoded), as transferred (Chromium's encoded length, headers included, and its
 *   Content-Encoding), gzip -6 of it computed here, and the part of it that is this package's entries (names
 *   starting with `n8n-nodes-loyalty-promotions.`), raw and gzip;
 * - everything the page transferred until the nodes were on the canvas, and the page's JS heap then.
 * The workflow: a Manual Trigger and one Loyalty Promotions node (version 3, Customer → Get) with the package; the
 * same with a No Operation node in its place without it.
 *
 * Writes bench/results-editor-load.json and bench/summary-editor-load.md, prints the table.
 */
import './lib/preferTs.cjs';
import { option } from './lib/args.cjs';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as zlib from 'zlib';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { startEmulator, type RunningEmulator } from '../test/emulator/index.cjs';
import { median, msSince, now } from './lib/measure.cjs';

const n8nLib = require('../test/e2e/n8n');
const { emulatorCredentials, CREDENTIAL_IDS } = require('../test/e2e/examples');
const { ensureChromium } = require('../test/e2e/browser/chromium');
const { E2E_DIR } = require('../test/e2e/setup');
const { globalSetupBuild } = require('./lib/build.cjs');

const ROOT = path.resolve(__dirname, '..');
const REPS = Math.max(1, Number(option('reps') ?? 3));
/** Any single wait in the page: generous, for a busy 2-core machine running n8n and Chromium at once. */
const WAIT_MS = 120_000;
const OWNER = { email: 'owner@example.com', firstName: 'Bench', lastName: 'Owner', password: 'Bench-Passw0rd!' };
const PACKAGE_PREFIX = `${n8nLib.PACKAGE_NAME}.`;
const ACTION_TYPE = `${PACKAGE_PREFIX}loyaltyPromotions`;
const WORKFLOW_ID = 'benchEditorLoad01';

type Variant = 'with' | 'without';
const VARIANTS: Variant[] = ['with', 'without'];
const LABELS: Record<Variant, string> = { with: 'with the package', without: 'without the package' };

function log(message: string): void {
	process.stderr.write(`[bench:editor-load] ${message}\n`);
}

// ---------- the workflows ----------
const manualTrigger = { id: 'bench-manual', name: 'Manual', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} };

function workflow(variant: Variant) {
	const second =
		variant === 'with'
			? {
					id: 'bench-node',
					name: 'Get Customer',
					type: ACTION_TYPE,
					typeVersion: 3,
					position: [240, 0],
					parameters: { resource: 'customer', operation: 'get', customerId: { __rl: true, mode: 'id', value: 'cust_0000000000001' } },
					credentials: { loyaltyPromotionsAppApi: { id: CREDENTIAL_IDS.app, name: 'Loyalty Promotions App Keys (demo)' } },
				}
			: { id: 'bench-node', name: 'Get Customer', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [240, 0], parameters: {} };
	return {
		id: WORKFLOW_ID,
		name: 'bench: editor load',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [manualTrigger, second],
		connections: { Manual: { main: [[{ node: second.name, type: 'main', index: 0 }]] } },
	};
}

// ---------- the servers ----------
interface Server {
	variant: Variant;
	baseUrl: string;
	userFolder: string;
	stop(): Promise<void>;
}

async function startServer(variant: Variant, emulator: RunningEmulator): Promise<Server> {
	const userFolder = path.join(E2E_DIR, `bench-editor-${variant}-${process.pid}`);
	fs.rmSync(userFolder, { recursive: true, force: true });
	fs.mkdirSync(userFolder, { recursive: true });
	// without packageDir, createN8n links nothing: n8n's own nodes only
	const n8n = await n8nLib.createN8n({ userFolder, packageDir: variant === 'with' ? ROOT : undefined });
	const stop = async () => {
		await n8n.stop();
		if (process.env.LP_E2E_KEEP !== '1') fs.rmSync(userFolder, { recursive: true, force: true });
	};
	try {
		if (variant === 'with') await n8n.importCredentials(emulatorCredentials(emulator));
		await n8n.importWorkflow([workflow(variant)]);
		log(`${LABELS[variant]}: starting n8n at ${n8n.baseUrl}`);
		await n8n.start({ timeoutMs: 240_000 });
		await n8n.setupOwnerAndApiKey({ owner: OWNER });
	} catch (e) {
		await stop();
		throw e;
	}
	return { variant, baseUrl: n8n.baseUrl, userFolder, stop };
}

// ---------- one load ----------
interface TypesFile {
	/** Decoded body bytes. */
	bytes: number;
	/** What went over the wire (Chromium's encodedDataLength: the body as sent plus the response headers). */
	transferredBytes: number;
	contentEncoding: string;
	/** gzip -6 of the body, computed here. */
	gzipBytes: number;
	entries: number;
	packageEntries: number;
	/** This package's entries, as they stand in the file (JSON, separators included). */
	packageBytes: number;
	packageGzipBytes: number;
	/** Each of this package's entries: its name, the versions it describes and its bytes. */
	packageBreakdown: Array<{ name: string; version: unknown; bytes: number }>;
	/** Since navigation started, when the response had fully arrived. */
	arrivedMs: number;
}

interface Sample {
	/** Navigation to the sign-in page → the sign-in form shown. */
	signInFormMs: number;
	/** Navigation to the sign-in page → the workflow's nodes shown on the canvas. */
	canvasMs: number;
	/** Double click on the node → its panel's parameters shown (with the package only). */
	ndvMs?: number;
	nodesJson: TypesFile;
	credentialsJsonBytes?: number;
	/** All the page transferred until the nodes were on the canvas. */
	pageTransferredBytes: number;
	requests: number;
	jsHeapUsedBytes: number;
}

function launchBrowser(executablePath: string, userDataDir: string): Promise<Browser> {
	return puppeteer.launch({
		executablePath,
		headless: true,
		userDataDir,
		// as the browser suite runs it (root: no sandbox; small /dev/shm in containers)
		args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--no-first-run', '--window-size=1600,1000', '--lang=en-US'],
		defaultViewport: { width: 1600, height: 1000 },
		protocolTimeout: 180_000,
		timeout: WAIT_MS,
	});
}

/** Resolves once exactly `count` canvas nodes are shown on a workflow page. */
async function nodesOnCanvas(page: Page, count: number): Promise<void> {
	await page.waitForFunction(
		(n: number) => {
			const shown = [...document.querySelectorAll('[data-test-id="canvas-node"]')].filter((el) => (el as HTMLElement).offsetParent !== null || el.getClientRects().length > 0);
			return location.pathname.startsWith('/workflow/') && shown.length === n;
		},
		{ timeout: WAIT_MS },
		count,
	);
}

function typesFile(body: Buffer, transferredBytes: number, contentEncoding: string, arrivedMs: number): TypesFile {
	const entries = JSON.parse(body.toString('utf8')) as Array<{ name: string; version: unknown }>;
	const ours = entries.filter((entry) => entry.name.startsWith(PACKAGE_PREFIX));
	const oursJson = ours.map((entry) => JSON.stringify(entry));
	return {
		bytes: body.length,
		transferredBytes,
		contentEncoding,
		gzipBytes: zlib.gzipSync(body, { level: 6 }).length,
		entries: entries.length,
		packageEntries: ours.length,
		packageBytes: oursJson.reduce((sum, json) => sum + Buffer.byteLength(json) + 1, 0),
		packageGzipBytes: ours.length ? zlib.gzipSync(`[${oursJson.join(',')}]`, { level: 6 }).length : 0,
		packageBreakdown: ours.map((entry, i) => ({ name: entry.name, version: entry.version, bytes: Buffer.byteLength(oursJson[i]) })),
		arrivedMs,
	};
}

async function loadOnce(server: Server, executablePath: string): Promise<Sample> {
	const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-editor-load-'));
	const browser = await launchBrowser(executablePath, profile);
	try {
		const page = await browser.newPage();
		page.setDefaultTimeout(WAIT_MS);
		page.setDefaultNavigationTimeout(WAIT_MS);
		page.on('dialog', (dialog) => void dialog.accept().catch(() => undefined));
		// Chromium's own accounting of the bytes on the wire, per request, on a session of our own: its buffer for
		// response bodies is set large enough for /types/nodes.json (the page's default one evicts it)
		const cdp = await page.createCDPSession();
		await cdp.send('Network.enable', { maxTotalBufferSize: 400 * 2 ** 20, maxResourceBufferSize: 200 * 2 ** 20 });
		const finished = new Map<string, { bytes: number; at: number }>();
		const typesRequests = new Map<string, { requestId: string; encoding: string }>();
		const bodies = new Map<string, Promise<Buffer>>();
		let start = now();
		cdp.on('Network.responseReceived', (event) => {
			const { pathname } = new URL(event.response.url);
			if (event.response.status !== 200 || !/^\/types\/(nodes|credentials)\.json$/.test(pathname)) return;
			const header = Object.entries(event.response.headers).find(([name]) => name.toLowerCase() === 'content-encoding');
			typesRequests.set(pathname, { requestId: event.requestId, encoding: header ? String(header[1]) : 'none' });
		});
		cdp.on('Network.loadingFinished', (event) => {
			finished.set(event.requestId, { bytes: event.encodedDataLength, at: msSince(start) });
			const types = [...typesRequests].find(([, request]) => request.requestId === event.requestId);
			if (!types) return;
			const body = cdp
				.send('Network.getResponseBody', { requestId: event.requestId })
				.then(({ body: text, base64Encoded }) => Buffer.from(text, base64Encoded ? 'base64' : 'utf8'));
			body.catch(() => undefined); // awaited (and its failure reported) below
			bodies.set(types[0], body);
		});

		start = now();
		await page.goto(`${server.baseUrl}/signin?redirect=${encodeURIComponent(`/workflow/${WORKFLOW_ID}`)}`, { waitUntil: 'domcontentloaded' });
		await page.locator('input[name="emailOrLdapLoginId"]').fill(OWNER.email);
		const signInFormMs = msSince(start);
		await page.locator('input[name="password"]').fill(OWNER.password);
		await page.locator('[data-test-id="form-submit-button"]').click();
		await nodesOnCanvas(page, 2);
		const canvasMs = msSince(start);
		const pageTransferredBytes = [...finished.values()].reduce((sum, f) => sum + f.bytes, 0);
		const requests = finished.size;
		const { JSHeapUsedSize } = await page.metrics();

		let ndvMs: number | undefined;
		if (server.variant === 'with') {
			const node = `[data-test-id="canvas-node"][data-node-type="${ACTION_TYPE}"]`;
			await page.waitForSelector(node, { visible: true });
			const clicked = now();
			await page.locator(node).click({ count: 2 });
			await page.waitForSelector('[data-test-id="ndv"] [data-test-id="parameter-input-resource"]', { visible: true });
			await page.waitForSelector('[data-test-id="ndv"] [data-test-id^="resource-locator-"]', { visible: true });
			ndvMs = msSince(clicked);
			const resource = await page.$eval('[data-test-id="ndv"] [data-test-id="parameter-input-resource"]', (el) => (el.querySelector('input')?.value || (el as HTMLElement).innerText).trim());
			if (resource !== 'Customer') throw new Error(`the node's panel shows Resource "${resource}", not Customer`);
		}

		const nodesBody = await bodies.get('/types/nodes.json');
		const nodesRequest = typesRequests.get('/types/nodes.json');
		if (!nodesBody || !nodesRequest) throw new Error(`${LABELS[server.variant]}: the editor loaded no /types/nodes.json`);
		const nodesFinished = finished.get(nodesRequest.requestId)!;
		const credentialsBody = await bodies.get('/types/credentials.json');
		return {
			signInFormMs,
			canvasMs,
			ndvMs,
			nodesJson: typesFile(nodesBody, nodesFinished.bytes, nodesRequest.encoding, nodesFinished.at),
			credentialsJsonBytes: credentialsBody?.length,
			pageTransferredBytes,
			requests,
			jsHeapUsedBytes: JSHeapUsedSize ?? NaN,
		};
	} finally {
		await browser.close().catch(() => undefined);
		fs.rmSync(profile, { recursive: true, force: true });
	}
}

// ---------- report ----------
const ms = (value: number) => `${Math.round(value).toLocaleString('en')} ms`;
const kb = (value: number) => `${(value / 1024).toLocaleString('en', { maximumFractionDigits: 1 })} KiB`;

function stat(samples: Sample[], pick: (s: Sample) => number | undefined) {
	const values = samples.map(pick).filter((v): v is number => v !== undefined && !Number.isNaN(v));
	if (!values.length) return undefined;
	return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

function cell(samples: Sample[], pick: (s: Sample) => number | undefined, format: (v: number) => string): string {
	const s = stat(samples, pick);
	if (!s) return '–';
	return s.min === s.max ? format(s.median) : `${format(s.median)} (${format(s.min)}–${format(s.max)})`;
}

function difference(samples: Record<Variant, Sample[]>, pick: (s: Sample) => number | undefined, format: (v: number) => string): string {
	const a = stat(samples.with, pick);
	const b = stat(samples.without, pick);
	if (!a || !b) return '–';
	const d = a.median - b.median;
	return `${d >= 0 ? '+' : '−'}${format(Math.abs(d))}${b.median ? ` (${d >= 0 ? '+' : '−'}${Math.abs((d / b.median) * 100).toFixed(0)}%)` : ''}`;
}

function report(samples: Record<Variant, Sample[]>, warmUp: Record<Variant, Sample>, meta: Record<string, unknown>): string {
	const rows: Array<[string, (s: Sample) => number | undefined, (v: number) => string]> = [
		['Sign-in page → sign-in form shown', (s) => s.signInFormMs, ms],
		['Sign-in page → workflow nodes on canvas', (s) => s.canvasMs, ms],
		['… of which /types/nodes.json had arrived at', (s) => s.nodesJson.arrivedMs, ms],
		['Double click → node panel open (NDV)', (s) => s.ndvMs, ms],
		['/types/nodes.json, bytes', (s) => s.nodesJson.bytes, kb],
		['/types/nodes.json, as transferred', (s) => s.nodesJson.transferredBytes, kb],
		['/types/nodes.json, gzip -6 (computed)', (s) => s.nodesJson.gzipBytes, kb],
		['… this package\'s entries, bytes', (s) => s.nodesJson.packageBytes, kb],
		['… this package\'s entries, gzip -6', (s) => s.nodesJson.packageGzipBytes, kb],
		['/types/credentials.json, bytes', (s) => s.credentialsJsonBytes, kb],
		['All the page transferred until the canvas', (s) => s.pageTransferredBytes, kb],
		['Page JS heap used at the canvas', (s) => s.jsHeapUsedBytes, (v) => `${(v / 2 ** 20).toFixed(1)} MiB`],
	];
	const lines: string[] = [];
	lines.push(`### Editor load, n8n 2.41.1, headless Chromium, ${REPS} cold loads each, alternating (medians, min–max)`);
	lines.push('');
	lines.push(`| Measure | ${LABELS.with} | ${LABELS.without} | Difference (medians) |`);
	lines.push('|---|---|---|---|');
	for (const [label, pick, format] of rows) lines.push(`| ${label} | ${cell(samples.with, pick, format)} | ${cell(samples.without, pick, format)} | ${difference(samples, pick, format)} |`);
	const first = samples.with[0]?.nodesJson;
	const other = samples.without[0]?.nodesJson;
	lines.push('');
	if (first && other) {
		lines.push(
			`/types/nodes.json lists ${first.entries} entries with the package (${first.packageEntries} of them this package's) and ${other.entries} without; ` +
				`Content-Encoding ${first.contentEncoding} / ${other.contentEncoding}.`,
		);
	}
	if (first?.packageBreakdown.length) {
		const parts = first.packageBreakdown.map((entry) => `${entry.name.slice(PACKAGE_PREFIX.length)} (version ${[entry.version].flat().join(', ')}) ${kb(entry.bytes)}`);
		lines.push(`This package's entries: ${parts.join('; ')}.`);
	}
	lines.push(`Warm-up loads (not counted): ${VARIANTS.map((v) => `${LABELS[v]} ${ms(warmUp[v].canvasMs)} to the canvas`).join(', ')}.`);
	lines.push(`Machine: ${meta.cpus} CPUs, load average ${meta.loadAverage} at the start; Chromium ${meta.chromium}.`);
	lines.push('');
	lines.push('Reproduce with `npm run bench -- --editor-load` (`--reps N`). Raw numbers: `bench/results-editor-load.json`.');
	return lines.join('\n');
}

async function main(): Promise<void> {
	globalSetupBuild();
	const { executablePath } = ensureChromium();
	const startedAt = now();
	const emulator = await startEmulator({ port: 0, host: '127.0.0.1', quiet: true });
	const servers: Server[] = [];
	const shutdown = () => void Promise.all(servers.map((s) => s.stop())).finally(() => process.exit(130));
	process.once('SIGINT', shutdown);
	process.once('SIGTERM', shutdown);
	const loadAverage = os.loadavg().map((v) => v.toFixed(1)).join(' / ');
	const samples: Record<Variant, Sample[]> = { with: [], without: [] };
	const warmUp = {} as Record<Variant, Sample>;
	let chromium = '';
	try {
		// one after the other: two n8n start-ups at once on 2 cores would each take twice as long
		for (const variant of VARIANTS) servers.push(await startServer(variant, emulator));
		const probe = await launchBrowser(executablePath, fs.mkdtempSync(path.join(os.tmpdir(), 'lp-editor-probe-')));
		chromium = await probe.version();
		await probe.close();
		for (const server of servers) {
			warmUp[server.variant] = await loadOnce(server, executablePath);
			log(`warm-up ${LABELS[server.variant]}: ${ms(warmUp[server.variant].canvasMs)} to the canvas`);
		}
		for (let rep = 1; rep <= REPS; rep++) {
			for (const server of servers) {
				const sample = await loadOnce(server, executablePath);
				samples[server.variant].push(sample);
				log(
					`rep ${rep} ${LABELS[server.variant]}: canvas ${ms(sample.canvasMs)}${sample.ndvMs !== undefined ? `, panel ${ms(sample.ndvMs)}` : ''}, ` +
						`nodes.json ${kb(sample.nodesJson.bytes)} (${kb(sample.nodesJson.transferredBytes)} transferred, ${sample.nodesJson.packageEntries} package entries ${kb(sample.nodesJson.packageBytes)})`,
				);
			}
		}
	} finally {
		for (const server of servers) await server.stop();
		await emulator.stop();
	}
	const meta = {
		date: new Date().toISOString(),
		cpus: os.cpus().length,
		loadAverage,
		chromium,
		node: process.version,
		reps: REPS,
		totalSeconds: msSince(startedAt) / 1000,
	};
	const text = report(samples, warmUp, meta);
	process.stdout.write(`\n${text}\n`);
	fs.writeFileSync(path.join(__dirname, 'results-editor-load.json'), JSON.stringify({ meta, warmUp, samples }, null, 2) + '\n');
	fs.writeFileSync(path.join(__dirname, 'summary-editor-load.md'), `${text}\n`);
	log(`done in ${(meta.totalSeconds as number).toFixed(0)} s; wrote bench/results-editor-load.json and bench/summary-editor-load.md`);
}

main().catch((error) => {
	process.stderr.write(`[bench:editor-load] failed: ${(error as Error).stack ?? error}\n`);
	process.exit(1);
});
