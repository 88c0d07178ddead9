import type { ICredentialDataDecryptedObject, INodeParameters } from 'n8n-workflow';
import { FIXTURES } from '../emulator/index.cjs';
import type { FaultOptions } from '../emulator/types.cjs';
import { credentialsFor } from '../harness/emulatorCredentials.cjs';
import type { RunNodeResult } from '../harness/runWorkflow.cjs';
import { useEmulator } from './v2/helpers.cjs';

/**
 * A service that repeats the secrets it was sent (the emulator's echoSecrets): no error message, description,
 * Continue On Fail item or output shows one. Every case checks that the answer did repeat a secret (the output
 * or error shows "[redacted]") and that none of the node's secrets is shown.
 */
const ctx = useEmulator();

const WRONG_APP_TOKEN = 'wrong-app-token-echo-81f2';
const WRONG_MANAGEMENT_TOKEN = 'wrong-management-token-echo-3c9a';
const GIVEN_TOKEN = 'token-given-to-introspect-5d7e1b';

/** Everything a run shows: output items, and the error as thrown, stored and serialised. */
function shown(result: RunNodeResult): string {
	const error = result.error as (Error & { toJSON?: () => unknown; messages?: unknown; description?: string; context?: unknown }) | undefined;
	// The node's own parameters (where the user typed a token) are the workflow's, not something the node shows.
	const withoutParameters = (key: string, value: unknown) => (key === 'parameters' ? undefined : value);
	return JSON.stringify([result.items, error, error?.message, error?.description, error?.context, error?.messages, error?.stack, error?.toJSON?.(), result.run], withoutParameters);
}

interface Case {
	parameters: INodeParameters;
	faults: FaultOptions | FaultOptions[];
	credentials?: () => Record<string, ICredentialDataDecryptedObject>;
	continueOnFail?: boolean;
	/** Failure expected (else success). */
	fails: boolean;
}

const app = () => credentialsFor(ctx.emu).loyaltyPromotionsAppApi;
const management = () => credentialsFor(ctx.emu).loyaltyPromotionsManagementApi;
const oauth = () => credentialsFor(ctx.emu).loyaltyPromotionsOAuth2Api;
const echo = (route: string, more: FaultOptions = {}): FaultOptions => ({ route, echoSecrets: true, ...more });

const customerGet = { resource: 'customer', operation: 'get', customerId: FIXTURES.customerId, output: 'raw' };
const categoryCreate = { resource: 'category', operation: 'create', name: 'Echoed', hierarchy: 1 };
const schemas = { resource: 'customEventSchema', operation: 'getAll', returnAll: true };
const webhookGet = { resource: 'webhook', operation: 'get', webhookId: 'wh_missing' };
const introspect = { resource: 'oAuthToken', operation: 'introspect', accessToken: GIVEN_TOKEN };
const revoke = { resource: 'oAuthToken', operation: 'revoke', accessToken: GIVEN_TOKEN };
const viaOAuth = (parameters: object) => ({ ...parameters, authentication: 'oAuth2' });

