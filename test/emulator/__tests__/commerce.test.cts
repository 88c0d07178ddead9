/** Customers, orders, products, exports and async actions as a plain HTTP client sees them. */
import { expectError, FIXTURES, receiver, setup, TestEnv } from './helpers.cjs';

let t: TestEnv;
beforeAll(async () => {
	t = await setup();
});
afterAll(() => t.emu.stop());
beforeEach(() => t.emu.control.reset());

const P = `/management/v1/projects/${FIXTURES.projectId}`;
const multipart = (csv: string, field = 'file') =>
	`--b\r\nContent-Disposition: form-data; name="${field}"; filename="f.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--b--\r\n`;
const upload = (path: string, body: string) => t.http.post(path, body, { headers: { ...t.A, 'Content-Type': 'multipart/form-data; boundary=b' } });

async function settled(id: string) {
	for (let waited = 0; waited < 10_000; waited += 50) {
		const r = await t.http.get(`/v1/async-actions/${id}`, { headers: t.A });
		if (r.data.status === 'DONE' || r.data.status === 'FAILED') return r.data;
		await new Promise((resolve) => setTimeout(resolve, 50));
	}
	throw new Error(`async action ${id} did not finish in 10 s`);
}

describe('customers', () => {
	it('emits customer.created and customer.deleted to subscribed webhooks', async () => {
		const hook = await receiver();
		try {
			await t.http.post(`${P}/webhooks`, { target_url: hook.url, events: ['customer.created', 'customer.deleted'] }, { headers: t.M });
			const created = await t.http.post('/v1/customers', { source_id: 'hooked', name: 'Hooked' }, { headers: t.A });
			expect(created.status).toBe(200);
			expect((await t.http.delete(`/v1/customers/hooked`, { headers: t.A })).status).toBe(204);
			const deliveries = await t.emu.control.waitForDeliveries(2, 5000);
			expect(deliveries.map((d) => [d.type, (d.payload.data as { id: string }).id])).toEqual([
				['customer.created', created.data.id],
				['customer.deleted', created.data.id],
			]);
		} finally {
			await hook.close();
		}
	});

	it('validates bodies and paging as the spec types them', async () => {
		expectError(await t.http.post('/v1/customers', { source_id: 'x', birthdate: '30/04/1990' }, { headers: t.A }), 400, 'invalid_payload');
		expectError(await t.http.post('/v1/customers', { source_id: 'x', address: { town: 'W' } }, { headers: t.A }), 400, 'invalid_payload');
		expectError(await t.http.get('/v1/customers?page=100', { headers: t.A }), 400, 'invalid_param');
		expectError(await t.http.put(`/v1/customers/${FIXTURES.customerId}`, { source_id: 'moved' }, { headers: t.A }), 400, 'invalid_payload');
	});
});

describe('orders', () => {
	it('computes amounts from items, and finds generated orders by ID and source ID', async () => {
		const r = await t.http.post('/v1/orders', { items: [{ sku_id: FIXTURES.skuId, quantity: 3, price: 250, discount_amount: 50 }] }, { headers: t.A });
		expect(r.data).toMatchObject({ amount: 750, items_discount_amount: 50, total_amount: 700, status: 'CREATED' });
		expect((await t.http.get(`/v1/orders/${FIXTURES.orderSourceId}`, { headers: t.A })).data.id).toBe(FIXTURES.orderId);
		expectError(await t.http.post('/v1/orders', { status: 'SHIPPED' }, { headers: t.A }), 400, 'invalid_payload');
		expectError(await t.http.post('/v1/orders', { items: [{ quantity: -1 }] }, { headers: t.A }), 400, 'invalid_payload');
	});
});

describe('imports', () => {
	it('answers with an async action that is IN_PROGRESS, then DONE with per-row failures', async () => {
		t.emu.control.setAsyncActionTiming({ baseMs: 300 });
		const r = await upload('/v1/skus/importCSV', multipart('product_id,source_id,price\r\nproduct-1,e-1,100\r\nproduct-1,e-2,1.5\r\n'));
		expect(r.data).toEqual({ async_action_id: expect.stringMatching(/^aa_/) });
		const early = await t.http.get(`/v1/async-actions/${r.data.async_action_id}`, { headers: t.A });
		expect(early.data).toMatchObject({ status: 'IN_PROGRESS', object: 'async_action', type: 'SKUS.IMPORT_CSV', result: null });
		const done = await settled(r.data.async_action_id);
		expect(done).toMatchObject({
			status: 'DONE',
			progress: 100,
			result: { done_count: 1, failed_count: 1, failed: [{ row: 2, source_id: 'e-2', reason: expect.stringMatching(/^price:/) }] },
		});
	});

	it('refuses a request without a file, a file without its required columns, and a file over 10 MB', async () => {
		expectError(await upload('/v1/skus/importCSV', multipart('a', 'other')), 400, 'invalid_payload');
		expectError(await upload('/v1/skus/importCSV', multipart('sku,price\r\nx,1\r\n')), 400, 'invalid_payload');
		expectError(await upload('/v1/products/importCSV', multipart(`name\r\n${'n'.repeat(10_000_001)}\r\n`)), 400, 'invalid_payload');
		expectError(await upload('/v1/skus/importCSV', multipart('product_id,source_id\r\n"unterminated,x\r\n')), 400, 'invalid_payload');
	});
});

describe('exports', () => {
	it('serves the file to the token holder only, once DONE', async () => {
		t.emu.control.setExportTiming({ delayMs: 60_000 });
		const created = await t.http.post('/v1/exports', { exported_object: 'customer' }, { headers: t.A });
		const pending = await t.http.get(`/v1/exports/${created.data.id}`, { headers: t.A });
		expect(pending.data).toMatchObject({ status: 'IN_PROGRESS', result: null });
		expect(pending.data.token).toBeUndefined();
		const done = await t.http.get(`/v1/exports/${FIXTURES.exportId}`, { headers: t.A });
		const url = new URL(done.data.result.url);
		const file = await t.http.get(`${url.pathname}${url.search}`);
		expect(file.status).toBe(200);
		expect(file.headers['content-type']).toMatch(/^text\/plain/);
		expect(String(file.data).split('\n')[0]).toBe('ID,Source ID,Name,Email');
		expectError(await t.http.get(`${url.pathname}?token=wrong`), 401, 'unauthorized');
		expectError(await t.http.get(url.pathname), 401, 'unauthorized');
		expectError(await t.http.post('/v1/exports', { exported_object: 'coupon' }, { headers: t.A }), 400, 'invalid_payload');
	});
});
