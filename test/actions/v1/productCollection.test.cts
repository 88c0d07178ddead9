/** Product collections, through n8n's engine against the emulator: static ones list IDs, auto-update ones a filter. */
import { FIXTURES } from '../../emulator/index.cjs';
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { listSearch } from '../../harness/loadOptions.cjs';
import { serviceErrorOf, useEmulator, type Parameters } from './setup.cjs';

const ctx = useEmulator();

const collection = (operation: string, extra: Parameters = {}) => ({ resource: 'productCollection', operation, ...extra });
const [STATIC_ID, AUTO_ID] = FIXTURES.productCollectionIds;
const FILTER = { junction: 'and', name: { conditions: { $starts_with: ['Coffee'] } } };

describe('Product Collection', () => {
	it('creates a static collection of a product and a SKU (with its product), gets it, renames it and deletes it', async () => {
		const products = { item: [{ object: 'product', id: FIXTURES.productId }, { object: 'sku', id: FIXTURES.skuId, productId: FIXTURES.productId }] };
		const created = await ctx.run(collection('create', { name: 'Picked', type: 'STATIC', products }));
		expect(created.error).toBeUndefined();
		const id = String(created.items[0].json.id);
		expect(created.items[0].json).toMatchObject({ id: expect.stringMatching(/^pc_/), name: 'Picked', type: 'STATIC', object: 'products_collection' });
		const got = await ctx.run(collection('get', { productCollectionId: { __rl: true, mode: 'id', value: id } }));
		expect(got.items[0].json).toMatchObject({ id, products: [{ id: FIXTURES.productId, object: 'product' }, { id: FIXTURES.skuId, object: 'sku', product_id: FIXTURES.productId }] });
		const renamed = await ctx.run(collection('update', { productCollectionId: id, updateFields: { name: 'Picked again' } }));
		expect(renamed.items[0].json).toMatchObject({ id, name: 'Picked again', type: 'STATIC' });
		const deleted = await ctx.run(collection('delete', { productCollectionId: id }));
		expect(deleted.items[0].json).toEqual({ deleted: true, id });
		expect(ctx.sent()).toEqual([
			{
				method: 'POST',
				path: '/v1/product-collections',
				query: {},
				body: { type: 'STATIC', name: 'Picked', products: [{ id: FIXTURES.productId, object: 'product' }, { id: FIXTURES.skuId, object: 'sku', product_id: FIXTURES.productId }] },
			},
			{ method: 'GET', path: `/v1/product-collections/${id}`, query: {}, body: undefined },
			{ method: 'PUT', path: `/v1/product-collections/${id}`, query: {}, body: { name: 'Picked again' } },
			{ method: 'DELETE', path: `/v1/product-collections/${id}`, query: {}, body: undefined },
		]);
		const gone = await ctx.run(collection('get', { productCollectionId: id }));
		expect(serviceErrorOf(gone)).toMatchObject({ httpCode: '404', key: 'not_found', resource_id: id });
	});

	it('creates an auto-update collection with its filter, and an update replaces the filter rather than merging it', async () => {
		const created = await ctx.run(collection('create', { name: 'Cheap', type: 'AUTO_UPDATE', filter: JSON.stringify({ junction: 'or', price: { conditions: { $less_than: [1000] } } }) }));
		expect(created.error).toBeUndefined();
		const id = String(created.items[0].json.id);
		const replacement = { junction: 'and', 'metadata.brand': { conditions: { $is: ['Acme'] } } };
		const updated = await ctx.run(collection('update', { productCollectionId: id, updateFields: { filter: JSON.stringify(replacement) } }));
		expect(updated.items[0].json.filter).toEqual(replacement);
		expect(ctx.sent().map((request) => request.body)).toEqual([
			{ type: 'AUTO_UPDATE', name: 'Cheap', filter: { junction: 'or', price: { conditions: { $less_than: [1000] } } } },
			{ filter: replacement },
		]);
	});

	it("lists a static collection's products and SKUs, each SKU with its product", async () => {
		const { items, error } = await ctx.run(collection('getManyProducts', { productCollectionId: STATIC_ID, returnAll: true }));
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.object, item.json.id])).toEqual([
			['product', FIXTURES.productId],
			['sku', FIXTURES.skuId],
		]);
		expect(items[1].json.product).toMatchObject({ id: FIXTURES.productId, object: 'product' });
		expect(ctx.sent()).toEqual([{ method: 'GET', path: `/v1/product-collections/${STATIC_ID}/products`, query: { limit: '100' }, body: undefined }]);
	});

	it("lists an auto-update collection's products as its filter finds them, with the order and starting_after asked", async () => {
		const { items } = await ctx.run(collection('getManyProducts', { productCollectionId: AUTO_ID, limit: 50, filters: { order: 'created_at', startingAfter: '2000-01-01T00:00:00.000Z' } }));
		expect(items.length).toBeGreaterThan(0);
		expect(items.every((item) => String(item.json.name).startsWith('Coffee'))).toBe(true);
		expect(ctx.sent()[0].query).toEqual({ limit: '50', order: 'created_at', starting_after: '2000-01-01T00:00:00.000Z' });
	});

	it('Get Many pages by page number, with the order chosen', async () => {
		const { items, error } = await ctx.run(collection('getAll', { returnAll: true, filters: { order: '-updated_at' } }));
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual(expect.arrayContaining([STATIC_ID, AUTO_ID]));
		expect(ctx.sent()[0].query).toEqual({ limit: '100', order: '-updated_at' });
	});

	it('the service refuses a filter on a static collection and a collection a validation rule names', async () => {
		const filter = await ctx.run(collection('update', { productCollectionId: STATIC_ID, updateFields: { filter: JSON.stringify(FILTER) } }));
		expect(serviceErrorOf(filter)).toMatchObject({ httpCode: '400', key: 'invalid_payload' });
		const created = await ctx.run(collection('create', { name: 'Ruled', type: 'STATIC' }));
		const id = String(created.items[0].json.id);
		const rule = await ctx.run({ resource: 'validationRule', operation: 'create', name: 'In the collection', additionalFields: { rules: JSON.stringify({ '1': { name: 'product.id', property: null, conditions: { $is: [id] }, rules: {} }, logic: '1' }) } });
		expect(rule.error).toBeUndefined();
		const refused = await ctx.run(collection('delete', { productCollectionId: id }));
		expect(serviceErrorOf(refused)).toMatchObject({ httpCode: '400', key: 'resource_in_use' });
	});

	it('Map Automatically takes a collection\'s name and type from its item', async () => {
		const { error } = await ctx.run(collection('create', { recordFields: 'auto' }), { input: [{ name: 'Mapped', type: 'STATIC' }] });
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({ type: 'STATIC', name: 'Mapped' });
	});

	it.each([
		[collection('create', { name: ' ', type: 'STATIC' }), 'Name', /is required/],
		[collection('create', { name: 'x', type: 'STATIC', products: { item: [{ object: 'product', id: 'sku_1' }] } }), 'Products (row 1) ID', /must match \^prod_/],
		[collection('create', { name: 'x', type: 'STATIC', products: { item: [{ object: 'sku', id: 'sku_1', productId: 'nope' }] } }), 'Products (row 1) Product ID', /must match \^prod_/],
		[collection('create', { name: 'x', type: 'AUTO_UPDATE', filter: '{}' }), 'Filter (JSON)', /is required for auto-update collections/],
		[collection('create', { name: 'x', type: 'AUTO_UPDATE', filter: '{"name": {"conditions": {"$is": ["a"]}}}' }), 'Filter (JSON)', /needs "junction": "and" or "or"/],
		[collection('update', { productCollectionId: STATIC_ID, updateFields: {} }), 'Update Fields', /at least one field/],
		[collection('get', { productCollectionId: 'seg_123' }), 'Product Collection', /must match \^pc_/],
	])('refuses %j naming %s, sending nothing', (parameters, field, rule) => ctx.expectInvalid(parameters, field, rule));

	it('does not resend a create after a 503', async () => {
		ctx.emu.control.setFaults({ route: '/v1/product-collections', method: 'POST', sequence: [503] });
		const failed = await ctx.run(collection('create', { name: 'After 503', type: 'STATIC' }));
		expect(failed.error?.httpCode).toBe('503');
		expect(ctx.sent()).toHaveLength(1);
	});

	it('From List shows the collections with their type, newest first', async () => {
		const { results } = await listSearch('searchProductCollections', { parameters: collection('get') as never, credentials: credentialsFor(ctx.emu) });
		expect(results).toEqual(expect.arrayContaining([{ name: 'Coffee corner (STATIC)', value: STATIC_ID }, { name: 'Everything coffee (AUTO_UPDATE)', value: AUTO_ID }]));
		expect(ctx.sent()[0].query).toEqual({ order: '-created_at', limit: '100' });
	});
});
