import { existsSync, readFileSync, rmSync, statSync } from 'fs';
import { tmpdir } from 'os';
import { dirname, join, relative } from 'path';
import { ROOT, runScript, type ScriptResult } from '../harness/npmScript.cjs';
import { watchDescendants, type Descendant } from '../harness/processTree.cjs';

/**
 * The real-n8n benchmarks' smoke runs: `npm run bench -- --real --smoke` (every variant once, 20 SKUs over the HTTPS
 * link) and `npm run bench -- --real --download --smoke` (a 2 MB Export → Download), so a workflow or parameter
 * gone stale fails here rather than in a user's `npm run bench -- --real`. Each must run to the end, report its
 * figures into a temporary directory and stop every process it started; how fast is not checked.
 */

interface Sample {
	ms: number;
	peakRssBytes?: number;
	requests?: number;
}

interface Smoke {
	run: ScriptResult;
	/** The results file the run says it wrote. */
	written: string;
	results: Record<string, unknown>;
	processes: { seen: Descendant[]; left: Descendant[] };
}

/** The full runs' outputs, which a smoke run must leave as they were. */
const SHIPPED = ['results-real.json', 'summary-real.md', 'results-download.json'].map((file) => join(ROOT, 'bench', file));
const stamp = (file: string) => (existsSync(file) ? statSync(file).mtimeMs : 'absent');

async function smoke(args: string[], resultsFile: string): Promise<Smoke> {
	let watcher: ReturnType<typeof watchDescendants> | undefined;
	// about 1.5 min (--real) and 40 s (--download) on a busy 2-core machine; the limit is for a loaded CI machine
	const run = await runScript('bench', args, 600_000, (child) => (watcher = watchDescendants(child.pid!)));
	const processes = watcher!.stop();
	const written = new RegExp(`wrote (\\S+${resultsFile.replace('.', '\\.')})`).exec(run.stderr)?.[1] ?? '';
	const results = run.code === 0 && written ? (JSON.parse(readFileSync(written, 'utf8')) as Record<string, unknown>) : {};
	if (relative(tmpdir(), written).startsWith('lp-bench-')) rmSync(dirname(written), { recursive: true, force: true });
	return { run, written, results, processes };
}

function expectRanToTheEnd({ run, written }: Smoke) {
	expect({ code: run.code, timedOut: run.timedOut, stderr: run.code === 0 ? '' : run.stderr.slice(-4000) }).toEqual({ code: 0, timedOut: false, stderr: '' });
	expect(relative(tmpdir(), written)).toMatch(/^lp-bench-[a-z]+-smoke-[^/\\]+[/\\]results-[a-z]+\.json$/);
}

function expectNothingLeft({ processes }: Smoke, started: number) {
	// the emulator, the link and n8n (an import and an `n8n execute` per run at least)
	expect(processes.seen.length).toBeGreaterThanOrEqual(started);
	expect(processes.left).toEqual([]);
}

describe('npm run bench -- --real --smoke', () => {
	const before = SHIPPED.map(stamp);
	let real: Smoke;

	beforeAll(async () => {
		real = await smoke(['--real', '--smoke'], 'results-real.json');
	}, 630_000);

	it('runs every variant once over the HTTPS link and reports its time, and n8n its peak memory', () => {
		expectRanToTheEnd(real);
		const samples = real.results.samples as Record<string, Record<string, Sample[]>>;
		expect(Object.keys(samples)).toEqual(['3|https|5']);
		const byVariant = samples['3|https|5'];
		expect(Object.keys(byVariant).sort()).toEqual(['adaptive', 'auto16', 'auto20', 'auto8', 'floor', 'http', 'loop8', 'node8']);
		for (const [variant, [sample, ...more]] of Object.entries(byVariant)) {
			const figures = { variant, more: more.length, ms: sample.ms > 0 && Number.isFinite(sample.ms), requests: sample.requests, rss: variant === 'floor' || (sample.peakRssBytes ?? 0) > 0 };
			expect(figures).toEqual({ variant, more: 0, ms: true, requests: 20, rss: true });
		}
	});

	it('leaves the full run’s results and every process as they were', () => {
		expectNothingLeft(real, 4);
		expect(SHIPPED.map(stamp)).toEqual(before);
	});
});

describe('npm run bench -- --real --download --smoke', () => {
	const before = SHIPPED.map(stamp);
	let download: Smoke;

	beforeAll(async () => {
		download = await smoke(['--real', '--download', '--smoke'], 'results-download.json');
	}, 630_000);

	it('downloads the idle and the 2 MB file whole, and reports n8n’s peak memory for each', () => {
		expectRanToTheEnd(download);
		const samples = download.results.samples as Array<{ fileMb: number; status: string; peakRssMb: number; binarySize: unknown; sentBytes: number }>;
		const bytes = (mb: number) => Math.round(mb * 2 ** 20);
		expect(samples.map(({ fileMb, status, binarySize, sentBytes, peakRssMb }) => ({ fileMb, status, binarySize: Number(binarySize), sentBytes, rss: peakRssMb > 0 }))).toEqual(
			[1, 2].map((fileMb) => ({ fileMb, status: 'success', binarySize: bytes(fileMb), sentBytes: bytes(fileMb), rss: true })),
		);
	});

	it('leaves the full run’s results and every process as they were', () => {
		expectNothingLeft(download, 3);
		expect(SHIPPED.map(stamp)).toEqual(before);
	});
});
