/**
 * `npm run bench -- --real` — the node where users run it: a real n8n 2.41.1 (`n8n execute`, one process per
 * run), side by side with n8n's own HTTP Request node and a raw keep-alive client, against the emulator (its
 * own process) behind a simulated link (bench/lib/linkServer.cts, a third process).
 *
 *   npm run bench -- --real [--items 2000] [--reps 2] [--fields 3,6] [--delays 0,20] [--links http,https]
 *     [--variants http,auto8,adaptive] [--rate-limit 2000/60000] [--profile] [--out DIR]
 *   npm run bench -- --real --smoke   (every variant once at a tiny size, into a temporary directory)
 *
 * The link adds D ms (a round trip) to every request and, on a connection's first request, the handshakes' round
 * trips: one more D for TCP over `http`, two for TCP and TLS 1.3 over `https` (a self-signed certificate made at
 * run time with openssl, which n8n trusts through NODE_EXTRA_CA_CERTS and the raw client through `ca`: no
 * certificate check is turned off); `loopback` adds D alone, like the earlier bench's stub; `direct` has no link
 * (the emulator waits D itself, and nothing counts connections). It counts the connections each run opens.
 *
 * For each number of fields F per SKU (the mapping a sync does: 3 = source_id, sku, price; 6 = also currency,
 * image_url, metadata; 1 = source_id alone), each link and each delay D it runs, alternating, `reps` times each
 * (medians):
 * - floor:   a raw keep-alive client (Node's http/https, maxSockets 8), 8 in flight;
 * - http:    Code → HTTP Request node, default options (every item in flight at once), one JSON body expression;
 * - loop8:   Code → Loop Over Items (8) → HTTP Request;
 * - node8:   Code → Loyalty Promotions SKU Create or Update, Concurrency 8, each field mapped with an expression;
 * - auto8:   the same, fields mapped automatically (Map Input Fields: no expression);
 * - auto16, auto20: mapped automatically, Concurrency 16 and 20;
 * - adaptive: mapped automatically, Concurrency Auto (what a new node runs with).
 * `--rate-limit LIMIT/WINDOW_MS` makes the emulator answer 429 past LIMIT requests a window (the raw client,
 * which does not wait 429s out, is then left out): whether a variant is held by the limit or by its round trips.
 * Times run from the end of the Code node to the end of the run (the run data's own timestamps), so n8n's
 * start-up is not counted; peak RSS is the n8n process's VmHWM. `--profile` also writes CPU profiles of one
 * adaptive, one auto8, one node8 and one http run at 0 ms (with the most fields, over the first link) to bench/profiles/ and
 * prints where their time went.
 *
 * Writes bench/results-real.json and bench/summary-real.md (a smoke run: into a temporary directory, or --out).
 */
import './lib/preferTs.cjs';
import { args as argv, flag, option, outDir } from './lib/args.cjs';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { EmulatorProcess } from './lib/emulatorProcess.cjs';
import { floorSkuSync, RawClient } from './lib/floor.cjs';
import { Link, makeTestCertificate } from './lib/link.cjs';
import { LINK_KINDS, type LinkKind } from './lib/linkKinds.cjs';
import { median } from './lib/measure.cjs';
import { cpuProfiles, createN8n, execute, type ExecuteResult, type N8nHandle } from './lib/realN8n.cjs';
import { summarizeProfile } from './lib/profile.cjs';
import { GENERATE, httpRequestWorkflow, loopWorkflow, nodeWorkflow, PRODUCT_ID, type Target } from './lib/workflows.cjs';

const ROOT = path.resolve(__dirname, '..');
const { emulatorCredentials } = require('../test/e2e/examples');
const { globalSetupBuild } = require('./lib/build.cjs');

