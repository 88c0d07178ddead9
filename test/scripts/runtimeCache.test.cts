import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

/**
 * What the real-n8n suites keep per runtime, on small trees (the real installs and user folders use them in every
 * fresh-clone `.ci/run`): test/e2e/runtime/seed.js, which seeds a new runtime's node_modules with hard links from the
 * installed runtime sharing the most packages (which runtime it picks; nothing written into the new tree reaches the
 * seed's), test/e2e/dbTemplate.js, the migrated database a new n8n user folder starts from, and ensure-runtime's
 * installStep, which repeats an `npm install` that failed on the network.
 */
const { chooseSeed, linkSeed, MIN_SHARED } = require('../e2e/runtime/seed.js');
const { ensureTemplate, seedDatabase } = require('../e2e/dbTemplate.js');
const { installStep, StepError } = require('../e2e/runtime/ensure-runtime.js');

const MARKER = '.runtime-ready.json';
let root: string;

/** A runtime folder: its lockfile of `packages` (name → integrity) and a node_modules holding one file each. */
function runtime(hash: string, packages: Record<string, string>, { ready = true, locked = false } = {}): string {
	const dir = join(root, `runtime-${hash}`);
	mkdirSync(join(dir, 'node_modules'), { recursive: true });
	const entries: Record<string, unknown> = { '': { name: 'runtime' } };
	for (const [name, integrity] of Object.entries(packages)) {
		entries[`node_modules/${name}`] = { version: '1.0.0', integrity };
		mkdirSync(join(dir, 'node_modules', name), { recursive: true });
		writeFileSync(join(dir, 'node_modules', name, 'index.js'), `module.exports = ${JSON.stringify(integrity)};\n`);
	}
	writeFileSync(join(dir, 'package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages: entries }));
	writeFileSync(join(dir, 'node_modules', '.package-lock.json'), JSON.stringify({ packages: entries }));
	if (ready) writeFileSync(join(dir, MARKER), '{}');
	if (locked) mkdirSync(`${dir}.lock`);
	return dir;
}

/** A new runtime's folder with only its lockfile, as ensure-runtime writes it before installing. */
function wanted(hash: string, packages: Record<string, string>): string {
	const dir = runtime(hash, packages, { ready: false });
	rmSync(join(dir, 'node_modules'), { recursive: true, force: true });
	return dir;
}

const many = (prefix: string, n: number, tag = 'a') => Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, `sha512-${prefix}${i}-${tag}`]));

beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), 'lp-seed-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('chooseSeed', () => {
	it('picks the ready runtime sharing the most packages at the same path and integrity', () => {
		const near = runtime('aaaaaaaaaaaa', { ...many('p', 8), ...many('q', 2, 'other') });
		runtime('bbbbbbbbbbbb', many('p', 5));
		const dir = wanted('cccccccccccc', { ...many('p', 8), ...many('q', 2) });
		expect(chooseSeed(dir, { marker: MARKER })).toEqual({ dir: near, shared: 8, total: 10 });
	});

	it('skips a runtime not ready, one being installed, and one sharing less than the minimum', () => {
		runtime('aaaaaaaaaaaa', many('p', 10), { ready: false });
		runtime('bbbbbbbbbbbb', many('p', 10), { locked: true });
		const below = Math.ceil(MIN_SHARED * 10) - 1;
		runtime('dddddddddddd', many('p', below));
		const dir = wanted('cccccccccccc', many('p', 10));
		expect(chooseSeed(dir, { marker: MARKER })).toBeNull();
	});
});

describe('linkSeed', () => {
	it("links the seed's files, copies its hidden lockfile, and leaves the seed unchanged when npm rewrites that file", () => {
		const seed = runtime('aaaaaaaaaaaa', many('p', 3));
		const dir = wanted('cccccccccccc', many('p', 3));
		const seedLock = readFileSync(join(seed, 'node_modules', '.package-lock.json'), 'utf8');
		expect(linkSeed(seed, dir)).toBe(true);
		const file = (d: string) => statSync(join(d, 'node_modules', 'p0', 'index.js'));
		expect({ sameFile: file(dir).ino === file(seed).ino, links: file(seed).nlink }).toEqual({ sameFile: true, links: 2 });
		const hidden = (d: string) => join(d, 'node_modules', '.package-lock.json');
		expect(statSync(hidden(dir)).ino).not.toBe(statSync(hidden(seed)).ino);
		writeFileSync(hidden(dir), '{"rewritten":true}');
		expect(readFileSync(hidden(seed), 'utf8')).toBe(seedLock);
	});

	it('leaves no tree behind when the seed cannot be linked', () => {
		const dir = wanted('cccccccccccc', many('p', 3));
		expect(linkSeed(join(root, 'runtime-missing00000'), dir)).toBe(false);
		expect(() => statSync(join(dir, 'node_modules'))).toThrow();
	});
});

