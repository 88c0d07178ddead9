import { useEmulator } from './setup.cjs';

const ctx = useEmulator();

describe('OAuth Token: Create', () => {
	it('posts a client-credentials form with the chosen scopes joined by single spaces', async () => {
		const { items, error } = await ctx.run({ resource: 'oAuthToken', operation: 'create', scopes: ['customers', 'api', 'client_events'] });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ token_type: 'Bearer', scope: 'customers api client_events', client_id: ctx.emu.credentials.appId });
		expect(typeof items[0].json.access_token).toBe('string');
		expect(ctx.sent()).toEqual([
			{ method: 'POST', path: '/v1/oauth/token', query: {}, body: { grant_type: 'client_credentials', scope: 'customers api client_events' } },
		]);
		const [request] = ctx.emu.control.requests();
		expect(request.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
		expect(request.headers['x-app-id']).toBe(ctx.emu.credentials.appId);
	});

	it('refuses an empty scope list before sending anything', async () => {
		// n8n's editor already blocks an empty required list; an expression can still produce one.
		await ctx.expectInvalid({ resource: 'oAuthToken', operation: 'create', scopes: '={{ [] }}' }, 'Scopes', /choose at least one scope/);
	});

	it('refuses a scope name the spec does not know', async () => {
		await ctx.expectInvalid({ resource: 'oAuthToken', operation: 'create', scopes: ['api', 'everything'] }, 'Scopes', /unknown (scope|value) "everything"/);
	});
});

describe('OAuth Token: Introspect', () => {
	it('introspects a token it just created: active, with its scope', async () => {
		const created = await ctx.run({ resource: 'oAuthToken', operation: 'create', scopes: ['api'] });
		const token = String(created.items[0].json.access_token);
		ctx.emu.control.clearRequests();
		const { items, error } = await ctx.run({ resource: 'oAuthToken', operation: 'introspect', accessToken: token });
		expect(error).toBeUndefined();
		// The service repeats the token it was given: the output shows it redacted (docs/safety.md#secrets).
		expect(items.map((item) => item.json)).toEqual([expect.objectContaining({ access_token: '[redacted]', active: true, scope: 'api' })]);
		expect(JSON.stringify(items)).not.toContain(token);
		expect(ctx.sent()).toEqual([{ method: 'POST', path: '/v1/oauth/introspect', query: {}, body: { access_token: token } }]);
	});

	it('reports an unknown token as inactive', async () => {
		const { items } = await ctx.run({ resource: 'oAuthToken', operation: 'introspect', accessToken: 'no-such-token' });
		expect(items[0].json).toMatchObject({ active: false, access_token: '[redacted]' });
	});

	it('requires the access token', async () => {
		await ctx.expectInvalid({ resource: 'oAuthToken', operation: 'introspect', accessToken: '  ' }, 'Access Token', /is required/);
	});

	it('maps a 401 from the service (wrong app keys) to an error naming the key', async () => {
		const { runNode } = await import('../../harness/runWorkflow.cjs');
		const result = await runNode({
			parameters: { resource: 'oAuthToken', operation: 'introspect', accessToken: 'x' },
			credentials: { loyaltyPromotionsAppApi: { appId: 'wrong', appToken: 'wrong', cluster: 'custom', baseUrl: ctx.emu.baseUrl } },
		});
		expect(result.error?.message).toBe("Unauthorized. Check the credential's Application ID and Secret Key: the service did not accept them.");
		expect(result.error?.context?.serviceError).toMatchObject({ httpCode: '401', key: 'unauthorized' });
	});

	it('with Continue On Fail, pairs an error item with the input whose token is missing', async () => {
		const { items, error } = await ctx.run(
			{ resource: 'oAuthToken', operation: 'introspect', accessToken: '={{ $json.token }}' },
			{ input: [{ token: 'a' }, { token: '' }, { token: 'c' }], continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[0].json).toMatchObject({ access_token: '[redacted]', active: false });
		expect(items[1].json.error).toBe('Access Token: is required');
		expect(items[2].json).toMatchObject({ access_token: '[redacted]', active: false });
		expect(ctx.sent().map((request) => request.body)).toEqual([{ access_token: 'a' }, { access_token: 'c' }]);
	});
});

describe('OAuth Token: Revoke', () => {
	it('posts the token as a form; the token stops working, and the output never repeats it', async () => {
		const created = await ctx.run({ resource: 'oAuthToken', operation: 'create', scopes: ['api'] });
		const token = String(created.items[0].json.access_token);
		ctx.emu.control.clearRequests();
		const { items, error } = await ctx.run({ resource: 'oAuthToken', operation: 'revoke', accessToken: token });
		expect(error).toBeUndefined();
		expect(ctx.sent()).toEqual([{ method: 'POST', path: '/v1/oauth/token/revoke', query: {}, body: { access_token: token } }]);
		expect(items.map((item) => item.json)).toEqual([{ revoked: true }]);
		expect(JSON.stringify(items)).not.toContain(token);
		const introspected = await ctx.run({ resource: 'oAuthToken', operation: 'introspect', accessToken: token });
		expect(introspected.items[0].json.active).toBe(false);
	});

	it('requires the token, and a failure does not print it', async () => {
		await ctx.expectInvalid({ resource: 'oAuthToken', operation: 'revoke', accessToken: '={{ "" }}' }, 'Access Token', /is required/);
		ctx.emu.control.setFaults({ route: '/v1/oauth/token/revoke', sequence: [500, 500, 500, 500, 500] });
		const failed = await ctx.run({ resource: 'oAuthToken', operation: 'revoke', accessToken: 'secret-token-123' });
		expect(failed.error).toBeDefined();
		expect(JSON.stringify({ message: failed.error?.message, description: failed.error?.description, context: failed.error?.context })).not.toContain('secret-token-123');
	});
});
