/**
 * No credential value ever appears in an output item, an error (as thrown, as stored in the run, its
 * toJSON, context and description) or the whole run result: for succeeding and failing operations, under
 * Continue On Fail, with refused keys and a refused OAuth token request.
 */
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';
import { runNode, testCredential, type RunNodeResult } from '../harness/runWorkflow.cjs';
import { controlCall, secretsOf, setupEmulator, thrownErrors, type FoundationEnv, type ProbeJob } from './support.cjs';

let env: FoundationEnv;
beforeAll(async () => {
	env = await setupEmulator();
});
afterAll(() => env.emu.stop());

const WRONG_APP_TOKEN = 'wrong-app-token-4f9c2a';
const WRONG_MANAGEMENT_TOKEN = 'wrong-management-token-77d1e0';

/** Everything a run exposes, as text. */
function exposed(result: RunNodeResult): string {
	const error = result.error as (Error & { toJSON?: () => unknown; context?: unknown; description?: string }) | undefined;
	return JSON.stringify([
		result.items,
		error,
		error?.message,
		error?.toJSON?.(),
		error?.context,
		error?.description,
		result.run,
	]);
}

/** Every string reachable from a value through own properties, enumerable or not (cause, config…), cycles cut. */
function deepText(value: unknown, depth = 0, seen = new Set<unknown>()): string {
	if (typeof value === 'string') return value;
	if (value === null || typeof value !== 'object' || seen.has(value) || depth > 6) return '';
	seen.add(value);
	const parts: string[] = [];
	for (const key of Object.getOwnPropertyNames(value)) {
		let child: unknown;
		try {
			child = (value as Record<string, unknown>)[key];
		} catch {
			continue;
		}
		if (typeof child !== 'function') parts.push(deepText(child, depth + 1, seen));
	}
	return parts.join(' ');
}

/** The errors as the transport threw them, read as deeply as anyone could (including their causes). */
function exposedThrown(): string {
	return thrownErrors
		.map((error) => {
			const e = error as Error & { toJSON?: () => unknown };
			return JSON.stringify([e, e.toJSON?.()]) + deepText(e);
		})
		.join('\n');
}

function expectNoSecrets(text: string): void {
	const secrets = secretsOf(env.emu, [WRONG_APP_TOKEN, WRONG_MANAGEMENT_TOKEN]);
	expect(secrets.length).toBeGreaterThanOrEqual(5);
	for (const secret of secrets) expect(text).not.toContain(secret);
}

const app = () => env.creds.loyaltyPromotionsAppApi;
const management = () => env.creds.loyaltyPromotionsManagementApi;
const oauth = () => env.creds.loyaltyPromotionsOAuth2Api;
const categories: ProbeJob = { request: { method: 'GET', path: '/v1/categories' } };
const schemas: ProbeJob = {
	credentialType: 'loyaltyPromotionsManagementApi',
	request: { method: 'GET', path: '/management/v1/projects/proj_emulator/custom-event-schemas' },
};
const buckets: ProbeJob = {
	credentialType: 'loyaltyPromotionsOAuth2Api',
	request: { method: 'GET', path: '/v2/loyalties/programs/lprg_a0000000000001/members/lmbr_0000000000001/cards/lcrd_0000000000001/pending-points' },
};
const notFound: ProbeJob = { request: { method: 'GET', path: '/v1/loyalties/members/LC-NOPE/pending-points' } };
const trackEvent: ProbeJob = {
	request: { method: 'POST', path: '/v1/events', body: { event: 'order_shipped', customer: { source_id: 'customer-1' } } },
};

type Scenario = [string, ProbeJob[], (() => Record<string, ICredentialDataDecryptedObject>) | undefined, boolean?, (() => void)?];

