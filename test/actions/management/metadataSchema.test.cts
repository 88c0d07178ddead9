import { FIXTURES } from '../../emulator/index.cjs';
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { listSearch } from '../../harness/loadOptions.cjs';
import { useEmulator } from '../v2/helpers.cjs';

const ctx = useEmulator();
const resource = 'managementMetadataSchema';
const run = (operation: string, parameters: Record<string, unknown> = {}) => ctx.run({ authentication: 'managementKeys', resource, operation, ...parameters } as never);
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const schemasPath = (project = FIXTURES.projectId) => `/management/v1/projects/${project}/metadata-schemas`;
const properties = (...entries: Array<[string, string, boolean?, boolean?]>) => ({
	property: entries.map(([name, type, optional, array]) => ({ name, type, optional: optional ?? true, array: array ?? false })),
});

describe('Metadata Schema (management): Create, Get, Get Many, Update, Delete', () => {
	it('creates a schema in another project, reads and lists it, changes and removes properties keeping the others, and deletes it', async () => {
		const production = byId(FIXTURES.productionProjectId);
		const created = await run('create', {
			projectId: production,
			relatedObject: 'customer',
			properties: properties(['region', 'string', false], ['tags', 'string', true, true]),
			additionalFields: { allowDefinedOnly: true, propertiesJson: '{"score":{"type":"number","gte":0}}' },
		});
		expect(created.error).toBeUndefined();
		const id = String(created.items[0].json.id);
		expect(ctx.sent()[0]).toEqual({
			method: 'POST',
			path: schemasPath(FIXTURES.productionProjectId),
			query: {},
			body: {
				related_object: 'customer',
				allow_defined_only: true,
				properties: {
					region: { type: 'string', optional: false, array: false },
					tags: { type: 'string', optional: true, array: true },
					score: { type: 'number', gte: 0, optional: true, array: false },
				},
			},
		});
		expect(created.items[0].json).toMatchObject({ id, object: 'metadata_schema', related_object: 'customer' });

		const got = await run('get', { projectId: production, metadataSchemaId: byId(id) });
		expect(got.items[0].json).toMatchObject({ id, related_object: 'customer', allow_defined_only: true });
		const listed = await run('getAll', { projectId: production, returnAll: true });
		expect(listed.items.map((item) => item.json.id)).toEqual([id]);

		ctx.emu.control.clearRequests();
		const updated = await run('update', { projectId: production, metadataSchemaId: byId(id), properties: properties(['vip', 'boolean']), removeProperties: 'tags' });
		expect(updated.error).toBeUndefined();
		expect(ctx.sent().map((request) => `${request.method} ${request.path}`)).toEqual([`GET ${schemasPath(FIXTURES.productionProjectId)}/${id}`, `PUT ${schemasPath(FIXTURES.productionProjectId)}/${id}`]);
		expect(ctx.sent()[1].body).toEqual({
			properties: {
				region: { type: 'string', optional: false, array: false },
				tags: { type: 'string', optional: true, array: true, deleted: true },
				score: { type: 'number', gte: 0, optional: true, array: false },
				vip: { type: 'boolean', optional: true, array: false },
			},
		});

		const deleted = await run('delete', { projectId: production, metadataSchemaId: byId(id) });
		expect(deleted.items.map((item) => item.json)).toEqual([{ deleted: true, id }]);
		const gone = await run('get', { projectId: production, metadataSchemaId: byId(id) });
		expect(gone.error?.httpCode).toBe('404');
	});

	it("lists the credential's project's schemas when Project is empty, in one request with the management keys", async () => {
		const { items, error } = await run('getAll', { limit: 1 });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual([FIXTURES.metadataSchemaIds[0]]);
		expect(ctx.sent()).toEqual([{ method: 'GET', path: schemasPath(), query: {}, body: undefined }]);
		expect(ctx.emu.control.requests()[0].headers['x-management-id']).toBe(ctx.emu.credentials.managementId);
	});

	it('changes only Allow Defined Only, sending the schema\'s properties unchanged', async () => {
		const { error } = await run('update', { metadataSchemaId: byId(FIXTURES.metadataSchemaIds[1]), updateFields: { allowDefinedOnly: false } });
		expect(error).toBeUndefined();
		const put = ctx.sent()[1];
		expect(put.body).toMatchObject({ allow_defined_only: false, properties: { channel: { type: 'string' }, legacy: { deleted: true } } });
	});

	it('maps the 409 of a second schema for the same related object, and the 404 of an unknown project', async () => {
		const twice = await run('create', { relatedObject: 'customer', properties: properties(['x', 'string']) });
		expect(twice.error?.httpCode).toBe('409');
		const unknown = await run('getAll', { projectId: byId('proj_missing'), returnAll: true });
		expect(unknown.error?.httpCode).toBe('404');
	});

	it('From List shows the chosen project\'s schemas by related object', async () => {
		const found = await listSearch('searchManagementMetadataSchemas', { parameters: { authentication: 'managementKeys', resource, operation: 'get' }, credentials: credentialsFor(ctx.emu) }, 'ord');
		expect(found.results).toEqual([{ name: 'order (2 properties)', value: FIXTURES.metadataSchemaIds[1] }]);
	});

	describe('refuses before sending', () => {
		const base = { authentication: 'managementKeys', resource };
		it('a create with no properties', () => ctx.expectInvalid({ ...base, operation: 'create', relatedObject: 'order' }, 'Properties', /at least one property/));
		it('a property named twice', () =>
			ctx.expectInvalid({ ...base, operation: 'create', relatedObject: 'order', properties: properties(['a', 'string'], ['a', 'number']) }, 'Properties entry 2: Name', /given twice/));
		it('a JSON property without a known type', () =>
			ctx.expectInvalid({ ...base, operation: 'create', relatedObject: 'order', additionalFields: { propertiesJson: '{"a":{"type":"text"}}' } }, 'Properties (JSON)', /"a" needs a type/));
		it('an update that changes nothing', () => ctx.expectInvalid({ ...base, operation: 'update', metadataSchemaId: byId(FIXTURES.metadataSchemaIds[0]) }, 'Properties', /add a property/));
		it('a property both changed and removed', () =>
			ctx.expectInvalid(
				{ ...base, operation: 'update', metadataSchemaId: byId(FIXTURES.metadataSchemaIds[0]), properties: properties(['vip', 'boolean']), removeProperties: 'vip' },
				'Remove Properties',
				/also under Properties/,
			));
	});
});
