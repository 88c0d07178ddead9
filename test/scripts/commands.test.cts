import { readdirSync, statSync } from 'fs';
import { join } from 'path';
import { createInterface } from 'readline';
import { ROOT, runScript, startScript } from '../harness/npmScript.cjs';

/**
 * The commands the README and docs/ name, run as package.json says (test/harness/npmScript.cts), so none can rot
 * unseen. `docs` and `schemas` run in their check modes: a test never rewrites the repository's files.
 * (`npm run bench` has its own, test/bench/smoke.test.cts and test/e2e/bench.e2e.test.cts; `npm run demo` runs in
 * test/e2e/demo.e2e.test.cts; test/scripts/documented.test.cts checks that every documented command is run somewhere.)
 */

describe('npm run emulator', () => {
	it('starts, answers a request on 127.0.0.1 with the credentials it printed, and stops on SIGTERM', async () => {
		const emulator = startScript('emulator', ['--port', '0']);
		let stderr = '';
		emulator.stderr.on('data', (chunk) => (stderr += String(chunk)));
		const exited = new Promise<number | null>((resolve) => emulator.once('close', (code) => resolve(code)));
		try {
			const firstLine = await new Promise<string>((resolve, reject) => {
				createInterface({ input: emulator.stdout }).once('line', resolve);
				emulator.once('close', (code) => reject(new Error(`the emulator exited (${code}) before printing its address: ${stderr}`)));
			});
			const info = JSON.parse(firstLine) as { baseUrl: string; appId: string; appToken: string };
			expect(info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
			const answer = await fetch(`${info.baseUrl}/v1/customers?limit=1`, { headers: { 'X-App-Id': info.appId, 'X-App-Token': info.appToken } });
			expect(answer.status).toBe(200);
			// fetch builds the answer in Node's own realm, not jest's: Array.isArray, not expect.any(Array)
			const list = (await answer.json()) as { object: string; customers: unknown };
			expect({ object: list.object, customers: Array.isArray(list.customers) && list.customers.length }).toEqual({ object: 'list', customers: 1 });
		} finally {
			emulator.kill('SIGTERM');
		}
		expect(await exited).toBe(0);
		expect(stderr).toContain('stopped (SIGTERM)');
	});
});

/** Each file's modification time, the files of a directory included. */
function stamps(paths: string[]): Record<string, number> {
	const files = paths.flatMap((path) => {
		const at = join(ROOT, path);
		return statSync(at).isDirectory() ? readdirSync(at, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name)) : [at];
	});
	return Object.fromEntries(files.map((file) => [file, statSync(file).mtimeMs]));
}

describe.each([
	['docs', ['--check'], ['README.md', 'docs/operations.md', 'docs/ai.md'], /generated tables up to date/],
	// two operations: test/actions/schemaPreview.test.cts derives and compares every preview in-process
	['schemas', ['--check', '--only', 'customer.get,sku.import'], ['nodes/LoyaltyPromotions/__schema__'], /^2 schema previews in \S+ up to date$/m],
])('npm run %s', (script, args, writes, upToDate) => {
	it(`-- ${args.join(' ')}: runs to the end and finds the committed files up to date, writing nothing`, async () => {
		const before = stamps(writes);
		const run = await runScript(script, args, 170_000);
		expect({ code: run.code, timedOut: run.timedOut, stderr: run.stderr.slice(-4000) }).toEqual({ code: 0, timedOut: false, stderr: '' });
		expect(run.stdout).toMatch(upToDate);
		expect(stamps(writes)).toEqual(before);
	}, 180_000);
});

describe('npm run typecheck', () => {
	it('runs to the end and finds no type error in the nodes, tests, benchmarks and scripts', async () => {
		const run = await runScript('typecheck', [], 470_000);
		expect({ code: run.code, timedOut: run.timedOut, output: (run.stdout + run.stderr).slice(-4000) }).toEqual({ code: 0, timedOut: false, output: '' });
	}, 480_000);
});
