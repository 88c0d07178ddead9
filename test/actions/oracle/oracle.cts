import { startEmulator, type RunningEmulator } from '../../emulator/index.cjs';
import { minimalParameters, OPERATIONS } from '../minimal.cjs';
import { oracleCases } from './cases.cjs';
import { KNOWN_MISMATCHES, NOT_COMPARED, REFUSED } from './known.cjs';
import { comparable, differences, WAYS, waysFor, type SentRequest, type WayName } from './ways.cjs';

/**
 * The differential oracle: every case of every operation (cases.cts) run every way that applies (ways.cts), each
 * way's requests compared with typed version 3's. Compared: the first request (method, path, query, body) and
 * every request that writes (not GET), in order; reads that follow (polling an import, paging) depend on timing.
 * The cases are split across a few test files (`shard` of `shards`) so that jest runs them in parallel.
 */

const isTokenPurchase = (key: string, request: SentRequest) => !key.startsWith('oAuthToken.') && request.path === '/v1/oauth/token';

/** What a way's requests are compared by. */
function compared(requests: SentRequest[]): { first?: SentRequest; writes: SentRequest[] } {
	return { first: requests[0], writes: requests.filter((request) => request.method !== 'GET') };
}

export function defineOracle(shard: number, shards: number): void {
	const cases = oracleCases().filter((_, index) => index % shards === shard);
	let emu: RunningEmulator;

	// the catalogue-wide checks run once, in the first file
	if (shard === 0) {
		it('lists its exceptions (known mismatches, refused cases, ways not compared), each with its reason', () => {
			const lines = [KNOWN_MISMATCHES, REFUSED, NOT_COMPARED].flatMap((list) => Object.entries(list).map(([what, why]) => `${what}: ${why}`));
			console.log(`The oracle's exceptions:\n${lines.join('\n')}`);
			const names = new Set(oracleCases().flatMap(({ name, key }) => [name, key]));
			// every exception names a case the oracle runs (and a way, for mismatches and ways not compared)
			for (const what of [...Object.keys(KNOWN_MISMATCHES), ...Object.keys(NOT_COMPARED)]) {
				const way = WAYS.find((candidate) => what.endsWith(` ${candidate}`));
				expect({ what, known: way !== undefined && names.has(what.slice(0, -way.length - 1)) }).toEqual({ what, known: true });
			}
			for (const what of Object.keys(REFUSED)) expect({ what, known: names.has(what) }).toEqual({ what, known: true });
		});

		it('has a case for every operation of the catalogue', () => {
			expect(new Set(oracleCases().map(({ key }) => key))).toEqual(new Set(OPERATIONS.map(({ key }) => key)));
			expect(OPERATIONS.length).toBeGreaterThanOrEqual(297);
		});
	}

	beforeAll(async () => {
		emu = await startEmulator({ port: 0, quiet: true, asyncActionBaseMs: 0, exportDelayMs: 0 });
	});
	afterAll(async () => {
		await emu.stop();
	});

	it.each(cases)('$name: every way sends what typed version 3 sends', async ({ name, key, make }) => {
		const testCase = make(await minimalParameters(key, emu));
		const sent = new Map<WayName, { requests: SentRequest[]; error?: string }>();
		for (const way of waysFor(testCase, emu)) {
			if (!way.run || NOT_COMPARED[`${key} ${way.name}`] || NOT_COMPARED[`${name} ${way.name}`]) continue;
			emu.control.clearRequests();
			const { error } = await way.run();
			const requests = emu.control.requests().map(comparable).filter((request) => !isTokenPurchase(key, request));
			sent.set(way.name, { requests, error });
		}
		const reference = sent.get('typed v3')!;
		const refused = REFUSED[name];
		if (refused) {
			// refused by design: no way may send anything
			expect({ case: name, way: 'typed v3', sent: reference.requests.length }).toEqual({ case: name, way: 'typed v3', sent: 0 });
		} else {
			// a case whose typed values the operation refuses proves nothing: its values must be fixed (cases.cts)
			expect({ case: name, way: 'typed v3', sent: reference.requests.length > 0 ? 'something' : `nothing (${reference.error})` }).toEqual({ case: name, way: 'typed v3', sent: 'something' });
		}
		const expected = compared(reference.requests);
		const report: string[] = [];
		for (const [way, { requests, error }] of sent) {
			if (way === 'typed v3') continue;
			let found: string[];
			if (refused) found = requests.length > 0 ? [`sent ${requests[0].method} ${requests[0].path}, though the case is refused (${refused})`] : [];
			else found = requests.length === 0 ? [`sent nothing (${error})`] : differences(expected, compared(requests));
			const known = KNOWN_MISMATCHES[`${name} ${way}`] ?? KNOWN_MISMATCHES[`${key} ${way}`];
			if (known) {
				// a known mismatch that is gone must leave the list, so the list only ever shrinks
				if (found.length === 0) report.push(`${name}: typed v3 and ${way} now agree: remove it from KNOWN_MISMATCHES ("${known}")`);
				continue;
			}
			if (found.length > 0) report.push(`${name}: typed v3 and ${way} differ:\n    ${found.slice(0, 8).join('\n    ')}`);
		}
		expect(report.join('\n')).toBe('');
	}, 120_000);
}
