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

// As n8n expressions, the way such values reach a node at run time (a plain empty required field is refused
// by n8n itself before the run).
const HOSTILE: Array<[string, string]> = [
	['".."', '..'],
	['"."', '.'],
	['" .. " (spaces around)', '={{ " .. " }}'],
	['an object', '={{ { "id": "x" } }}'],
	['a list', '={{ ["a", "b"] }}'],
];

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
		for (const name of names) {
			const values = name === 'projectId' ? HOSTILE : [['"" from an expression', '={{ "" }}'], ...HOSTILE];
			for (const [label, value] of values) {
				emu.control.clearRequests();
				const result = await runNode({ parameters: { resource, operation, ...valid, [name]: value }, credentials: credentialsFor(emu) });
				const sent = emu.control.requests().filter((request) => request.path !== '/v1/oauth/token');
				expect({ name, label, sent: sent.map((r) => `${r.method} ${r.path}`) }).toEqual({ name, label, sent: [] });
				expect({ name, label, message: result.error?.message }).toEqual({
					name,
					label,
					message: expect.stringMatching(/^[A-Z][^:]*: (is required|must be an ID|must be text|must match)/),
				});
			}
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
