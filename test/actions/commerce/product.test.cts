import { FIXTURES } from '../../emulator/index.cjs';
import { useEmulator } from '../v2/helpers.cjs';

const ctx = useEmulator();
const run = (resource: string, operation: string, parameters: Record<string, unknown> = {}, options = {}) =>
	ctx.run({ resource, operation, ...parameters } as never, options);

describe('Product: Create or Update, Get, Update, Delete, Get Many', () => {
	it('creates a product, then updates it by the same source ID (same ID, no second product)', async () => {
		const created = await run('product', 'upsert', {
			sourceId: 'shop-mug',
			additionalFields: { name: 'Mug', price: 9.99, attributes: 'color, size ,', imageUrl: 'https://example.com/mug.png', metadataJson: '{ "brand": "Acme" }' },
		});
		expect(created.error).toBeUndefined();
		expect(ctx.sent()[0]).toEqual({
			method: 'POST',
			path: '/v1/products',
			query: {},
			body: { source_id: 'shop-mug', name: 'Mug', price: 999, attributes: ['color', 'size'], image_url: 'https://example.com/mug.png', metadata: { brand: 'Acme' } },
		});
		const id = created.items[0].json.id;
		const again = await run('product', 'upsert', { sourceId: 'shop-mug', additionalFields: { price: 12 } });
		expect(again.items[0].json).toMatchObject({ id, name: 'Mug', price: 1200 });
		expect(ctx.emu.control.counters().productsCreated).toBe(1);
	});

	it('gets a product with its SKUs, and updates only the chosen fields', async () => {
		const got = await run('product', 'get', { productId: { __rl: true, mode: 'id', value: FIXTURES.productSourceId } });
		expect(got.items[0].json).toMatchObject({ id: FIXTURES.productId, skus: { total: 2 } });
		const updated = await run('product', 'update', { productId: FIXTURES.productId, updateFields: { name: 'Espresso Maker' } });
		expect(ctx.sent()[1].body).toEqual({ name: 'Espresso Maker' });
		expect(updated.items[0].json).toMatchObject({ name: 'Espresso Maker', price: 4999 });
	});

	it('deletes a product and its SKUs: to the bin by default, permanently when asked', async () => {
		const binned = await run('product', 'delete', { productId: FIXTURES.product2Id });
		expect(binned.items.map((item) => item.json)).toEqual([{ deleted: true, id: FIXTURES.product2Id }]);
		const forced = await run('product', 'delete', { productId: FIXTURES.productId, force: true });
		expect(forced.error).toBeUndefined();
		expect(ctx.sent().map((request) => request.query)).toEqual([{}, { force: 'true' }]);
		expect(ctx.emu.control.state.skus.size).toBe(0);
		const gone = await run('sku', 'get', { skuId: FIXTURES.skuId });
		expect(gone.error?.httpCode).toBe('404');
	});

	it('lists products with the date filters and order', async () => {
		const { items } = await run('product', 'getAll', { returnAll: true, filters: { startDate: '2023-12-31T00:00:00Z', order: '-created_at' } });
		expect(items.map((item) => item.json.id).sort()).toEqual([FIXTURES.productId, FIXTURES.product2Id]);
		expect(ctx.sent()[0].query).toEqual({ limit: '100', order: '-created_at', start_date: '2023-12-31T00:00:00.000Z' });
	});

	it('refuses an image address that is not https', async () => {
		await ctx.expectInvalid({ resource: 'product', operation: 'update', productId: FIXTURES.productId, updateFields: { imageUrl: 'http://example.com/a.png' } } as never, 'Image URL', /HTTPS address/);
	});
});

describe('SKU: Get, and Update by a SKU picked from the product', () => {
	it('gets a SKU by ID or source ID', async () => {
		const byId = await run('sku', 'get', { skuId: FIXTURES.skuId });
		const bySource = await run('sku', 'get', { skuId: { __rl: true, mode: 'id', value: FIXTURES.skuSourceId } });
		expect(byId.items[0].json).toMatchObject({ id: FIXTURES.skuId, product_id: FIXTURES.productId });
		expect(bySource.items[0].json.id).toBe(FIXTURES.skuId);
		expect(ctx.sent().map((request) => request.path)).toEqual([`/v1/skus/${FIXTURES.skuId}`, `/v1/skus/${FIXTURES.skuSourceId}`]);
	});

	it('updates a SKU whose product and SKU were picked From List', async () => {
		const { items } = await run('sku', 'update', {
			productId: { __rl: true, mode: 'list', value: FIXTURES.productId, cachedResultName: 'Coffee Maker' },
			skuId: { __rl: true, mode: 'list', value: FIXTURES.skuId, cachedResultName: 'Coffee Maker Black' },
			updateFields: { price: 10 },
		});
		expect(ctx.sent()[0].path).toBe(`/v1/products/${FIXTURES.productId}/skus/${FIXTURES.skuId}`);
		expect(items[0].json).toMatchObject({ price: 1000 });
	});
});
