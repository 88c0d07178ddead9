/**
 * `npm run bench -- --real --download` — Export → Download of a large file in a real n8n 2.41.1 (`n8n execute`,
 * one process per run) with N8N_DEFAULT_BINARY_DATA_MODE=filesystem, against a loopback server that answers the
 * export as DONE and streams its CSV file (generated on the fly, with a Content-Length).
 *
 *   npm run bench -- --real --download [--mb 1024] [--idle-mb 1] [--out DIR]
 *   npm run bench -- --real --download --smoke   (a 2 MB file, into a temporary directory)
 *
 * It runs the same workflow twice: once with a file of `--idle-mb` (the idle process: n8n's start-up, the
 * workflow, a download that holds nothing), then with a file of `--mb`; peak RSS is the n8n process's VmHWM.
 * The goal (issue 19.1): the large download's peak RSS at most 100 MB over the idle run's. It also checks that
 * the file arrived whole: the binary data's size as n8n recorded it, and the bytes the server sent.
 *
 * Writes bench/results-download.json (a smoke run: into a temporary directory, or --out) and prints a summary.
 */
import './lib/preferTs.cjs';
import { flag, option, outDir } from './lib/args.cjs';
import * as fs from 'fs';
import * as http from 'http';
import * as os from 'os';
import * as path from 'path';
import { LATEST_VERSION } from '../nodes/LoyaltyPromotions/actions/versions';
import { nodeParameters } from './lib/parameters.cjs';
import { createN8n, execute } from './lib/realN8n.cjs';

const ROOT = path.resolve(__dirname, '..');
const { CREDENTIAL_IDS } = require('../test/e2e/examples');
const { globalSetupBuild } = require('./lib/build.cjs');

const MB = 1024 * 1024;
/** `--smoke`: a 2 MB file, into a temporary directory (test/e2e/bench.e2e.test.cts). */
const SMOKE = flag('smoke');
const FILE_MB = Number(option('mb') ?? (SMOKE ? 2 : 1024));
const OUT_DIR = outDir('lp-bench-download-smoke-', __dirname);
const IDLE_MB = Number(option('idle-mb') ?? 1);
const GOAL_MB = 100;
const EXPORT_ID = 'exp_bench_download';
const APP_ID = 'bench-app-id';
const APP_TOKEN = 'bench-app-token';

function log(message: string): void {
	process.stderr.write(`[bench:download] ${message}\n`);
}

/** One CSV line of about 100 bytes; the file is these repeated, the last one cut to the exact size. */
function csvChunk(bytes: number): Buffer {
	const line = 'cust_0000000000000000,source-0000000000,Bench Customer With A Long Name,bench@example.com,2024-01-31\n';
	return Buffer.from(line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes));
}

/** The loopback service: the export (DONE, naming its file) and the file, streamed with backpressure. */
function startServer(): Promise<{ baseUrl: string; sizeBytes: { value: number }; sent: { value: number }; close(): Promise<void> }> {
	const sizeBytes = { value: 0 };
	const sent = { value: 0 };
	const chunk = csvChunk(256 * 1024);
	const server = http.createServer((req, res) => {
		const base = `http://${req.headers.host}`;
		if (req.headers['x-app-token'] !== undefined && req.headers['x-app-token'] !== APP_TOKEN) {
			res.writeHead(401, { 'content-type': 'application/json' }).end('{"code":401,"message":"Unauthorized"}');
			return;
		}
		if (req.url?.startsWith(`/v1/exports/${EXPORT_ID}`)) {
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ id: EXPORT_ID, object: 'export', status: 'DONE', exported_object: 'customer', result: { url: `${base}/files/${EXPORT_ID}.csv?token=t` } }));
			return;
		}
		if (req.url?.startsWith('/files/')) {
			const total = sizeBytes.value;
			res.writeHead(200, { 'content-type': 'text/csv', 'content-length': String(total) });
			let left = total;
			const pump = () => {
				while (left > 0) {
					const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
					left -= piece.length;
					sent.value += piece.length;
					if (!res.write(piece)) {
						res.once('drain', pump);
						return;
					}
				}
				res.end();
			};
			pump();
			return;
		}
		res.writeHead(404, { 'content-type': 'application/json' }).end('{"code":404,"message":"Not found"}');
	});
	return new Promise((resolve) => {
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as { port: number };
			resolve({ baseUrl: `http://127.0.0.1:${port}`, sizeBytes, sent, close: () => new Promise<void>((done) => server.close(() => done())) });
		});
	});
}

