import { expectError, FIXTURES, setup, TestEnv } from './helpers.cjs';

let t: TestEnv;
beforeAll(async () => {
	t = await setup();
});
afterAll(() => t.emu.stop());
afterEach(() => t.emu.control.setManagementFeature(true));

const P = `/management/v1/projects/${FIXTURES.projectId}`;

describe('GET /management/v1/projects/{projectId}', () => {
	it('returns the project', async () => {
		const r = await t.http.get(P, { headers: t.M });
		expect(r.status).toBe(200);
		expect(r.data).toMatchObject({ id: FIXTURES.projectId, object: 'project' });
	});
	it('404 for an unknown project with resource_type project', async () => {
		const r = await t.http.get('/management/v1/projects/proj_nope', { headers: t.M });
		expectError(r, 404, 'not_found');
		expect(r.data).toMatchObject({ message: 'Resource not found', resource_id: 'proj_nope', resource_type: 'project', details: expect.stringContaining('proj_nope') });
	});
});

describe('GET /management/v1/projects/{projectId}/custom-event-schemas', () => {
	it('returns a counted list of schemas', async () => {
		const r = await t.http.get(`${P}/custom-event-schemas`, { headers: t.M });
		expect(r.status).toBe(200);
		expect(r.data).toMatchObject({ object: 'list', data_ref: 'data', total: 3 });
		expect(r.data.data).toHaveLength(3);
		for (const s of r.data.data) {
			expect(s).toMatchObject({ id: expect.any(String), name: expect.any(String), object: 'custom-event-schema', created_at: expect.any(String) });
			for (const p of Object.values<any>(s.schema.properties)) {
				expect(['string', 'number', 'date', 'datetime', 'boolean']).toContain(p.type);
				expect(typeof p.optional).toBe('boolean');
			}
		}
		expect(r.data.data[0].name).toBe(FIXTURES.customEventName);
	});

	it('401 for wrong management keys', async () => {
		expectError(await t.http.get(`${P}/custom-event-schemas`, { headers: { ...t.M, 'X-Management-Token': 'bad' } }), 401, 'unauthorized');
		expectError(await t.http.get(`${P}/custom-event-schemas`), 401, 'unauthorized');
	});

	it('402 when the plan lacks the management feature', async () => {
		t.emu.control.setManagementFeature(false);
		const r = await t.http.get(`${P}/custom-event-schemas`, { headers: t.M });
		expect(r.status).toBe(402);
		expect(r.data).toMatchObject({ code: 402, message: 'Payment required', key: 'missing_required_feature', details: expect.stringMatching(/plan lacks a required feature/) });
	});

	it('404 for an unknown project', async () => {
		expectError(await t.http.get('/management/v1/projects/proj_x/custom-event-schemas', { headers: t.M }), 404, 'not_found');
	});
});

