import type { ICredentialDataDecryptedObject } from 'n8n-workflow';
import { AUTHENTICATIONS } from '../../nodes/LoyaltyPromotions/actions/types';
import { startEmulator, type RunningEmulator } from '../emulator/index.cjs';
import { credentialsFor } from '../harness/emulatorCredentials.cjs';
import { runNode } from '../harness/runWorkflow.cjs';
import { minimalParameters, OPERATIONS } from './minimal.cjs';

/**
 * Every operation of every resource that takes a bearer token, run through n8n's engine with only the OAuth
 * Service Key credential attached: it reaches the service with the bearer token alone (no app keys), and the
 * service accepts it. Areas and metadata schemas by ID check their permissions, so the key asks for theirs.
 */

const TYPE = 'loyaltyPromotionsOAuthServiceKeyApi';
const BEARER_OPERATIONS = OPERATIONS.filter(({ resource }) => AUTHENTICATIONS[resource.auth].includes('oAuth2'));

let emu: RunningEmulator;
beforeAll(async () => {
	emu = await startEmulator({ port: 0, quiet: true });
});
afterAll(() => emu.stop());

it('every resource that takes the OAuth2.0 credential takes the service key too, and no other does', () => {
	const resources = new Set(BEARER_OPERATIONS.map(({ resource }) => resource.value));
	expect(resources.size).toBeGreaterThanOrEqual(40);
	for (const { resource } of OPERATIONS) {
		expect(AUTHENTICATIONS[resource.auth].includes('oAuthServiceKey')).toBe(AUTHENTICATIONS[resource.auth].includes('oAuth2'));
	}
});

it.each(BEARER_OPERATIONS)('$key', async ({ key, resource, operation }) => {
	const parameters = await minimalParameters(key, emu);
	emu.control.clearRequests();
	const credentials: Record<string, ICredentialDataDecryptedObject> = {
		[TYPE]: { ...credentialsFor(emu)[TYPE], scopes: 'vouchers.read areas.read areas.manage metadata_schemas.read metadata_schemas.manage' },
	};
	const result = await runNode({ parameters: { resource: resource.value, operation: operation.value, authentication: 'oAuthServiceKey', ...parameters }, credentials });
	expect(result.error).toBeUndefined();
	const sent = emu.control.requests();
	const withToken = sent.filter((request) => request.headers.authorization === '***' && request.path !== '/v2/oauth/token');
	expect(withToken.length).toBeGreaterThan(0);
	// a file's own address (an export's) is fetched without the credential; nothing carries the app keys
	expect(sent.filter((request) => 'x-app-id' in request.headers || 'x-app-token' in request.headers)).toEqual([]);
	expect(withToken.filter((request) => request.status >= 400).map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual([]);
	expect(emu.control.requests({ method: 'POST', path: '/v2/oauth/token' })).toHaveLength(1);
});
