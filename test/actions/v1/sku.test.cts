import { FIXTURES } from '../../emulator/index.cjs';
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { listSearch } from '../../harness/loadOptions.cjs';
import { serviceErrorOf, useEmulator } from './setup.cjs';

const ctx = useEmulator();

const skuPath = `/v1/products/${FIXTURES.productId}/skus`;

const create = (additionalFields: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
	resource: 'sku',
	operation: 'create',
	productId: FIXTURES.productId,
	additionalFields,
	...extra,
});

const upsert = (sourceId: string, additionalFields: Record<string, unknown> = {}) => ({
	resource: 'sku',
	operation: 'upsert',
	productId: FIXTURES.productId,
	sourceId,
	additionalFields,
});

const update = (updateFields: Record<string, unknown>, skuId: string = FIXTURES.skuId) => ({
	resource: 'sku',
	operation: 'update',
	productId: FIXTURES.productId,
	skuId,
	updateFields,
});

const pairs = (entries: Record<string, string>) => ({ fields: Object.entries(entries).map(([key, value]) => ({ key, value })) });

describe('SKU: Create', () => {
	it('sends every field typed, price ×100, metadata pairs with the JSON merged over them', async () => {
		const { items, error } = await ctx.run(
			create({
				id: 'sku_created_all',
				sourceId: 'inv-all',
				sku: 'Blue, size M',
				price: 12.5,
				currency: 'EUR',
				attributes: '{ "color": "blue", "size": "M" }',
				imageUrl: 'https://example.com/blue.png',
				metadata: pairs({ region: 'EU', tier: 'one' }),
				metadataJson: '{ "tier": 2, "nested": { "a": true } }',
			}),
		);
		expect(error).toBeUndefined();
		const body = {
			id: 'sku_created_all',
			source_id: 'inv-all',
			sku: 'Blue, size M',
			price: 1250,
			currency: 'EUR',
			attributes: { color: 'blue', size: 'M' },
			image_url: 'https://example.com/blue.png',
			metadata: { region: 'EU', tier: 2, nested: { a: true } },
		};
		expect(ctx.sent()).toEqual([{ method: 'POST', path: skuPath, query: {}, body }]);
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ ...body, object: 'sku', product_id: FIXTURES.productId, updated_at: null });
	});

	it('leaves out what the user left empty', async () => {
		const { items } = await ctx.run(create({ sku: 'Plain', sourceId: '', currency: '' }));
		expect(ctx.sent()[0].body).toEqual({ sku: 'Plain' });
		expect(items[0].json).toMatchObject({ sku: 'Plain', price: null, source_id: null });
	});

	it('converts prices without floating-point drift (19.99 → 1999, 0.1 → 10)', async () => {
		await ctx.run(create({ sku: 'a', price: 19.99 }));
		await ctx.run(create({ sku: 'b', price: '0.1' }));
		expect(ctx.sent().map((request) => (request.body as { price: number }).price)).toEqual([1999, 10]);
	});

	it('is not resent after a 503 when it carries neither id nor source_id (a repeat could duplicate)', async () => {
		ctx.emu.control.setFaults({ route: skuPath, method: 'POST', sequence: [503] });
		const result = await ctx.run(create({ sku: 'Once' }));
		expect(result.error?.context?.serviceError).toMatchObject({ httpCode: '503' });
		expect(ctx.sent()).toHaveLength(1);
	});

	it('is resent after a 503 when it carries a source_id (the service upserts by it)', async () => {
		const before = ctx.emu.control.counters().skusCreated;
		ctx.emu.control.setFaults({ route: skuPath, method: 'POST', sequence: [503] });
		const { items, error } = await ctx.run(create({ sourceId: 'inv-retried', sku: 'Retried' }));
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ source_id: 'inv-retried' });
		expect(ctx.sent()).toHaveLength(2);
		expect(ctx.emu.control.counters().skusCreated).toBe(before + 1);
	});

	it('maps a 404 for an unknown product, its ID encoded as one segment', async () => {
		const result = await ctx.run(create({ sku: 'x' }, { productId: 'no such/product' }));
		expect(ctx.sent()[0].path).toBe('/v1/products/no%20such%2Fproduct/skus');
		expect(result.error?.message).toMatch(/^Resource not found: \S/);
		expect(serviceErrorOf(result)).toMatchObject({ httpCode: '404', key: 'not_found', resource_type: 'product' });
	});

	it('with Continue On Fail, a negative price fails only its item, paired, before sending', async () => {
		const { items, error } = await ctx.run(create({ sku: '={{ $json.name }}', price: '={{ $json.price }}' }), {
			input: [
				{ name: 'cof-1', price: 1 },
				{ name: 'cof-2', price: -5 },
				{ name: 'cof-3', price: 2.25 },
			],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[0].json).toMatchObject({ sku: 'cof-1', price: 100 });
		expect(items[1].json.error).toMatch(/^Price: must be a non-negative amount/);
		expect(items[2].json).toMatchObject({ sku: 'cof-3', price: 225 });
		expect(ctx.sent().map((request) => request.body)).toEqual([
			{ sku: 'cof-1', price: 100 },
			{ sku: 'cof-3', price: 225 },
		]);
	});
});