/** `--smoke`: every variant once, 20 items over the HTTPS link at 5 ms, no warm-up (test/e2e/bench.e2e.test.cts). */
const SMOKE = flag('smoke');
const ITEMS = Number(option('items') ?? (SMOKE ? 20 : 2000));
const REPS = Math.max(1, Number(option('reps') ?? (SMOKE ? 1 : 2)));
const LATENCIES = (option('delays') ?? option('latencies') ?? (SMOKE ? '5' : '0,20')).split(',').map(Number);
const LINKS = (option('links') ?? (SMOKE ? 'https' : 'http,https')).split(',') as LinkKind[];
for (const link of LINKS) if (!LINK_KINDS.includes(link)) throw new Error(`--links: ${link} is not one of ${LINK_KINDS.join(', ')}`);
/** The round trips the goal's ratio to the raw client is set for. */
const GOAL_RATIO = 1.25;
const FIELD_COUNTS = (option('fields') ?? (SMOKE ? '3' : '3,6')).split(',').map(Number);
const OUT_DIR = outDir('lp-bench-real-smoke-', __dirname);
const PROFILE = argv.includes('--profile');
const ONLY = option('variants')?.split(',');
const FLOOR_CONCURRENCY = 8;
const RATE_LIMIT = (() => {
	const given = option('rate-limit');
	if (!given) return undefined;
	const [limit, windowMs] = given.split('/').map(Number);
	if (!(limit > 0) || !(windowMs > 0)) throw new Error(`--rate-limit ${given}: expected LIMIT/WINDOW_MS, e.g. 2000/60000`);
	return { limit, windowMs };
})();

type Variant = 'floor' | 'http' | 'loop8' | 'node8' | 'auto8' | 'auto16' | 'auto20' | 'adaptive';
const VARIANTS = (['floor', 'http', 'loop8', 'node8', 'auto8', 'auto16', 'auto20', 'adaptive'] as Variant[]).filter(
	(v) => (v === 'floor' ? !RATE_LIMIT : !ONLY || ONLY.includes(v)),
);
const LABELS: Record<Variant, string> = {
	floor: 'raw keep-alive client, c=8',
	http: 'HTTP Request node (default, unbounded)',
	loop8: 'Loop Over Items (8) → HTTP Request',
	node8: 'Loyalty Promotions, Concurrency 8, an expression per field',
	auto8: 'Loyalty Promotions, Concurrency 8, mapped automatically',
	auto16: 'Loyalty Promotions, Concurrency 16, mapped automatically',
	auto20: 'Loyalty Promotions, Concurrency 20, mapped automatically',
	adaptive: 'Loyalty Promotions, Concurrency Auto, mapped automatically',
};
const CONCURRENCY: Partial<Record<Variant, number>> = { floor: 8, loop8: 8, node8: 8, auto8: 8, auto16: 16, auto20: 20 };

interface Sample {
	ms: number;
	peakRssBytes?: number;
	maxInFlight?: number;
	/** Connections the run opened to the link, and requests it sent. */
	connections?: number;
	requests?: number;
	/** Requests the emulator answered 429 (with --rate-limit). */
	rateLimited?: number;
}

function log(message: string): void {
	process.stderr.write(`[bench:real] ${message}\n`);
}

/** The link adds the delay (`direct`: the emulator). Warm-up runs go without the rate limit. */
async function fresh(emu: EmulatorProcess, link: Link, kind: LinkKind, delayMs: number, limited = true): Promise<void> {
	await emu.reset();
	await emu.setLatency(kind === 'direct' ? delayMs : 0);
	await emu.setRequestLog(false);
	await emu.setRateLimit(RATE_LIMIT && limited ? RATE_LIMIT : null);
	await link.set(kind === 'direct' ? 0 : delayMs);
}

async function floor(emu: EmulatorProcess, baseUrl: string, ca: string): Promise<Sample> {
	const client = new RawClient(baseUrl, { 'x-app-id': emu.info.appId, 'x-app-token': emu.info.appToken }, FLOOR_CONCURRENCY, true, ca);
	try {
		const ids = Array.from({ length: ITEMS }, (_, i) => `bench-sku-${i}`);
		const start = process.hrtime.bigint();
		const { failed } = await floorSkuSync(client, PRODUCT_ID, ids, FLOOR_CONCURRENCY);
		if (failed > 0) throw new Error(`floor: ${failed} requests failed`);
		return { ms: Number(process.hrtime.bigint() - start) / 1e6 };
	} finally {
		client.destroy();
	}
}