function downloadWorkflow(id: string, maxFileMb: number) {
	return {
		id,
		name: 'bench: Export → Download',
		active: false,
		settings: { executionOrder: 'v1', saveManualExecutions: false },
		nodes: [
			{ id: `${id}-t`, name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{
				id: `${id}-n`,
				name: 'Download',
				type: 'n8n-nodes-loyalty-promotions.loyaltyPromotions',
				typeVersion: LATEST_VERSION,
				position: [200, 0],
				parameters: nodeParameters('export.download', { exportId: EXPORT_ID, maxFileMb, options: {} }),
				credentials: { loyaltyPromotionsAppApi: { id: CREDENTIAL_IDS.app, name: 'Loyalty Promotions App Keys (bench)' } },
			},
		],
		connections: { Start: { main: [[{ node: 'Download', type: 'main', index: 0 }]] } },
	};
}

interface Sample {
	fileMb: number;
	peakRssMb: number;
	ms: number;
	status: string;
	error?: string;
	binarySize?: unknown;
	sentBytes: number;
}

async function main(): Promise<void> {
	globalSetupBuild();
	const server = await startServer();
	const userFolder = path.join(ROOT, '.e2e', `bench-download-${process.pid}`);
	log(`loopback service ${server.baseUrl}; n8n user folder ${userFolder}`);
	const samples: Sample[] = [];
	try {
		const n8n = await createN8n(userFolder, ROOT, { N8N_DEFAULT_BINARY_DATA_MODE: 'filesystem' });
		await n8n.importCredentials([
			{ id: CREDENTIAL_IDS.app, name: 'Loyalty Promotions App Keys (bench)', type: 'loyaltyPromotionsAppApi', data: { appId: APP_ID, appToken: APP_TOKEN, cluster: 'custom', baseUrl: server.baseUrl } },
		]);
		const id = 'benchDownload001';
		await n8n.importWorkflow([downloadWorkflow(id, Math.ceil(FILE_MB * 1.1))]);
		for (const fileMb of [IDLE_MB, FILE_MB]) {
			server.sizeBytes.value = Math.round(fileMb * MB);
			server.sent.value = 0;
			log(`downloading ${fileMb} MB`);
			const result = await execute(n8n, id, { startAfter: 'Start', countNode: 'Download', timeoutMs: 3_600_000 });
			const binary = result.runData.Download?.[0]?.data?.main?.[0]?.[0] as { binary?: { data?: { fileSize?: unknown; bytes?: unknown } } } | undefined;
			const sample: Sample = {
				fileMb,
				peakRssMb: result.peakRssBytes / MB,
				ms: result.ms,
				status: result.status,
				error: result.error,
				binarySize: binary?.binary?.data?.bytes ?? binary?.binary?.data?.fileSize,
				sentBytes: server.sent.value,
			};
			samples.push(sample);
			log(`${fileMb} MB: ${sample.status}${sample.error ? ` (${sample.error})` : ''} in ${Math.round(sample.ms)} ms, peak RSS ${sample.peakRssMb.toFixed(0)} MB, binary ${String(sample.binarySize)}`);
		}
	} finally {
		await server.close();
		if (process.env.LP_E2E_KEEP !== '1') fs.rmSync(userFolder, { recursive: true, force: true });
	}
	const [idle, large] = samples;
	const over = large.peakRssMb - idle.peakRssMb;
	const whole = large.status === 'success' && large.sentBytes === Math.round(FILE_MB * MB);
	const text = [
		`### Export → Download of ${FILE_MB} MB in real n8n 2.41.1 (N8N_DEFAULT_BINARY_DATA_MODE=filesystem, ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)})`,
		'',
		`- Idle run (${IDLE_MB} MB file): peak RSS ${idle.peakRssMb.toFixed(0)} MB.`,
		`- ${FILE_MB} MB file: ${large.status}${large.error ? ` (${large.error})` : ''} in ${(large.ms / 1000).toFixed(1)} s, peak RSS ${large.peakRssMb.toFixed(0)} MB, n8n's binary data size ${String(large.binarySize)}, ${large.sentBytes.toLocaleString('en')} bytes sent.`,
		`- **Over the idle run: ${over.toFixed(0)} MB** (goal ≤ ${GOAL_MB} MB): ${whole && over <= GOAL_MB ? 'met' : 'missed'}.`,
	].join('\n');
	process.stdout.write(`\n${text}\n`);
	fs.mkdirSync(OUT_DIR(), { recursive: true });
	fs.writeFileSync(path.join(OUT_DIR(), 'results-download.json'), JSON.stringify({ date: new Date().toISOString(), fileMb: FILE_MB, idleMb: IDLE_MB, samples, overIdleMb: over }, null, 2) + '\n');
	log(`wrote ${path.join(OUT_DIR(), 'results-download.json')}`);
	if (!whole) process.exitCode = 1;
}

main().catch((error) => {
	process.stderr.write(`[bench:download] failed: ${(error as Error).stack ?? error}\n`);
	process.exit(1);
});
