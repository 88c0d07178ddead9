import { existsSync } from 'fs';
import { runScript, type ScriptResult } from '../harness/npmScript.cjs';
import { watchDescendants, type Descendant } from '../harness/processTree.cjs';

const { loadExamples } = require('./examples');

/**
 * `npm run demo -- --headless`, as the README and docs/development.md give it, run once: the emulator and a real
 * n8n with the package, every example executed. The global setup has built dist/, so the demo does not build
 * again (a build would empty dist/ under the other test file running beside this one).
 */
describe('npm run demo -- --headless', () => {
	let run: ScriptResult;
	let processes: { seen: Descendant[]; left: Descendant[] };

	beforeAll(async () => {
		let watcher: ReturnType<typeof watchDescendants> | undefined;
		// about 2.5 min on a busy 2-core machine; the limit is for a loaded CI machine
		run = await runScript('demo', ['--headless'], 900_000, (child) => (watcher = watchDescendants(child.pid!)));
		processes = watcher!.stop();
	}, 930_000);

	it('runs every example workflow to success and exits 0', () => {
		expect({ code: run.code, timedOut: run.timedOut, failed: /\[demo\] FAILED.*/.exec(run.stderr)?.[0] }).toEqual({ code: 0, timedOut: false, failed: undefined });
		const examples = (loadExamples() as Array<{ file: string }>).map((example) => example.file);
		const succeeded = [...run.stdout.matchAll(/^\[demo\] {3}ok {3}(\S+\.json) /gm)].map((match) => match[1]);
		expect(succeeded).toEqual(examples);
		expect(run.stdout).toContain(`\n${examples.length} of ${examples.length} example workflows succeeded\n`);
		expect(run.stdout).toContain('dist/ is up to date with the sources: no build');
	});

	it('stops every process it started and removes its n8n user folder', () => {
		// the emulator, and n8n: an import and an `n8n execute` per example at least
		expect(processes.seen.length).toBeGreaterThan(loadExamples().length);
		expect(processes.left).toEqual([]);
		const userFolder = /^\[demo\] n8n user folder: (\S+)/m.exec(run.stdout)?.[1];
		expect(userFolder).toMatch(/lp-demo-/);
		expect(existsSync(userFolder!)).toBe(false);
	});
});