async function inN8n(n8n: N8nHandle, emu: EmulatorProcess, id: string, countNode: string, nodeFlags?: string[]): Promise<Sample & { result: ExecuteResult }> {
	const result = await execute(n8n, id, { startAfter: GENERATE, countNode, nodeFlags });
	const counters = await emu.counters();
	if (result.status !== 'success' || result.items !== ITEMS || result.errors > 0) {
		throw new Error(`${id}: status ${result.status}, ${result.items} items, ${result.errors} errors${result.error ? `: ${result.error}` : ''}`);
	}
	if (counters.skusCreated !== ITEMS) throw new Error(`${id}: the emulator created ${counters.skusCreated} SKUs, not ${ITEMS}`);
	return { ms: result.ms, peakRssBytes: result.peakRssBytes, rateLimited: counters.rateLimited, result };
}

async function withLinkCounts<T extends Sample>(link: Link, emu: EmulatorProcess, kind: LinkKind, run: Promise<T>): Promise<T> {
	const sample = await run;
	if (kind === 'direct') return { ...sample, maxInFlight: (await emu.counters()).maxInFlight };
	const counted = (await link.counters())[kind];
	return { ...sample, connections: counted.connections, requests: counted.requests, maxInFlight: counted.maxInFlight };
}

/** A path inside the repository as a relative one, any other whole. */
function shownPath(file: string): string {
	const relative = path.relative(ROOT, file);
	return relative.startsWith('..') ? file : relative;
}

function fmtMs(ms: number): string {
	return `${Math.round(ms).toLocaleString('en')} ms`;
}

