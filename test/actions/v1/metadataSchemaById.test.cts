/**
 * The app keys' metadata schemas by ID (announced 21 May 2026, working like the management API's), through n8n's
 * engine against the emulator: Create, Get by ID, Update and Delete, the checks before sending and the service's
 * refusals (a second schema for one related object, a key without the permission).
 */
import { FIXTURES } from '../../emulator/index.cjs';
import { setProjectAccess } from '../../emulator/projectAccess.cjs';
import { MANAGE, READ } from '../../emulator/routes/metadataSchemas.cjs';
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { listSearch } from '../../harness/loadOptions.cjs';
import { serviceErrorOf, useEmulator, type Parameters } from './setup.cjs';

const ctx = useEmulator();

const schema = (operation: string, extra: Parameters = {}) => ({ resource: 'metadataSchema', operation, ...extra });
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const properties = (...entries: Array<[string, string, boolean?, boolean?]>) => ({
	property: entries.map(([name, type, optional, array]) => ({ name, type, optional: optional ?? true, array: array ?? false })),
});

afterEach(() => setProjectAccess(ctx.emu.control.state, { appKeyPermissions: null }));

describe('Metadata Schema by ID (app keys)', () => {
	it('creates a schema, reads it by ID, changes and removes properties keeping the others, deletes it; then it is not found', async () => {
		const created = await ctx.run(
			schema('create', {
				relatedObject: 'store_visit',
				properties: properties(['region', 'string', false], ['tags', 'string', true, true]),
				additionalFields: { allowDefinedOnly: true, propertiesJson: '{"score": {"type": "number", "gte": 0}}' },
			}),
		);
		expect(created.error).toBeUndefined();
		const id = String(created.items[0].json.id);
		expect(created.items[0].json).toMatchObject({ id: expect.stringMatching(/^ms_/), object: 'metadata_schema', related_object: 'store_visit', allow_defined_only: true });

		const got = await ctx.run(schema('getById', { metadataSchemaId: byId(id) }));
		expect(got.items[0].json).toMatchObject({ id, related_object: 'store_visit' });
		// the published read by resource finds the same schema
		const byResource = await ctx.run(schema('get', { relatedObject: 'store_visit' }));
		expect(byResource.items[0].json.id).toBe(id);

		const updated = await ctx.run(schema('update', { metadataSchemaId: byId(id), properties: properties(['vip', 'boolean']), removeProperties: 'tags' }));
		expect(updated.error).toBeUndefined();
		const deleted = await ctx.run(schema('delete', { metadataSchemaId: id }));
		expect(deleted.items.map((item) => item.json)).toEqual([{ deleted: true, id }]);

		const path = `/v1/metadata-schemas/${id}`;
		expect(ctx.sent()).toEqual([
			{
				method: 'POST',
				path: '/v1/metadata-schemas',
				query: {},
				body: {
					related_object: 'store_visit',
					allow_defined_only: true,
					properties: {
						region: { type: 'string', optional: false, array: false },
						tags: { type: 'string', optional: true, array: true },
						score: { type: 'number', gte: 0, optional: true, array: false },
					},
				},
			},
			{ method: 'GET', path, query: {}, body: undefined },
			{ method: 'GET', path: '/v1/metadata-schemas/store_visit', query: {}, body: undefined },
			// Update reads the schema first: the PUT takes the whole set of properties
			{ method: 'GET', path, query: {}, body: undefined },
			{
				method: 'PUT',
				path,
				query: {},
				body: {
					properties: {
						region: { type: 'string', optional: false, array: false },
						tags: { type: 'string', optional: true, array: true, deleted: true },
						score: { type: 'number', gte: 0, optional: true, array: false },
						vip: { type: 'boolean', optional: true, array: false },
					},
				},
			},
			{ method: 'DELETE', path, query: {}, body: undefined },
		]);
		const gone = await ctx.run(schema('getById', { metadataSchemaId: id }));
		expect(serviceErrorOf(gone)).toMatchObject({ httpCode: '404', key: 'not_found', resource_id: id });
	});

	it("changes only Allow Defined Only, sending the schema's properties unchanged", async () => {
		const { error } = await ctx.run(schema('update', { metadataSchemaId: byId(FIXTURES.metadataSchemaIds[1]), updateFields: { allowDefinedOnly: false } }));
		expect(error).toBeUndefined();
		expect(ctx.sent()[1]).toMatchObject({
			method: 'PUT',
			body: { allow_defined_only: false, properties: { channel: { type: 'string' }, legacy: { deleted: true } } },
		});
	});

	it('works with the OAuth2 credential too, its token bought with the app keys', async () => {
		const { items, error } = await ctx.run(schema('getById', { authentication: 'oAuth2', metadataSchemaId: FIXTURES.metadataSchemaIds[0] }));
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ id: FIXTURES.metadataSchemaIds[0], related_object: 'customer' });
		expect(ctx.sent().map((request) => `${request.method} ${request.path}`)).toEqual(['POST /v1/oauth/token', `GET /v1/metadata-schemas/${FIXTURES.metadataSchemaIds[0]}`]);
	});

	it('the service refuses a second schema for the same related object (409), and does not get a create resent', async () => {
		const twice = await ctx.run(schema('create', { relatedObject: 'customer', properties: properties(['x', 'string']) }));
		expect(serviceErrorOf(twice)).toMatchObject({ httpCode: '409' });
		expect(ctx.sent()).toHaveLength(1);
	});

	it('From List shows the schemas by what they describe; the value is the ID', async () => {
		const { results } = await listSearch('searchMetadataSchemaIds', { parameters: schema('getById') as never, credentials: credentialsFor(ctx.emu) }, 'ord');
		expect(results).toEqual([{ name: 'order', value: FIXTURES.metadataSchemaIds[1] }]);
	});

	it(`a key with ${READ} but not ${MANAGE} reads schemas but does not change them: the 403 names the permission`, async () => {
		setProjectAccess(ctx.emu.control.state, { appKeyPermissions: [READ] });
		expect((await ctx.run(schema('getById', { metadataSchemaId: FIXTURES.metadataSchemaIds[0] }))).error).toBeUndefined();
		const refused = await ctx.run(schema('delete', { metadataSchemaId: FIXTURES.metadataSchemaIds[0] }));
		expect(serviceErrorOf(refused)).toMatchObject({ httpCode: '403', key: 'missing_permission' });
		expect(refused.error?.message).toMatch(/403|forbidden|permission/i);
		setProjectAccess(ctx.emu.control.state, { appKeyPermissions: [] });
		expect(serviceErrorOf(await ctx.run(schema('getById', { metadataSchemaId: FIXTURES.metadataSchemaIds[0] })))).toMatchObject({ httpCode: '403' });
		setProjectAccess(ctx.emu.control.state, { appKeyPermissions: null });
		expect((await ctx.run(schema('getById', { metadataSchemaId: FIXTURES.metadataSchemaIds[0] }))).error).toBeUndefined();
	});

	describe('refuses before sending', () => {
		const first = byId(FIXTURES.metadataSchemaIds[0]);
		it.each([
			[schema('create', { relatedObject: 'order' }), 'Properties', /at least one property/],
			[schema('create', { relatedObject: ' ', properties: properties(['a', 'string']) }), 'Related Object', /required/],
			[schema('create', { relatedObject: 'order', properties: properties(['a', 'string'], ['a', 'number']) }), 'Properties entry 2: Name', /given twice/],
			[schema('create', { relatedObject: 'order', additionalFields: { propertiesJson: '{"a": {"type": "text"}}' } }), 'Properties (JSON)', /"a" needs a type/],
			[schema('update', { metadataSchemaId: first }), 'Properties', /add a property/],
			[schema('update', { metadataSchemaId: first, properties: properties(['vip', 'boolean']), removeProperties: 'vip' }), 'Remove Properties', /also under Properties/],
			[schema('getById', { metadataSchemaId: '..' }), 'Metadata Schema', /must be an ID/],
			[schema('delete', { metadataSchemaId: ' ' }), 'Metadata Schema', /required/],
		])('%j naming %s', (parameters, field, rule) => ctx.expectInvalid(parameters, field, rule));
	});
});