describe('SKU: Create or Update', () => {
	it('updates the SKU whose source ID exists', async () => {
		const { items, error } = await ctx.run(upsert(FIXTURES.skuSourceId, { price: 3, currency: 'USD' }));
		expect(error).toBeUndefined();
		expect(ctx.sent()).toEqual([{ method: 'POST', path: skuPath, query: {}, body: { source_id: FIXTURES.skuSourceId, price: 300, currency: 'USD' } }]);
		expect(items[0].json).toMatchObject({ id: FIXTURES.skuId, source_id: FIXTURES.skuSourceId, price: 300, currency: 'USD', updated_at: expect.any(String) });
	});

	it('creates a SKU for a new source ID', async () => {
		const { items } = await ctx.run(upsert('inv-new-upsert', { sku: 'New' }));
		expect(items[0].json).toMatchObject({ source_id: 'inv-new-upsert', sku: 'New', updated_at: null });
	});

	it('is resent after a 503 (an upsert is safe to repeat) without duplicating', async () => {
		ctx.emu.control.setFaults({ route: skuPath, method: 'POST', sequence: [503] });
		const before = ctx.emu.control.counters().skusCreated;
		const { error } = await ctx.run(upsert('inv-upsert-retried', { sku: 'R' }));
		expect(error).toBeUndefined();
		expect(ctx.sent()).toHaveLength(2);
		expect(ctx.emu.control.counters().skusCreated).toBe(before + 1);
	});

	it('requires the Source ID', async () => {
		await ctx.expectInvalid(upsert('={{ "  " }}'), 'Source ID', /is required/);
	});
});

describe('SKU: Update', () => {
	it('PUTs only the chosen fields to the SKU, addressed by ID', async () => {
		const { items, error } = await ctx.run(update({ sku: 'Renamed', price: 7.05, attributes: { size: 'L' } }));
		expect(error).toBeUndefined();
		expect(ctx.sent()).toEqual([
			{ method: 'PUT', path: `${skuPath}/${FIXTURES.skuId}`, query: {}, body: { sku: 'Renamed', price: 705, attributes: { size: 'L' } } },
		]);
		expect(items[0].json).toMatchObject({ id: FIXTURES.skuId, sku: 'Renamed', price: 705, updated_at: expect.any(String) });
	});

	it('addresses the SKU by its source ID too', async () => {
		const { items } = await ctx.run(update({ metadata: pairs({ note: 'by source id' }) }, FIXTURES.skuSourceId));
		expect(ctx.sent()[0]).toMatchObject({ path: `${skuPath}/${FIXTURES.skuSourceId}`, body: { metadata: { note: 'by source id' } } });
		expect(items[0].json).toMatchObject({ id: FIXTURES.skuId, metadata: { note: 'by source id' } });
	});

	it('maps a 404 for an unknown SKU', async () => {
		const result = await ctx.run(update({ sku: 'x' }, 'sku_nope'));
		expect(serviceErrorOf(result)).toMatchObject({ httpCode: '404', key: 'not_found', resource_id: 'sku_nope' });
	});

	it('refuses an update with no field at all', async () => {
		await ctx.expectInvalid(update({}), 'Update Fields', /add at least one field/);
	});

	it('refuses an update whose only field is empty metadata', async () => {
		await ctx.expectInvalid(update({ metadata: { fields: [] }, metadataJson: '{}' }), 'Update Fields', /add at least one field/);
	});

	it('requires the SKU', async () => {
		await ctx.expectInvalid({ ...update({ sku: 'x' }), skuId: '={{ "" }}' }, 'SKU', /is required/);
	});
});

