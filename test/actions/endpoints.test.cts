import { startEmulator, type RunningEmulator } from '../emulator/index.cjs';
import { credentialsFor } from '../harness/emulatorCredentials.cjs';
import { runNode } from '../harness/runWorkflow.cjs';
import { MINIMAL, minimalParameters, OPERATIONS } from './minimal.cjs';

/** Every operation's documented endpoint (docs/operations.md's table) is the request it really sends. */

/**
 * 'GET /v1/x/{id}' → a RegExp matching the method and path, any value in place of {…}. Alternatives are joined by
 * ' or '; what follows ' then ' (e.g. polling an async action) comes after the first request.
 */
function endpointPatterns(endpoint: string): RegExp[] {
	return endpoint.split(' then ')[0].split(' or ').map((alternative) => {
		const [method, path] = alternative.trim().split(' ');
		const pathPattern = path.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')).join('[^/]+');
		return new RegExp(`^${method} ${pathPattern}$`);
	});
}

let emu: RunningEmulator;

beforeAll(async () => {
	emu = await startEmulator({ port: 0 });
});
afterAll(() => emu.stop());

it.each(OPERATIONS)('$key sends the request its endpoint documents', async ({ key, resource, operation }) => {
	expect(MINIMAL[key]).toBeDefined();
	const parameters = await minimalParameters(key, emu);
	emu.control.clearRequests();
	const result = await runNode({
		parameters: { resource: resource.value, operation: operation.value, ...parameters },
		credentials: credentialsFor(emu),
	});
	expect(result.error).toBeUndefined();
	const sent = emu.control.requests().filter((request) => key === 'oAuthToken.create' || request.path !== '/v1/oauth/token');
	expect(sent.length).toBeGreaterThan(0);
	const first = `${sent[0].method} ${sent[0].path}`;
	expect(endpointPatterns(operation.endpoint).some((pattern) => pattern.test(first))).toBe(true);
});
