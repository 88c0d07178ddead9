/**
 * The OAuth Service Key credential (OAuth v2) through the node against the emulator: its token request, one token
 * shared by the requests in flight and bought again once when it expires, the errors that name the field to fix,
 * and its credential test.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { LoyaltyPromotionsOAuthServiceKeyApi } from '../../credentials/LoyaltyPromotionsOAuthServiceKeyApi.credentials';
import { setProjectAccess } from '../emulator/projectAccess.cjs';
import { SERVICE_TOKEN_LIFETIME_SECONDS } from '../emulator/routes/oauthV2.cjs';
import { startEmulator, type RunningEmulator } from '../emulator/index.cjs';
import { credentialsFor } from '../harness/emulatorCredentials.cjs';
import { credentialTestMessage, credentialTestStatus, runNode, testCredential } from '../harness/runWorkflow.cjs';

const TYPE = 'loyaltyPromotionsOAuthServiceKeyApi' as const;
const PROJECT = 'proj_emulator';

let emu: RunningEmulator;
beforeAll(async () => {
	emu = await startEmulator({ port: 0, quiet: true });
});
afterAll(() => emu.stop());
beforeEach(() => emu.control.reset());

const serviceKey = (changes: Record<string, unknown> = {}) => ({ ...credentialsFor(emu)[TYPE], ...changes });
const tokenRequests = () => emu.control.requests({ method: 'POST', path: '/v2/oauth/token' });
const categoryRequests = () => emu.control.requests({ method: 'GET', path: '/v1/categories' });
const listCategories: INodeParameters = { resource: 'category', operation: 'getAll', authentication: 'oAuthServiceKey', returnAll: true };

/** Runs the action node with the service key credential only (changed as given). */
async function run(parameters: INodeParameters, changes: Record<string, unknown> = {}, input: IDataObject[] = [{}], continueOnFail = false) {
	return await runNode({ parameters, input, credentials: { [TYPE]: serviceKey(changes) }, continueOnFail });
}

