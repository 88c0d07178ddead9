/** Each credential against the emulator: its own credential test and real requests, with good and bad keys. */
import { credentialTestMessage, testCredential } from '../harness/runWorkflow.cjs';
import { CREDENTIAL_TYPES } from '../harness/types.cjs';
import { setupEmulator, type FoundationEnv } from './support.cjs';

let env: FoundationEnv;
beforeAll(async () => {
	env = await setupEmulator();
});
afterAll(() => env.emu.stop());
beforeEach(() => env.emu.control.reset());

const MANAGEMENT_PATH = '/management/v1/projects/proj_emulator/custom-event-schemas';

describe('credential tests (test.request through httpRequestWithAuthentication)', () => {
	it('app keys: good keys pass', async () => {
		await expect(testCredential('loyaltyPromotionsAppApi', env.creds.loyaltyPromotionsAppApi)).resolves.toBe(200);
		const [probe] = env.emu.control.requests({ path: '/v1/categories' });
		expect(probe.headers['x-app-id']).toBe(env.emu.credentials.appId);
		expect(probe.headers['x-app-token']).toBe('***');
	});

	it('app keys: a wrong secret key fails with 401', async () => {
		const error = await testCredential('loyaltyPromotionsAppApi', { ...env.creds.loyaltyPromotionsAppApi, appToken: 'wrong-secret' }).catch((e) => e);
		expect(error).toMatchObject({ httpCode: '401' });
		expect(credentialTestMessage('loyaltyPromotionsAppApi', error)).toMatch(/^Application ID or Secret Key: the service refused them \(401\)/);
	});

	it('app keys: a wrong application id fails with 401', async () => {
		const error = await testCredential('loyaltyPromotionsAppApi', { ...env.creds.loyaltyPromotionsAppApi, appId: 'nobody' }).catch((e) => e);
		expect(error).toMatchObject({ httpCode: '401' });
	});

	it('management keys: good keys pass, against the credential\'s project', async () => {
		await expect(testCredential('loyaltyPromotionsManagementApi', env.creds.loyaltyPromotionsManagementApi)).resolves.toBe(200);
		expect(env.emu.control.requests({ path: MANAGEMENT_PATH })).toHaveLength(1);
	});

	it('management keys: a wrong token fails with 401', async () => {
		const error = await testCredential('loyaltyPromotionsManagementApi', {
			...env.creds.loyaltyPromotionsManagementApi,
			managementToken: 'wrong-management-token',
		}).catch((e) => e);
		expect(error).toMatchObject({ httpCode: '401' });
		expect(credentialTestMessage('loyaltyPromotionsManagementApi', error)).toMatch(/^Management ID or Management Token: the service refused them \(401\)/);
	});

	it('management keys: a plan without the Management API fails with 402', async () => {
		env.emu.control.setManagementFeature(false);
		const error = await testCredential('loyaltyPromotionsManagementApi', env.creds.loyaltyPromotionsManagementApi).catch((e) => e);
		expect(error).toMatchObject({ httpCode: '402' });
		expect(credentialTestMessage('loyaltyPromotionsManagementApi', error)).toMatch(/plan has no Management API/);
	});

	it('management keys: an unknown project fails with 404', async () => {
		const error = await testCredential('loyaltyPromotionsManagementApi', {
			...env.creds.loyaltyPromotionsManagementApi,
			projectId: 'proj_unknown',
		}).catch((e) => e);
		expect(error).toMatchObject({ httpCode: '404' });
		expect(credentialTestMessage('loyaltyPromotionsManagementApi', error)).toMatch(/^Project ID: the management keys find no such project/);
	});

	it('OAuth: good keys fetch a token and pass', async () => {
		await expect(testCredential('loyaltyPromotionsOAuth2Api', env.creds.loyaltyPromotionsOAuth2Api)).resolves.toBe(200);
		expect(env.emu.control.requests({ method: 'POST', path: '/v1/oauth/token' })).toHaveLength(1);
		const [probe] = env.emu.control.requests({ path: '/v1/categories' });
		expect(probe.headers.authorization).toBe('***');
		expect(probe.status).toBe(200);
	});

	it('OAuth: wrong app keys fail, saying the token request was refused', async () => {
		const error = await testCredential('loyaltyPromotionsOAuth2Api', {
			...env.creds.loyaltyPromotionsOAuth2Api,
			appToken: 'wrong-secret',
		}).catch((e) => e);
		expect(error).toBeDefined();
		expect(String(error.message) + String(error.description)).toMatch(/OAuth access token/);
		expect(env.emu.control.requests({ path: '/v1/categories' })).toHaveLength(0);
	});
});

