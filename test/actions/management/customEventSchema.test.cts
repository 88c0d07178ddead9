import { FIXTURES } from '../../emulator/index.cjs';
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { listSearch } from '../../harness/loadOptions.cjs';
import { useEmulator } from '../v2/helpers.cjs';

const ctx = useEmulator();
const base = { resource: 'customEventSchema', operation: 'getAll' };
const schemasPath = `/management/v1/projects/${FIXTURES.projectId}/custom-event-schemas`;

describe('Custom Event Schema: Get Many', () => {
	it("lists the credential's project's schemas with Return All, in one request with management keys", async () => {
		const { items, error } = await ctx.run({ ...base, returnAll: true });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual(FIXTURES.customEventSchemaIds);
		expect(items[0].json).toMatchObject({ object: 'custom-event-schema', schema: { properties: expect.any(Object) } });
		expect(ctx.sent()).toEqual([{ method: 'GET', path: schemasPath, query: {}, body: undefined }]);
		const [request] = ctx.emu.control.requests();
		expect(request.headers['x-management-id']).toBe(ctx.emu.credentials.managementId);
		expect(request.headers['x-app-id']).toBeUndefined();
	});

	it('cuts the whole list at Limit', async () => {
		const { items } = await ctx.run({ ...base, limit: 2 });
		expect(items.map((item) => item.json.id)).toEqual(FIXTURES.customEventSchemaIds.slice(0, 2));
		expect(ctx.sent()).toHaveLength(1);
	});

	it('uses the Project ID parameter over the credential, and maps the 404 of an unknown project', async () => {
		const { error } = await ctx.run({ ...base, projectId: 'proj_other', returnAll: true });
		expect(error?.httpCode).toBe('404');
		expect(error?.context?.serviceError).toMatchObject({ key: 'not_found', resource_id: 'proj_other' });
		expect(ctx.sent().map((request) => request.path)).toEqual(['/management/v1/projects/proj_other/custom-event-schemas']);
	});

	it('maps the 402 of a plan without the Management API, mentioning the plan', async () => {
		ctx.emu.control.setManagementFeature(false);
		const { error } = await ctx.run({ ...base, returnAll: true });
		expect(error?.httpCode).toBe('402');
		expect(error?.description).toMatch(/plan/);
		expect(error?.context?.serviceError).toMatchObject({ key: 'missing_required_feature' });
	});
});

describe('Custom Event Schema: Create, Get, Update, Delete', () => {
	const run = (operation: string, parameters: Record<string, unknown> = {}) => ctx.run({ resource: 'customEventSchema', operation, ...parameters } as never);
	const byId = (value: string) => ({ __rl: true, mode: 'id', value });
	const attributes = (...entries: Array<[string, string, boolean?]>) => ({ attribute: entries.map(([name, type, optional]) => ({ name, type, optional: optional ?? true })) });

	it('creates a schema with its attributes, reads it, changes and removes attributes keeping the others, and deletes it', async () => {
		const created = await run('create', { name: 'parcel_returned', attributes: attributes(['reason', 'string', false], ['weight', 'number']) });
		expect(created.error).toBeUndefined();
		const id = String(created.items[0].json.id);
		expect(ctx.sent()[0]).toEqual({
			method: 'POST',
			path: schemasPath,
			query: {},
			body: { name: 'parcel_returned', schema: { properties: { reason: { type: 'string', optional: false }, weight: { type: 'number', optional: true } } } },
		});

		const got = await run('get', { customEventSchemaId: byId(id) });
		expect(got.items[0].json).toMatchObject({ id, name: 'parcel_returned', object: 'custom-event-schema' });

		ctx.emu.control.clearRequests();
		const updated = await run('update', { customEventSchemaId: byId(id), attributes: attributes(['returned_at', 'datetime']), removeAttributes: 'weight' });
		expect(updated.error).toBeUndefined();
		expect(ctx.sent().map((request) => request.method)).toEqual(['GET', 'PUT']);
		expect(ctx.sent()[1].body).toEqual({
			schema: {
				properties: {
					reason: { type: 'string', optional: false },
					weight: { type: 'number', optional: true, deleted: true },
					returned_at: { type: 'datetime', optional: true },
				},
			},
		});

		const deleted = await run('delete', { customEventSchemaId: byId(id) });
		expect(deleted.items.map((item) => item.json)).toEqual([{ deleted: true, id }]);
		const gone = await run('get', { customEventSchemaId: byId(id) });
		expect(gone.error?.httpCode).toBe('404');
	});

	it('From List shows the chosen project\'s schemas by event name', async () => {
		const found = await listSearch('searchCustomEventSchemas', { parameters: { resource: 'customEventSchema', operation: 'get' }, credentials: credentialsFor(ctx.emu) }, 'news');
		expect(found.results).toEqual([{ name: 'newsletter_signup', value: FIXTURES.customEventSchemaIds[1] }]);
	});

	it('maps the service\'s refusal of a second schema with the same name', async () => {
		const { error } = await run('create', { name: FIXTURES.customEventName });
		expect(error?.httpCode).toBe('400');
	});

	describe('refuses before sending', () => {
		it('an attribute named twice', () =>
			ctx.expectInvalid({ ...base, operation: 'create', name: 'x', attributes: attributes(['a', 'string'], ['a', 'number']) }, 'Attributes entry 2: Name', /given twice/));
		it('an update that changes nothing', () => ctx.expectInvalid({ ...base, operation: 'update', customEventSchemaId: byId(FIXTURES.customEventSchemaIds[0]) }, 'Attributes', /add an attribute/));
		it('an attribute both changed and removed', () =>
			ctx.expectInvalid(
				{ ...base, operation: 'update', customEventSchemaId: byId(FIXTURES.customEventSchemaIds[0]), attributes: attributes(['carrier', 'string']), removeAttributes: 'carrier' },
				'Remove Attributes',
				/also under Attributes/,
			));
	});
});
