/**
 * Keys stay with the service. A redirect to another origin is never followed (the HTTP client would carry
 * X-App-Token or X-Management-Token along: only Authorization is dropped on such hops); a redirect within the
 * service's origin is followed, a bounded number of times. A Base URL holding a user name and password is
 * refused before anything is sent, and no error shows them. A second emulator on another port plays the other
 * origin and records every header it gets.
 */
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';
import { BASE_URL_EXPRESSION, baseUrlOf, REFUSED_BASE_URL, redactUrlCredentials } from '../../credentials/location';
import { toNodeApiError } from '../../nodes/LoyaltyPromotions/transport/errors';
import { startEmulator, type RunningEmulator } from '../emulator/index.cjs';
import { credentialsFor } from '../harness/emulatorCredentials.cjs';
import { runNode, testCredential } from '../harness/runWorkflow.cjs';
import { setupEmulator, type FoundationEnv, type ProbeJob } from './support.cjs';

let env: FoundationEnv;
let other: RunningEmulator;
beforeAll(async () => {
	env = await setupEmulator();
	other = await startEmulator({ port: 0, quiet: true });
});
afterAll(async () => {
	await env.emu.stop();
	await other.stop();
});
beforeEach(() => {
	env.emu.control.reset();
	other.control.reset();
});

const categories: ProbeJob = { request: { method: 'GET', path: '/v1/categories' } };
const toOther = (route: string, status = 302) => env.emu.control.setFaults({ route, redirect: { location: other.baseUrl, keepPath: true, status } });

describe('a redirect to another origin', () => {
	it('is not followed with the app keys: the other server gets nothing, and the error names where it pointed', async () => {
		toOther('/v1/categories');
		const result = await env.probe([categories]);
		expect(result.error).toMatchObject({ httpCode: '302' });
		expect(result.error?.message).toBe(`The service answered 302 (a redirect) to another address (${other.baseUrl}), which the node does not follow`);
		expect(result.error?.description).toMatch(/^Following it would send the credential's keys to http:\/\/127\.0\.0\.1:\d+\. Check the credential's Cluster/);
		expect(other.control.requests()).toEqual([]);
		expect(env.emu.control.requests()).toHaveLength(1);
	});

	it('is not followed for an unsafe POST either (307 keeps the method and body)', async () => {
		toOther('/v1/events', 307);
		const result = await env.probe([{ request: { method: 'POST', path: '/v1/events', body: { event: 'order_shipped', customer: { source_id: 'c-1' } } } }]);
		expect(result.error).toMatchObject({ httpCode: '307' });
		expect(other.control.requests()).toEqual([]);
		expect(other.control.counters().eventsTracked).toBe(0);
	});

	it('is not followed with the management keys (the action node, Webhook: Get Many)', async () => {
		toOther('/management/v1/projects/*/webhooks');
		const result = await runNode({ parameters: { resource: 'webhook', operation: 'getAll', returnAll: true }, credentials: credentialsFor(env.emu) });
		expect(result.error?.message).toMatch(/^The service answered 302 \(a redirect\) to another address/);
		expect(other.control.requests()).toEqual([]);
	});

	it('is not followed by the OAuth token request (it carries the app keys)', async () => {
		toOther('/v1/oauth/token');
		const result = await env.probe([{ ...categories, credentialType: 'loyaltyPromotionsOAuth2Api' }]);
		expect(result.error?.message).toMatch(/^Could not get an OAuth access token/);
		expect(other.control.requests()).toEqual([]);
	});
});

