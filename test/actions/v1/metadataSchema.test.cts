/** The project's metadata schemas as the app keys read them, through n8n's engine against the emulator. */
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { listSearch } from '../../harness/loadOptions.cjs';
import { serviceErrorOf, useEmulator, type Parameters } from './setup.cjs';

const ctx = useEmulator();

const schema = (operation: string, extra: Parameters = {}) => ({ resource: 'metadataSchema', operation, ...extra });

describe('Metadata Schema (app keys)', () => {
	it('lists the schemas from under `schemas`, the list the data_ref names', async () => {
		const { items, error } = await ctx.run(schema('getAll', { returnAll: true }));
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.related_object).sort()).toEqual(['customer', 'order']);
		expect(ctx.sent()).toEqual([{ method: 'GET', path: '/v1/metadata-schemas', query: {}, body: undefined }]);
	});

	it('Limit keeps the first schemas', async () => {
		const { items } = await ctx.run(schema('getAll', { limit: 1 }));
		expect(items).toHaveLength(1);
	});

	it('gets the schema of a resource by its name; an unknown resource is the service 404', async () => {
		const { items, error } = await ctx.run(schema('get', { relatedObject: { __rl: true, mode: 'id', value: 'customer' } }));
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ related_object: 'customer', properties: { region: { type: 'string' } } });
		const missing = await ctx.run(schema('get', { relatedObject: 'no_such_resource' }));
		expect(serviceErrorOf(missing)).toMatchObject({ httpCode: '404', key: 'not_found' });
		expect(ctx.sent().map((request) => request.path)).toEqual(['/v1/metadata-schemas/customer', '/v1/metadata-schemas/no_such_resource']);
	});

	it.each([
		[schema('get', { relatedObject: '..' }), 'Related Object', /must be an ID/],
		[schema('get', { relatedObject: ' ' }), 'Related Object', /required/],
	])('refuses %j naming %s, sending nothing', (parameters, field, rule) => ctx.expectInvalid(parameters, field, rule));

	it('From List offers the resources the schemas describe', async () => {
		const { results } = await listSearch('searchMetadataSchemas', { parameters: schema('get') as never, credentials: credentialsFor(ctx.emu) });
		expect(results).toEqual(expect.arrayContaining([{ name: 'customer', value: 'customer' }, { name: 'order', value: 'order' }]));
	});
});
