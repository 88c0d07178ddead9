import { expectError, FIXTURES, receiver, setup, TestEnv } from './helpers.cjs';

let t: TestEnv;
beforeAll(async () => {
	t = await setup();
});
beforeEach(() => t.emu.control.reset());
afterAll(() => t.emu.stop());

const C = (p: string) => `/_emulator${p}`;

describe('request log and counters (in-process)', () => {
	it('logs API requests with secrets masked, parsed bodies and query', async () => {
		const B = await t.B();
		await t.http.put(`/v2/loyalties/programs/${FIXTURES.programDraft}?x=1`, { name: 'Logged' }, { headers: B });
		await t.http.get(C('/health'));
		const log = t.emu.control.requests();
		expect(log.map((r) => r.path)).toEqual(['/v1/oauth/token', `/v2/loyalties/programs/${FIXTURES.programDraft}`]);
		const [tok, put] = log;
		expect(tok.body).toEqual({ grant_type: 'client_credentials', scope: 'api' });
		expect(put).toMatchObject({ seq: expect.any(Number), method: 'PUT', query: { x: '1' }, body: { name: 'Logged' }, status: 200, at: expect.any(Number) });
		expect(put.headers['x-app-token']).toBe('***');
		expect(put.headers.authorization).toBe('***');
		expect(put.headers['x-app-id']).toBe(t.emu.credentials.appId);
		expect(t.emu.control.requests({ method: 'put' })).toHaveLength(1);
		expect(t.emu.control.requests({ path: /oauth/ })).toHaveLength(1);
		t.emu.control.clearRequests();
		expect(t.emu.control.requests()).toHaveLength(0);
	});

	it('masks the management token', async () => {
		await t.http.get(`/management/v1/projects/${FIXTURES.projectId}`, { headers: t.M });
		expect(t.emu.control.requests()[0].headers['x-management-token']).toBe('***');
	});

	it('the log can be turned off', async () => {
		t.emu.control.setRequestLog(false);
		await t.http.get('/v1/categories', { headers: t.A });
		expect(t.emu.control.requests()).toHaveLength(0);
		expect(t.emu.control.counters().requests).toBe(1);
		t.emu.control.setRequestLog(true);
	});

	it('reset restores fixtures, tokens and counters', async () => {
		const B = await t.B();
		await t.http.put(`/v2/loyalties/programs/${FIXTURES.programDraft}`, { name: 'Changed' }, { headers: B });
		t.emu.control.setFaults({ sequence: [500] });
		t.emu.control.reset();
		expect(t.emu.control.state.programs.get(FIXTURES.programDraft)!.name).toBe('Draft program');
		expect(t.emu.control.counters().tokensIssued).toBe(0);
		expectError(await t.http.put(`/v2/loyalties/programs/${FIXTURES.programDraft}`, { name: 'x' }, { headers: B }), 401);
	});
});