async function main(): Promise<void> {
	globalSetupBuild();
	const emu = await EmulatorProcess.start({ latencyMs: 0, seed: 1 });
	const userFolder = path.join(ROOT, '.e2e', `bench-real-${process.pid}`);
	// beside the user folder, which createN8n empties
	const certificateFolder = `${userFolder}-certificate`;
	const certificate = makeTestCertificate(certificateFolder);
	const link = await Link.start(emu.info.baseUrl, certificate);
	log(`emulator ${emu.info.baseUrl}; links ${LINKS.map((kind) => link.url(kind)).join(', ')}; n8n user folder ${userFolder}`);
	const samples: Record<string, Record<Variant, Sample[]>> = {};
	const profiles: Array<{ variant: Variant; file: string; summary: string }> = [];
	try {
		const n8n = await createN8n(userFolder, ROOT, { NODE_EXTRA_CA_CERTS: certificate.certFile });
		const tag: Record<LinkKind, string> = { direct: 'D', loopback: 'L', http: 'H', https: 'S' };
		const credentialId = (kind: LinkKind) => `benchapp${tag[kind]}`.padEnd(16, '0');
		const [app] = emulatorCredentials(emu.info) as Array<{ id: string; name: string; type: string; data: Record<string, unknown> }>;
		await n8n.importCredentials(
			LINKS.map((kind) => ({ ...app, id: credentialId(kind), name: `Loyalty Promotions App Keys (bench, ${kind})`, data: { ...app.data, baseUrl: link.url(kind) } })),
		);
		const id = (variant: string, fields: number, kind: LinkKind) => `b${tag[kind]}${variant}f${fields}`.padEnd(16, '0').slice(0, 16);
		const flowsFor = (fields: number, kind: LinkKind) => {
			const target: Target = { baseUrl: link.url(kind), appId: emu.info.appId, appToken: emu.info.appToken };
			const credential = credentialId(kind);
			return {
				http: httpRequestWorkflow(id('Http', fields, kind), ITEMS, target, fields),
				loop8: loopWorkflow(id('Loop', fields, kind), ITEMS, target, 8, fields),
				node8: nodeWorkflow(id('Node8', fields, kind), ITEMS, 8, credential, fields),
				auto8: nodeWorkflow(id('Auto8', fields, kind), ITEMS, 8, credential, fields, true),
				auto16: nodeWorkflow(id('Auto16', fields, kind), ITEMS, 16, credential, fields, true),
				auto20: nodeWorkflow(id('Auto20', fields, kind), ITEMS, 20, credential, fields, true),
				adaptive: nodeWorkflow(id('Adaptive', fields, kind), ITEMS, 'auto', credential, fields, true),
			};
		};
		const flows = new Map(FIELD_COUNTS.flatMap((fields) => LINKS.map((kind) => [`${fields}|${kind}`, flowsFor(fields, kind)] as const)));
		await n8n.importWorkflow([...flows.values()].flatMap((byVariant) => Object.values(byVariant).map((flow) => flow.workflow)));
		const run = (variant: Variant, fields: number, kind: LinkKind): Promise<Sample> => {
			if (variant === 'floor') return withLinkCounts(link, emu, kind, floor(emu, link.url(kind), certificate.ca));
			const flow = flows.get(`${fields}|${kind}`)![variant];
			return withLinkCounts(link, emu, kind, inN8n(n8n, emu, flow.workflow.id, flow.countNode));
		};
		for (const fields of FIELD_COUNTS) {
			if (!SMOKE) log(`${fields} fields: warm-up run of each workflow at 0 ms over ${LINKS[0]}`);
			for (const variant of VARIANTS) {
				if (variant === 'floor' || SMOKE) continue;
				await fresh(emu, link, LINKS[0], 0, false);
				await run(variant, fields, LINKS[0]);
			}
			for (const kind of LINKS) {
				for (const latency of LATENCIES) {
					const byVariant = Object.fromEntries(VARIANTS.map((v) => [v, [] as Sample[]])) as Record<Variant, Sample[]>;
					samples[`${fields}|${kind}|${latency}`] = byVariant;
					for (let rep = 0; rep < REPS; rep++) {
						for (const variant of VARIANTS) {
							await fresh(emu, link, kind, latency);
							const sample = await run(variant, fields, kind);
							byVariant[variant].push({
								ms: sample.ms,
								peakRssBytes: sample.peakRssBytes,
								maxInFlight: sample.maxInFlight,
								connections: sample.connections,
								requests: sample.requests,
								rateLimited: sample.rateLimited,
							});
							log(
								`F=${fields} ${kind} D=${latency} ms rep ${rep + 1}: ${LABELS[variant]}: ${fmtMs(sample.ms)}` +
									`${sample.peakRssBytes ? `, peak RSS ${(sample.peakRssBytes / 2 ** 20).toFixed(0)} MB` : ''}` +
									`${sample.maxInFlight ? `, ${sample.maxInFlight} in flight at most` : ''}` +
									`${sample.requests ? `, ${sample.connections} connections for ${sample.requests} requests` : ''}` +
									`${RATE_LIMIT ? `, ${sample.rateLimited} answered 429` : ''}`,
							);
						}
					}
				}
			}
		}
		if (PROFILE) {
			const fields = Math.max(...FIELD_COUNTS);
			const byVariant = flows.get(`${fields}|${LINKS[0]}`)!;
			for (const variant of ['adaptive', 'auto8', 'node8', 'http'] as const) {
				const dir = path.join(__dirname, 'profiles', variant);
				fs.rmSync(dir, { recursive: true, force: true });
				fs.mkdirSync(dir, { recursive: true });
				await fresh(emu, link, LINKS[0], 0, false);
				const { result } = await inN8n(n8n, emu, byVariant[variant].workflow.id, byVariant[variant].countNode, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
				const file = cpuProfiles(dir)[0];
				// only the part of the run after the Code node
				const window = { fromMs: result.window.from - result.spawnedAt, toMs: result.window.to - result.spawnedAt };
				if (file) profiles.push({ variant, file, summary: summarizeProfile(file, window) });
			}
		}
	} finally {
		link.stop();
		await emu.stop();
		if (process.env.LP_E2E_KEEP !== '1') fs.rmSync(userFolder, { recursive: true, force: true });
		fs.rmSync(certificateFolder, { recursive: true, force: true });
	}
	report(samples, profiles);
}

/** Concurrency Auto against its goals: the limit filled without a 429, and no slower than the fixed numbers. */
function adaptiveGoals(at: string, latency: string, byVariant: Record<Variant, Sample[]>, perItem: (v: Variant) => number): string[] {
	const has = (variant: Variant) => (byVariant[variant]?.length ?? 0) > 0;
	const goals: string[] = [];
	const auto = perItem('adaptive');
	if (RATE_LIMIT) {
		const perMinute = 60_000 / auto;
		const limitPerMinute = (RATE_LIMIT.limit * 60_000) / RATE_LIMIT.windowMs;
		const rejected = Math.max(...byVariant.adaptive.map((s) => s.rateLimited ?? 0));
		const share = perMinute / limitPerMinute;
		goals.push(`- ${at}, Auto under the limit: **${Math.round(perMinute).toLocaleString('en')} requests a minute, ${(share * 100).toFixed(1)}% of ${limitPerMinute.toLocaleString('en')}, ${rejected} answered 429** (goal ≥ 95%, 0): ${share >= 0.95 && rejected === 0 ? 'met' : 'missed'}.`);
	} else if (latency === '0') {
		if (has('auto8')) {
			const ratio = auto / perItem('auto8');
			goals.push(`- ${at}, Auto: **${auto.toFixed(2)} ms/item, ${ratio.toFixed(2)}× Concurrency 8's ${perItem('auto8').toFixed(2)}** (goal within 10%): ${Math.abs(ratio - 1) <= 0.1 ? 'met' : ratio < 1 ? 'met (faster)' : 'missed'}.`);
		}
		if (has('http')) {
			const ratio = auto / perItem('http');
			goals.push(`- ${at}, Auto: **${ratio.toFixed(2)}× the HTTP Request node's ${perItem('http').toFixed(2)} ms/item** (goal ≤ 0.5×): ${ratio <= 0.5 ? 'met' : 'missed'}.`);
		}
	} else if (has('auto20')) {
		const ratio = auto / perItem('auto20');
		goals.push(`- ${at}, Auto: **${(auto * ITEMS).toFixed(0)} ms, ${ratio.toFixed(2)}× Concurrency 20's time** (goal ≤ 1×): ${ratio <= 1 ? 'met' : 'missed'}.`);
	}
	return goals;
}

function report(samples: Record<string, Record<Variant, Sample[]>>, profiles: Array<{ variant: Variant; file: string; summary: string }>): void {
	const med = (list: Sample[] | undefined, pick: (s: Sample) => number | undefined) =>
		median((list ?? []).map(pick).filter((v): v is number => v !== undefined));
	const has = (byVariant: Record<Variant, Sample[]>, variant: Variant) => (byVariant[variant]?.length ?? 0) > 0;
	const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
	const lines: string[] = [];
	const limited = RATE_LIMIT ? `, a limit of ${RATE_LIMIT.limit.toLocaleString('en')} requests per ${RATE_LIMIT.windowMs / 1000} s` : '';
	lines.push(`### Real n8n 2.41.1 (\`n8n execute\`, ${ITEMS.toLocaleString('en')} SKU upserts${limited}, medians of ${REPS}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} at the end)`);
	lines.push('');
	const header = ['Fields, link, D', ...VARIANTS.map((v) => LABELS[v])];
	lines.push(`| ${header.join(' | ')} |`);
	lines.push(`|${header.map(() => '---').join('|')}|`);
	const goals: string[] = [];
	for (const [key, byVariant] of Object.entries(samples)) {
		const [fields, kind, latency] = key.split('|');
		const floorMs = med(byVariant.floor, (s) => s.ms);
		const cells = VARIANTS.map((variant) => {
			const ms = med(byVariant[variant], (s) => s.ms);
			const parts = [fmtMs(ms)];
			if (latency === '0') parts.push(`${(ms / ITEMS).toFixed(2)} ms/item`);
			else if (variant !== 'floor' && floorMs) parts.push(`**${(ms / floorMs).toFixed(2)}× floor**`);
			parts.push(`${Math.round((ITEMS / ms) * 60_000).toLocaleString('en')}/min`);
			const rss = med(byVariant[variant], (s) => s.peakRssBytes);
			if (rss) parts.push(mb(rss));
			const inFlight = Math.max(...byVariant[variant].map((s) => s.maxInFlight ?? 0));
			if (inFlight) parts.push(`≤ ${inFlight} in flight`);
			const connections = med(byVariant[variant], (s) => (s.requests ? (s.connections ?? 0) / s.requests : undefined));
			if (!Number.isNaN(connections)) parts.push(`${connections.toFixed(3)} conn/req`);
			if (RATE_LIMIT) parts.push(`${med(byVariant[variant], (s) => s.rateLimited)} × 429`);
			return parts.join(', ');
		});
		lines.push(`| ${fields}, ${kind}, ${latency} ms | ${cells.join(' | ')} |`);
		const at = `${fields} fields, ${kind}, ${latency} ms`;
		const perItem = (v: Variant) => med(byVariant[v], (s) => s.ms) / ITEMS;
		const rss = (v: Variant) => med(byVariant[v], (s) => s.peakRssBytes);
		if (latency === '0') {
			if (has(byVariant, 'auto8') && has(byVariant, 'http')) {
				const ratio = perItem('auto8') / perItem('http');
				goals.push(`- ${at}, Concurrency 8 mapped automatically: **${perItem('auto8').toFixed(2)} ms/item, ${ratio.toFixed(2)}× the HTTP Request node's ${perItem('http').toFixed(2)}** (goal ≤ 0.5×): ${ratio <= 0.5 ? 'met' : 'missed'}.`);
			}
		} else {
			const nodes = (['auto8', 'auto16', 'auto20'] as Variant[]).filter((v) => has(byVariant, v));
			const ratios = nodes.map((v) => `Concurrency ${CONCURRENCY[v]} ${(perItem(v) * ITEMS / floorMs).toFixed(2)}×`);
			const reaching = nodes.find((v) => (perItem(v) * ITEMS) / floorMs <= GOAL_RATIO);
			if (has(byVariant, 'auto8') && floorMs) {
				const r8 = (perItem('auto8') * ITEMS) / floorMs;
				goals.push(`- ${at}, mapped automatically, against the raw client: **${ratios.join(', ')}** (goal: Concurrency 8 ≤ ${GOAL_RATIO}×): ${r8 <= GOAL_RATIO ? 'met' : `missed${reaching ? `; Concurrency ${CONCURRENCY[reaching]} is within ${GOAL_RATIO}×` : `; no Concurrency measured is within ${GOAL_RATIO}×`}`}.`);
			}
		}
		if (has(byVariant, 'adaptive')) goals.push(...adaptiveGoals(at, latency, byVariant, perItem));
		const nodeVariants = (['auto8', 'auto16', 'auto20', 'adaptive'] as Variant[]).filter((v) => has(byVariant, v) && rss(v));
		if (nodeVariants.length && has(byVariant, 'http') && rss('http')) {
			const highest = Math.max(...nodeVariants.map(rss));
			goals.push(`- ${at}, peak RSS: mapped automatically ${nodeVariants.map((v) => mb(rss(v))).join(' / ')} against the HTTP Request node's ${mb(rss('http'))} (goal: below it): ${highest < rss('http') ? 'met' : 'missed'}.`);
		}
	}
	lines.push('');
	if (SMOKE) lines.push('A smoke run: every variant ran and reported its figures; at this size they say nothing of its speed.', '');
	lines.push(...goals);
	lines.push('');
	lines.push(
		`Reproduce with \`npm run bench -- --real ${process.argv.slice(2).filter((a) => a !== '--real').join(' ')}\`. The link adds D per request and, on a new connection, D for TCP (http) or 2 D for TCP and TLS 1.3 (https). conn/req: connections opened per request. Raw numbers: \`${shownPath(path.join(OUT_DIR(), 'results-real.json'))}\`.`,
	);
	for (const profile of profiles) lines.push('', `#### Where one run of ${LABELS[profile.variant]} at 0 ms spends its CPU (self time)`, '', profile.summary);
	const text = lines.join('\n');
	process.stdout.write(`\n${text}\n`);
	fs.mkdirSync(OUT_DIR(), { recursive: true });
	fs.writeFileSync(path.join(OUT_DIR(), 'results-real.json'), JSON.stringify({ date: new Date().toISOString(), items: ITEMS, reps: REPS, fields: FIELD_COUNTS, links: LINKS, rateLimit: RATE_LIMIT, loadAverage: os.loadavg(), samples, profiles: profiles.map((p) => p.file) }, null, 2) + '\n');
	fs.writeFileSync(path.join(OUT_DIR(), 'summary-real.md'), `${text}\n`);
	log(`wrote ${path.join(OUT_DIR(), 'results-real.json')} and summary-real.md`);
}

main().catch((error) => {
	process.stderr.write(`[bench:real] failed: ${(error as Error).stack ?? error}\n`);
	process.exit(1);
});
