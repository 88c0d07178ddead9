/**
 * The OAuth Service Key credential (OAuth v2) in a real n8n 2.41.1 against the emulator: `n8n execute` runs
 * workflows whose nodes take it (16 items at Concurrency 8 buy one token, which n8n saves with the credential and
 * the next run reuses; a token that expires between runs or in the middle of one is bought again once), and
 * `n8n start`'s REST credential test (what the editor's Test button calls) names what is wrong: the key, a scope
 * outside the key's role, the project.
 */
import { setProjectAccess } from '../emulator/projectAccess.cjs';
import { nodeOutput, startStack, waitFor, type Stack } from './stack.cjs';

const LP = 'n8n-nodes-loyalty-promotions.loyaltyPromotions';
const TYPE = 'loyaltyPromotionsOAuthServiceKeyApi';
const CREDENTIAL = { id: 'lp-service-key', name: 'Loyalty Promotions OAuth Service Key (e2e)' };
const ITEMS = 16;

const manual = { id: 'sk-manual', name: 'Manual', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} };
const items = {
	id: 'sk-items',
	name: 'Items',
	type: 'n8n-nodes-base.code',
	typeVersion: 2,
	position: [200, 0],
	parameters: { jsCode: `return Array.from({ length: ${ITEMS} }, (_, i) => ({ json: { i } }));` },
};

/** Manual → 16 items → one Loyalty Promotions node (latest version) on the service key. */
function workflow(id: string, name: string, parameters: Record<string, unknown>) {
	return {
		id,
		name: `e2e service key: ${name}`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			manual,
			items,
			{ id: `${id}-node`, name, type: LP, typeVersion: 3, position: [400, 0], parameters: { authentication: 'oAuthServiceKey', ...parameters }, credentials: { [TYPE]: CREDENTIAL } },
		],
		connections: { Manual: { main: [[{ node: 'Items', type: 'main', index: 0 }]] }, Items: { main: [[{ node: name, type: 'main', index: 0 }]] } },
	};
}

const CATEGORIES = workflow('e2eSvcKeyCategor1', 'Categories', { resource: 'category', operation: 'getAll', returnAll: true, options: { concurrency: 8 } });
const AREAS = workflow('e2eSvcKeyAreas001', 'Areas', { resource: 'area', operation: 'getAll', returnAll: true, options: { concurrency: 8 } });

let stack: Stack;

/** The credential as stored, pointed at the emulator (changed as given). */
function credentialData(changes: Record<string, unknown> = {}) {
	const c = stack.emulator.credentials;
	return { clientId: c.serviceKeyId, clientSecret: c.serviceKeySecret, projectId: c.projectId, scopes: 'categories.read areas.read', accessToken: '', cluster: 'custom', baseUrl: stack.emulator.baseUrl, ...changes };
}

beforeAll(async () => {
	stack = await startStack('service-key', [CATEGORIES, AREAS]);
	await stack.n8n.importCredentials([{ ...CREDENTIAL, type: TYPE, data: credentialData() }]);
}, 15 * 60 * 1000);

afterAll(async () => {
	await stack?.teardown();
}, 60000);

const tokenRequests = () => stack.emulator.control.requests({ method: 'POST', path: '/v2/oauth/token' });
const categoryRequests = () => stack.emulator.control.requests({ method: 'GET', path: '/v1/categories' });
const run = (id: string) => stack.n8n.execute(id, { timeoutMs: 150000 });

/** The run succeeded and its node gave the 3 categories for each of the 16 items. */
function expectCategoriesForEveryItem(result: any) {
	expect(result?.data?.resultData?.error?.message).toBeUndefined();
	const output = nodeOutput(result, 'Categories');
	expect(output).toHaveLength(ITEMS * 3);
	expect(output.every((json: { object?: string }) => json.object === 'category')).toBe(true);
}