describe('HTTP control API under /_emulator', () => {
	it('health, credentials, fixtures and routes', async () => {
		expect((await t.http.get(C('/health'))).data).toEqual({ ok: true, baseUrl: t.emu.baseUrl, seed: 1 });
		expect((await t.http.get(C('/credentials'))).data).toEqual(t.emu.credentials);
		expect((await t.http.get(C('/fixtures'))).data).toMatchObject({ programActive: FIXTURES.programActive, counts: { memberActivities: 1025 } });
		expect((await t.http.get(C('/routes'))).data.length).toBeGreaterThan(20);
	});

	it('requests (filtered), counters and their reset', async () => {
		await t.http.get('/v1/categories', { headers: t.A });
		await t.http.post(`/v1/products/${FIXTURES.productId}/skus`, { sku: 'a' }, { headers: t.A });
		expect((await t.http.get(C('/requests'))).data).toHaveLength(2);
		const f = (await t.http.get(C('/requests?method=POST&path=/skus'))).data;
		expect(f).toHaveLength(1);
		expect(f[0].headers['x-app-token']).toBe('***');
		expect((await t.http.get(C('/counters'))).data).toMatchObject({ requests: 2, skusCreated: 1 });
		expect((await t.http.delete(C('/counters'))).status).toBe(204);
		expect((await t.http.get(C('/counters'))).data.skusCreated).toBe(0);
		await t.http.delete(C('/requests'));
		expect((await t.http.get(C('/requests'))).data).toEqual([]);
	});

	it('management-feature, rate-limit, faults, latency', async () => {
		await t.http.put(C('/management-feature'), { enabled: false });
		expectError(await t.http.get(`/management/v1/projects/${FIXTURES.projectId}`, { headers: t.M }), 402);
		await t.http.put(C('/management-feature'), { enabled: true });
		await t.http.put(C('/rate-limit'), { limit: 0, windowMs: 1000 });
		expect((await t.http.get('/v1/categories', { headers: t.A })).status).toBe(429);
		await t.http.put(C('/rate-limit'), 'null', { headers: { 'Content-Type': 'application/json' } });
		await t.http.put(C('/faults'), { sequence: [502] });
		expect((await t.http.get('/v1/categories', { headers: t.A })).status).toBe(502);
		await t.http.put(C('/faults'), 'null', { headers: { 'Content-Type': 'application/json' } });
		await t.http.put(C('/latency'), { ms: 100 });
		const start = Date.now();
		expect((await t.http.get('/v1/categories', { headers: t.A })).status).toBe(200);
		expect(Date.now() - start).toBeGreaterThanOrEqual(90);
		await t.http.put(C('/latency'), { ms: 0 });
		expectError(await t.http.put(C('/latency'), { ms: 'x' }), 400);
	});

	it('token-lifetime, tokens/expire, tokens/revoke, cursor-lifetime', async () => {
		await t.http.put(C('/token-lifetime'), { seconds: 60 });
		const B = await t.B();
		const token = B.Authorization.slice(7);
		expect((await t.form('/v1/oauth/introspect', { access_token: token })).data).toMatchObject({ active: true, expires_in: 60 });
		await t.http.post(C('/tokens/expire'));
		expect((await t.form('/v1/oauth/introspect', { access_token: token })).data.active).toBe(false);
		const B2 = await t.B();
		await t.http.post(C('/tokens/revoke'), { token: B2.Authorization.slice(7) });
		expect((await t.form('/v1/oauth/introspect', { access_token: B2.Authorization.slice(7) })).data.active).toBe(false);
		expect((await t.http.put(C('/cursor-lifetime'), { ms: 1000 })).status).toBe(204);
	});

	it('emit, deliveries (with wait) and webhooks', async () => {
		const rx = await receiver();
		try {
			await t.http.post(`/management/v1/projects/${FIXTURES.projectId}/webhooks`, { target_url: rx.url, events: ['redemption.succeeded'] }, { headers: t.M });
			const hooks = (await t.http.get(C('/webhooks'))).data;
			expect(hooks).toEqual([expect.objectContaining({ target_url: rx.url, project_id: FIXTURES.projectId })]);
			expect((await t.http.post(C('/emit'), { type: 'redemption.succeeded', data: { id: 'r_1' } })).status).toBe(200);
			const d = (await t.http.get(C('/deliveries?wait=1&timeout=2000'))).data;
			expect(d[0]).toMatchObject({ type: 'redemption.succeeded', ok: true, status: 200 });
			expect(rx.received[0].body.data).toEqual({ id: 'r_1' });
			expectError(await t.http.post(C('/emit'), { type: 'nope' }), 400);
			expect((await t.http.get(C('/deliveries?wait=5&timeout=50'))).status).toBe(408);
			await t.http.delete(C('/deliveries'));
			expect((await t.http.get(C('/deliveries'))).data).toEqual([]);
		} finally {
			await rx.close();
		}
	});

	it('state collections, webhook secret, request-log, delivery delays, reset', async () => {
		await t.http.post(`/v1/products/${FIXTURES.productId}/skus`, { source_id: 'via-http' }, { headers: t.A });
		const skus = (await t.http.get(C('/state/skus'))).data;
		expect(skus.map((s: any) => s.source_id)).toContain('via-http');
		expectError(await t.http.get(C('/state/tokens')), 400);
		await t.http.put(C('/webhook-secret'), { secret: 'other' });
		expect(t.emu.control.webhookSecret).toBe('other');
		await t.http.put(C('/request-log'), { enabled: false });
		await t.http.get('/v1/categories', { headers: t.A });
		await t.http.put(C('/request-log'), { enabled: true });
		expect(t.emu.control.requests({ path: '/v1/categories' })).toHaveLength(0);
		expect((await t.http.put(C('/delivery-retry-delays'), { delaysMs: [1, 2] })).status).toBe(204);
		expect((await t.http.post(C('/reset'))).status).toBe(204);
		expect((await t.http.get(C('/state/skus'))).data.map((s: any) => s.source_id)).not.toContain('via-http');
		expect(t.emu.control.webhookSecret).toBe(t.emu.credentials.webhookSecret);
		expectError(await t.http.get(C('/nope')), 404);
	});

	it('control calls are not logged and need no auth', async () => {
		await t.http.get(C('/counters'));
		expect(t.emu.control.requests()).toHaveLength(0);
		expect(t.emu.control.counters().requests).toBe(0);
	});
});
