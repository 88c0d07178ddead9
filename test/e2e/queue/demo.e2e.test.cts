import { readdirSync } from 'fs';
import { tmpdir } from 'os';
import { runScript, type ScriptResult } from '../../harness/npmScript.cjs';
import { watchDescendants, type Descendant } from '../../harness/processTree.cjs';

/**
 * `npm run demo -- --queue --headless`, as docs/queue-mode.md gives it, run once: private Redis and PostgreSQL, a
 * main, two workers and a webhook process; one event and one 300-item SKU sync through the queue, each run on a
 * worker; then every process stopped. The global setup has built dist/, so the demo does not build again.
 */
describe('npm run demo -- --queue --headless', () => {
	let run: ScriptResult;
	let processes: { seen: Descendant[]; left: Descendant[] };
	// the demo's temporary folder (n8n's user folders, the logs)
	const folders = () => readdirSync(tmpdir()).filter((name) => /^lp-demo-queue-/.test(name));
	const before = new Set(folders());

	beforeAll(async () => {
		let watcher: ReturnType<typeof watchDescendants> | undefined;
		run = await runScript('demo', ['--queue', '--headless'], 900_000, (child) => (watcher = watchDescendants(child.pid!)));
		processes = watcher!.stop();
	}, 930_000);

	it('runs the event and the SKU sync to success on a worker and exits 0', () => {
		expect({ code: run.code, timedOut: run.timedOut, failed: /\[demo\] FAILED.*/.exec(run.stderr)?.[0] }).toEqual({ code: 0, timedOut: false, failed: undefined });
		expect(run.stdout).toMatch(/^ {2}ok {3}event → Loyalty Events: execution \d+ success on worker [12]$/m);
		expect(run.stdout).toMatch(/^ {2}ok {3}300-item SKU sync \([^)]*\): execution \d+ success on worker [12]$/m);
		expect(run.stdout).not.toMatch(/^ {2}FAIL /m);
	});

	it('stops every process it started (Redis and PostgreSQL too) and removes its folder', () => {
		// the emulator, Redis, PostgreSQL and four n8n processes at least
		expect(processes.seen.length).toBeGreaterThanOrEqual(7);
		expect(processes.left).toEqual([]);
		expect(folders().filter((name) => !before.has(name))).toEqual([]);
	});
});
