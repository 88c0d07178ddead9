import { expectError, FIXTURES, setup, TestEnv } from './helpers.cjs';

let t: TestEnv;
beforeAll(async () => {
	t = await setup();
});
beforeEach(() => t.emu.control.reset());
afterAll(() => t.emu.stop());

const track = (body: unknown) => t.http.post('/v1/events', body, { headers: t.A });

describe('POST /v1/events', () => {
	it('tracks an event for a known customer and echoes the name in type', async () => {
		const r = await track({ event: FIXTURES.customEventName, customer: { source_id: FIXTURES.customerSourceId }, metadata: { carrier: 'UPS' } });
		expect(r.status).toBe(200);
		expect(r.data).toEqual({
			object: 'event', type: FIXTURES.customEventName,
			customer: { id: FIXTURES.customerId, name: 'Customer One', email: expect.any(String), source_id: FIXTURES.customerSourceId, metadata: {}, object: 'customer' },
			referral: null, loyalty: null, metadata: { carrier: 'UPS' },
		});
		expect(t.emu.control.counters()).toMatchObject({ eventsTracked: 1, customersCreated: 0 });
	});

	it('creates the customer when its source_id is unknown and records an activity', async () => {
		const r = await track({ event: 'app_opened', customer: { source_id: 'brand-new', name: 'New One', email: 'n@x.test' } });
		expect(r.data.customer).toMatchObject({ source_id: 'brand-new', name: 'New One', email: 'n@x.test', id: expect.stringMatching(/^cust_/) });
		expect(t.emu.control.state.findCustomer('brand-new')).toBeDefined();
		expect(t.emu.control.counters().customersCreated).toBe(1);
		const acts = await t.http.get('/v1/customers/brand-new/activities', { headers: t.A });
		expect(acts.data.total).toBe(1);
		expect(acts.data.data[0].data.data.event.type).toBe('app_opened');
	});

	it('appends to the activities of a customer with many', async () => {
		const before = (await t.http.get(`/v1/customers/${FIXTURES.customerWithManyActivities}/activities?limit=1`, { headers: t.A })).data;
		await track({ event: 'x', customer: { id: FIXTURES.customerWithManyActivities } });
		const after = (await t.http.get(`/v1/customers/${FIXTURES.customerWithManyActivities}/activities?limit=1`, { headers: t.A })).data;
		expect(after.total).toBe(before.total + 1);
		expect(after.data[0].id > before.data[0].id).toBe(true);
	});

	it('counts duplicate events (identical body)', async () => {
		const body = { event: 'order_shipped', customer: { source_id: FIXTURES.customerSourceId } };
		await track(body);
		await track(body);
		await track({ ...body, metadata: { n: 2 } });
		expect(t.emu.control.counters()).toMatchObject({ eventsTracked: 3, duplicateEvents: 1, duplicateCreates: 1 });
	});

	it('event name is 1 to 300 characters', async () => {
		expect((await track({ event: 'e'.repeat(300), customer: { source_id: 'a' } })).status).toBe(200);
		expectError(await track({ event: 'e'.repeat(301), customer: { source_id: 'a' } }), 400, 'invalid_payload');
		expectError(await track({ event: '', customer: { source_id: 'a' } }), 400, 'invalid_payload');
		expectError(await track({ customer: { source_id: 'a' } }), 400, 'invalid_payload');
	});

	it('customer is required, with a source_id or id', async () => {
		expectError(await track({ event: 'x' }), 400, 'invalid_payload');
		expectError(await track({ event: 'x', customer: 'c' }), 400, 'invalid_payload');
		expectError(await track({ event: 'x', customer: {} }), 400, 'invalid_payload');
		expectError(await track({ event: 'x', customer: { source_id: 'a' }, metadata: 'm' }), 400, 'invalid_payload');
		expectError(await track({ event: 'x', customer: { id: 'cust_nope' } }), 404, 'not_found');
	});

	it('referral and loyalty objects need their code (400 naming it)', async () => {
		const base = { event: 'x', customer: { source_id: 'a' } };
		for (const extra of [{ referral: { referrer_id: 'cust_1' } }, { loyalty: {} }, { loyalty: { code: 5 } }, { referral: { code: '' } }]) {
			const r = await track({ ...base, ...extra });
			expectError(r, 400, 'invalid_payload');
			expect(r.data.details).toMatch(/(referral|loyalty)\.code/);
		}
		expect((await track({ ...base, referral: { code: 'REF-1', referrer_id: 'cust_1' }, loyalty: { code: 'LC-PENDING' } })).status).toBe(200);
	});

	it('401 without app keys', async () => {
		expectError(await t.http.post('/v1/events', { event: 'x', customer: { source_id: 'a' } }), 401, 'unauthorized');
	});
});