describe('dbTemplate', () => {
	/** Stands in for `n8n list:workflow`: writes the database files n8n leaves in a user folder, and counts its runs. */
	const migrations = () => {
		const runs: string[] = [];
		const migrate = async (folder: string) => {
			runs.push(folder);
			mkdirSync(join(folder, '.n8n'), { recursive: true });
			writeFileSync(join(folder, '.n8n', 'database.sqlite'), `schema of run ${runs.length}`);
			writeFileSync(join(folder, '.n8n', 'database.sqlite-wal'), `log of run ${runs.length}`);
		};
		return { runs, migrate };
	};

	it('migrates once per runtime, removes its scratch folder, and gives each new user folder a copy', async () => {
		const runtime = { dir: join(root, 'runtime-aaaaaaaaaaaa') };
		mkdirSync(runtime.dir);
		const { runs, migrate } = migrations();
		await Promise.all([ensureTemplate(runtime, migrate), ensureTemplate(runtime, migrate)]);
		await ensureTemplate(runtime, migrate);
		expect(runs.length).toBeLessThanOrEqual(2);
		expect(runs.map((folder) => statSync(folder, { throwIfNoEntry: false }))).toEqual(runs.map(() => undefined));
		const folders = ['one', 'two'].map((name) => join(root, name));
		expect(folders.map((folder) => seedDatabase(runtime, folder))).toEqual([true, true]);
		writeFileSync(join(folders[0], '.n8n', 'database.sqlite'), 'written by one');
		const read = (folder: string, name: string) => readFileSync(join(folder, '.n8n', name), 'utf8');
		expect([read(folders[1], 'database.sqlite'), read(folders[1], 'database.sqlite-wal')]).toEqual([expect.stringMatching(/^schema of run [12]$/), expect.stringMatching(/^log of run [12]$/)]);
	});

	it('leaves a folder that has a database as it is', async () => {
		const runtime = { dir: join(root, 'runtime-aaaaaaaaaaaa') };
		mkdirSync(runtime.dir);
		await ensureTemplate(runtime, migrations().migrate);
		const kept = join(root, 'kept');
		mkdirSync(join(kept, '.n8n'), { recursive: true });
		writeFileSync(join(kept, '.n8n', 'database.sqlite'), 'a kept demo');
		expect(seedDatabase(runtime, kept)).toBe(false);
		expect(readFileSync(join(kept, '.n8n', 'database.sqlite'), 'utf8')).toBe('a kept demo');
	});

	it('fails, keeping no template, when the command made no database', async () => {
		const runtime = { dir: join(root, 'runtime-aaaaaaaaaaaa') };
		mkdirSync(runtime.dir);
		await expect(ensureTemplate(runtime, async () => undefined)).rejects.toThrow(/made no database.sqlite/);
		expect(readdirSync(runtime.dir)).toEqual([]);
	});
});

describe('installStep (npm install, again after a network failure)', () => {
	/** An attempt that appends `outputs[n]` to the log, failing as a step does unless the output is 'ok'. */
	function attempts(log: string, outputs: string[]) {
		let n = 0;
		const attempt = jest.fn(async () => {
			const output = outputs[n++];
			writeFileSync(log, `${readFileSync(log, 'utf8')}${output}\n`);
			if (output !== 'ok') throw new StepError('npm install', 'exit code 1', log);
			return 7;
		});
		return attempt;
	}
	let stderr: jest.SpyInstance;
	beforeEach(() => (stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true)));
	afterEach(() => stderr.mockRestore());

	const reset = 'npm error code ECONNRESET\nnpm error network Invalid response body while trying to fetch https://registry.npmjs.org/x';

	it('tries again after a connection reset, and resolves once an attempt succeeds', async () => {
		const log = join(root, 'install.log');
		writeFileSync(log, '');
		const attempt = attempts(log, [reset, 'npm error code ETIMEDOUT', 'ok']);
		await expect(installStep(attempt, log)).resolves.toBeGreaterThanOrEqual(7);
		expect(attempt).toHaveBeenCalledTimes(3);
		expect(String(stderr.mock.calls.map((c) => c[0]).join(''))).toContain('failed on the network (attempt 2 of 3)');
	});

	it('throws at once on a failure that is not the network, even after an earlier network error in the log', async () => {
		const log = join(root, 'install.log');
		writeFileSync(log, `${reset}\n`); // an earlier install's lines: only this attempt's own count
		const attempt = attempts(log, ['npm error code ETARGET\nnpm error notarget No matching version found']);
		await expect(installStep(attempt, log)).rejects.toThrow('exit code 1');
		expect(attempt).toHaveBeenCalledTimes(1);
	});

	it('gives up after its attempts, throwing the last failure', async () => {
		const log = join(root, 'install.log');
		writeFileSync(log, '');
		const attempt = attempts(log, [reset, reset, reset, 'ok']);
		await expect(installStep(attempt, log)).rejects.toBeInstanceOf(StepError);
		expect(attempt).toHaveBeenCalledTimes(3);
	});
});

