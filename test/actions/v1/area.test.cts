/** Areas (announced 22 July 2026), through n8n's engine against the emulator: the five operations and their rules. */
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { listSearch } from '../../harness/loadOptions.cjs';
import { AREA_FIXTURES } from '../../emulator/routes/areas.cjs';
import { setProjectAccess } from '../../emulator/projectAccess.cjs';
import { serviceErrorOf, useEmulator, type Parameters } from './setup.cjs';

const ctx = useEmulator();

const area = (operation: string, extra: Parameters = {}) => ({ resource: 'area', operation, ...extra });

afterEach(() => setProjectAccess(ctx.emu.control.state, { areasFeature: true, appKeyPermissions: null }));

describe('Area', () => {
	it('creates an area with its name and other fields, gets, renames and deletes it; then it is not found', async () => {
		const created = await ctx.run(area('create', { name: 'Spain', additionalFields: { otherFields: '{"description": "Iberia"}' } }));
		expect(created.error).toBeUndefined();
		const id = String(created.items[0].json.id);
		expect(created.items[0].json).toMatchObject({ id: expect.stringMatching(/^area_/), name: 'Spain', description: 'Iberia', object: 'area' });
		const got = await ctx.run(area('get', { areaId: { __rl: true, mode: 'id', value: id } }));
		expect(got.items[0].json).toMatchObject({ id, name: 'Spain' });
		const renamed = await ctx.run(area('update', { areaId: id, updateFields: { name: 'España' } }));
		expect(renamed.items[0].json).toMatchObject({ id, name: 'España', description: 'Iberia' });
		const deleted = await ctx.run(area('delete', { areaId: id }));
		expect(deleted.items[0].json).toEqual({ deleted: true, id });
		expect(ctx.sent()).toEqual([
			{ method: 'POST', path: '/v1/areas', query: {}, body: { description: 'Iberia', name: 'Spain' } },
			{ method: 'GET', path: `/v1/areas/${id}`, query: {}, body: undefined },
			{ method: 'PUT', path: `/v1/areas/${id}`, query: {}, body: { name: 'España' } },
			{ method: 'DELETE', path: `/v1/areas/${id}`, query: {}, body: undefined },
		]);
		const gone = await ctx.run(area('get', { areaId: id }));
		expect(serviceErrorOf(gone)).toMatchObject({ httpCode: '404', key: 'not_found', resource_id: id });
	});

	it('Get Many pages with limit and page: Return All reads every page, Limit stops at its count', async () => {
		const all = await ctx.run(area('getAll', { returnAll: true }));
		expect(all.items.map((item) => item.json.id)).toEqual(expect.arrayContaining(AREA_FIXTURES.map((fixture) => fixture.id)));
		ctx.emu.control.clearRequests();
		const two = await ctx.run(area('getAll', { limit: 2 }));
		expect(two.items.map((item) => item.json.name)).toEqual(['France', 'Germany']);
		expect(ctx.sent()).toEqual([{ method: 'GET', path: '/v1/areas', query: { limit: '2' }, body: undefined }]);
	});

	it('From List shows the areas by name, matched against the typed text', async () => {
		const { results } = await listSearch('searchAreas', { parameters: area('get') as never, credentials: credentialsFor(ctx.emu) }, 'germ');
		expect(results).toEqual([{ name: 'Germany', value: AREA_FIXTURES[1].id }]);
	});

	it.each([
		[area('create', { name: ' ' }), 'Name', /is required/],
		[area('create', { name: 'x', additionalFields: { otherFields: '{"name": "y"}' } }), 'Other Fields (JSON)', /give the name in Name only/],
		[area('create', { name: 'x', additionalFields: { otherFields: '[1]' } }), 'Other Fields (JSON)', /object/],
		[area('update', { areaId: AREA_FIXTURES[0].id, updateFields: {} }), 'Update Fields', /at least one field/],
	])('refuses %j naming %s, sending nothing', (parameters, field, rule) => ctx.expectInvalid(parameters, field, rule));

	it('a key without areas.manage may read areas but not write them: the 403 names the permission', async () => {
		setProjectAccess(ctx.emu.control.state, { appKeyPermissions: ['areas.read'] });
		expect((await ctx.run(area('get', { areaId: AREA_FIXTURES[0].id }))).error).toBeUndefined();
		const refused = await ctx.run(area('create', { name: 'Not allowed' }));
		expect(serviceErrorOf(refused)).toMatchObject({ httpCode: '403', key: 'missing_permission' });
		expect(refused.error?.message).toMatch(/403|forbidden|permission/i);
		setProjectAccess(ctx.emu.control.state, { appKeyPermissions: [] });
		expect(serviceErrorOf(await ctx.run(area('getAll', { limit: 1 })))).toMatchObject({ httpCode: '403' });
	});

	it('a project without Areas and Stores answers 402, and the node does not count it as success', async () => {
		setProjectAccess(ctx.emu.control.state, { areasFeature: false });
		const refused = await ctx.run(area('getAll', { returnAll: true }));
		expect(refused.items).toEqual([]);
		expect(serviceErrorOf(refused)).toMatchObject({ httpCode: '402', key: 'missing_required_feature' });
	});

	it('does not resend a create after a 503', async () => {
		ctx.emu.control.setFaults({ route: '/v1/areas', method: 'POST', sequence: [503] });
		const failed = await ctx.run(area('create', { name: 'After 503' }));
		expect(failed.error?.httpCode).toBe('503');
		expect(ctx.sent()).toHaveLength(1);
	});
});
