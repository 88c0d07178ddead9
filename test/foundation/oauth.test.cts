/** The OAuth credential: token fetch, scopes, expiry and revocation mid-run, refused keys. */
import axios from 'axios';
import { LoyaltyPromotionsOAuth2Api } from '../../credentials/LoyaltyPromotionsOAuth2Api.credentials';
import { joinScopes, SCOPES } from '../../credentials/scopes';
import { FIXTURES } from '../emulator/index.cjs';
import { runNode } from '../harness/runWorkflow.cjs';
import { controlCall, setupEmulator, type FoundationEnv, type ProbeJob } from './support.cjs';

let env: FoundationEnv;
beforeAll(async () => {
	env = await setupEmulator();
});
afterAll(() => env.emu.stop());
beforeEach(() => env.emu.control.reset());

const OAUTH = 'loyaltyPromotionsOAuth2Api' as const;
const categories: ProbeJob = { credentialType: OAUTH, request: { method: 'GET', path: '/v1/categories' } };
const tokenRequests = () => env.emu.control.requests({ method: 'POST', path: '/v1/oauth/token' });
const categoryRequests = () => env.emu.control.requests({ method: 'GET', path: '/v1/categories' });

/** A token bought outside the run, so that the run starts with a stored access token. */
async function freshToken(): Promise<string> {
	const { appId, appToken } = env.emu.credentials;
	const response = await axios.post(
		`${env.emu.baseUrl}/v1/oauth/token`,
		new URLSearchParams({ grant_type: 'client_credentials', scope: 'api' }).toString(),
		{ headers: { 'X-App-Id': appId, 'X-App-Token': appToken, 'Content-Type': 'application/x-www-form-urlencoded' } },
	);
	return response.data.access_token as string;
}

