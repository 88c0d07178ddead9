import { existsSync } from 'fs';
import { runScript, startScript, type ScriptResult } from '../harness/npmScript.cjs';
import { watchDescendants, type Descendant } from '../harness/processTree.cjs';

const { loadExamples } = require('./examples');
const { waitFor } = require('./n8n');

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
		// the emulator, and n8n: its import, and the kept process that runs every example (executeServer.js)
		const started = (pattern: RegExp) => processes.seen.filter((p) => pattern.test(p.command)).length;
		expect({ emulator: started(/emulator[\\/]cli\.cts/) > 0, n8n: started(/n8n/) > 0, runsExamples: started(/executeServer\.js/) > 0 }).toEqual({ emulator: true, n8n: true, runsExamples: true });
		expect(processes.left).toEqual([]);
		const userFolder = /^\[demo\] n8n user folder: (\S+)/m.exec(run.stdout)?.[1];
		expect(userFolder).toMatch(/lp-demo-/);
		expect(existsSync(userFolder!)).toBe(false);
	});
});

/**
 * `npm run demo` as the README's first command: n8n running with the examples, the login the banner prints, the
 * Loyalty Events example run by an event the emulator emits (the banner's curl), and Ctrl-C stopping everything.
 */
describe('npm run demo', () => {
	it('prints a banner whose editor, login and event work, and stops every process on Ctrl-C', async () => {
		const demo = startScript('demo');
		const watcher = watchDescendants(demo.pid!);
		let stdout = '';
		demo.stdout.on('data', (chunk) => (stdout += String(chunk)));
		const exited = new Promise<number | null>((resolve) => demo.once('close', (code) => resolve(code)));
		let ended = false;
		void exited.then(() => (ended = true));
		try {
			await waitFor(() => ended || stdout.includes('Press Ctrl-C to stop n8n and the emulator'), { timeoutMs: 900_000, what: 'the demo banner' });
			expect(ended).toBe(false);
			const editor = /│ n8n editor: +(http:\/\/127\.0\.0\.1:\d+)\//.exec(stdout)![1];
			const [, email, password] = /│ login: +(\S+) \/ (\S+)/.exec(stdout)!;
			const emulator = /│ emulator: +(http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)![1];
			const event = /-d '(\{"type":"[^']+"\})'/.exec(stdout)![1];
			expect((await fetch(`${editor}/`)).status).toBe(200);
			const login = await fetch(`${editor}/rest/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ emailOrLdapLoginId: email, password }) });
			expect(login.status).toBe(200);
			const cookie = login.headers.get('set-cookie')!.split(';')[0];
			expect((await fetch(`${emulator}/_emulator/emit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: event })).ok).toBe(true);
			const executions = async () => {
				const answer = (await (await fetch(`${editor}/rest/executions`, { headers: { cookie } })).json()) as { data: { results: Array<{ status: string; mode: string }> } };
				return answer.data.results.filter((execution) => execution.mode === 'webhook' && ['success', 'error', 'crashed'].includes(execution.status));
			};
			const finished = await waitFor(
				async () => {
					const list = await executions();
					return list.length ? list : undefined;
				},
				{ timeoutMs: 120_000, what: 'an execution of the event' },
			);
			expect(finished.map((execution: { status: string }) => execution.status)).toEqual(['success']);
		} finally {
			demo.kill('SIGINT');
		}
		expect(await exited).toBe(0);
		expect(stdout).toContain('[demo] stopped');
		expect(watcher.stop().left).toEqual([]);
		const userFolder = /^\[demo\] n8n user folder: (\S+)/m.exec(stdout)?.[1];
		expect(existsSync(userFolder!)).toBe(false);
	}, 1_000_000);
});
