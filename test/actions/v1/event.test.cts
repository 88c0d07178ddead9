import { FIXTURES } from '../../emulator/index.cjs';
import { useEmulator } from './setup.cjs';

const ctx = useEmulator();

const track = (extra: Record<string, unknown> = {}, additionalFields: Record<string, unknown> = {}) => ({
	resource: 'event',
	operation: 'track',
	eventName: FIXTURES.customEventName,
	customerSourceId: FIXTURES.customerSourceId,
	additionalFields,
	...extra,
});

describe('Event: Track', () => {
	it('posts only the event name and the customer when nothing else is set', async () => {
		const { items, error } = await ctx.run(track());
		expect(error).toBeUndefined();
		expect(ctx.sent()).toEqual([
			{ method: 'POST', path: '/v1/events', query: {}, body: { event: FIXTURES.customEventName, customer: { source_id: FIXTURES.customerSourceId } } },
		]);
		expect(items.map((item) => item.json)).toEqual([
			expect.objectContaining({ object: 'event', type: FIXTURES.customEventName, customer: expect.objectContaining({ id: FIXTURES.customerId }) }),
		]);
	});

	it('sends customer fields, referral, loyalty and metadata; typed fields win over their JSON', async () => {
		const before = ctx.emu.control.counters().customersCreated;
		const { items, error } = await ctx.run(
			track(
				{ customerSourceId: 'new-customer-7' },
				{
					customerJson: '{ "name": "Jane Doe", "email": "jane@example.com", "source_id": "ignored" }',
					referralCode: 'REF-1',
					referrerId: 'cust_referrer',
					loyaltyJson: '{ "code": "LC-OLD", "extra": 1 }',
					loyaltyCode: 'LC-PENDING',
					metadata: { fields: [{ key: 'channel', value: 'web' }] },
					metadataJson: '{ "items": 3 }',
				},
			),
		);
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({
			event: FIXTURES.customEventName,
			customer: { name: 'Jane Doe', email: 'jane@example.com', source_id: 'new-customer-7' },
			referral: { code: 'REF-1', referrer_id: 'cust_referrer' },
			loyalty: { code: 'LC-PENDING', extra: 1 },
			metadata: { channel: 'web', items: 3 },
		});
		expect(items[0].json).toMatchObject({ customer: { source_id: 'new-customer-7', name: 'Jane Doe' }, metadata: { channel: 'web', items: 3 } });
		expect(ctx.emu.control.counters().customersCreated).toBe(before + 1);
	});

	it('accepts an event name of exactly 300 characters', async () => {
		const { error } = await ctx.run(track({ eventName: 'e'.repeat(300) }));
		expect(error).toBeUndefined();
		expect((ctx.sent()[0].body as { event: string }).event).toHaveLength(300);
	});

	it('is not resent after a 503 (a repeat would record the event twice)', async () => {
		ctx.emu.control.setFaults({ route: '/v1/events', method: 'POST', sequence: [503] });
		const result = await ctx.run(track());
		expect(result.error?.context?.serviceError).toMatchObject({ httpCode: '503' });
		expect(ctx.sent()).toHaveLength(1);
	});

	it('refuses an event name of 301 characters', async () => {
		await ctx.expectInvalid(track({ eventName: 'e'.repeat(301) }), 'Event Name', /at most 300 characters \(got 301\)/);
	});

	it('refuses an empty event name and an empty customer source ID', async () => {
		await ctx.expectInvalid(track({ eventName: '={{ "" }}' }), 'Event Name', /is required/);
		await ctx.expectInvalid(track({ customerSourceId: '={{ " " }}' }), 'Customer Source ID', /is required/);
	});

	it.each([
		['Customer Fields (JSON)', '"jane"', 'customerJson', /must be a JSON object/],
		['Customer Fields (JSON)', '{ name: ', 'customerJson', /is not valid JSON/],
		['Loyalty (JSON)', '[]', 'loyaltyJson', /must be a JSON object/],
		['Loyalty (JSON)', '{ code', 'loyaltyJson', /is not valid JSON/],
		['Metadata (JSON)', 'null', 'metadataJson', /must be a JSON object/],
		['Metadata (JSON)', '{ "a": }', 'metadataJson', /is not valid JSON/],
	])('refuses %s holding %s', async (label, value, name, rule) => {
		await ctx.expectInvalid(track({}, { [name]: value }), label, rule);
	});

	it('refuses a referral without its code, naming the field (the service requires referral.code)', async () => {
		await ctx.expectInvalid(track({}, { referrerId: 'cust_referrer' }), 'Referral Code', /is required when Referrer ID is set/);
	});

	it('refuses a loyalty object without its code, naming the field (the service requires loyalty.code)', async () => {
		await ctx.expectInvalid(track({}, { loyaltyJson: '{ "extra": 1 }' }), 'Loyalty Card Code', /is required when Loyalty \(JSON\) is set/);
		await ctx.expectInvalid(track({}, { loyaltyJson: '{ "code": "  " }' }), 'Loyalty Card Code', /is required when Loyalty \(JSON\) is set/);
		await ctx.expectInvalid(track({}, { loyaltyJson: '{ "code": 7 }' }), 'Loyalty (JSON)', /code must be text/);
	});

	it('takes the loyalty code from Loyalty (JSON) alone', async () => {
		const { error } = await ctx.run(track({}, { loyaltyJson: '{ "code": "LC-PENDING" }' }));
		expect(error).toBeUndefined();
		expect((ctx.sent()[0].body as { loyalty: unknown }).loyalty).toEqual({ code: 'LC-PENDING' });
	});

	it('with Continue On Fail, an over-long event name fails only its item, paired, before sending', async () => {
		const { items, error } = await ctx.run(track({ eventName: '={{ $json.name }}' }), {
			input: [{ name: 'first_event' }, { name: 'x'.repeat(301) }, { name: 'third_event' }],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items.map((item) => item.json.type ?? item.json.error)).toEqual([
			'first_event',
			'Event Name: must be at most 300 characters (got 301)',
			'third_event',
		]);
		expect(ctx.sent().map((request) => (request.body as { event: string }).event)).toEqual(['first_event', 'third_event']);
	});
});
