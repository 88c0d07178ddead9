import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

/**
 * test/e2e/runtime/seed.js, which seeds a new n8n runtime's node_modules with hard links from the installed runtime
 * sharing the most packages: which runtime it picks, and that nothing written into the new tree reaches the seed's.
 * (The real installs run it in every fresh-clone `.ci/run`; these are the rules on small trees.)
 */
const { chooseSeed, linkSeed, MIN_SHARED } = require('../e2e/runtime/seed.js');

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
