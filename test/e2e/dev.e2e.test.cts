import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join, relative } from 'path';
import { ROOT, startScript } from '../harness/npmScript.cjs';
import { watchDescendants } from '../harness/processTree.cjs';

const { waitFor } = require('./n8n');

/** What a build writes first and the other test files' n8n load: it must not move under them. */
const BUILT_ENTRY = join(ROOT, 'dist', 'nodes', 'LoyaltyPromotions', 'LoyaltyPromotions.node.js');
const TRIGGER_SOURCE = join('nodes', 'LoyaltyPromotions', 'LoyaltyPromotionsTrigger.node.ts');
/** Left out of the copy: what a build or a run makes, and git's own. */
const NOT_COPIED = new Set(['node_modules', 'dist', '.git', '.e2e', 'coverage']);

/**
 * `npm run dev` as docs/development.md gives it: a build, the emulator, n8n 2.41.1 with the package symlinked in,
 * `tsc --watch`, and n8n reloading the package after each compile. It runs in a copy of the package (its own dist/,
 * node_modules linked), since its build empties dist/ under the other test files' n8n running beside this one.
 */
describe('npm run dev', () => {
	let copy: string;

	beforeAll(() => {
		copy = mkdtempSync(join(tmpdir(), 'lp-dev-copy-'));
		cpSync(ROOT, copy, { recursive: true, filter: (source) => !NOT_COPIED.has(relative(ROOT, source).split(/[\\/]/)[0]) });
		symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
	});

	afterAll(() => {
		if (copy) rmSync(copy, { recursive: true, force: true });
	});

	it('prints a banner whose editor serves the nodes, shows a source change after its recompile, and stops every process on Ctrl-C', async () => {
		const builtBefore = existsSync(BUILT_ENTRY) ? statSync(BUILT_ENTRY).mtimeMs : undefined;
		const dev = startScript('dev', [], copy);
		const watcher = watchDescendants(dev.pid!);
		let stdout = '';
		dev.stdout.on('data', (chunk) => (stdout += String(chunk)));
		const exited = new Promise<number | null>((resolve) => dev.once('close', (code) => resolve(code)));
		let ended = false;
		void exited.then(() => (ended = true));
		try {
			await waitFor(() => ended || stdout.includes('Press Ctrl-C to stop n8n and the emulator'), { timeoutMs: 900_000, what: 'the dev banner' });
			expect(ended).toBe(false);
			expect(stdout).toContain('(package symlinked into .n8n/nodes/node_modules)');
			const editor = /│ n8n editor: +(http:\/\/127\.0\.0\.1:\d+)\//.exec(stdout)![1];
			const [, email, password] = /│ login: +(\S+) \/ (\S+)/.exec(stdout)!;
			const login = await fetch(`${editor}/rest/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ emailOrLdapLoginId: email, password }) });
			expect(login.status).toBe(200);
			const cookie = login.headers.get('set-cookie')!.split(';')[0];
			const triggerDescription = async () => {
				const types = (await (await fetch(`${editor}/types/nodes.json`, { headers: { cookie } })).json()) as Array<{ name: string; description: string }>;
				return types.find((type) => type.name === 'n8n-nodes-loyalty-promotions.loyaltyPromotionsTrigger')?.description;
			};
			const before = await triggerDescription();
			expect(before).toMatch(/webhook events$/);

			// an edit to a shipped source, as a developer makes it: tsc recompiles it and n8n reloads the package
			const source = join(copy, TRIGGER_SOURCE);
			const marker = `(edited ${process.pid})`;
			writeFileSync(source, readFileSync(source, 'utf8').replace(before!, `${before} ${marker}`));
			const after = await waitFor(
				async () => {
					const description = await triggerDescription();
					return description?.endsWith(marker) ? description : undefined;
				},
				{ timeoutMs: 180_000, intervalMs: 1000, what: 'the edited description in the editor' },
			);
			expect(after).toBe(`${before} ${marker}`);
			expect(stdout).toMatch(/\[tsc\] .*File change detected/);
		} finally {
			dev.kill('SIGINT');
		}
		expect(await exited).toBe(0);
		expect(stdout).toContain('[demo] stopped');
		expect(watcher.stop().left).toEqual([]);
		const userFolder = /^\[demo\] n8n user folder: (\S+)/m.exec(stdout)?.[1];
		expect(userFolder).toMatch(/lp-demo-/);
		expect(existsSync(userFolder!)).toBe(false);
		// the package's own dist/, which the other test files' n8n load, untouched
		expect(existsSync(BUILT_ENTRY) ? statSync(BUILT_ENTRY).mtimeMs : undefined).toBe(builtBefore);
	}, 1_000_000);
});
