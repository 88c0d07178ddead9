import type { IDataObject } from 'n8n-workflow';
import { FIXTURES, startEmulator, type RunningEmulator } from '../emulator/index.cjs';
import { credentialsFor } from '../harness/emulatorCredentials.cjs';
import { runNode } from '../harness/runWorkflow.cjs';
import { minimalParameters, OPERATIONS } from './minimal.cjs';

/**
 * Every ID that goes into a request path is one segment. An ID that is empty, "." or ".." (URL parsers collapse
 * them, even encoded, sending the request to the parent resource) or that an expression turned into an object or
 * a list is refused with an error naming the field, and nothing is sent. Which parameters reach the path is
 * found by running each operation with valid parameters first, so a new operation is covered as soon as it has
 * an entry in minimal.cts.
 */

let emu: RunningEmulator;

beforeAll(async () => {
	emu = await startEmulator({ port: 0, quiet: true });
});
afterAll(() => emu.stop());

/** Typed as is: a plain empty required field is refused by n8n itself before the run. */
const TYPED: Array<[string, string]> = [
	['".."', '..'],
	['"."', '.'],
];

/** From an expression, the way such values reach a node at run time: each from an input item (`$json.hostile`). */
const FROM_EXPRESSIONS: Array<[string, unknown]> = [
	['".." from an expression', '..'],
	['"." from an expression', '.'],
	['" .. " (spaces around)', ' .. '],
	['an object', { id: 'x' }],
	['a list', ['a', 'b']],
];

/** The error an ID refused for its path starts with. */
const REFUSED_ID = /^[A-Z][^:]*: (is required|must be an ID|must be text|must match)/;

/** The top-level string parameters whose value is a whole segment of the path the operation sent. */
function pathParameters(parameters: Record<string, unknown>, sentPath: string): string[] {
	const segments = sentPath.split('/').map((segment) => decodeURIComponent(segment));
	return Object.entries(parameters)
		.filter(([, value]) => typeof value === 'string' && value !== '' && segments.includes(value))
		.map(([name]) => name);
}

const cases = OPERATIONS.map(({ key, resource, operation }) => ({ key, resource: resource.value, operation: operation.value, endpoint: operation.endpoint }));

describe.each(cases)('$key', ({ key, resource, operation, endpoint }) => {
	it('refuses an empty, ".", ".." or non-text ID in its path, naming the field, with nothing sent', async () => {
		const valid = await minimalParameters(key, emu);
		// the management operations' project comes from the credential unless the node names one
		if (endpoint.includes('{projectId}') && valid.projectId === undefined) valid.projectId = FIXTURES.projectId;
		emu.control.clearRequests();
		const ok = await runNode({ parameters: { resource, operation, ...valid }, credentials: credentialsFor(emu) });
		expect(ok.error).toBeUndefined();
		const first = emu.control.requests().find((request) => key === 'oAuthToken.create' || request.path !== '/v1/oauth/token')!;
		const names = pathParameters(valid, first.path);
		// every {placeholder} of the path the operation took is filled from a parameter tested below
		const alternative = endpoint.split(' then ')[0].split(' or ').find((a) => a.split(' ')[1].split('/').length === first.path.split('/').length)!;
		expect(names).toHaveLength((alternative.match(/\{[^}]+\}/g) ?? []).length);
		// A batch operation's items go as one job, read from the first item: one run per value there.
		const oneRunPerValue = OPERATIONS.find((entry) => entry.key === key)!.operation.batch !== undefined;
		const expectRefused = async (name: string, runs: Array<{ labels: string[]; value: unknown; input?: IDataObject[] }>) => {
			for (const { labels, value, input } of runs) {
				emu.control.clearRequests();
				const result = await runNode({ parameters: { resource, operation, ...valid, [name]: value }, credentials: credentialsFor(emu), input, continueOnFail: input !== undefined });
				const sent = emu.control.requests().filter((request) => request.path !== '/v1/oauth/token');
				expect({ name, labels, sent: sent.map((r) => `${r.method} ${r.path}`) }).toEqual({ name, labels, sent: [] });
				const messages = input ? result.items.map((item) => item.json.error) : [result.error?.message];
				expect({ name, labels, messages }).toEqual({ name, labels, messages: labels.map(() => expect.stringMatching(REFUSED_ID)) });
			}
		};
		for (const name of names) {
			const fromExpressions: Array<[string, unknown]> = name === 'projectId' ? FROM_EXPRESSIONS : [['"" from an expression', ''], ...FROM_EXPRESSIONS];
			const typed = TYPED.map(([label, value]) => ({ labels: [label], value }));
			// Every value from an expression as one input item each, under Continue On Fail: each item must fail alone.
			const expressions = oneRunPerValue
				? fromExpressions.map(([label, hostile]) => ({ labels: [label], value: '={{ $json.hostile }}', input: [{ hostile } as IDataObject] }))
				: [{ labels: fromExpressions.map(([label]) => label), value: '={{ $json.hostile }}', input: fromExpressions.map(([, hostile]) => ({ hostile }) as IDataObject) }];
			await expectRefused(name, [...typed, ...expressions]);
		}
	});
});

describe('the transport path builder', () => {
	it('encodes each value as one segment and refuses one that would leave it', () => {
		const { path } = jest.requireActual('../../nodes/LoyaltyPromotions/transport/request');
		expect(path`/v1/products/${'a/b c'}/skus/${' x '}`).toBe('/v1/products/a%2Fb%20c/skus/x');
		for (const bad of ['..', '.', ' .. ', '', { id: 1 }, ['a'], undefined, null]) {
			expect(() => path`/v1/products/${bad}/skus`).toThrow(/Refused to build a request path/);
		}
	});
});
