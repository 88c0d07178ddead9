import type { IDataObject } from 'n8n-workflow';
import { FIXTURES } from '../../emulator/index.cjs';
import { useEmulator } from '../v2/helpers.cjs';

const ctx = useEmulator();
const run = (operation: string, parameters: Record<string, unknown> = {}, options = {}) =>
	ctx.run({ resource: 'order', operation, ...parameters } as never, options);

describe('Order: Create', () => {
	it('sends items typed and as JSON, money ×100, the customer by source ID, and status', async () => {
		const { items, error } = await run('create', {
			additionalFields: {
				sourceId: 'web-1001',
				status: 'PAID',
				customerSourceId: 'shopper-7',
				customerJson: '{ "name": "Shopper Seven" }',
				items: { item: [{ sourceId: FIXTURES.skuSourceId, relatedObject: 'sku', quantity: 2, price: 12.5 }, { productId: FIXTURES.productId, quantity: 1 }] },
				itemsJson: '[{ "sku_id": "sku_0000000000002", "quantity": 1, "price": 999 }]',
				metadata: { fields: [{ key: 'channel', value: 'web' }] },
			},
		});
		expect(error).toBeUndefined();
		const body = {
			source_id: 'web-1001',
			status: 'PAID',
			items: [
				{ source_id: FIXTURES.skuSourceId, related_object: 'sku', quantity: 2, price: 1250 },
				{ product_id: FIXTURES.productId, quantity: 1 },
				{ sku_id: 'sku_0000000000002', quantity: 1, price: 999 },
			],
			customer: { name: 'Shopper Seven', source_id: 'shopper-7' },
			metadata: { channel: 'web' },
		};
		expect(ctx.sent()).toEqual([{ method: 'POST', path: '/v1/orders', query: {}, body }]);
		// No amount typed: the service sums the items (2 × 12.50 + 9.99).
		expect(items[0].json).toMatchObject({ object: 'order', source_id: 'web-1001', status: 'PAID', amount: 3499, customer_id: expect.stringMatching(/^cust_/) });
		// A paid order reaches the customer's activities (what earning rules act on).
		const customerId = String(items[0].json.customer_id);
		const activities = await ctx.run({ resource: 'customer', operation: 'getManyActivities', customerId, returnAll: true } as never);
		expect(activities.items.map((item) => item.json.type).sort()).toEqual(['customer.order.created', 'customer.order.paid']);
	});

	it('is not resent after a 503 without a source ID (a repeat could record a second order)', async () => {
		ctx.emu.control.setFaults({ route: '/v1/orders', method: 'POST', sequence: [503] });
		const { error } = await run('create', { additionalFields: { amount: 10 } });
		expect(error?.httpCode).toBe('503');
		expect(ctx.sent()).toHaveLength(1);
	});

	it('is resent after a 503 with a source ID (the service upserts by it), recording one order', async () => {
		ctx.emu.control.setFaults({ route: '/v1/orders', method: 'POST', sequence: [503] });
		const { error, items } = await run('create', { additionalFields: { amount: 10, sourceId: 'web-retry' } });
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ amount: 1000, source_id: 'web-retry' });
		expect(ctx.sent()).toHaveLength(2);
		expect(ctx.emu.control.counters().ordersCreated).toBe(1);
	});

	it('refuses an item naming nothing, both customer fields, and a status an expression made up', async () => {
		const base = { resource: 'order', operation: 'create' };
		await ctx.expectInvalid({ ...base, additionalFields: { items: { item: [{ quantity: 2 }] } } } as never, 'Item 1', /set its Product ID, SKU ID or Source ID/);
		await ctx.expectInvalid({ ...base, additionalFields: { customerId: 'cust_1', customerSourceId: 'x' } } as never, 'Customer ID', /not both/);
		await ctx.expectInvalid({ ...base, additionalFields: { status: '={{ "SHIPPED" }}' } } as never, 'Status', /must be one of "CANCELED", "CREATED", "FULFILLED", "PAID"/);
		await ctx.expectInvalid({ ...base, additionalFields: { itemsJson: '{"sku_id": "x"}' } } as never, 'Items (JSON)', /must be a JSON array/);
	});
});

describe('Order: Get, Update, Get Many', () => {
	it('marks an order PAID by its source ID, and Get shows it', async () => {
		const updated = await run('update', { orderId: FIXTURES.orderSourceId, updateFields: { status: 'PAID', metadata: { fields: [{ key: 'paid_by', value: 'card' }] } } });
		expect(updated.error).toBeUndefined();
		expect(ctx.sent()[0]).toEqual({ method: 'PUT', path: `/v1/orders/${FIXTURES.orderSourceId}`, query: {}, body: { status: 'PAID', metadata: { paid_by: 'card' } } });
		const got = await run('get', { orderId: { __rl: true, mode: 'list', value: FIXTURES.orderId } });
		expect(got.items[0].json).toMatchObject({ id: FIXTURES.orderId, status: 'PAID', metadata: { paid_by: 'card' }, updated_at: expect.any(String) });
	});

	it('lists the newest orders first with Limit, and sorts as asked', async () => {
		const newest = await run('getAll', { limit: 3 });
		expect(newest.items.map((item) => item.json.source_id)).toEqual(['order-10100', 'order-10099', 'order-10098']);
		const oldest = await run('getAll', { limit: 2, filters: { order: 'created_at' } });
		expect(oldest.items.map((item) => (item.json as IDataObject).id)).toEqual([FIXTURES.orderId, 'ord_0000000000002']);
		expect(ctx.sent().map((request) => request.query)).toEqual([{ limit: '3' }, { limit: '2', order: 'created_at' }]);
	});

	it('maps the 404 of an unknown order', async () => {
		const { error } = await run('get', { orderId: 'ord_missing' });
		expect(error?.httpCode).toBe('404');
		expect(error?.context?.serviceError).toMatchObject({ resource_type: 'order', resource_id: 'ord_missing' });
	});
});