describe('token fetch', () => {
	it('fetches one token with a form-encoded client_credentials request and reuses it for every item', async () => {
		const result = await env.probe({ defaults: categories, items: [{}, {}, {}, {}, {}] });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(5);
		const [token] = tokenRequests();
		expect(tokenRequests()).toHaveLength(1);
		expect(token.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
		expect(token.headers['x-app-id']).toBe(env.emu.credentials.appId);
		expect(token.body).toEqual({ grant_type: 'client_credentials', scope: 'api' });
		expect(token.status).toBe(200);
		expect(categoryRequests().every((r) => r.status === 200 && r.headers.authorization === '***')).toBe(true);
	});

	it('joins several scopes into one space-separated scope field', async () => {
		const credentials = { [OAUTH]: { ...env.creds[OAUTH], scopes: ['api', 'customers', 'events', 'loyalties'] } };
		const result = await env.probe([categories], { credentials });
		expect(result.error).toBeUndefined();
		const [token] = tokenRequests();
		expect(token.body).toEqual({ grant_type: 'client_credentials', scope: 'api customers events loyalties' });
	});

	it('the form shows the Scopes it uses: a text field whose default is "api" (n8n shows a multi-select default as an empty "Select"); typed names, comma or space separated, are what the token asks for', async () => {
		const field = new LoyaltyPromotionsOAuth2Api().properties.find((property) => property.name === 'scopes')!;
		expect({ type: field.type, default: field.default }).toEqual({ type: 'string', default: 'api' });
		const credentials = { [OAUTH]: { ...env.creds[OAUTH], scopes: 'api, customers  events' } };
		const result = await env.probe([categories], { credentials });
		expect(result.error).toBeUndefined();
		expect(tokenRequests()[0].body).toEqual({ grant_type: 'client_credentials', scope: 'api customers events' });
	});

	it.each([[[] as string[]], ['']])('asks for the default scope "api" when none is saved (%p), as a new credential form can save', async (scopes) => {
		const credentials = { [OAUTH]: { ...env.creds[OAUTH], scopes } };
		const result = await env.probe([categories], { credentials });
		expect(result.error).toBeUndefined();
		const [token] = tokenRequests();
		expect(token.body).toEqual({ grant_type: 'client_credentials', scope: 'api' });
		expect(categoryRequests()).toHaveLength(1);
	});

	it('a token request that meets a 503 is retried, even before an unsafe POST (the POST was never sent)', async () => {
		env.emu.control.setFaults({ route: '/v1/oauth/token', sequence: [503] });
		const result = await env.probe([
			{
				credentialType: OAUTH,
				request: {
					method: 'POST',
					path: '/v2/loyalties/programs/lprg_a0000000000001/rewards/batch',
					body: { assign: [{ id: FIXTURES.v2RewardIds[1], stock: { type: 'LIMITED', limited: { quantity: 5 } } }] },
				},
			},
		]);
		expect(result.error).toBeUndefined();
		expect(tokenRequests().map((r) => r.status)).toEqual([503, 200]);
		expect(env.emu.control.requests({ method: 'POST', path: /rewards\/batch/ })).toHaveLength(1);
	});

	it('a token request that meets a 429 waits and is retried', async () => {
		env.emu.control.setFaults({ route: '/v1/oauth/token', sequence: [429], retryAfterSeconds: 0.1 });
		const result = await env.probe([categories]);
		expect(result.error).toBeUndefined();
		expect(tokenRequests().map((r) => r.status)).toEqual([429, 200]);
	});
});

describe('expiry and revocation mid-run', () => {
	it('a token that expires mid-run is refreshed once and every item succeeds', async () => {
		const items = [{}, {}, {}, {}, controlCall('/tokens/expire'), {}, {}, {}, {}, {}];
		const result = await env.probe({ defaults: categories, items });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(10);
		expect(result.items.filter((item) => item.json.total === 3)).toHaveLength(9);
		expect(tokenRequests()).toHaveLength(2);
		expect(env.emu.control.counters().tokensIssued).toBe(2);
		expect(categoryRequests().map((r) => r.status)).toEqual([200, 200, 200, 200, 401, 200, 200, 200, 200, 200]);
	});

	it('a token that expires while 8 requests are in flight is bought again once, not once per request', async () => {
		env.emu.control.setLatency(40);
		const input = Array.from({ length: 64 }, () => ({}));
		const running = runNode({
			parameters: { resource: 'category', operation: 'getAll', authentication: 'oAuth2', returnAll: true, options: { concurrency: 8 } },
			input,
			credentials: env.creds as never,
		});
		// expire the token once a quarter of the lookups were answered, with 8 more in flight
		for (let i = 0; i < 2000 && categoryRequests().filter((r) => r.status === 200).length < 16; i++) await new Promise((r) => setTimeout(r, 5));
		env.emu.control.expireAllTokens();
		const result = await running;
		env.emu.control.setLatency(0);
		expect(result.error).toBeUndefined();
		expect(result.items.filter((item) => item.json.object === 'category')).toHaveLength(64 * 3);
		expect(env.emu.control.counters().tokensIssued).toBe(2);
		const refused = categoryRequests().filter((r) => r.status === 401).length;
		expect(refused).toBeGreaterThan(0);
		expect(refused).toBeLessThanOrEqual(8);
	});

	it('a token that outlives its lifetime (1 s) is refreshed once', async () => {
		env.emu.control.setTokenLifetime(1);
		const items = [{}, {}, { pauseMs: 1100 }, {}];
		const result = await env.probe({ defaults: categories, items });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(4);
		expect(tokenRequests()).toHaveLength(2);
		expect(categoryRequests().map((r) => r.status)).toEqual([200, 200, 401, 200, 200]);
	});

	it('a token revoked mid-run is replaced: the refresh issues a new token and the items succeed', async () => {
		const token = await freshToken();
		env.emu.control.clearRequests();
		const credentials = { [OAUTH]: { ...env.creds[OAUTH], accessToken: token } };
		const items = [{}, controlCall('/tokens/revoke', { token }), {}, {}];
		const result = await env.probe({ defaults: categories, items }, { credentials });
		expect(result.error).toBeUndefined();
		expect(result.items.filter((item) => item.json.total === 3)).toHaveLength(3);
		expect(tokenRequests()).toHaveLength(1);
		expect(categoryRequests().map((r) => r.status)).toEqual([200, 401, 200, 200]);
		expect(env.emu.control.state.tokens.get(token)?.revoked).toBe(true);
	});

	it('a revoked token whose refresh is refused gives a clear 401 naming the app keys', async () => {
		const token = await freshToken();
		env.emu.control.revokeToken(token);
		env.emu.control.clearRequests();
		env.emu.control.setFaults({ route: '/v1/oauth/token', sequence: [401, 401] });
		const credentials = { [OAUTH]: { ...env.creds[OAUTH], accessToken: token } };
		const result = await env.probe([categories], { credentials });
		expect(result.error).toMatchObject({ httpCode: '401', message: 'Could not get an OAuth access token: Unauthorized' });
		expect(result.error!.description).toMatch(/Application ID and Secret Key/);
		expect(categoryRequests().map((r) => r.status)).toEqual([401]);
		expect(tokenRequests()).toHaveLength(1);
	});
});

describe('refused app keys', () => {
	it('wrong app keys give a clear 401 on the token request and never reach the API', async () => {
		const credentials = { [OAUTH]: { ...env.creds[OAUTH], appToken: 'wrong-secret' } };
		const result = await env.probe([categories], { credentials });
		expect(result.error).toMatchObject({ httpCode: '401', message: 'Could not get an OAuth access token: Unauthorized' });
		expect(result.error!.description).toMatch(/refused them when asked for an OAuth access token/);
		expect(result.error!.context!.serviceError).toMatchObject({ key: 'unauthorized', httpCode: '401' });
		expect(categoryRequests()).toHaveLength(0);
		// n8n asks once more after a 401 (its refresh rule); nothing more.
		expect(tokenRequests()).toHaveLength(2);
		expect(tokenRequests().every((r) => r.status === 401)).toBe(true);
	});

	it('under Continue On Fail every item reports the token problem', async () => {
		const credentials = { [OAUTH]: { ...env.creds[OAUTH], appToken: 'wrong-secret' } };
		const result = await env.probe({ defaults: categories, items: [{}, {}] }, { credentials, continueOnFail: true });
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json)).toEqual([
			expect.objectContaining({ error: 'Could not get an OAuth access token: Unauthorized', httpCode: '401', key: 'unauthorized' }),
			expect.objectContaining({ error: 'Could not get an OAuth access token: Unauthorized', httpCode: '401', key: 'unauthorized' }),
		]);
	});
});

describe('joinScopes', () => {
	it('joins with single spaces, drops blanks and duplicates', () => {
		expect(joinScopes(['api', ' customers ', '', 'api'])).toBe('api customers');
	});

	it('splits a string on commas and spaces, never sending commas', () => {
		expect(joinScopes('api, customers,events  loyalties')).toBe('api customers events loyalties');
	});

	it('rejects unknown scopes by name and an empty list', () => {
		expect(() => joinScopes(['api', 'everything'])).toThrow(/unknown scope "everything"/);
		expect(() => joinScopes([])).toThrow(/choose at least one scope/);
	});

	it('knows api, client_api and the server- and client-side scopes', () => {
		expect(SCOPES).toEqual(expect.arrayContaining(['api', 'client_api', 'customers', 'client_redeem']));
		expect(new Set(SCOPES).size).toBe(SCOPES.length);
	});
});