const scenarios: Scenario[] = [
	['app keys: success and a 404', [categories, notFound], undefined],
	['app keys: success and a 404 under Continue On Fail', [categories, notFound], undefined, true],
	['app keys refused', [categories], () => ({ loyaltyPromotionsAppApi: { ...app(), appToken: WRONG_APP_TOKEN } })],
	['app keys refused under Continue On Fail', [categories, categories], () => ({ loyaltyPromotionsAppApi: { ...app(), appToken: WRONG_APP_TOKEN } }), true],
	['management: success', [schemas], undefined],
	['management keys refused', [schemas], () => ({ loyaltyPromotionsManagementApi: { ...management(), managementToken: WRONG_MANAGEMENT_TOKEN } })],
	['management: 402 under Continue On Fail', [schemas], undefined, true, () => env.emu.control.setManagementFeature(false)],
	['OAuth: success with a v2 list', [{ ...buckets, list: { envelope: 'v2Cursor', pageSizeParam: 'limit', cursorParam: 'cursor' }, returnAll: true }], undefined],
	['OAuth: token expired mid-run', [buckets, { ...controlCall('/tokens/expire'), credentialType: 'loyaltyPromotionsOAuth2Api' }, buckets], undefined],
	['OAuth: token request refused', [buckets], () => ({ loyaltyPromotionsOAuth2Api: { ...oauth(), appToken: WRONG_APP_TOKEN } })],
	['OAuth: token request refused under Continue On Fail', [buckets, buckets], () => ({ loyaltyPromotionsOAuth2Api: { ...oauth(), appToken: WRONG_APP_TOKEN } }), true],
	['OAuth: token request meets a connection reset', [buckets], undefined, false, () => env.emu.control.setFaults({ route: '/v1/oauth/token', resetRate: 1, faultSeed: 3 })],
	['unsafe POST: reset after processing', [trackEvent], undefined, false, () => env.emu.control.setFaults({ route: '/v1/events', resetAfterProcessing: true })],
	['unsafe POST: 503 under Continue On Fail', [trackEvent], undefined, true, () => env.emu.control.setFaults({ route: '/v1/events', sequence: [503] })],
	['GET: 429s beyond the retries', [{ ...categories, transportOptions: { maxRateLimitRetries: 1 } }], undefined, false, () => env.emu.control.setFaults({ rateLimitRate: 1, retryAfterSeconds: 0.01 })],
];

describe('no credential value in outputs or errors', () => {
	beforeEach(() => {
		env.emu.control.reset();
		thrownErrors.length = 0;
	});

	const cases = scenarios.map(([name, jobs, credentials, continueOnFail, arrange]) => ({ name, jobs, credentials, continueOnFail, arrange }));
	it.each(cases)('$name', async ({ jobs, credentials, continueOnFail, arrange }) => {
		arrange?.();
		const result = await env.probe(jobs, {
			credentials: { ...(env.creds as unknown as Record<string, ICredentialDataDecryptedObject>), ...credentials?.() },
			continueOnFail,
		});
		expect(result.items.length + (result.error ? 1 : 0)).toBeGreaterThan(0);
		expectNoSecrets(exposed(result));
		expectNoSecrets(exposedThrown());
	});

	it("the action node's router under Continue On Fail with refused keys", async () => {
		const result = await runNode({
			parameters: { resource: 'category', operation: 'getAll', authentication: 'appKeys', returnAll: true },
			input: [{}, {}],
			credentials: { loyaltyPromotionsAppApi: { ...app(), appToken: WRONG_APP_TOKEN } },
			continueOnFail: true,
		});
		expect(result.items).toHaveLength(2);
		expectNoSecrets(exposed(result));
	});

	it("the action node's router with OAuth, success and refused token", async () => {
		const parameters = { resource: 'category', operation: 'getAll', authentication: 'oAuth2', returnAll: true };
		const good = await runNode({ parameters, credentials: { loyaltyPromotionsOAuth2Api: oauth() } });
		expect(good.items).toHaveLength(3);
		expectNoSecrets(exposed(good));
		const bad = await runNode({ parameters, credentials: { loyaltyPromotionsOAuth2Api: { ...oauth(), appToken: WRONG_APP_TOKEN } } });
		expect(bad.error).toBeDefined();
		expectNoSecrets(exposed(bad));
	});

	it.each([
		['loyaltyPromotionsAppApi', () => ({ ...app(), appToken: WRONG_APP_TOKEN })],
		['loyaltyPromotionsManagementApi', () => ({ ...management(), managementToken: WRONG_MANAGEMENT_TOKEN })],
		['loyaltyPromotionsOAuth2Api', () => ({ ...oauth(), appToken: WRONG_APP_TOKEN })],
	])('the %s credential test with refused keys', async (type, data) => {
		const error = (await testCredential(type, data()).catch((e) => e)) as Error & { toJSON?: () => unknown; context?: unknown; description?: string };
		expect(error).toBeInstanceOf(Object);
		expectNoSecrets(JSON.stringify([error, error.message, error.toJSON?.(), error.context, error.description]));
	});

	it('the OAuth token request failure carries no key even deep inside its cause', async () => {
		const error = await testCredential('loyaltyPromotionsOAuth2Api', { ...oauth(), appToken: WRONG_APP_TOKEN }).catch((e) => e);
		expect(error).toBeInstanceOf(Object);
		// For the app and management credentials the cause is n8n's own HTTP client error (out of this package's hands).
		expectNoSecrets(deepText(error));
	});
});