describe('a redirect within the service', () => {
	it('is followed, with the keys, to the new path', async () => {
		env.emu.control.setFaults({ route: '/v1/legacy/categories', redirect: { location: '/v1/categories', status: 301 } });
		const result = await env.probe([{ request: { method: 'GET', path: '/v1/legacy/categories' } }]);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.total).toBe(3);
		expect(env.emu.control.requests().map((request) => [request.path, request.status, request.headers['x-app-token']])).toEqual([
			['/v1/legacy/categories', 301, '***'],
			['/v1/categories', 200, '***'],
		]);
	});

	it('a 303 after a POST is fetched with GET, without the body', async () => {
		env.emu.control.setFaults({ route: '/v1/legacy/events', method: 'POST', redirect: { location: '/v1/categories', status: 303 } });
		const result = await env.probe([{ request: { method: 'POST', path: '/v1/legacy/events', body: { event: 'x' } } }]);
		expect(result.error).toBeUndefined();
		expect(env.emu.control.requests().map((request) => `${request.method} ${request.path}`)).toEqual(['POST /v1/legacy/events', 'GET /v1/categories']);
		expect(env.emu.control.requests()[1].body).toBeUndefined();
	});

	it('is followed at most 5 times in a row', async () => {
		env.emu.control.setFaults({ route: '/v1/loop', redirect: { location: '/v1/loop' } });
		const result = await env.probe([{ request: { method: 'GET', path: '/v1/loop' } }]);
		expect(result.error?.message).toBe('The service answered 302 (a redirect) more than 5 times in a row');
		expect(env.emu.control.requests()).toHaveLength(6);
	});
});

describe('a Base URL with a user name and password', () => {
	const withPassword = (emu: RunningEmulator) => emu.baseUrl.replace('http://', 'http://someone:s3cret-pass@');

	it('is refused by the action node before anything is sent, and the error does not show the password', async () => {
		const creds = credentialsFor(env.emu);
		for (const type of ['loyaltyPromotionsAppApi', 'loyaltyPromotionsOAuth2Api'] as const) {
			const credentials = { [type]: { ...creds[type], baseUrl: withPassword(env.emu) } } as Record<string, ICredentialDataDecryptedObject>;
			const authentication = type === 'loyaltyPromotionsAppApi' ? 'appKeys' : 'oAuth2';
			const result = await runNode({ parameters: { resource: 'category', operation: 'getAll', authentication, returnAll: true }, credentials });
			expect(result.error?.message).toBe(
				"Base URL: must not contain a user name or password (user:password@ before the host). Remove them from the credential's Base URL: the service's keys go in the credential's own fields.",
			);
			expect(result.error?.description).toBe('Nothing was sent to the service.');
			expect(JSON.stringify(result.run.data)).not.toContain('s3cret-pass');
		}
		expect(env.emu.control.requests()).toEqual([]);
	});

	it('fails the credential test without contacting the service (the test goes to a reserved .invalid name)', async () => {
		const error = await testCredential('loyaltyPromotionsAppApi', { ...credentialsFor(env.emu).loyaltyPromotionsAppApi, baseUrl: withPassword(env.emu) }).catch((e) => e);
		expect(String(error.message)).toMatch(/The connection cannot be established/);
		expect(JSON.stringify({ message: error.message, description: error.description })).not.toContain('s3cret-pass');
		expect(env.emu.control.requests()).toEqual([]);
	});

	it('is never shown in an error about an unreachable address', () => {
		const node = { id: 'n', name: 'N', type: 't', typeVersion: 1, position: [0, 0] as [number, number], parameters: {} };
		const error = toNodeApiError(node, { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED http://user:pw@10.0.0.1:9' }, { baseUrl: 'http://user:pw@10.0.0.1:9' });
		expect(error.description).toBe('Could not reach the service at http://***@10.0.0.1:9 (ECONNREFUSED)');
		expect(JSON.stringify({ ...error, message: error.message })).not.toContain(':pw@');
	});

	it('baseUrlOf refuses it; the credential-test expression points at a reserved .invalid name instead', () => {
		expect(() => baseUrlOf({ cluster: 'custom', baseUrl: 'https://a:b@api.example.com' })).toThrow(/^Base URL: must not contain a user name or password/);
		expect(() => baseUrlOf({ cluster: 'custom', baseUrl: 'https://token@api.example.com' })).toThrow(/^Base URL: must not contain/);
		expect(() => baseUrlOf({ cluster: 'custom', baseUrl: 'ftp://api.example.com' })).toThrow(/^Base URL: must be an http:\/\/ or https:\/\/ address/);
		expect(BASE_URL_EXPRESSION).toContain(REFUSED_BASE_URL);
		expect(redactUrlCredentials('see https://u:p@h.example/x and http://t@h2/')).toBe('see https://***@h.example/x and http://***@h2/');
	});
});
