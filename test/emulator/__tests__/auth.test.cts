import { expectError, FIXTURES, setup, TestEnv } from './helpers.cjs';

let t: TestEnv;
beforeAll(async () => {
	t = await setup();
});
afterAll(() => t.emu.stop());

describe('POST /v1/oauth/token', () => {
	it('issues a Bearer token for client_credentials with space-separated scopes', async () => {
		const r = await t.form('/v1/oauth/token', { grant_type: 'client_credentials', scope: 'api loyalties' });
		expect(r.status).toBe(200);
		expect(r.data).toEqual({
			access_token: expect.any(String),
			client_id: t.emu.credentials.appId,
			expires_at: expect.any(Number),
			expires_in: 3600,
			scope: 'api loyalties',
			token_type: 'Bearer',
		});
		expect(r.data.expires_at).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 3590);
		expect(t.emu.control.counters().tokensIssued).toBeGreaterThanOrEqual(1);
	});

	it('rejects a comma-separated scope with 400', async () => {
		expectError(await t.form('/v1/oauth/token', { grant_type: 'client_credentials', scope: 'api,loyalties' }), 400, 'invalid_payload');
	});

	it('rejects an unknown scope and a missing scope with 400', async () => {
		expectError(await t.form('/v1/oauth/token', { grant_type: 'client_credentials', scope: 'api nope' }), 400);
		expectError(await t.form('/v1/oauth/token', { grant_type: 'client_credentials' }), 400);
	});

	it('accepts client_credentials only', async () => {
		expectError(await t.form('/v1/oauth/token', { grant_type: 'password', scope: 'api' }), 400, 'unsupported_grant_type');
		expectError(await t.form('/v1/oauth/token', { scope: 'api' }), 400);
	});

	it('needs the app keys (401)', async () => {
		expectError(await t.form('/v1/oauth/token', { grant_type: 'client_credentials', scope: 'api' }, {}), 401, 'unauthorized');
		expectError(
			await t.form('/v1/oauth/token', { grant_type: 'client_credentials', scope: 'api' }, { 'X-App-Id': t.emu.credentials.appId, 'X-App-Token': 'wrong' }),
			401,
			'unauthorized',
		);
	});

	it('needs a form-urlencoded body', async () => {
		const r = await t.http.post('/v1/oauth/token', { grant_type: 'client_credentials', scope: 'api' }, { headers: t.A });
		expectError(r, 400);
	});

	it('uses the configured token lifetime', async () => {
		t.emu.control.setTokenLifetime(120);
		const r = await t.form('/v1/oauth/token', { grant_type: 'client_credentials', scope: 'api' });
		expect(r.data.expires_in).toBe(120);
		t.emu.control.setTokenLifetime(3600);
	});
});

describe('POST /v1/oauth/introspect and /v1/oauth/token/revoke', () => {
	it('reports an issued token as active', async () => {
		const tok = (await t.form('/v1/oauth/token', { grant_type: 'client_credentials', scope: 'customers' })).data;
		const r = await t.form('/v1/oauth/introspect', { access_token: tok.access_token });
		expect(r.status).toBe(200);
		expect(r.data).toMatchObject({ access_token: tok.access_token, client_id: tok.client_id, expires_at: tok.expires_at, scope: 'customers', token_type: 'Bearer', active: true });
		expect(r.data.expires_in).toBeGreaterThan(0);
	});

	it('returns active: false for an unknown token', async () => {
		const r = await t.form('/v1/oauth/introspect', { access_token: 'nope' });
		expect(r.status).toBe(200);
		expect(r.data.active).toBe(false);
	});

	it('returns active: false for a revoked token, and the token no longer authorizes v2 calls', async () => {
		const B = await t.B();
		const token = B.Authorization.slice(7);
		const r = await t.form('/v1/oauth/token/revoke', { access_token: token });
		expect(r.status).toBe(204);
		expect((await t.form('/v1/oauth/introspect', { access_token: token })).data.active).toBe(false);
		const v2 = await t.http.put(`/v2/loyalties/programs/${FIXTURES.programDraft}`, { name: 'x' }, { headers: B });
		expectError(v2, 401, 'unauthorized');
	});

	it('returns active: false for an expired token (short lifetime and expireAllTokens)', async () => {
		t.emu.control.setTokenLifetime(1);
		const short = (await t.form('/v1/oauth/token', { grant_type: 'client_credentials', scope: 'api' })).data.access_token;
		t.emu.control.setTokenLifetime(3600);
		await new Promise((r) => setTimeout(r, 1100));
		expect((await t.form('/v1/oauth/introspect', { access_token: short })).data.active).toBe(false);
		const B = await t.B();
		t.emu.control.expireAllTokens();
		const r = await t.form('/v1/oauth/introspect', { access_token: B.Authorization.slice(7) });
		expect(r.data).toMatchObject({ active: false, expires_in: 0 });
	});

	it('control.revokeToken revokes', async () => {
		const B = await t.B();
		t.emu.control.revokeToken(B.Authorization.slice(7));
		expect((await t.form('/v1/oauth/introspect', { access_token: B.Authorization.slice(7) })).data.active).toBe(false);
	});

	it('introspect and revoke need app keys and access_token', async () => {
		expectError(await t.form('/v1/oauth/introspect', { access_token: 'x' }, {}), 401, 'unauthorized');
		expectError(await t.form('/v1/oauth/token/revoke', { access_token: 'x' }, {}), 401, 'unauthorized');
		expectError(await t.form('/v1/oauth/introspect', {}), 400);
		expectError(await t.form('/v1/oauth/token/revoke', {}), 400);
	});
});

describe('auth schemes', () => {
	const v2Path = `/v2/loyalties/programs/${FIXTURES.programActive}/members/${FIXTURES.memberId}/cards/${FIXTURES.cardId}/pending-points`;

	it('v2 routes take the app keys or a Bearer token, as the contract says; a Bearer sent must be valid', async () => {
		const B = await t.B();
		expect((await t.http.get(v2Path, { headers: B })).status).toBe(200);
		expect((await t.http.get(v2Path, { headers: t.A })).status).toBe(200);
		expect((await t.http.get(v2Path, { headers: { Authorization: B.Authorization } })).status).toBe(200);
		expectError(await t.http.get(v2Path), 401, 'unauthorized');
		expectError(await t.http.get(v2Path, { headers: { 'X-App-Id': t.A['X-App-Id'], 'X-App-Token': 'wrong' } }), 401, 'unauthorized');
		expectError(await t.http.get(v2Path, { headers: { ...t.A, Authorization: 'Bearer not-a-token' } }), 401, 'unauthorized');
	});

	it('A routes reject wrong or missing keys with the 401 error object', async () => {
		const r = await t.http.get('/v1/categories', { headers: { 'X-App-Id': 'x', 'X-App-Token': 'y' } });
		expect(r.status).toBe(401);
		expect(r.data).toEqual({ code: 401, message: 'Unauthorized', key: 'unauthorized', details: expect.any(String), request_id: expect.any(String) });
	});

	it('M routes reject app keys', async () => {
		expectError(await t.http.get(`/management/v1/projects/${FIXTURES.projectId}`, { headers: t.A }), 401, 'unauthorized');
	});

	it('unknown routes answer 404 not_found, wrong methods 405', async () => {
		expectError(await t.http.get('/v1/nope', { headers: t.A }), 404, 'not_found');
		expectError(await t.http.delete('/v1/categories', { headers: t.A }), 405);
	});
});
