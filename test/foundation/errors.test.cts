/**
 * Error mapping: the service's error object becomes the NodeApiError's message (its `message`), description
 * (its `details`), httpCode and context.serviceError (key, request_id, resource_id, resource_type); Continue
 * On Fail items carry the same fields.
 */
import { NodeApiError, NodeOperationError, type INode, type JsonObject } from 'n8n-workflow';
import { toNodeApiError } from '../../nodes/LoyaltyPromotions/transport/errors';
import { FIXTURES } from '../emulator/index.cjs';
import { runNode } from '../harness/runWorkflow.cjs';
import { setupEmulator, type FoundationEnv, type ProbeJob } from './support.cjs';

let env: FoundationEnv;
beforeAll(async () => {
	env = await setupEmulator();
});
afterAll(() => env.emu.stop());
beforeEach(() => env.emu.control.reset());

const OAUTH = 'loyaltyPromotionsOAuth2Api' as const;

async function failureOf(job: ProbeJob, credentials?: Parameters<FoundationEnv['probe']>[1]) {
	const result = await env.probe([job], credentials);
	expect(result.items).toHaveLength(0);
	expect(result.error).toBeDefined();
	return result.error!;
}

describe('service errors become NodeApiErrors with the service fields', () => {
	it('400: message, details in the description, key and request_id kept', async () => {
		const error = await failureOf({
			request: { method: 'GET', path: '/v1/loyalties/members/LC-MANY-ACTIVITY/activity', query: { limit: 500 } },
		});
		expect(error).toMatchObject({ message: 'Invalid request', httpCode: '400' });
		expect(error.description).toContain('Query parameter limit must be between 1 and 100 (got 500)');
		expect(error.context!.serviceError).toMatchObject({
			message: 'Invalid request',
			httpCode: '400',
			key: 'invalid_param',
			details: 'Query parameter limit must be between 1 and 100 (got 500)',
			request_id: expect.stringMatching(/^v-emu-/),
		});
	});

	it('401: the credential problem is named', async () => {
		const error = await failureOf(
			{ request: { method: 'GET', path: '/v1/categories' } },
			{ credentials: { loyaltyPromotionsAppApi: { ...env.creds.loyaltyPromotionsAppApi, appToken: 'wrong-secret' } } },
		);
		expect(error).toMatchObject({ message: "Unauthorized. Check the credential's Application ID and Secret Key: the service did not accept them.", httpCode: '401' });
		expect(error.description).toContain('Missing or invalid X-App-Id / X-App-Token');
		expect(error.description).toContain("Check the credential's Application ID and Secret Key");
		expect(error.context!.serviceError).toMatchObject({ key: 'unauthorized', request_id: expect.any(String) });
	});

	it('402: the plan lacks the Management API', async () => {
		env.emu.control.setManagementFeature(false);
		const error = await failureOf({
			credentialType: 'loyaltyPromotionsManagementApi',
			request: { method: 'GET', path: '/management/v1/projects/proj_emulator/custom-event-schemas' },
		});
		expect(error).toMatchObject({ message: 'Payment required', httpCode: '402' });
		expect(error.description).toContain('Your current plan lacks a required feature: Management API');
		expect(error.context!.serviceError).toMatchObject({ key: 'missing_required_feature', request_id: expect.any(String) });
	});

	it('404: resource_id and resource_type kept', async () => {
		const error = await failureOf({ request: { method: 'GET', path: '/v1/loyalties/members/LC-NOPE/pending-points' } });
		// the message names what was not found (an AI agent's model reads the message only), said once
		expect(error).toMatchObject({ message: 'Resource not found: Cannot find loyalty card with id LC-NOPE', httpCode: '404' });
		expect(error.description ?? '').not.toContain('LC-NOPE');
		expect(error.context!.serviceError).toMatchObject({
			key: 'not_found',
			resource_id: 'LC-NOPE',
			resource_type: expect.any(String),
			request_id: expect.any(String),
		});
	});

	it('409: a locked field of an ACTIVE card definition (v2, OAuth)', async () => {
		const error = await failureOf({
			credentialType: OAUTH,
			request: { method: 'PUT', path: `/v2/loyalties/card-definitions/${FIXTURES.cardDefinitionActive}`, body: { code_config: { length: 12 } } },
		});
		expect(error).toMatchObject({ message: 'Conflict', httpCode: '409' });
		expect(error.description).toContain('only name and metadata can be updated');
		expect(error.context!.serviceError).toMatchObject({
			key: 'resource_in_invalid_state',
			resource_id: FIXTURES.cardDefinitionActive,
			resource_type: 'card_definition',
		});
		// A 4xx is never retried.
		expect(env.emu.control.requests({ method: 'PUT' })).toHaveLength(1);
	});

	it('429: after the bounded retries, the rate-limit message and a hint', async () => {
		env.emu.control.setFaults({ sequence: [429, 429, 429], retryAfterSeconds: 0.01 });
		const error = await failureOf({
			request: { method: 'GET', path: '/v1/categories' },
			transportOptions: { maxRateLimitRetries: 2, backoffBaseMs: 1 },
		});
		expect(error).toMatchObject({ message: 'Too many requests hit the API too quickly.', httpCode: '429' });
		expect(error.description).toContain('rate limiting');
		expect(error.description).toContain('Gave up after 3 attempts.');
	});

	it('5xx: the service message and key, after the retries', async () => {
		env.emu.control.setFaults({ sequence: [503, 503, 503] });
		const error = await failureOf({
			request: { method: 'GET', path: '/v1/categories' },
			transportOptions: { maxFaultRetries: 2, backoffBaseMs: 1 },
		});
		expect(error).toMatchObject({ message: 'Service Unavailable', httpCode: '503' });
		expect(error.context!.serviceError).toMatchObject({ key: 'service_unavailable', request_id: expect.any(String) });
		expect(error.description).toContain('Gave up after 3 attempts.');
	});

	it('5xx on an unsafe POST: one attempt, and the description says why it was not repeated', async () => {
		env.emu.control.setFaults({ route: '/v1/events', sequence: [500] });
		const error = await failureOf({
			request: { method: 'POST', path: '/v1/events', body: { event: 'order_shipped', customer: { source_id: 'customer-1' } } },
		});
		expect(error).toMatchObject({ message: 'Internal Server Error (not repeated: it may have been applied)', httpCode: '500' });
		expect(error.description).toContain('The request was not repeated');
		expect(env.emu.control.requests({ method: 'POST', path: '/v1/events' })).toHaveLength(1);
	});
});

