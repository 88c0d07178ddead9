import { expectError, FIXTURES, setup, TestEnv } from './helpers.cjs';

let t: TestEnv;
beforeAll(async () => {
	t = await setup();
});
beforeEach(() => t.emu.control.reset());
afterAll(() => t.emu.stop());

const skus = (product: string) => `/v1/products/${product}/skus`;

describe('POST /v1/products/{productId}/skus', () => {
	it('creates a SKU with an assigned id and the full shape', async () => {
		const r = await t.http.post(skus(FIXTURES.productId), { sku: 'Blue', price: 1999, currency: 'USD', attributes: { color: 'blue' }, image_url: 'https://x.test/a.png', metadata: { k: 1 } }, { headers: t.A });
		expect(r.status).toBe(200);
		expect(r.data).toEqual({
			id: expect.stringMatching(/^sku_/), source_id: null, product_id: FIXTURES.productId, sku: 'Blue', price: 1999, currency: 'USD',
			attributes: { color: 'blue' }, image_url: 'https://x.test/a.png', metadata: { k: 1 }, created_at: expect.any(String), updated_at: null, object: 'sku',
		});
		expect(t.emu.control.state.skus.get(r.data.id)).toBeDefined();
		expect(t.emu.control.counters()).toMatchObject({ skusCreated: 1, skusUpdated: 0, duplicateCreates: 0 });
	});

	it('accepts the product source id', async () => {
		const r = await t.http.post(skus(FIXTURES.productSourceId), { source_id: 'new-sku' }, { headers: t.A });
		expect(r.data.product_id).toBe(FIXTURES.productId);
	});

	it('upserts by source_id: a retried create does not duplicate', async () => {
		const a = await t.http.post(skus(FIXTURES.productId), { source_id: 'retry-1', price: 100 }, { headers: t.A });
		const b = await t.http.post(skus(FIXTURES.productId), { source_id: 'retry-1', price: 200 }, { headers: t.A });
		expect(b.data.id).toBe(a.data.id);
		expect(b.data.price).toBe(200);
		expect(b.data.updated_at).toEqual(expect.any(String));
		expect([...t.emu.control.state.skus.values()].filter((s) => s.source_id === 'retry-1')).toHaveLength(1);
		expect(t.emu.control.counters()).toMatchObject({ skusCreated: 1, skusUpdated: 1, duplicateCreates: 0 });
	});

	it('upserts by id', async () => {
		const r = await t.http.post(skus(FIXTURES.productId), { id: FIXTURES.skuId, sku: 'Renamed' }, { headers: t.A });
		expect(r.data).toMatchObject({ id: FIXTURES.skuId, source_id: FIXTURES.skuSourceId, sku: 'Renamed' });
		expect(t.emu.control.counters().skusUpdated).toBe(1);
	});

	it('counts duplicate creates (same body, no id or source_id)', async () => {
		await t.http.post(skus(FIXTURES.productId), { sku: 'Same' }, { headers: t.A });
		await t.http.post(skus(FIXTURES.productId), { sku: 'Same' }, { headers: t.A });
		expect(t.emu.control.counters()).toMatchObject({ skusCreated: 2, duplicateCreates: 1 });
	});

	it.each([['a string', '10'], ['a fraction', 1.5], ['negative', -1]])('400 for price %s', async (_, price) => {
		expectError(await t.http.post(skus(FIXTURES.productId), { price }, { headers: t.A }), 400, 'invalid_payload');
	});

	it('price may be null; 400 for non-object metadata or body', async () => {
		expect((await t.http.post(skus(FIXTURES.productId), { price: null }, { headers: t.A })).data.price).toBeNull();
		expectError(await t.http.post(skus(FIXTURES.productId), { metadata: 'x' }, { headers: t.A }), 400);
		expectError(await t.http.post(skus(FIXTURES.productId), [1], { headers: t.A }), 400);
		expectError(await t.http.post(skus(FIXTURES.productId), '{bad', { headers: { ...t.A, 'Content-Type': 'application/json' }, transformRequest: [(d) => d] }), 400, 'invalid_json');
	});

	it('409 when the id belongs to a SKU of another product', async () => {
		expectError(await t.http.post(skus(FIXTURES.product2Id), { id: FIXTURES.skuId }, { headers: t.A }), 409);
	});

	it('404 for an unknown product; 401 without keys', async () => {
		const r = await t.http.post(skus('prod_nope'), { sku: 'x' }, { headers: t.A });
		expectError(r, 404, 'not_found');
		expect(r.data).toMatchObject({ resource_id: 'prod_nope', resource_type: 'product' });
		expectError(await t.http.post(skus(FIXTURES.productId), { sku: 'x' }), 401, 'unauthorized');
	});
});

describe('PUT /v1/products/{productId}/skus/{skuId}', () => {
	it('updates by id and sets updated_at', async () => {
		const r = await t.http.put(`${skus(FIXTURES.productId)}/${FIXTURES.skuId}`, { price: 123, metadata: { m: true } }, { headers: t.A });
		expect(r.status).toBe(200);
		expect(r.data).toMatchObject({ id: FIXTURES.skuId, price: 123, metadata: { m: true }, object: 'sku' });
		expect(Date.parse(r.data.updated_at)).toBeGreaterThan(Date.now() - 5000);
		expect(t.emu.control.counters().skusUpdated).toBe(1);
	});

	it('updates by source id, with the product source id', async () => {
		const r = await t.http.put(`${skus(FIXTURES.productSourceId)}/${FIXTURES.skuSourceId}`, { sku: 'By source' }, { headers: t.A });
		expect(r.data).toMatchObject({ id: FIXTURES.skuId, sku: 'By source' });
	});

	it('400 for a bad price; 404 for unknown SKU or product, or a SKU of another product', async () => {
		expectError(await t.http.put(`${skus(FIXTURES.productId)}/${FIXTURES.skuId}`, { price: 'x' }, { headers: t.A }), 400);
		expectError(await t.http.put(`${skus(FIXTURES.productId)}/sku_nope`, { price: 1 }, { headers: t.A }), 404, 'not_found');
		expectError(await t.http.put(`${skus('prod_nope')}/${FIXTURES.skuId}`, { price: 1 }, { headers: t.A }), 404, 'not_found');
		expectError(await t.http.put(`${skus(FIXTURES.product2Id)}/${FIXTURES.skuId}`, { price: 1 }, { headers: t.A }), 404, 'not_found');
	});
});