const cases: Record<string, Case> = {
	'app keys: an output': { parameters: customerGet, faults: echo('/v1/customers'), fails: false },
	'app keys: a list output': { parameters: { resource: 'category', operation: 'getAll', returnAll: true }, faults: echo('/v1/categories'), fails: false },
	'app keys: a 404': { parameters: { ...customerGet, customerId: 'cust_missing' }, faults: echo('/v1/customers'), fails: true },
	'app keys: a 404 under Continue On Fail': { parameters: { ...customerGet, customerId: 'cust_missing' }, faults: echo('/v1/customers'), fails: true, continueOnFail: true },
	'app keys: a 503 on a request not repeated': { parameters: categoryCreate, faults: echo('/v1/categories', { sequence: [503] }), fails: true },
	'app keys: refused keys': { parameters: customerGet, faults: echo('/v1/customers'), credentials: () => ({ loyaltyPromotionsAppApi: { ...app(), appToken: WRONG_APP_TOKEN } }), fails: true },
	'app keys: an answer that is not JSON': {
		parameters: customerGet,
		faults: echo('/v1/customers', { replaceReply: { status: 200, body: '<html>proxy</html>' } }),
		fails: true,
	},
	'management: an output': { parameters: schemas, faults: echo('/custom-event-schemas'), fails: false },
	'management: a 404': { parameters: webhookGet, faults: echo('/webhooks'), fails: true },
	'management: a 404 under Continue On Fail': { parameters: webhookGet, faults: echo('/webhooks'), fails: true, continueOnFail: true },
	'management: refused keys': {
		parameters: schemas,
		faults: echo('/custom-event-schemas'),
		credentials: () => ({ loyaltyPromotionsManagementApi: { ...management(), managementToken: WRONG_MANAGEMENT_TOKEN } }),
		fails: true,
	},
	'OAuth: an output': { parameters: viaOAuth(customerGet), faults: echo('/v1/customers'), fails: false },
	'OAuth: a 404': { parameters: viaOAuth({ ...customerGet, customerId: 'cust_missing' }), faults: echo('/v1/customers'), fails: true },
	'OAuth: the token request refused': {
		parameters: viaOAuth(customerGet),
		faults: echo('/v1/oauth/token'),
		credentials: () => ({ loyaltyPromotionsOAuth2Api: { ...oauth(), appToken: WRONG_APP_TOKEN } }),
		fails: true,
	},
	'OAuth Token Create: the app token repeated beside the new token': { parameters: { resource: 'oAuthToken', operation: 'create', scopes: ['api'] }, faults: echo('/v1/oauth/token'), fails: false },
	"Introspect: the service's own answer repeats the token": { parameters: introspect, faults: [], fails: false },
	'Introspect: an output that repeats every secret': { parameters: introspect, faults: echo('/v1/oauth/introspect'), fails: false },
	'Introspect: a 400': { parameters: introspect, faults: echo('/v1/oauth/introspect', { sequence: [400] }), fails: true },
	'Revoke: a 400 that repeats the token': { parameters: revoke, faults: echo('/v1/oauth/token/revoke', { sequence: [400] }), fails: true },
	'Revoke: refused keys under Continue On Fail': {
		parameters: revoke,
		faults: echo('/v1/oauth/token/revoke'),
		credentials: () => ({ loyaltyPromotionsAppApi: { ...app(), appToken: WRONG_APP_TOKEN } }),
		fails: true,
		continueOnFail: true,
	},
};

describe('secrets a service repeats are redacted from errors and outputs', () => {
	it.each(Object.entries(cases))('%s', async (_name, { parameters, faults, credentials, continueOnFail, fails }) => {
		ctx.emu.control.setFaults(faults);
		const result = await ctx.run(parameters, { credentials: { ...credentialsFor(ctx.emu), ...credentials?.() }, continueOnFail });
		const failedItem = result.items.some((item) => item.json.error !== undefined);
		expect(Boolean(result.error) || failedItem).toBe(fails);
		const text = shown(result);
		expect(text).toContain('[redacted]');
		const { appToken, managementToken, webhookSecret } = ctx.emu.credentials;
		// OAuth Token operations show the tokens Create bought; any other run's tokens are the credential's.
		const bought = parameters.resource === 'oAuthToken' ? [] : [...ctx.emu.control.state.tokens.keys()];
		for (const secret of [appToken, managementToken, webhookSecret, WRONG_APP_TOKEN, WRONG_MANAGEMENT_TOKEN, GIVEN_TOKEN, ...bought]) {
			expect(text).not.toContain(secret);
		}
	});

	it('OAuth Token Create still outputs the token it bought', async () => {
		ctx.emu.control.setFaults(echo('/v1/oauth/token'));
		const { items } = await ctx.run({ resource: 'oAuthToken', operation: 'create', scopes: ['api'] });
		const [token] = [...ctx.emu.control.state.tokens.keys()];
		expect(items[0].json.access_token).toBe(token);
		expect(items[0].json.echo).toBe('echo: [redacted]');
	});
});