describe('the token request', () => {
	it('buys one token for every item: a form POST with the key as Basic, the scopes and the project, and sends only the Bearer', async () => {
		const result = await run(listCategories, { scopes: 'categories.read' }, [{}, {}, {}, {}, {}]);
		expect(result.error).toBeUndefined();
		expect(result.items.filter((item) => item.json.object === 'category')).toHaveLength(5 * 3);
		const [token, ...more] = tokenRequests();
		expect(more).toEqual([]);
		expect(token).toMatchObject({ status: 200, body: { grant_type: 'client_credentials', scope: 'categories.read', project_id: PROJECT } });
		expect(token.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
		expect(token.headers.authorization).toBe('***');
		expect(token.headers['x-app-id']).toBeUndefined();
		expect(categoryRequests()).toHaveLength(5);
		expect(categoryRequests().every((r) => r.status === 200 && r.headers.authorization === '***' && r.headers['x-app-id'] === undefined)).toBe(true);
	});

	it('joins scopes typed with commas and spaces into one space-separated scope, each once; the token lives 15 minutes', async () => {
		const result = await run(listCategories, { scopes: 'categories.read, vouchers.read  categories.read' });
		expect(result.error).toBeUndefined();
		expect(tokenRequests()[0].body).toMatchObject({ scope: 'categories.read vouchers.read' });
		const [token] = [...emu.control.state.tokens.values()];
		expect(token).toMatchObject({ scope: 'categories.read vouchers.read', project_id: PROJECT, client_id: emu.credentials.serviceKeyId });
		expect(token.expiresAtMs - token.issuedAt).toBe(SERVICE_TOKEN_LIFETIME_SECONDS * 1000);
		expect(SERVICE_TOKEN_LIFETIME_SECONDS).toBe(15 * 60);
	});

	it('the credential form offers Client ID, Client Secret (a password), Project ID and Scopes, with the location fields', () => {
		const properties = new LoyaltyPromotionsOAuthServiceKeyApi().properties;
		expect(properties.map((property) => property.name)).toEqual(['clientId', 'clientSecret', 'projectId', 'scopes', 'accessToken', 'cluster', 'serviceDomain', 'baseUrl']);
		expect(properties.find((property) => property.name === 'clientSecret')?.typeOptions?.password).toBe(true);
		expect(properties.find((property) => property.name === 'accessToken')).toMatchObject({ type: 'hidden', typeOptions: { expirable: true, password: true } });
	});
});

describe('one token for the requests in flight', () => {
	async function runWhileExpiring(expire: boolean) {
		emu.control.setLatency(40);
		const input = Array.from({ length: 64 }, () => ({}));
		const running = run({ ...listCategories, options: { concurrency: 8 } }, { scopes: 'categories.read' }, input);
		if (expire) {
			// expire the token once a quarter of the lookups were answered, with 8 more in flight
			for (let i = 0; i < 2000 && categoryRequests().filter((r) => r.status === 200).length < 16; i++) await new Promise((r) => setTimeout(r, 5));
			emu.control.expireAllTokens();
		}
		const result = await running;
		emu.control.setLatency(0);
		expect(result.error).toBeUndefined();
		expect(result.items.filter((item) => item.json.object === 'category')).toHaveLength(64 * 3);
		return result;
	}

	it('64 items, 8 in flight at once, buy one token', async () => {
		await runWhileExpiring(false);
		expect(tokenRequests()).toHaveLength(1);
		expect(emu.control.counters().tokensIssued).toBe(1);
	});

	it('a token that expires while 8 requests are in flight is bought again once, not once per request', async () => {
		await runWhileExpiring(true);
		expect(tokenRequests()).toHaveLength(2);
		expect(emu.control.counters().tokensIssued).toBe(2);
		const refused = categoryRequests().filter((r) => r.status === 401).length;
		expect(refused).toBeGreaterThan(0);
		expect(refused).toBeLessThanOrEqual(8);
	});
});

describe('errors that name the field to fix', () => {
	it('a wrong Client Secret: 401 on the token request, naming Client ID and Client Secret; nothing else is sent', async () => {
		const result = await run(listCategories, { clientSecret: 'wrong-secret' });
		expect(result.error).toMatchObject({ httpCode: '401' });
		expect(result.error!.message).toMatch(/^Could not get an OAuth access token/);
		expect(result.error!.description).toMatch(/Client ID and Client Secret/);
		expect(JSON.stringify(result.error)).not.toContain('wrong-secret');
		expect(categoryRequests()).toHaveLength(0);
		expect(tokenRequests().every((r) => r.status === 401)).toBe(true);
	});

	it("a scope outside the key's role in the project: 403 naming Scopes", async () => {
		setProjectAccess(emu.control.state, { serviceKeyRoles: { [PROJECT]: ['categories.read'] } });
		const result = await run(listCategories, { scopes: 'categories.read vouchers.manage' });
		expect(result.error).toMatchObject({ httpCode: '403' });
		expect(result.error!.message).toMatch(/^Could not get an OAuth access token/);
		expect(result.error!.description).toMatch(/does not grant: vouchers\.manage/);
		expect(result.error!.description).toMatch(/Scopes: each must be within the role/);
		expect(categoryRequests()).toHaveLength(0);
		expect(tokenRequests()).toHaveLength(1);
	});

	it('a project the key does not serve: 404 naming Project ID', async () => {
		const result = await run(listCategories, { projectId: 'proj_elsewhere' });
		expect(result.error).toMatchObject({ httpCode: '404' });
		expect(result.error!.description).toMatch(/Project ID: the service key has no such project/);
		expect(categoryRequests()).toHaveLength(0);
	});

	it.each([
		[{ projectId: '  ' }, /: Project ID: enter the project/],
		[{ scopes: '' }, /: Scopes: choose at least one permission code/],
		[{ scopes: 'vouchers api' }, /: Scopes: "vouchers", "api" is not a permission code/],
	])('%p is refused before anything is sent, naming the field', async (changes, message) => {
		const result = await run(listCategories, changes);
		expect(result.error?.message).toMatch(message);
		expect(emu.control.requests()).toHaveLength(0);
	});

	it('a token without the permission a request needs is refused there (403), naming Scopes', async () => {
		const result = await run({ resource: 'area', operation: 'getAll', authentication: 'oAuthServiceKey', returnAll: true }, { scopes: 'vouchers.read' });
		expect(result.error).toMatchObject({ httpCode: '403' });
		expect(result.error!.description).toMatch(/lack the areas\.read permission/);
		expect(result.error!.description).toMatch(/check its Scopes/);
		const answered = await run({ resource: 'area', operation: 'getAll', authentication: 'oAuthServiceKey', returnAll: true }, { scopes: 'areas.read' });
		expect(answered.error).toBeUndefined();
		expect(answered.items.length).toBeGreaterThan(0);
	});

	it('under Continue On Fail every item reports the token problem', async () => {
		const result = await run(listCategories, { clientSecret: 'wrong-secret' }, [{}, {}], true);
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json)).toEqual([
			expect.objectContaining({ httpCode: '401', key: 'unauthorized' }),
			expect.objectContaining({ httpCode: '401', key: 'unauthorized' }),
		]);
	});
});

describe('the credential test (a token request, so that a key passes whatever its scopes)', () => {
	it('a good key passes', async () => {
		await expect(testCredential(TYPE, serviceKey({ accessToken: 'stale-token' }))).resolves.toBe(200);
		expect(tokenRequests().map((r) => r.status)).toEqual([200, 200]);
		expect(emu.control.requests().filter((r) => r.path !== '/v2/oauth/token')).toEqual([]);
	});

	it.each([
		['a wrong Client Secret', { clientSecret: 'wrong-secret' }, undefined, '401', /^Client ID or Client Secret: the service refused the OAuth service key \(401\)/],
		['a wrong Client ID', { clientId: 'nobody' }, undefined, '401', /^Client ID or Client Secret/],
		["a scope outside the key's role", { scopes: 'vouchers.manage' }, ['vouchers.read'], '403', /^Scopes: a scope is outside the role/],
		['a project the key does not serve', { projectId: 'proj_elsewhere' }, undefined, '404', /^Project ID or Cluster \/ Base URL: the service key has no such project/],
	])('%s fails naming the field', async (_name, changes, role, httpCode, message) => {
		if (role) setProjectAccess(emu.control.state, { serviceKeyRoles: { [PROJECT]: role } });
		const error = await testCredential(TYPE, serviceKey(changes)).catch((e) => e);
		expect(credentialTestStatus(error)).toBe(Number(httpCode));
		expect(credentialTestMessage(TYPE, error)).toMatch(message);
		expect(JSON.stringify(error)).not.toContain(String(serviceKey(changes).clientSecret));
	});

	it('a missing Project ID fails naming it, before anything is sent', async () => {
		const error = await testCredential(TYPE, serviceKey({ projectId: '' })).catch((e) => e);
		expect(String(error.message)).toMatch(/Project ID: enter the project/);
		expect(emu.control.requests()).toHaveLength(0);
	});
});
