import { existsSync, readFileSync, rmSync, statSync } from 'fs';
import { tmpdir } from 'os';
import { dirname, join, relative } from 'path';
import { ROOT, runScript, type ScriptResult } from '../harness/npmScript.cjs';
import type { Row as BenchRow } from '../../bench/run.cjs';

/**
 * `npm run bench -- --smoke`: every in-process scenario once at a tiny size (bench/lib/settings.cts), so a scenario
 * that no longer runs (a parameter gone stale, an emulator route changed) fails here rather than in a user's
 * `npm run bench`. It checks that each scenario runs and reports its figures, not how fast it was.
 */

/** A result row as JSON carries it: a figure that is not finite is written as null. */
type Row = Omit<BenchRow, 'value'> & { value: number | null };

/** The rows each scenario reports in a smoke run (one SKU size; two limits for 7 and 8, 7 with a per-item run each). */
const ROWS_PER_SCENARIO: Record<number, number> = { 1: 1, 2: 1, 3: 1, 4: 4, 5: 2, 6: 2, 7: 4, 8: 2 };

/** The full run's outputs, which a smoke run must leave as they were. */
const SHIPPED_OUTPUTS = ['bench/results.json', 'bench/summary.md'].map((file) => join(ROOT, file));
const stamp = (file: string) => (existsSync(file) ? statSync(file).mtimeMs : 'absent');

describe('npm run bench -- --smoke', () => {
	let run: ScriptResult;
	let rows: Row[];
	let meta: Record<string, unknown>;
	let resultsFile: string;
	const before = SHIPPED_OUTPUTS.map(stamp);

	beforeAll(async () => {
		// a quiet 2-core machine runs it in about 30 s; the limit is for a loaded CI machine
		run = await runScript('bench', ['--smoke'], 280_000);
		resultsFile = /wrote (\S+results\.json) and/.exec(run.stderr)?.[1] ?? '';
		if (run.code === 0 && resultsFile) ({ rows, meta } = JSON.parse(readFileSync(resultsFile, 'utf8')) as { rows: Row[]; meta: Record<string, unknown> });
	}, 300_000);

	afterAll(() => {
		if (resultsFile && relative(tmpdir(), resultsFile).startsWith('lp-bench-smoke-')) rmSync(dirname(resultsFile), { recursive: true, force: true });
	});

	it('runs to the end and writes its results into a temporary directory, not over bench/results.json', () => {
		expect({ code: run.code, timedOut: run.timedOut, stderr: run.code === 0 ? '' : run.stderr.slice(-4000) }).toEqual({ code: 0, timedOut: false, stderr: '' });
		expect(relative(tmpdir(), resultsFile)).toMatch(/^lp-bench-smoke-[^/\\]+[/\\]results\.json$/);
		expect(existsSync(join(dirname(resultsFile), 'summary.md'))).toBe(true);
		expect(meta.mode).toBe('smoke');
		expect(SHIPPED_OUTPUTS.map(stamp)).toEqual(before);
	});

	it.each(Object.entries(ROWS_PER_SCENARIO))('scenario %s reports its rows, each with finite figures', (scenario, count) => {
		const own = (rows ?? []).filter((row) => row.scenario.startsWith(`${scenario}. `));
		expect(own).toHaveLength(count);
		for (const row of own) {
			const figures = { items: row.items, value: row.value, ...(row.nodeMs === undefined ? {} : { nodeMs: row.nodeMs }), ...(row.floorMs === undefined ? {} : { floorMs: row.floorMs }) };
			const notFinite = Object.entries(figures).filter(([, figure]) => typeof figure !== 'number' || !Number.isFinite(figure));
			expect({ row: row.scenario, notFinite }).toEqual({ row: row.scenario, notFinite: [] });
			expect(row.items).toBeGreaterThan(0);
		}
	});

	it('loses nothing and duplicates nothing under the rate limit, whatever the machine (the rows whose goal is 0)', () => {
		const exact = (rows ?? []).filter((row) => row.goal === '0');
		expect(exact.map((row) => row.metric).sort()).toEqual(['duplicate creates', 'lost items']);
		expect(exact.filter((row) => !row.met)).toEqual([]);
	});
});