describe('Continue On Fail items carry the service fields', () => {
	it('through the probe: 404 with resource_id and resource_type, and the next item still runs', async () => {
		const result = await env.probe(
			[
				{ request: { method: 'GET', path: '/v1/loyalties/members/LC-NOPE/pending-points' } },
				{ request: { method: 'GET', path: '/v1/categories' } },
			],
			{ continueOnFail: true },
		);
		expect(result.error).toBeUndefined();
		expect(result.items[0]).toEqual({
			json: {
				error: 'Resource not found: Cannot find loyalty card with id LC-NOPE',
				description: expect.any(String),
				httpCode: '404',
				key: 'not_found',
				request_id: expect.stringMatching(/^v-emu-/),
				resource_id: 'LC-NOPE',
				resource_type: expect.any(String),
			},
			pairedItem: { item: 0 },
		});
		expect(result.items[1].json.total).toBe(3);
	});

	const categoryGetAll = { resource: 'category', operation: 'getAll', authentication: 'appKeys', returnAll: true };

	it("through the action node's router: a 401 item has error, description, httpCode, key and request_id", async () => {
		const result = await runNode({
			parameters: categoryGetAll,
			input: [{}, {}],
			credentials: { loyaltyPromotionsAppApi: { ...env.creds.loyaltyPromotionsAppApi, appToken: 'wrong-secret' } },
			continueOnFail: true,
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(2);
		for (const [index, item] of result.items.entries()) {
			expect(item).toEqual({
				json: {
					error: "Unauthorized. Check the credential's Application ID and Secret Key: the service did not accept them.",
					description: expect.stringContaining('Missing or invalid X-App-Id / X-App-Token'),
					httpCode: '401',
					key: 'unauthorized',
					request_id: expect.stringMatching(/^v-emu-/),
				},
				pairedItem: { item: index },
			});
		}
	});

	it("through the action node's router: a 429 that outlasts the retries becomes an error item", async () => {
		env.emu.control.setFaults({ route: '/v1/categories', rateLimitRate: 1, retryAfterSeconds: 0.01 });
		const result = await runNode({
			parameters: categoryGetAll,
			credentials: { loyaltyPromotionsAppApi: env.creds.loyaltyPromotionsAppApi },
			continueOnFail: true,
		});
		expect(result.items).toEqual([
			{
				json: expect.objectContaining({ error: 'Too many requests hit the API too quickly.', httpCode: '429' }),
				pairedItem: { item: 0 },
			},
		]);
		// The production bound: 1 attempt + 12 retries.
		expect(env.emu.control.requests({ path: '/v1/categories' })).toHaveLength(13);
	});
});

describe('toNodeApiError', () => {
	const node: INode = { id: 'n', name: 'N', type: 't', typeVersion: 1, position: [0, 0], parameters: {} };
	/** What n8n's httpRequestWithAuthentication throws: a NodeApiError around the HTTP client's error. */
	function clientFailure(status: number | undefined, data?: unknown, code?: string) {
		const cause = Object.assign(new Error('Request failed'), {
			code,
			config: { headers: { 'X-App-Token': 'super-secret-token' } },
			response: status === undefined ? undefined : { status, data, headers: { 'Retry-After': '1' } },
		});
		return new NodeApiError(node, cause as unknown as JsonObject);
	}

	it('adds the message of a validation rule (error.message) to the description', () => {
		const error = toNodeApiError(
			node,
			clientFailure(400, { code: 400, message: 'Validation failed', details: 'Rule not met', key: 'rule', error: { message: 'Orders under 10 EUR cannot be redeemed' } }),
		);
		expect(error.message).toBe('Validation failed');
		expect(error.description).toContain('Rule not met');
		expect(error.description).toContain('Orders under 10 EUR cannot be redeemed');
		expect(error.context.serviceError).toMatchObject({ error: { message: 'Orders under 10 EUR cannot be redeemed' } });
	});

	it('a 400 multiple_requests reads as a rollback already in progress, keeps the key, and says nothing changed', () => {
		const error = toNodeApiError(node, clientFailure(400, { code: 400, message: 'Bad request', key: 'multiple_requests', details: 'Multiple requests', request_id: 'v-1' }));
		expect(error.message).toBe('A rollback of this redemption is already in progress');
		expect(error.description).toContain('changed nothing (not repeated)');
		expect(error.context.serviceError).toMatchObject({ httpCode: '400', key: 'multiple_requests', message: 'Bad request' });
		// a key only as an own property of the table: an inherited name is no meaning
		expect(toNodeApiError(node, clientFailure(400, { code: 400, message: 'Bad request', key: 'constructor' })).message).toBe('Bad request');
	});

	it('a rollback refused with a 400 is sent once, never repeated', async () => {
		env.emu.control.setFaults({ route: `/v1/redemptions/${FIXTURES.redemptionIds[1]}/rollback`, method: 'POST', sequence: [400] });
		const result = await runNode({ parameters: { resource: 'redemption', operation: 'rollback', redemptionId: FIXTURES.redemptionIds[1] }, credentials: env.creds });
		expect(result.items).toEqual([]);
		expect(result.error?.httpCode).toBe('400');
		expect(env.emu.control.requests({ method: 'POST', path: `/v1/redemptions/${FIXTURES.redemptionIds[1]}/rollback` })).toHaveLength(1);
	});

	it('uses the status when the body has no message, and names the address when nothing answered', () => {
		expect(toNodeApiError(node, clientFailure(502, 'gateway says no')).message).toBe('The service answered 502');
		const unreachable = toNodeApiError(node, clientFailure(undefined, undefined, 'ECONNREFUSED'), { baseUrl: 'http://127.0.0.1:1' });
		expect(unreachable.description).toContain('Could not reach the service at http://127.0.0.1:1 (ECONNREFUSED)');
		expect(unreachable.context.serviceError).toMatchObject({ code: 'ECONNREFUSED', httpCode: '' });
	});

	it('keeps nothing of the HTTP client error (whose config holds the keys)', () => {
		const error = toNodeApiError(node, clientFailure(401, { code: 401, message: 'Unauthorized' }));
		const everything = JSON.stringify([error, error.toJSON?.(), error.context, error.description, error.cause]);
		expect(everything).not.toContain('super-secret-token');
	});
});

/**
 * n8n wraps a tool's error again on the MCP path (`new NodeOperationError(node, error)` in n8n-core's
 * get-input-connection-data) and swaps a message that contains a socket error code for its own wording ("You can
 * retry the request immediately…"). The headline a client reads must still say what the node said.
 */
describe('an error n8n wraps again keeps its headline', () => {
	const node: INode = { id: '1', name: 'Loyalty Promotions', type: 'n8n-nodes-loyalty-promotions.loyaltyPromotionsTool', typeVersion: 3, position: [0, 0], parameters: {} };
	const socketFailure = (code: string) => new NodeApiError(node, Object.assign(new Error(`read ${code}`), { code }) as unknown as JsonObject);
	const wrapped = (error: NodeApiError) => new NodeOperationError(node, error);
	const LOST = ['ECONNRESET', 'ECONNABORTED', 'EPIPE'];
	const TIMED_OUT = ['ETIMEDOUT', 'ESOCKETTIMEDOUT'];
	const NEVER_OPENED = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'];

	it.each(LOST)('a lost connection (%s) on an unsafe request: "not repeated", no advice to retry', (code) => {
		const error = toNodeApiError(node, socketFailure(code), { notRepeated: true, baseUrl: 'http://127.0.0.1:1' });
		for (const headline of [error.message, wrapped(error).message]) {
			expect(headline).toBe('The connection was lost before the service answered; the request was not repeated, as it may have been applied');
		}
		expect(error.description).toContain(`(${code})`);
	});

	it.each(TIMED_OUT)('a request that timed out (%s) on an unsafe request: "timed out" and "not repeated", no advice to retry', (code) => {
		const error = toNodeApiError(node, socketFailure(code), { notRepeated: true, baseUrl: 'http://127.0.0.1:1' });
		for (const headline of [error.message, wrapped(error).message]) {
			expect(headline).toBe('The service did not answer within the time allowed: the request timed out; the request was not repeated, as it may have been applied');
		}
		expect(error.description).toContain(`(${code})`);
	});

	it.each([...LOST, ...NEVER_OPENED])('a safe request (%s): the node\'s headline survives the wrapping', (code) => {
		const error = toNodeApiError(node, socketFailure(code), { baseUrl: 'http://127.0.0.1:1' });
		expect(wrapped(error).message).toBe(error.message);
		expect(wrapped(error).message).not.toMatch(/retry/i);
	});

	it('a 5xx on an unsafe request and a not-found answer keep theirs', () => {
		const answer = (status: number, data: unknown) =>
			new NodeApiError(node, Object.assign(new Error('Request failed'), { response: { status, data, headers: {} } }) as unknown as JsonObject);
		const unavailable = toNodeApiError(node, answer(503, { code: 503, message: 'Service Unavailable' }), { notRepeated: true });
		expect(wrapped(unavailable).message).toBe('Service Unavailable (not repeated: it may have been applied)');
		const missing = toNodeApiError(node, answer(404, { code: 404, key: 'not_found', message: 'Resource not found', details: 'Cannot find card with id lcrd_1', resource_id: 'lcrd_1', resource_type: 'card' }));
		expect(wrapped(missing).message).toBe('Resource not found: Cannot find card with id lcrd_1');
	});

	it('a not-found answer without details names the resource from resource_type and resource_id', () => {
		const answer = new NodeApiError(node, Object.assign(new Error('Request failed'), { response: { status: 404, data: { code: 404, key: 'not_found', message: 'Resource not found', resource_id: 'lrew_1', resource_type: 'loyalty_reward' }, headers: {} } }) as unknown as JsonObject);
		expect(toNodeApiError(node, answer).message).toBe('Resource not found: no loyalty reward with ID lrew_1');
	});
});