describe('workflows on the service key (n8n execute)', () => {
	beforeAll(() => stack.emulator.control.reset());
	beforeEach(() => stack.emulator.control.clearRequests());

	test('16 items at Concurrency 8 buy one token: Basic with the key, the scopes and the project; every lookup sends only the Bearer', async () => {
		stack.emulator.control.setLatency(40);
		const result = await run(CATEGORIES.id);
		stack.emulator.control.setLatency(0);
		expectCategoriesForEveryItem(result);
		const [token, ...more] = tokenRequests();
		expect(more).toEqual([]);
		expect(token).toMatchObject({ status: 200, body: { grant_type: 'client_credentials', scope: 'categories.read areas.read', project_id: stack.emulator.credentials.projectId } });
		expect(stack.emulator.control.counters().tokensIssued).toBe(1);
		expect(categoryRequests()).toHaveLength(ITEMS);
		expect(categoryRequests().every((r) => r.status === 200 && r.headers.authorization === '***' && r.headers['x-app-id'] === undefined)).toBe(true);
		expect(JSON.stringify(result)).not.toContain(stack.emulator.credentials.serviceKeySecret);
	});

	test('the next run reuses the token n8n saved with the credential: no token request', async () => {
		const result = await run(CATEGORIES.id);
		expectCategoriesForEveryItem(result);
		expect(tokenRequests()).toEqual([]);
		expect(categoryRequests().every((r) => r.status === 200)).toBe(true);
	});

	test('a token whose (shortened) lifetime ran out between runs is bought again once, for all 16 items', async () => {
		// the token saved by the runs before is retired, so this run buys one of 1 second
		stack.emulator.control.expireAllTokens();
		stack.emulator.control.setTokenLifetime(1);
		const first = await run(AREAS.id);
		expect(first?.data?.resultData?.error?.message).toBeUndefined();
		expect(nodeOutput(first, 'Areas').length).toBeGreaterThanOrEqual(ITEMS);
		const bought = [...stack.emulator.control.state.tokens.values()].at(-1)!;
		expect(bought.expiresAtMs - bought.issuedAt).toBe(1000);
		await waitFor(() => bought.expiresAtMs < Date.now(), { timeoutMs: 10000, intervalMs: 50, what: 'the 1-second token to expire' });
		stack.emulator.control.setTokenLifetime(3600);
		stack.emulator.control.clearRequests();
		const tokensBefore = stack.emulator.control.counters().tokensIssued;
		const second = await run(CATEGORIES.id);
		expectCategoriesForEveryItem(second);
		expect(tokenRequests().map((r) => r.status)).toEqual([200]);
		expect(stack.emulator.control.counters().tokensIssued - tokensBefore).toBe(1);
		// the expired token was refused for the requests already in flight (at most 8), then never again
		const refused = categoryRequests().filter((r) => r.status === 401).length;
		expect(refused).toBeGreaterThan(0);
		expect(refused).toBeLessThanOrEqual(8);
	});

	test('a token that expires while 8 lookups are in flight is bought again once, not once per request', async () => {
		stack.emulator.control.setLatency(150);
		const running = run(CATEGORIES.id);
		await waitFor(() => categoryRequests().filter((r) => r.status === 200).length >= 4 || undefined, { timeoutMs: 120000, intervalMs: 5, what: '4 lookups answered' });
		stack.emulator.control.expireAllTokens();
		const result = await running;
		stack.emulator.control.setLatency(0);
		expectCategoriesForEveryItem(result);
		expect(tokenRequests().map((r) => r.status)).toEqual([200]);
		const refused = categoryRequests().filter((r) => r.status === 401).length;
		expect(refused).toBeGreaterThan(0);
		expect(refused).toBeLessThanOrEqual(8);
	});
});

describe("the credential test (n8n start's POST /rest/credentials/test)", () => {
	let cookie: string;
	beforeAll(async () => {
		await stack.n8n.start({ timeoutMs: 120000 });
		cookie = await stack.n8n.setupOwner();
	}, 5 * 60 * 1000);
	beforeEach(() => stack.emulator.control.reset());

	async function testCredential(changes: Record<string, unknown> = {}): Promise<{ status: string; message: string }> {
		const res = await fetch(`${stack.n8n.baseUrl}/rest/credentials/test`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', accept: 'application/json', cookie },
			body: JSON.stringify({ credentials: { ...CREDENTIAL, type: TYPE, data: credentialData(changes) } }),
		});
		const text = await res.text();
		expect(res.status).toBe(200);
		expect(text).not.toContain(stack.emulator.credentials.serviceKeySecret);
		return JSON.parse(text).data;
	}

	test('a good key passes, with token requests only', async () => {
		await expect(testCredential()).resolves.toMatchObject({ status: 'OK' });
		expect(tokenRequests().length).toBeGreaterThan(0);
		expect(tokenRequests().every((r) => r.status === 200)).toBe(true);
		expect(stack.emulator.control.requests().filter((r) => r.path !== '/v2/oauth/token')).toEqual([]);
	});

	test.each([
		['a wrong Client Secret', { clientSecret: 'wrong-secret' }, undefined, /^Client ID or Client Secret: the service refused the OAuth service key \(401\)/],
		['a wrong Client ID', { clientId: 'nobody' }, undefined, /^Client ID or Client Secret/],
		["a scope outside the key's role", { scopes: 'categories.read vouchers.manage' }, ['categories.read'], /^Scopes: a scope is outside the role/],
		['a project the key does not serve', { projectId: 'proj_elsewhere' }, undefined, /^Project ID or Cluster \/ Base URL: the service key has no such project/],
		['no Project ID', { projectId: '' }, undefined, /Project ID: enter the project/],
	])('%s fails naming the field', async (_name, changes, role, message) => {
		if (role) setProjectAccess(stack.emulator.control.state, { serviceKeyRoles: { [stack.emulator.credentials.projectId]: role } });
		const result = await testCredential(changes);
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(message);
		if ('clientSecret' in changes) expect(result.message).not.toContain('wrong-secret');
		// a missing Project ID is named before anything is sent
		if ('projectId' in changes && changes.projectId === '') expect(stack.emulator.control.requests()).toEqual([]);
	});
});