describe('webhooks CRUD', () => {
	const body = { target_url: 'https://example.com/hook', events: ['customer.created', 'voucher.loyalty_card.points_aded'] };

	it('create → get → list → update → delete', async () => {
		const c = await t.http.post(`${P}/webhooks`, body, { headers: t.M });
		expect(c.status).toBe(200);
		expect(c.data).toEqual({ id: expect.any(String), object: 'webhook', created_at: expect.any(String), target_url: body.target_url, events: body.events, active: true });
		expect(c.data).not.toHaveProperty('secret');
		const id = c.data.id;
		expect((await t.http.get(`${P}/webhooks/${id}`, { headers: t.M })).data).toEqual(c.data);
		const list = await t.http.get(`${P}/webhooks`, { headers: t.M });
		expect(list.data).toMatchObject({ object: 'list', data_ref: 'data', total: expect.any(Number) });
		expect(list.data.data.map((w: any) => w.id)).toContain(id);
		const u = await t.http.put(`${P}/webhooks/${id}`, { ...body, active: false, events: ['campaign.created'] }, { headers: t.M });
		expect(u.status).toBe(200);
		expect(u.data).toMatchObject({ id, active: false, events: ['campaign.created'] });
		expect((await t.http.delete(`${P}/webhooks/${id}`, { headers: t.M })).status).toBe(204);
		expectError(await t.http.get(`${P}/webhooks/${id}`, { headers: t.M }), 404, 'not_found');
		expectError(await t.http.put(`${P}/webhooks/${id}`, body, { headers: t.M }), 404, 'not_found');
		expectError(await t.http.delete(`${P}/webhooks/${id}`, { headers: t.M }), 404, 'not_found');
	});

	it('active defaults to true and can be false on create', async () => {
		const c = await t.http.post(`${P}/webhooks`, { ...body, active: false }, { headers: t.M });
		expect(c.data.active).toBe(false);
	});

	it.each([
		['missing target_url', { events: ['customer.created'] }],
		['non-http target_url', { target_url: 'ftp://example.com', events: ['customer.created'] }],
		['relative target_url', { target_url: '/hook', events: ['customer.created'] }],
		['missing events', { target_url: 'https://e.com' }],
		['empty events', { target_url: 'https://e.com', events: [] }],
		['unknown event kind', { target_url: 'https://e.com', events: ['customer.added'] }],
		['misspelt aded kind', { target_url: 'https://e.com', events: ['campaign.vouchers.added'] }],
		['non-boolean active', { target_url: 'https://e.com', events: ['customer.created'], active: 'yes' }],
	])('400 for %s', async (_, b) => {
		expectError(await t.http.post(`${P}/webhooks`, b, { headers: t.M }), 400, 'invalid_payload');
	});

	it('400 for a bad update body', async () => {
		const id = (await t.http.post(`${P}/webhooks`, body, { headers: t.M })).data.id;
		expectError(await t.http.put(`${P}/webhooks/${id}`, { ...body, events: ['nope'] }, { headers: t.M }), 400, 'invalid_payload');
	});

	it('PUT replaces the whole configuration: target_url and events are required, active defaults to true', async () => {
		const id = (await t.http.post(`${P}/webhooks`, { ...body, active: false }, { headers: t.M })).data.id;
		for (const partial of [{ active: true }, { events: ['campaign.created'] }, { target_url: 'https://example.com/other' }]) {
			const r = await t.http.put(`${P}/webhooks/${id}`, partial, { headers: t.M });
			expectError(r, 400, 'invalid_payload');
			expect(r.data.details).toMatch(/target_url|events/);
		}
		expect(t.emu.control.state.webhooks.get(id)).toMatchObject({ target_url: body.target_url, events: body.events, active: false });
		const u = await t.http.put(`${P}/webhooks/${id}`, { target_url: 'https://example.com/other', events: ['campaign.created'] }, { headers: t.M });
		expect(u.data).toMatchObject({ id, target_url: 'https://example.com/other', events: ['campaign.created'], active: true });
	});

	it('401, 402 and 404 on every webhook operation', async () => {
		const id = (await t.http.post(`${P}/webhooks`, body, { headers: t.M })).data.id;
		const ops = [
			(h: any, p = P) => t.http.post(`${p}/webhooks`, body, { headers: h }),
			(h: any, p = P) => t.http.get(`${p}/webhooks`, { headers: h }),
			(h: any, p = P) => t.http.get(`${p}/webhooks/${id}`, { headers: h }),
			(h: any, p = P) => t.http.put(`${p}/webhooks/${id}`, body, { headers: h }),
			(h: any, p = P) => t.http.delete(`${p}/webhooks/${id}`, { headers: h }),
		];
		for (const op of ops) expectError(await op(t.A), 401, 'unauthorized');
		for (const op of ops) expectError(await op(t.M, '/management/v1/projects/proj_nope'), 404, 'not_found');
		t.emu.control.setManagementFeature(false);
		for (const op of ops) expectError(await op(t.M), 402, 'missing_required_feature');
	});

	it('accepts all 60 event kinds', async () => {
		const { EVENT_KINDS } = await import('../index.cjs');
		expect(EVENT_KINDS).toHaveLength(60);
		const r = await t.http.post(`${P}/webhooks`, { target_url: 'http://127.0.0.1:1/x', events: EVENT_KINDS }, { headers: t.M });
		expect(r.status).toBe(200);
		expect(r.data.events).toHaveLength(60);
	});
});
