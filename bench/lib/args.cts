/** The bench's command-line arguments: `--name` flags and `--name value` / `--name=value` options. */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

const argv = process.argv.slice(2);

export const flag = (name: string): boolean => argv.includes(`--${name}`);

export const option = (name: string): string | undefined => {
	const i = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
	if (i < 0) return undefined;
	return argv[i].includes('=') ? argv[i].split('=')[1] : argv[i + 1];
};

/** A `--name N` option that must be a positive number (0 too where `zero` allows it); `fallback` when absent. */
export const numberOption = (name: string, fallback: number, zero = false): number => {
	const given = option(name);
	if (given === undefined) return fallback;
	const value = Number(given);
	if (given.trim() === '' || !Number.isFinite(value) || value < 0 || (value === 0 && !zero)) {
		throw new Error(`--${name} must be a ${zero ? 'non-negative' : 'positive'} number (got ${JSON.stringify(given)})`);
	}
	return value;
};

/** A `--name N,N` option of positive numbers; `fallback` when absent. */
export const numbersOption = (name: string, fallback: number[]): number[] => {
	const given = option(name);
	if (given === undefined) return fallback;
	const values = given.split(',').map((part) => Number(part.trim()));
	if (values.some((value) => !Number.isFinite(value) || value <= 0)) throw new Error(`--${name} must be positive numbers separated by commas (got ${JSON.stringify(given)})`);
	return values;
};

/** Every argument as given. */
export const args = argv;

/**
 * Where a run writes its results, asked for when it writes them: `--out`, else for a `--smoke` run a fresh temporary
 * directory named `prefix…` (a smoke run never writes over a full run's results), else `shipped`.
 */
export function outDir(prefix: string, shipped: string): () => string {
	let dir: string | undefined;
	return () => (dir ??= path.resolve(option('out') ?? (flag('smoke') ? fs.mkdtempSync(path.join(os.tmpdir(), prefix)) : shipped)));
}
