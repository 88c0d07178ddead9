/**
 * `npm run bench -- --real` — the node where users run it: a real n8n 2.41.1 (`n8n execute`, one process per
 * run), side by side with n8n's own HTTP Request node and a raw keep-alive client, against the emulator (its
 * own process) answering in D ms.
 *
 *   npm run bench -- --real [--items 2000] [--reps 2] [--fields 3,6] [--latencies 0,20] [--variants http,auto8] [--profile]
 *
 * For each number of fields F per SKU (the mapping a sync does: 3 = source_id, sku, price; 6 = also currency,
 * image_url, metadata; 1 = source_id alone) and each latency D it runs, alternating, `reps` times each (medians):
 * - floor:   a raw keep-alive client (Node's http, maxSockets 8), 8 in flight;
 * - http:    Code → HTTP Request node, default options (every item in flight at once), one JSON body expression;
 * - loop8:   Code → Loop Over Items (8) → HTTP Request;
 * - node8:   Code → Loyalty Promotions SKU Create or Update, Concurrency 8, each field mapped with an expression;
 * - auto8:   the same, fields mapped automatically (Map Input Fields: no expression);
 * - auto20:  mapped automatically, Concurrency 20.
 * Times run from the end of the Code node to the end of the run (the run data's own timestamps), so n8n's
 * start-up is not counted; peak RSS is the n8n process's VmHWM. `--profile` also writes CPU profiles of one
 * auto8, one node8 and one http run at 0 ms (with the most fields) to bench/profiles/ and prints where their
 * time went.
 *
 * Writes bench/results-real.json and bench/summary-real.md.
 */
import './lib/preferTs.cjs';
import { args as argv, option } from './lib/args.cjs';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { EmulatorProcess } from './lib/emulatorProcess.cjs';
import { floorSkuSync, RawClient } from './lib/floor.cjs';
import { median } from './lib/measure.cjs';
import { cpuProfiles, createN8n, execute, type ExecuteResult, type N8nHandle } from './lib/realN8n.cjs';
import { summarizeProfile } from './lib/profile.cjs';
import { GENERATE, httpRequestWorkflow, loopWorkflow, nodeWorkflow, PRODUCT_ID, type Target } from './lib/workflows.cjs';

const ROOT = path.resolve(__dirname, '..');
const { emulatorCredentials, CREDENTIAL_IDS } = require('../test/e2e/examples');
const { globalSetupBuild } = require('./lib/build.cjs');

const ITEMS = Number(option('items') ?? 2000);
const REPS = Math.max(1, Number(option('reps') ?? 2));
const LATENCIES = (option('latencies') ?? '0,20').split(',').map(Number);
const FIELD_COUNTS = (option('fields') ?? '3,6').split(',').map(Number);
const PROFILE = argv.includes('--profile');
const ONLY = option('variants')?.split(',');
const FLOOR_CONCURRENCY = 8;

type Variant = 'floor' | 'http' | 'loop8' | 'node8' | 'auto8' | 'auto20';
const VARIANTS = (['floor', 'http', 'loop8', 'node8', 'auto8', 'auto20'] as Variant[]).filter((v) => v === 'floor' || !ONLY || ONLY.includes(v));
const LABELS: Record<Variant, string> = {
	floor: 'raw keep-alive client, c=8',
	http: 'HTTP Request node (default, unbounded)',
	loop8: 'Loop Over Items (8) → HTTP Request',
	node8: 'Loyalty Promotions, Concurrency 8, an expression per field',
	auto8: 'Loyalty Promotions, Concurrency 8, mapped automatically',
	auto20: 'Loyalty Promotions, Concurrency 20, mapped automatically',
};

interface Sample {
	ms: number;
	peakRssBytes?: number;
	maxInFlight?: number;
}

function log(message: string): void {
	process.stderr.write(`[bench:real] ${message}\n`);
}

async function fresh(emu: EmulatorProcess, latencyMs: number): Promise<void> {
	await emu.reset();
	await emu.setLatency(latencyMs);
	await emu.setRequestLog(false);
}

async function floor(emu: EmulatorProcess): Promise<Sample> {
	const client = new RawClient(emu.info.baseUrl, { 'x-app-id': emu.info.appId, 'x-app-token': emu.info.appToken }, FLOOR_CONCURRENCY);
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
	return { ms: result.ms, peakRssBytes: result.peakRssBytes, maxInFlight: counters.maxInFlight, result };
}