describe('SKU: validation before sending', () => {
	it.each([
		['a negative price', { price: -0.01 }, 'Price', /non-negative amount/],
		['a price with more than two decimals', { price: 1.005 }, 'Price', /more than two decimal places/],
		['attributes that are not JSON', { attributes: '{ color: blue' }, 'Attributes (JSON)', /is not valid JSON/],
		['attributes that are a JSON array', { attributes: '["blue"]' }, 'Attributes (JSON)', /must be a JSON object/],
		['metadata JSON that is not JSON', { metadataJson: '{ nope' }, 'Metadata (JSON)', /is not valid JSON/],
		['metadata JSON that is a number', { metadataJson: '42' }, 'Metadata (JSON)', /must be a JSON object/],
		['an image URL that is not HTTPS', { imageUrl: 'http://example.com/a.png' }, 'Image URL', /HTTPS address/],
	])('refuses %s', async (_, fields, field, rule) => {
		await ctx.expectInvalid(create(fields), field, rule);
		await ctx.expectInvalid(update(fields), field, rule);
		await ctx.expectInvalid(upsert('inv-x', fields), field, rule);
	});

	it('requires the Product', async () => {
		await ctx.expectInvalid(create({}, { productId: '={{ "" }}' }), 'Product', /is required/);
	});
});

describe("SKU: Get Many (a product's SKUs) and Delete", () => {
	it("Return All reads the product's SKUs from under `skus`, as the contract's list carries them, with the filters sent", async () => {
		const { items, error } = await ctx.run({
			resource: 'sku',
			operation: 'getAll',
			productId: FIXTURES.productId,
			returnAll: true,
			filters: { order: '-created_at', startDate: '2000-01-01T00:00:00.000Z', endDate: '2100-01-01T00:00:00.000Z' },
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual(expect.arrayContaining([FIXTURES.skuId]));
		expect(items.every((item) => item.json.product_id === FIXTURES.productId)).toBe(true);
		expect(ctx.sent()).toEqual([
			{ method: 'GET', path: skuPath, query: { limit: '100', order: '-created_at', start_date: '2000-01-01T00:00:00.000Z', end_date: '2100-01-01T00:00:00.000Z' }, body: undefined },
		]);
	});

	it('deletes a SKU of the product (to the bin, or permanently with force); then it is gone', async () => {
		const made = await ctx.run(upsert('to-delete'));
		const id = String(made.items[0].json.id);
		ctx.emu.control.clearRequests();
		const deleted = await ctx.run({ resource: 'sku', operation: 'delete', productId: FIXTURES.productId, skuId: { __rl: true, mode: 'id', value: id }, force: true });
		expect(deleted.items[0].json).toEqual({ deleted: true, id });
		expect(ctx.sent()).toEqual([{ method: 'DELETE', path: `${skuPath}/${id}`, query: { force: 'true' }, body: undefined }]);
		const gone = await ctx.run({ resource: 'sku', operation: 'get', skuId: id });
		expect(serviceErrorOf(gone)).toMatchObject({ httpCode: '404', key: 'not_found' });
	});

	it('a SKU of another product is not found under this one', async () => {
		const { error } = await ctx.run({ resource: 'sku', operation: 'delete', productId: FIXTURES.product2Id, skuId: FIXTURES.skuId });
		expect(error?.httpCode).toBe('404');
		expect(ctx.sent()[0]).toMatchObject({ method: 'DELETE', path: `/v1/products/${FIXTURES.product2Id}/skus/${FIXTURES.skuId}`, query: {} });
	});

	it("From List shows the chosen product's SKUs, read from under `skus`", async () => {
		const { results } = await listSearch('searchSkus', { parameters: { resource: 'sku', operation: 'delete', productId: FIXTURES.productId } as never, credentials: credentialsFor(ctx.emu) });
		expect(results).toEqual(expect.arrayContaining([{ name: "Coffee Maker White (sku-2)", value: "sku_0000000000002" }]));
	});
});
