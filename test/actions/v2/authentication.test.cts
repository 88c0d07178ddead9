import type { ICredentialDataDecryptedObject } from 'n8n-workflow';
import { AUTHENTICATIONS, credentialTypeFor } from '../../../nodes/LoyaltyPromotions/actions/types';
import { startEmulator, type RunningEmulator } from '../../emulator/index.cjs';
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { runNode } from '../../harness/runWorkflow.cjs';
import { minimalParameters, OPERATIONS } from '../minimal.cjs';

/**
 * The contract gives every Loyalty v2 operation `security: [{X-App-Id, X-App-Token}, {bearerAuth}]`: the app
 * keys or a bearer token. Every v2 operation of the node, run through n8n's engine with only the App Keys
 * credential attached, reaches the service with the app keys alone.
 */

const V2_OPERATIONS = OPERATIONS.filter(({ resource }) => resource.auth === 'oAuth2OrAppKeys');

let emu: RunningEmulator;

it('covers the whole v2 catalogue: 11 resources, each taking the app keys and both OAuth credentials', () => {
	expect(new Set(V2_OPERATIONS.map(({ resource }) => resource.value)).size).toBe(11);
	expect(V2_OPERATIONS.length).toBeGreaterThanOrEqual(90);
	expect(OPERATIONS.filter(({ operation }) => operation.endpoint.includes('/v2/')).every(({ resource }) => resource.auth === 'oAuth2OrAppKeys')).toBe(true);
	expect(AUTHENTICATIONS.oAuth2OrAppKeys).toEqual(['oAuth2', 'appKeys', 'oAuthServiceKey']);
});

/** What each Authentication sends on the v2 requests. */
const EXPECTED_HEADERS: Record<string, (headers: Record<string, string>) => boolean> = {
	appKeys: (headers) => headers['x-app-id'] === emu.credentials.appId && headers['x-app-token'] === '***' && !('authorization' in headers),
};

// One emulator per credential, its operations in catalogue order (as the endpoint test sends them).
// OAuth2 is these resources' default Authentication: test/actions/endpoints.test.cts runs every one of their
// operations with it.
describe.each(['appKeys'])('with Authentication "%s" and only its credential', (authentication) => {
	beforeAll(async () => {
		emu = await startEmulator({ port: 0 });
	});
	afterAll(() => emu.stop());

	it.each(V2_OPERATIONS)('$key', async ({ key, resource, operation }) => {
		const parameters = await minimalParameters(key, emu);
		emu.control.clearRequests();
		const type = credentialTypeFor(authentication);
		const credentials: Record<string, ICredentialDataDecryptedObject> = { [type]: credentialsFor(emu)[type] };
		const result = await runNode({ parameters: { resource: resource.value, operation: operation.value, authentication, ...parameters }, credentials });
		expect(result.error).toBeUndefined();
		const sent = emu.control.requests().filter((request) => request.path.startsWith('/v2/'));
		expect(sent.length).toBeGreaterThan(0);
		expect(sent.filter((request) => !EXPECTED_HEADERS[authentication](request.headers))).toEqual([]);
		expect(sent.every((request) => request.status < 400)).toBe(true);
	});
});