function fmtMs(ms: number): string {
	return `${Math.round(ms).toLocaleString('en')} ms`;
}

async function main(): Promise<void> {
	globalSetupBuild();
	const emu = await EmulatorProcess.start({ latencyMs: 0, seed: 1 });
	const userFolder = path.join(ROOT, '.e2e', `bench-real-${process.pid}`);
	log(`emulator ${emu.info.baseUrl}; n8n user folder ${userFolder}`);
	const samples: Record<string, Record<Variant, Sample[]>> = {};
	const profiles: Array<{ variant: Variant; file: string; summary: string }> = [];
	try {
		const n8n = await createN8n(userFolder, ROOT);
		await n8n.importCredentials(emulatorCredentials(emu.info));
		const target: Target = { baseUrl: emu.info.baseUrl, appId: emu.info.appId, appToken: emu.info.appToken };
		const id = (variant: string, fields: number) => `bench${variant}f${fields}`.padEnd(16, '0').slice(0, 16);
		const flowsFor = (fields: number) => ({
			http: httpRequestWorkflow(id('Http', fields), ITEMS, target, fields),
			loop8: loopWorkflow(id('Loop', fields), ITEMS, target, 8, fields),
			node8: nodeWorkflow(id('Node8', fields), ITEMS, 8, CREDENTIAL_IDS.app, fields),
			auto8: nodeWorkflow(id('Auto8', fields), ITEMS, 8, CREDENTIAL_IDS.app, fields, true),
			auto20: nodeWorkflow(id('Auto20', fields), ITEMS, 20, CREDENTIAL_IDS.app, fields, true),
		});
		const flowsByFields = new Map(FIELD_COUNTS.map((fields) => [fields, flowsFor(fields)]));
		await n8n.importWorkflow([...flowsByFields.values()].flatMap((flows) => Object.values(flows).map((flow) => flow.workflow)));
		for (const [fields, flows] of flowsByFields) {
			log(`${fields} fields: warm-up run of each workflow at 0 ms`);
			for (const variant of VARIANTS) {
				if (variant === 'floor') continue;
				const flow = flows[variant];
				await fresh(emu, 0);
				await inN8n(n8n, emu, flow.workflow.id, flow.countNode);
			}
			for (const latency of LATENCIES) {
				const byVariant = Object.fromEntries(VARIANTS.map((v) => [v, [] as Sample[]])) as Record<Variant, Sample[]>;
				samples[`${fields}|${latency}`] = byVariant;
				for (let rep = 0; rep < REPS; rep++) {
					for (const variant of VARIANTS) {
						await fresh(emu, latency);
						const sample = variant === 'floor' ? await floor(emu) : await inN8n(n8n, emu, flows[variant].workflow.id, flows[variant].countNode);
						byVariant[variant].push({ ms: sample.ms, peakRssBytes: sample.peakRssBytes, maxInFlight: sample.maxInFlight });
						log(`F=${fields} D=${latency} ms rep ${rep + 1}: ${LABELS[variant]}: ${fmtMs(sample.ms)}${sample.peakRssBytes ? `, peak RSS ${(sample.peakRssBytes / 2 ** 20).toFixed(0)} MB` : ''}${sample.maxInFlight ? `, ${sample.maxInFlight} in flight at most` : ''}`);
					}
				}
			}
		}
		if (PROFILE) {
			const fields = Math.max(...FIELD_COUNTS);
			const flows = flowsByFields.get(fields)!;
			for (const variant of ['auto8', 'node8', 'http'] as const) {
				const dir = path.join(__dirname, 'profiles', variant);
				fs.rmSync(dir, { recursive: true, force: true });
				fs.mkdirSync(dir, { recursive: true });
				await fresh(emu, 0);
				const { result } = await inN8n(n8n, emu, flows[variant].workflow.id, flows[variant].countNode, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
				const file = cpuProfiles(dir)[0];
				// only the part of the run after the Code node
				const window = { fromMs: result.window.from - result.spawnedAt, toMs: result.window.to - result.spawnedAt };
				if (file) profiles.push({ variant, file, summary: summarizeProfile(file, window) });
			}
		}
	} finally {
		await emu.stop();
		if (process.env.LP_E2E_KEEP !== '1') fs.rmSync(userFolder, { recursive: true, force: true });
	}
	report(samples, profiles);
}

function report(samples: Record<string, Record<Variant, Sample[]>>, profiles: Array<{ variant: Variant; file: string; summary: string }>): void {
	const med = (list: Sample[] | undefined, pick: (s: Sample) => number | undefined) =>
		median((list ?? []).map(pick).filter((v): v is number => v !== undefined));
	const lines: string[] = [];
	lines.push(`### Real n8n 2.41.1 (\`n8n execute\`, ${ITEMS.toLocaleString('en')} SKU upserts, medians of ${REPS}, ${os.cpus().length} CPUs)`);
	lines.push('');
	const header = ['Fields, D', ...VARIANTS.map((v) => LABELS[v])];
	lines.push(`| ${header.join(' | ')} |`);
	lines.push(`|${header.map(() => '---').join('|')}|`);
	const goals: string[] = [];
	for (const [key, byVariant] of Object.entries(samples)) {
		const [fields, latency] = key.split('|');
		const floorMs = med(byVariant.floor, (s) => s.ms);
		const cells = VARIANTS.map((variant) => {
			const ms = med(byVariant[variant], (s) => s.ms);
			const parts = [fmtMs(ms)];
			if (latency === '0') parts.push(`${(ms / ITEMS).toFixed(2)} ms/item`);
			else if (variant !== 'floor') parts.push(`${(ms / floorMs).toFixed(2)}× floor`);
			const rss = med(byVariant[variant], (s) => s.peakRssBytes);
			if (rss) parts.push(`${(rss / 2 ** 20).toFixed(0)} MB`);
			const inFlight = Math.max(...byVariant[variant].map((s) => s.maxInFlight ?? 0));
			if (inFlight) parts.push(`≤ ${inFlight} in flight`);
			return parts.join(', ');
		});
		lines.push(`| ${fields}, ${latency} ms | ${cells.join(' | ')} |`);
		if (ONLY) continue; // the goals compare all variants
		const auto8 = med(byVariant.auto8, (s) => s.ms);
		const http = med(byVariant.http, (s) => s.ms);
		const loop8 = med(byVariant.loop8, (s) => s.ms);
		const rss = (v: Variant) => med(byVariant[v], (s) => s.peakRssBytes);
		const at = `${fields} fields, ${latency} ms`;
		if (latency === '0') {
			const own = auto8 / ITEMS;
			const httpOwn = http / ITEMS;
			goals.push(`- ${at}, mapped automatically, Concurrency 8: **${own.toFixed(2)} ms/item** (goal ≤ the HTTP Request node's ${httpOwn.toFixed(2)}): ${own <= httpOwn ? 'met' : `missed by ${(own - httpOwn).toFixed(2)} ms/item`}.`);
		} else {
			const r8 = auto8 / floorMs;
			const rLoop = loop8 / floorMs;
			goals.push(`- ${at}, mapped automatically, Concurrency 8: **${r8.toFixed(2)}× the raw client** (goal ≤ Loop Over Items (8)'s ${rLoop.toFixed(2)}×): ${r8 <= rLoop ? 'met' : `missed by ${(r8 - rLoop).toFixed(2)}`}.`);
		}
		const nodeRss = Math.max(rss('auto8'), rss('auto20'));
		goals.push(`- ${at}, peak RSS: mapped automatically ${(rss('auto8') / 2 ** 20).toFixed(0)} / ${(rss('auto20') / 2 ** 20).toFixed(0)} MB vs HTTP Request ${(rss('http') / 2 ** 20).toFixed(0)} MB (goal: no higher): ${nodeRss <= rss('http') ? 'met' : 'missed'}.`);
	}
	lines.push('');
	lines.push(...goals);
	lines.push('');
	lines.push('Reproduce with `npm run bench -- --real` (`--items N`, `--reps N`, `--fields 3,6`, `--latencies 0,20`, `--profile`). Raw numbers: `bench/results-real.json`.');
	for (const profile of profiles) lines.push('', `#### Where one run of ${LABELS[profile.variant]} at 0 ms spends its CPU (self time)`, '', profile.summary);
	const text = lines.join('\n');
	process.stdout.write(`\n${text}\n`);
	fs.writeFileSync(path.join(__dirname, 'results-real.json'), JSON.stringify({ date: new Date().toISOString(), items: ITEMS, reps: REPS, fields: FIELD_COUNTS, samples, profiles: profiles.map((p) => p.file) }, null, 2) + '\n');
	fs.writeFileSync(path.join(__dirname, 'summary-real.md'), `${text}\n`);
}

main().catch((error) => {
	process.stderr.write(`[bench:real] failed: ${(error as Error).stack ?? error}\n`);
	process.exit(1);
});
