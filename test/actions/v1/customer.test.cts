import type { IDataObject } from 'n8n-workflow';
import { FIXTURES } from '../../emulator/index.cjs';
import { serviceErrorOf, useEmulator } from './setup.cjs';

const ctx = useEmulator();

const activities = (extra: Record<string, unknown> = {}) => ({
	resource: 'customer',
	operation: 'getManyActivities',
	customerId: FIXTURES.customerWithManyActivities,
	...extra,
});

const campaignOf = (json: IDataObject) => ((json.data as IDataObject).data as IDataObject).campaign as IDataObject | null;

describe('Customer: Get Many Activities (counted list paged by starting_after_id)', () => {
	it('Return All gets all 1,030 activities in 11 requests of limit=100, each after the last id', async () => {
		const { items, error } = await ctx.run(activities({ returnAll: true }));
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1030);
		expect(new Set(items.map((item) => item.json.id)).size).toBe(1030);
		const sent = ctx.sent();
		expect(sent).toHaveLength(11);
		sent.forEach((request, page) => {
			expect(request.method).toBe('GET');
			expect(request.path).toBe(`/v1/customers/${FIXTURES.customerWithManyActivities}/activities`);
			expect(request.query).toEqual(page === 0 ? { limit: '100' } : { limit: '100', starting_after_id: items[page * 100 - 1].json.id });
		});
	});

	it('Limit 7 returns exactly 7 with one request of limit=7', async () => {
		const { items } = await ctx.run(activities({ limit: 7 }));
		expect(items).toHaveLength(7);
		expect(ctx.sent()).toEqual([
			{ method: 'GET', path: `/v1/customers/${FIXTURES.customerWithManyActivities}/activities`, query: { limit: '7' }, body: undefined },
		]);
	});

	it('takes the customer source ID too', async () => {
		const { items } = await ctx.run(activities({ customerId: FIXTURES.customerSourceId, returnAll: true }));
		expect(items).toHaveLength(12);
		expect(ctx.sent()[0].path).toBe('/v1/customers/customer-1/activities');
	});

	it('sends every filter under its query name, dates as ISO 8601 timestamps', async () => {
		const { error } = await ctx.run(
			activities({
				limit: 5,
				filters: {
					order: 'campaign',
					startingAfter: '2020-01-01T00:00:00Z',
					startingAfterId: '',
					campaignType: 'LOYALTY_PROGRAM',
					campaignId: FIXTURES.campaignId,
					productId: FIXTURES.productId,
					startDate: '2020-01-01T00:00:00.000Z',
					endDate: '2099-12-31T23:59:59Z',
				},
			}),
		);
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].query).toEqual({
			limit: '5',
			order: 'campaign',
			starting_after: '2020-01-01T00:00:00.000Z',
			campaign_type: 'LOYALTY_PROGRAM',
			campaign_id: FIXTURES.campaignId,
			product_id: FIXTURES.productId,
			start_date: '2020-01-01T00:00:00.000Z',
			end_date: '2099-12-31T23:59:59.000Z',
		});
	});

	it('Return All with a Campaign Type filter and a non-date order pages through only matching activities', async () => {
		const { items, error } = await ctx.run(activities({ returnAll: true, filters: { campaignType: 'GIFT_VOUCHERS', order: '-type' } }));
		expect(error).toBeUndefined();
		expect(items.length).toBeGreaterThan(100);
		expect(items.every((item) => campaignOf(item.json)?.campaign_type === 'GIFT_VOUCHERS')).toBe(true);
		expect(new Set(items.map((item) => item.json.id)).size).toBe(items.length);
		const sent = ctx.sent();
		expect(sent).toHaveLength(Math.floor(items.length / 100) + 1);
		expect(sent[1].query).toEqual({ limit: '100', campaign_type: 'GIFT_VOUCHERS', order: '-type', starting_after_id: items[99].json.id });
	});

	it('offers the 12 orders and 5 campaign types of the spec, sorted by name', async () => {
		const { getManyActivities } = await import('../../../nodes/LoyaltyPromotions/actions/customer/getManyActivities');
		const filters = getManyActivities.properties.find((property) => property.name === 'filters')!;
		const option = (name: string) => (filters.options as Array<{ name: string; options?: Array<{ name: string; value: string }> }>).find((o) => o.name === name)!;
		const orders = option('order').options!;
		expect(orders.map((o) => o.value).sort()).toEqual(
			['created_at', '-created_at', 'updated_at', '-updated_at', 'type', '-type', 'code', '-code', 'campaign', '-campaign', 'category', '-category'].sort(),
		);
		const types = option('campaignType').options!;
		expect(types.map((o) => o.value).sort()).toEqual(['DISCOUNT_COUPONS', 'GIFT_VOUCHERS', 'LOYALTY_PROGRAM', 'PROMOTION', 'REFERRAL_PROGRAM']);
		for (const list of [orders, types, filters.options as Array<{ name: string; displayName?: string }>]) {
			const names = list.map((o) => ('displayName' in o && o.displayName) || o.name);
			expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
		}
	});

	it.each([
		['startDate', 'Start Date'],
		['endDate', 'End Date'],
		['startingAfter', 'Starting After'],
	])('refuses a %s that is not a date-time', async (name, label) => {
		await ctx.expectInvalid(activities({ filters: { [name]: 'next tuesday-ish' } }), label, /must be a date-time/);
	});

	it('requires the Customer', async () => {
		await ctx.expectInvalid(activities({ customerId: '={{ "" }}' }), 'Customer', /is required/);
	});

	it('maps a 404 for an unknown customer', async () => {
		const result = await ctx.run(activities({ customerId: 'cust_nope' }));
		expect(result.error?.message).toMatch(/^Resource not found: \S/);
		expect(serviceErrorOf(result)).toMatchObject({ httpCode: '404', key: 'not_found', resource_id: 'cust_nope', resource_type: 'customer' });
	});

	it('with Continue On Fail, a bad date on one item fails only that item, before sending it', async () => {
		const { items, error } = await ctx.run(activities({ customerId: FIXTURES.customerId, limit: 1, filters: { startDate: '={{ $json.from }}' } }), {
			input: [{ from: '2020-01-01T00:00:00Z' }, { from: 'soon' }, { from: '2021-01-01T00:00:00Z' }],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[1].json.error).toMatch(/^Start Date: must be a date-time/);
		expect(ctx.sent().map((request) => request.query.start_date)).toEqual(['2020-01-01T00:00:00.000Z', '2021-01-01T00:00:00.000Z']);
	});
});