describe('each credential on real requests through the transport', () => {
	it('app keys: good keys read categories; wrong keys give a 401 naming the app key fields', async () => {
		const good = await env.probe([{ request: { method: 'GET', path: '/v1/categories' } }]);
		expect(good.error).toBeUndefined();
		expect(good.items[0].json.total).toBe(3);

		const bad = await env.probe([{ request: { method: 'GET', path: '/v1/categories' } }], {
			credentials: { loyaltyPromotionsAppApi: { ...env.creds.loyaltyPromotionsAppApi, appToken: 'wrong-secret' } },
		});
		expect(bad.error).toMatchObject({ httpCode: '401', message: "Unauthorized. Check the credential's Application ID and Secret Key: the service did not accept them." });
		expect(bad.error!.description).toMatch(/Application ID and Secret Key/);
		expect(bad.error!.context!.serviceError).toMatchObject({ key: 'unauthorized', httpCode: '401' });
	});

	it('management keys: good keys list schemas; wrong keys give a 401 naming the management fields', async () => {
		const job = { credentialType: 'loyaltyPromotionsManagementApi' as const, request: { method: 'GET' as const, path: MANAGEMENT_PATH } };
		const good = await env.probe([job]);
		expect(good.error).toBeUndefined();
		expect(good.items[0].json.object).toBe('list');

		const bad = await env.probe([job], {
			credentials: { loyaltyPromotionsManagementApi: { ...env.creds.loyaltyPromotionsManagementApi, managementToken: 'nope-nope' } },
		});
		expect(bad.error).toMatchObject({ httpCode: '401' });
		expect(bad.error!.description).toMatch(/Management ID and Management Token/);
	});

	it('OAuth: the token is sent as Bearer with the app keys, to a B-only endpoint', async () => {
		const result = await env.probe([
			{
				credentialType: 'loyaltyPromotionsOAuth2Api',
				request: { method: 'GET', path: '/v2/loyalties/programs/lprg_a0000000000001/members/lmbr_0000000000001/cards/lcrd_0000000000001/pending-points' },
			},
		]);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.object).toBe('list');
		const [call] = env.emu.control.requests({ path: /pending-points/ });
		expect(call.headers.authorization).toBe('***');
		expect(call.headers['x-app-id']).toBe(env.emu.credentials.appId);
	});
});

describe('credential definitions', () => {
	it.each([
		['loyaltyPromotionsAppApi', ['appToken']],
		['loyaltyPromotionsManagementApi', ['managementToken', 'webhookSecret']],
		['loyaltyPromotionsOAuth2Api', ['appToken', 'accessToken']],
	])('%s hides its secrets as password fields', (type, secrets) => {
		for (const name of secrets) {
			const property = CREDENTIAL_TYPES[type].properties.find((p) => p.name === name)!;
			expect(property.typeOptions?.password).toBe(true);
		}
	});

	it('the OAuth access token is a hidden expirable field, so n8n refreshes it on 401', () => {
		const property = CREDENTIAL_TYPES.loyaltyPromotionsOAuth2Api.properties.find((p) => p.name === 'accessToken')!;
		expect(property).toMatchObject({ type: 'hidden', typeOptions: { expirable: true } });
	});
});

describe('the OAuth credential test', () => {
	beforeEach(() => env.emu.control.reset());

	it('fetches a fresh token even when a stale one is stored, as n8n does when testing', async () => {
		const stale = { ...env.creds.loyaltyPromotionsOAuth2Api, accessToken: 'stale-token-from-last-week' };
		await expect(testCredential('loyaltyPromotionsOAuth2Api', stale)).resolves.toBe(200);
		expect(env.emu.control.requests({ method: 'POST', path: '/v1/oauth/token' })).toHaveLength(1);
		expect(env.emu.control.requests({ path: '/v1/categories' }).map((r) => r.status)).toEqual([200]);
	});
});
