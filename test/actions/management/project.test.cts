import { FIXTURES } from '../../emulator/index.cjs';
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { listSearch } from '../../harness/loadOptions.cjs';
import { useEmulator } from '../v2/helpers.cjs';

const ctx = useEmulator();
const run = (operation: string, parameters: Record<string, unknown> = {}) => ctx.run({ resource: 'project', operation, ...parameters } as never);
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const required = { name: 'Production', caseSensitiveCodes: true, timezone: 'Europe/Warsaw', currency: 'eur' };

describe('Project', () => {
	it('creates a project, showing its new keys and webhook secret once, then gets, lists, updates and deletes it', async () => {
		const created = await run('create', { ...required, additionalFields: { clientRedeemEnabled: true, clientTrustedDomains: 'https://a.example.com, https://b.example.com' } });
		expect(created.error).toBeUndefined();
		const project = created.items[0].json;
		const id = String(project.id);
		expect(project).toMatchObject({ object: 'project', name: 'Production', currency: 'EUR', case_sensitive_codes: true });
		expect(project.server_side_key).toMatchObject({ app_id: expect.any(String), app_token: expect.any(String) });
		expect(project.client_side_key).toMatchObject({ app_id: expect.any(String), app_token: expect.any(String) });
		expect(project.webhook_token).toEqual(expect.any(String));
		expect(ctx.sent()[0]).toEqual({
			method: 'POST',
			path: '/management/v1/projects',
			query: {},
			body: {
				name: 'Production',
				case_sensitive_codes: true,
				timezone: 'Europe/Warsaw',
				currency: 'EUR',
				client_redeem_enabled: true,
				client_trusted_domains: ['https://a.example.com', 'https://b.example.com'],
			},
		});

		// Simplify (the default) leaves out the webhook secret; the keys are never answered again
		const got = await run('get', { projectId: byId(id) });
		expect(got.items[0].json).toMatchObject({ id, name: 'Production', timezone: 'Europe/Warsaw' });
		expect(got.items[0].json.webhook_token).toBeUndefined();
		expect(JSON.stringify(got.items)).not.toContain(String((project.server_side_key as { app_token: string }).app_token));

		const listed = await run('getAll', { returnAll: true });
		expect(listed.items.map((item) => item.json.id)).toEqual([FIXTURES.projectId, FIXTURES.productionProjectId, id]);

		const updated = await run('update', { projectId: byId(id), updateFields: { name: 'Production EU', apiUsageNotifications: '{"api_calls":{"enabled":true,"value":80,"in_app":true,"emails":[]}}' } });
		expect(updated.error).toBeUndefined();
		expect(updated.items[0].json).toMatchObject({ id, name: 'Production EU', api_usage_notifications: { api_calls: { value: 80 } } });

		const deleted = await run('delete', { projectId: byId(id) });
		expect(deleted.items.map((item) => item.json)).toEqual([{ deleted: true, id }]);
		const gone = await run('get', { projectId: byId(id) });
		expect(gone.error?.httpCode).toBe('404');
		expect(ctx.sent().slice(1).map((request) => `${request.method} ${request.path}`)).toEqual([
			`GET /management/v1/projects/${id}`,
			'GET /management/v1/projects',
			`PUT /management/v1/projects/${id}`,
			`DELETE /management/v1/projects/${id}`,
			`GET /management/v1/projects/${id}`,
		]);
	});

	it('keeps the secrets out of the error when a later request of the run fails', async () => {
		const created = await run('create', required);
		const token = String((created.items[0].json.server_side_key as { app_token: string }).app_token);
		const failed = await run('get', { projectId: byId('proj_missing') });
		expect(JSON.stringify(failed.error)).not.toContain(token);
		expect(JSON.stringify(failed.error)).not.toContain(String(created.items[0].json.webhook_token));
	});

	describe('refuses before sending', () => {
		it('a currency that is not an ISO 4217 code', () => ctx.expectInvalid({ resource: 'project', operation: 'create', ...required, currency: 'euro' }, 'Currency', /must match/));
		it('a missing name', () => ctx.expectInvalid({ resource: 'project', operation: 'create', ...required, name: '={{ "" }}' }, 'Name', /is required/));
		it('a user with both an id and a login', () =>
			ctx.expectInvalid(
				{ resource: 'project', operation: 'create', ...required, additionalFields: { users: '[{"id":"user_1","login":"a@example.com","role":"ADMIN"}]' } },
				'Users (JSON) entry 1',
				/either an id or a login/,
			));
		it('an update with no fields', () => ctx.expectInvalid({ resource: 'project', operation: 'update', projectId: byId(FIXTURES.projectId) }, 'Update Fields', /at least one field/));
		it('a delete that names no project (never the credential\'s by default)', () =>
			ctx.expectInvalid({ resource: 'project', operation: 'delete', projectId: byId('={{ "" }}') }, 'Project', /is required/));
	});

	it("From List shows the account's projects by name, narrowed by the typed text", async () => {
		await run('create', { ...required, name: 'Staging' });
		const all = await listSearch('searchProjects', { parameters: { resource: 'project', operation: 'get' }, credentials: credentialsFor(ctx.emu) });
		expect(all.results.map((item) => item.name)).toEqual([`Emulator project (${FIXTURES.projectId})`, `Production (${FIXTURES.productionProjectId})`, expect.stringMatching(/^Staging \(proj_/)]);
		const narrowed = await listSearch('searchProjects', { parameters: { resource: 'project', operation: 'get' }, credentials: credentialsFor(ctx.emu) }, 'stag');
		expect(narrowed.results).toHaveLength(1);
	});
});

describe('Project field of the other management operations', () => {
	it('is a locator in version 2: From List and By ID name another project, empty means the credential\'s', async () => {
		const created = await run('create', required);
		const id = String(created.items[0].json.id);
		ctx.emu.control.clearRequests();
		await ctx.run({ resource: 'webhook', operation: 'getAll', returnAll: true, projectId: { __rl: true, mode: 'list', value: id, cachedResultName: 'Production' } });
		await ctx.run({ resource: 'webhook', operation: 'getAll', returnAll: true, projectId: byId(id) });
		await ctx.run({ resource: 'webhook', operation: 'getAll', returnAll: true, projectId: byId('') });
		expect(ctx.sent().map((request) => request.path)).toEqual([
			`/management/v1/projects/${id}/webhooks`,
			`/management/v1/projects/${id}/webhooks`,
			`/management/v1/projects/${FIXTURES.projectId}/webhooks`,
		]);
	});

	it("lists the chosen project's webhooks From List", async () => {
		const created = await run('create', required);
		const id = String(created.items[0].json.id);
		await ctx.run({ resource: 'webhook', operation: 'create', projectId: byId(id), targetUrl: 'https://example.com/p', events: ['customer.created'] });
		const found = await listSearch('searchWebhooks', { parameters: { resource: 'webhook', operation: 'get', projectId: byId(id) }, credentials: credentialsFor(ctx.emu) });
		expect(found.results.map((item) => item.name)).toEqual(['https://example.com/p (1 event)']);
	});
});