const customer = (operation: string, extra: Record<string, unknown> = {}) => ({ resource: 'customer', operation, ...extra });

describe('Customer: Get Many Activities (current list by id cursor), Get Redeemables, Get Segments, Delete Permanently', () => {
	it('the current list walks /activity by more_starting_after: all 1,030 activities once, newest first', async () => {
		const { items, error } = await ctx.run(customer('getActivities', { customerId: FIXTURES.customerWithManyActivities, returnAll: true }));
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1030);
		expect(new Set(items.map((item) => item.json.id)).size).toBe(1030);
		const sent = ctx.sent();
		expect(sent).toHaveLength(11);
		expect(sent[0]).toEqual({ method: 'GET', path: `/v1/customers/${FIXTURES.customerWithManyActivities}/activity`, query: { limit: '100' }, body: undefined });
		expect(sent[1].query).toEqual({ limit: '100', starting_after_id: items[99].json.id });
		const created = items.map((item) => Date.parse(String(item.json.created_at)));
		expect(created).toEqual([...created].sort((a, b) => b - a));
	});

	it('sends the filters under the names the service gives them; an unknown type is refused before sending', async () => {
		await ctx.run(
			customer('getActivities', {
				customerId: FIXTURES.customerId,
				limit: 3,
				filters: { order: 'created_at', category: 'ACTION', type: 'customer.created', campaignType: 'GIFT_VOUCHERS', startDate: '2024-01-01T00:00:00Z' },
			}),
		);
		expect(ctx.sent()[0].query).toEqual({
			limit: '3',
			order: 'created_at',
			category: 'ACTION',
			type: 'customer.created',
			campaign_type: 'GIFT_VOUCHERS',
			start_date: '2024-01-01T00:00:00.000Z',
		});
		ctx.emu.control.clearRequests();
		await ctx.expectInvalid(customer('getActivities', { customerId: FIXTURES.customerId, filters: { type: 'customer.nope' } }), 'Type', /customer.nope/);
	});

	it('the legacy list is marked deprecated, naming the current one, and still sends /activities', async () => {
		const { getManyActivities } = await import('../../../nodes/LoyaltyPromotions/actions/customer/getManyActivities');
		expect(getManyActivities.deprecated).toMatch(/Get Many Activities \(GET \/v1\/customers\/\{customerId\}\/activity\)/);
		expect(getManyActivities.endpoint).toBe('GET /v1/customers/{customerId}/activities');
	});

	it("lists the customer's redeemables by id cursor, filtered by voucher type", async () => {
		const { items, error } = await ctx.run(customer('getRedeemables', { customerId: FIXTURES.customerId, returnAll: true, filters: { voucherType: 'GIFT_VOUCHER' } }));
		expect(error).toBeUndefined();
		expect(ctx.sent()).toEqual([
			{ method: 'GET', path: `/v1/customers/${FIXTURES.customerId}/redeemables`, query: { limit: '100', 'filters[voucher_type][conditions][$is]': 'GIFT_VOUCHER' }, body: undefined },
		]);
		expect(items.length).toBeGreaterThan(0);
		const held = { type: 'voucher', voucher: { type: 'GIFT_VOUCHER', holder_id: FIXTURES.customerId }, status: 'ACTIVE' };
		for (const item of items) expect(item.json).toMatchObject({ voucher_type: 'GIFT_VOUCHER', customer_id: FIXTURES.customerId, redeemable: held });
	});

	it('lists the segments a customer is in, one item each', async () => {
		const made = await ctx.run({ resource: 'segment', operation: 'create', name: 'Has the customer', type: 'static', customerIds: FIXTURES.customerId });
		ctx.emu.control.clearRequests();
		const { items, error } = await ctx.run(customer('getSegments', { customerId: FIXTURES.customerId, returnAll: true }));
		expect(error).toBeUndefined();
		expect(ctx.sent()).toEqual([{ method: 'GET', path: `/v1/customers/${FIXTURES.customerId}/segments`, query: {}, body: undefined }]);
		expect(items.map((item) => item.json)).toEqual([{ id: made.items[0].json.id, name: 'Has the customer', object: 'segment' }]);
	});

	it('Delete Permanently erases the customer and answers what was deleted; the customer is gone', async () => {
		await ctx.run(customer('upsert', { sourceId: 'to-forget' }));
		ctx.emu.control.clearRequests();
		const { items, error } = await ctx.run(customer('deletePermanently', { customerId: 'to-forget' }));
		expect(error).toBeUndefined();
		expect(ctx.sent()).toEqual([{ method: 'POST', path: '/v1/customers/to-forget/permanent-deletion', query: {}, body: undefined }]);
		expect(items[0].json).toMatchObject({ related_object: 'customer', status: 'DONE', data_json: { customer: 1 } });
		const gone = await ctx.run(customer('get', { customerId: 'to-forget' }));
		expect(serviceErrorOf(gone)).toMatchObject({ httpCode: '404' });
	});

	it("Delete Permanently says it cannot be undone", async () => {
		const { deletePermanently } = await import('../../../nodes/LoyaltyPromotions/actions/customer/deletePermanently');
		expect(deletePermanently.description).toMatch(/cannot be undone/);
	});
});
