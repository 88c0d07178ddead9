/** Categories, through n8n's engine against the emulator: a PUT needs both name and hierarchy. */
import { FIXTURES } from '../../emulator/index.cjs';
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { listSearch } from '../../harness/loadOptions.cjs';
import { serviceErrorOf, useEmulator, type Parameters } from './setup.cjs';

const ctx = useEmulator();

const category = (operation: string, extra: Parameters = {}) => ({ resource: 'category', operation, ...extra });

describe('Category', () => {
	it('creates a category with its name and hierarchy, gets it, deletes it; then it is not found', async () => {
		const created = await ctx.run(category('create', { name: 'Summer', hierarchy: 4 }));
		expect(created.error).toBeUndefined();
		const id = String(created.items[0].json.id);
		expect(created.items[0].json).toMatchObject({ id: expect.stringMatching(/^cat_/), name: 'Summer', hierarchy: 4, object: 'category' });
		const got = await ctx.run(category('get', { categoryId: { __rl: true, mode: 'id', value: id } }));
		expect(got.items[0].json).toMatchObject({ id, name: 'Summer', hierarchy: 4 });
		const deleted = await ctx.run(category('delete', { categoryId: id }));
		expect(deleted.items[0].json).toEqual({ deleted: true, id });
		expect(ctx.sent()).toEqual([
			{ method: 'POST', path: '/v1/categories', query: {}, body: { name: 'Summer', hierarchy: 4 } },
			{ method: 'GET', path: `/v1/categories/${id}`, query: {}, body: undefined },
			{ method: 'DELETE', path: `/v1/categories/${id}`, query: {}, body: undefined },
		]);
		const gone = await ctx.run(category('get', { categoryId: id }));
		expect(serviceErrorOf(gone)).toMatchObject({ httpCode: '404', key: 'not_found', resource_id: id });
	});

	it('an update of one field reads the category first and sends both, as the PUT requires', async () => {
		const created = await ctx.run(category('create', { name: 'Winter', hierarchy: 7 }));
		const id = String(created.items[0].json.id);
		ctx.emu.control.clearRequests();
		const renamed = await ctx.run(category('update', { categoryId: id, updateFields: { name: 'Deep winter' } }));
		expect(renamed.items[0].json).toMatchObject({ id, name: 'Deep winter', hierarchy: 7, updated_at: expect.any(String) });
		expect(ctx.sent()).toEqual([
			{ method: 'GET', path: `/v1/categories/${id}`, query: {}, body: undefined },
			{ method: 'PUT', path: `/v1/categories/${id}`, query: {}, body: { name: 'Deep winter', hierarchy: 7 } },
		]);
	});

	it('an update of both fields is one PUT', async () => {
		const created = await ctx.run(category('create', { name: 'Spring', hierarchy: 2 }));
		const id = String(created.items[0].json.id);
		ctx.emu.control.clearRequests();
		const updated = await ctx.run(category('update', { categoryId: id, updateFields: { name: 'Early spring', hierarchy: 0 } }));
		expect(updated.items[0].json).toMatchObject({ name: 'Early spring', hierarchy: 0 });
		expect(ctx.sent()).toEqual([{ method: 'PUT', path: `/v1/categories/${id}`, query: {}, body: { name: 'Early spring', hierarchy: 0 } }]);
	});

	it('Map Automatically takes each category from its item (name, hierarchy), checked as the typed fields are', async () => {
		const recordFields = 'auto';
		const { items, error } = await ctx.run(category('create', { recordFields }), { input: [{ name: 'From item', hierarchy: 6 }, { name: 'Second', hierarchy: '2' }] });
		expect(error).toBeUndefined();
		expect(ctx.sent().map((request) => request.body)).toEqual([
			{ name: 'From item', hierarchy: 6 },
			{ name: 'Second', hierarchy: 2 },
		]);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		ctx.emu.control.clearRequests();
		const id = String(items[0].json.id);
		const renamed = await ctx.run(category('update', { recordFields }), { input: [{ id, name: 'Renamed from item' }] });
		expect(renamed.error).toBeUndefined();
		expect(ctx.sent().map((request) => [request.method, request.body])).toEqual([
			['GET', undefined],
			['PUT', { name: 'Renamed from item', hierarchy: 6 }],
		]);
	});

	it('Map Automatically refuses a bad hierarchy from an item before anything is sent', async () => {
		const { error } = await ctx.run(category('create', { recordFields: 'auto' }), { input: [{ name: 'Bad', hierarchy: -3 }] });
		expect(error?.message).toMatch(/Hierarchy/);
		expect(ctx.sent()).toEqual([]);
	});

	it.each([
		[category('create', { name: ' ', hierarchy: 1 }), 'Name', /is required/],
		[category('create', { name: 'x', hierarchy: -1 }), 'Hierarchy', /whole number of at least 0/],
		[category('create', { name: 'x', hierarchy: 1.5 }), 'Hierarchy', /whole number/],
		[category('update', { categoryId: FIXTURES.categoryIds[0], updateFields: {} }), 'Update Fields', /at least one field/],
		[category('get', { categoryId: 'Electronics' }), 'Category', /must match \^cat_/],
	])('refuses %j naming %s, sending nothing', (parameters, field, rule) => ctx.expectInvalid(parameters, field, rule));

	it('does not resend a create after a 503', async () => {
		ctx.emu.control.setFaults({ route: '/v1/categories', method: 'POST', sequence: [503] });
		const failed = await ctx.run(category('create', { name: 'After 503', hierarchy: 1 }));
		expect(failed.error?.httpCode).toBe('503');
		expect(ctx.sent()).toHaveLength(1);
	});

	it('From List matches the typed text against the whole list (the service has no filter)', async () => {
		const { results } = await listSearch('searchCategories', { parameters: category('get') as never, credentials: credentialsFor(ctx.emu) }, 'book');
		expect(results).toEqual([{ name: 'Books (hierarchy 2)', value: FIXTURES.categoryIds[1] }]);
		expect(ctx.sent()).toEqual([{ method: 'GET', path: '/v1/categories', query: {}, body: undefined }]);
	});
});
