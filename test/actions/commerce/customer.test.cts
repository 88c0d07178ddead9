import { FIXTURES, fixtureCounts } from '../../emulator/index.cjs';
import { useEmulator } from '../v2/helpers.cjs';

const ctx = useEmulator();
const run = (operation: string, parameters: Record<string, unknown> = {}, options = {}) =>
	ctx.run({ resource: 'customer', operation, ...parameters } as never, options);
const pairs = (entries: Record<string, string>) => ({ fields: Object.entries(entries).map(([key, value]) => ({ key, value })) });

describe('Customer: Create or Update', () => {
	it('creates a customer from every field typed: date only for the birthdate, address parts, metadata merged', async () => {
		const { items, error } = await run('upsert', {
			sourceId: ' crm-42 ',
			additionalFields: {
				name: 'Jane Doe',
				email: 'jane@example.com',
				phone: '+48 600 100 200',
				description: 'VIP',
				birthdate: '1990-04-30T00:00:00',
				address: { value: { city: 'Warsaw', line1: 'Main 1', postalCode: '00-001', country: 'PL' } },
				metadata: pairs({ tier: 'gold', region: 'EU' }),
				metadataJson: '{ "region": "CE", "visits": 3 }',
			},
		});
		expect(error).toBeUndefined();
		const body = {
			source_id: 'crm-42',
			name: 'Jane Doe',
			email: 'jane@example.com',
			phone: '+48 600 100 200',
			description: 'VIP',
			birthdate: '1990-04-30',
			address: { city: 'Warsaw', line_1: 'Main 1', postal_code: '00-001', country: 'PL' },
			metadata: { tier: 'gold', region: 'CE', visits: 3 },
		};
		expect(ctx.sent()).toEqual([{ method: 'POST', path: '/v1/customers', query: {}, body }]);
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ ...body, object: 'customer', id: expect.stringMatching(/^cust_/) });
		expect(ctx.emu.control.counters().customersCreated).toBe(1);
	});

	it('updates the customer whose source ID exists, keeping its ID', async () => {
		const { items } = await run('upsert', { sourceId: FIXTURES.customerSourceId, additionalFields: { email: 'new@example.com' } });
		expect(items[0].json).toMatchObject({ id: FIXTURES.customerId, email: 'new@example.com', name: 'Customer One' });
		expect(ctx.emu.control.counters().customersCreated).toBe(0);
	});

	it('is resent after a 503 (the service upserts by source ID) without a second customer', async () => {
		ctx.emu.control.setFaults({ route: '/v1/customers', method: 'POST', sequence: [503] });
		const { error } = await run('upsert', { sourceId: 'retried-customer' });
		expect(error).toBeUndefined();
		expect(ctx.sent()).toHaveLength(2);
		expect(ctx.emu.control.counters().customersCreated).toBe(1);
	});

	it('refuses a birthdate that is not a date, and an empty Source ID, before sending', async () => {
		await ctx.expectInvalid({ resource: 'customer', operation: 'upsert', sourceId: 'x', additionalFields: { birthdate: '={{ "30/04/1990" }}' } } as never, 'Birthdate', /must be a date/);
		await ctx.expectInvalid({ resource: 'customer', operation: 'upsert', sourceId: '={{ "  " }}' } as never, 'Source ID', /is required/);
	});
});

describe('Customer: Get, Update, Delete', () => {
	it('gets a customer picked From List, By ID, or by source ID', async () => {
		const fromList = await run('get', { customerId: { __rl: true, mode: 'list', value: FIXTURES.customerId, cachedResultName: 'Customer One' } });
		const byId = await run('get', { customerId: { __rl: true, mode: 'id', value: FIXTURES.customerSourceId } });
		expect(fromList.items[0].json).toMatchObject({ id: FIXTURES.customerId, summary: expect.any(Object), loyalty: expect.any(Object) });
		expect(byId.items[0].json.id).toBe(FIXTURES.customerId);
		expect(ctx.sent().map((request) => request.path)).toEqual([`/v1/customers/${FIXTURES.customerId}`, `/v1/customers/${FIXTURES.customerSourceId}`]);
	});

	it('updates only the chosen fields, and needs at least one', async () => {
		const { items } = await run('update', { customerId: FIXTURES.customerId, updateFields: { phone: '123' } });
		expect(ctx.sent()[0]).toEqual({ method: 'PUT', path: `/v1/customers/${FIXTURES.customerId}`, query: {}, body: { phone: '123' } });
		expect(items[0].json).toMatchObject({ phone: '123', name: 'Customer One', email: 'customer-1@example.com' });
		ctx.emu.control.clearRequests();
		await ctx.expectInvalid({ resource: 'customer', operation: 'update', customerId: FIXTURES.customerId, updateFields: {} } as never, 'Update Fields', /add at least one field/);
	});

	it('deletes a customer (204 → {deleted, id}); a second delete maps the 404', async () => {
		const deleted = await run('delete', { customerId: FIXTURES.customerId });
		expect(deleted.items.map((item) => item.json)).toEqual([{ deleted: true, id: FIXTURES.customerId }]);
		const again = await run('delete', { customerId: FIXTURES.customerId });
		expect(again.error?.httpCode).toBe('404');
		expect(again.error?.context?.serviceError).toMatchObject({ key: 'not_found', resource_type: 'customer' });
	});

	it('with Continue On Fail, one unknown customer fails only its item, paired', async () => {
		const { items, error } = await run('get', { customerId: '={{ $json.id }}' }, {
			input: [{ id: FIXTURES.customerId }, { id: 'cust_unknown' }, { id: FIXTURES.customerWithManyActivities }],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items.map((item) => item.json.id ?? item.json.httpCode)).toEqual([FIXTURES.customerId, '404', FIXTURES.customerWithManyActivities]);
	});
});

describe('Customer: Get Many (paged list)', () => {
	const total = fixtureCounts(1).customers;

	it(`Return All reads all ${total} customers, pages 1 and 2 of 100`, async () => {
		const { items, error } = await run('getAll', { returnAll: true });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(total);
		expect(ctx.sent().map((request) => request.query)).toEqual([{ limit: '100' }, { limit: '100', page: '2' }]);
	});

	it('sends the filters as the service names them; Limit returns exactly that many', async () => {
		const { items } = await run('getAll', {
			limit: 3,
			filters: { createdAfter: '2024-01-01T00:30:00Z', updatedBefore: '2030-01-01T00:00:00Z', order: 'created_at', name: '' },
		});
		expect(items).toHaveLength(3);
		expect(ctx.sent()[0].query).toEqual({
			limit: '3',
			'created_at[after]': '2024-01-01T00:30:00.000Z',
			'updated_at[before]': '2030-01-01T00:00:00.000Z',
			order: 'created_at',
		});
		// created_at[after] is strict: the customer created at 00:30 itself is not listed.
		expect(items.map((item) => item.json.source_id)).toEqual(['customer-gen-31', 'customer-gen-32', 'customer-gen-33']);
	});

	it('finds one customer by email', async () => {
		const { items } = await run('getAll', { returnAll: true, filters: { email: 'customer-1@example.com' } });
		expect(items.map((item) => item.json.id)).toEqual([FIXTURES.customerId]);
	});

	it('refuses an order an expression made up', async () => {
		await ctx.expectInvalid({ resource: 'customer', operation: 'getAll', limit: 5, filters: { order: '={{ "name" }}' } } as never, 'Order', /must be one of "created_at"/);
	});
});
