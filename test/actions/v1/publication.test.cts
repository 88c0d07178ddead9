import { FIXTURES } from '../../emulator/index.cjs';
import { serviceErrorOf, useEmulator, type Parameters } from './setup.cjs';

const ctx = useEmulator();

const publish = (extra: Parameters = {}) => ({ resource: 'publication', operation: 'create', campaignId: FIXTURES.welcomeCampaignId, ...extra });
const publicationsOf = (customerId: string) => ctx.emu.control.state.publications.filter((p) => p.customer_id === customerId);

describe('Publication: Create', () => {
	it('gives a new customer (by source ID) a welcome voucher, join once: a second run gives the same voucher', async () => {
		const first = await ctx.run(
			publish({ customer: { __rl: true, mode: 'id', value: 'shopper-42' }, additionalFields: { customerJson: '{"name": "Ada Shopper", "email": "ada@example.com"}', channel: 'Email' } }),
		);
		expect(first.error).toBeUndefined();
		const created = ctx.emu.control.state.findCustomer('shopper-42');
		expect(created).toMatchObject({ name: 'Ada Shopper', email: 'ada@example.com' });
		expect(first.items[0].json).toMatchObject({
			object: 'publication',
			result: 'SUCCESS',
			customer_id: created!.id,
			channel: 'Email',
			voucher: { code: expect.stringMatching(/^WELCOME-/), campaign_id: FIXTURES.welcomeCampaignId, holder_id: created!.id },
		});
		expect(ctx.sent()).toEqual([
			{
				method: 'POST',
				path: '/v1/publications',
				query: { join_once: 'true' },
				body: { customer: { name: 'Ada Shopper', email: 'ada@example.com', source_id: 'shopper-42' }, channel: 'Email', campaign: { name: FIXTURES.welcomeCampaignId } },
			},
		]);

		const again = await ctx.run(publish({ customer: 'shopper-42' }));
		expect((again.items[0].json.voucher as { code: string }).code).toBe((first.items[0].json.voucher as { code: string }).code);
		expect(again.items[0].json.id).toBe(first.items[0].json.id);
		expect(publicationsOf(created!.id)).toHaveLength(1);
	});

	it('join once makes a lost answer safe to repeat: the retry gets the same voucher, nothing is published twice', async () => {
		ctx.emu.control.setFaults({ route: '/v1/publications', method: 'POST', sequence: ['reset'], resetAfterProcessing: true });
		const { items, error } = await ctx.run(publish({ customer: FIXTURES.customerWithManyActivities }));
		expect(error).toBeUndefined();
		expect(ctx.sent()).toHaveLength(2);
		expect(publicationsOf(FIXTURES.customerWithManyActivities)).toHaveLength(1);
		expect((items[0].json.voucher as { code: string }).code).toBe(publicationsOf(FIXTURES.customerWithManyActivities)[0].voucher_code);
	});

	it('without join once a lost answer is not repeated (a second voucher would be published)', async () => {
		ctx.emu.control.setFaults({ route: '/v1/publications', method: 'POST', sequence: ['reset'], resetAfterProcessing: true });
		const { error } = await ctx.run(publish({ customer: 'no-join-once', joinOnce: false }));
		expect(error).toBeDefined();
		expect(ctx.sent()).toHaveLength(1);
		expect(ctx.sent()[0].query).toEqual({});
		expect(publicationsOf(ctx.emu.control.state.findCustomer('no-join-once')!.id)).toHaveLength(1);
	});

	it('a Source ID also makes it safe to repeat: sending it again returns the same publication', async () => {
		ctx.emu.control.setFaults({ route: '/v1/publications', method: 'POST', sequence: [503] });
		const first = await ctx.run(publish({ customer: FIXTURES.customerId, joinOnce: false, additionalFields: { sourceId: 'newsletter-2025-03' } }));
		expect(first.error).toBeUndefined();
		expect(ctx.sent().map((r) => r.body)).toEqual([
			{ customer: { id: FIXTURES.customerId }, source_id: 'newsletter-2025-03', campaign: { name: FIXTURES.welcomeCampaignId } },
			{ customer: { id: FIXTURES.customerId }, source_id: 'newsletter-2025-03', campaign: { name: FIXTURES.welcomeCampaignId } },
		]);
		const again = await ctx.run(publish({ customer: FIXTURES.customerId, joinOnce: false, additionalFields: { sourceId: 'newsletter-2025-03' } }));
		expect(again.items[0].json.id).toBe(first.items[0].json.id);
	});

	it('publishes a specific voucher; it cannot then go to another customer', async () => {
		const given = await ctx.run({ resource: 'publication', operation: 'create', source: 'voucher', voucher: FIXTURES.discountCodes[1], customer: FIXTURES.customerId });
		expect(given.error).toBeUndefined();
		expect(ctx.sent()[0]).toMatchObject({ query: {}, body: { customer: { id: FIXTURES.customerId }, voucher: FIXTURES.discountCodes[1] } });
		expect(ctx.emu.control.state.findVoucher(FIXTURES.discountCodes[1])?.holder_id).toBe(FIXTURES.customerId);
		const taken = await ctx.run({ resource: 'publication', operation: 'create', source: 'voucher', voucher: FIXTURES.discountCodes[1], customer: FIXTURES.customerWithManyActivities });
		expect(serviceErrorOf(taken)).toMatchObject({ httpCode: '400', key: 'voucher_already_published' });
	});

	it('gives several vouchers of a campaign at once: the output lists their codes', async () => {
		const { items, error } = await ctx.run(publish({ customer: 'bulk-buyer', joinOnce: false, additionalFields: { count: 3 } }));
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].body).toMatchObject({ campaign: { name: FIXTURES.welcomeCampaignId, count: 3 } });
		expect(items[0].json.vouchers).toEqual([expect.stringMatching(/^WELCOME-/), expect.stringMatching(/^WELCOME-/), expect.stringMatching(/^WELCOME-/)]);
	});

	it('a campaign with no voucher left fails that item only (Continue On Fail), paired with its input', async () => {
		ctx.emu.control.reset();
		const { items, error } = await ctx.run(publish({ campaignId: FIXTURES.discountCampaignId, customer: '={{ $json.who }}' }), {
			input: [{ who: 'c-1' }, { who: 'c-2' }, { who: 'c-3' }, { who: 'c-4' }],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }]);
		const codes = items.slice(0, 3).map((item) => (item.json.voucher as { code: string }).code);
		expect([...codes].sort()).toEqual([...FIXTURES.discountCodes].sort());
		expect(items[3].json).toMatchObject({ httpCode: '400', key: 'no_voucher_suitable_for_publication', resource_id: FIXTURES.discountCampaignId });
	});

	it.each([
		[{ customer: '..' }, 'Customer', /must be an ID/],
		[{ customer: '={{ ["a"] }}' }, 'Customer', /must be text/],
		[{ campaignId: ' ' }, 'Campaign', /is required/],
		[{ additionalFields: { count: 51 } }, 'Number of Vouchers', /from 1 to 50/],
		[{ additionalFields: { count: 2, sourceId: 'x-1' } }, 'Number of Vouchers', /must be 1 with a Source ID/],
		[{ additionalFields: { customerJson: 'not json' } }, 'Customer Fields (JSON)', /not valid JSON/],
	])('refuses %j naming %s', (extra, field, rule) => ctx.expectInvalid(publish({ customer: FIXTURES.customerId, ...extra }), field, rule));
});

describe('Publication: Get Many', () => {
	it('lists the publications of a customer, filtered by campaign name and result', async () => {
		ctx.emu.control.reset();
		await ctx.run(publish({ customer: FIXTURES.customerId }));
		ctx.emu.control.clearRequests();
		const { items, error } = await ctx.run({
			resource: 'publication',
			operation: 'getAll',
			returnAll: true,
			filters: {
				campaign: { __rl: true, mode: 'list', value: FIXTURES.welcomeCampaignName },
				customer: FIXTURES.customerSourceId,
				result: 'SUCCESS',
				order: 'created_at',
			},
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ customer_id: FIXTURES.customerId, result: 'SUCCESS', voucher: { code: expect.stringMatching(/^WELCOME-/), campaign: FIXTURES.welcomeCampaignName } });
		expect(ctx.sent()).toEqual([
			{
				method: 'GET',
				path: '/v1/publications',
				query: { limit: '100', campaign: FIXTURES.welcomeCampaignName, customer: FIXTURES.customerSourceId, result: 'SUCCESS', order: 'created_at' },
				body: undefined,
			},
		]);
	});

	it('takes the campaign By Name, and the voucher and voucher type filters', async () => {
		const byName = await ctx.run({ resource: 'publication', operation: 'getAll', limit: 10, filters: { campaign: { __rl: true, mode: 'name', value: 'Loyalty Program' }, voucherType: 'loyalty' } });
		expect(byName.items.map((item) => (item.json.voucher as { code: string }).code).sort()).toEqual([FIXTURES.memberEmpty, FIXTURES.memberWithManyActivities, FIXTURES.memberWithPendingPoints]);
		const byVoucher = await ctx.run({ resource: 'publication', operation: 'getAll', limit: 10, filters: { voucher: FIXTURES.giftCode } });
		expect(byVoucher.items).toHaveLength(1);
		expect(ctx.sent().map((r) => r.query)).toEqual([
			{ limit: '10', campaign: 'Loyalty Program', voucher_type: 'loyalty' },
			{ limit: '10', voucher: FIXTURES.giftCode },
		]);
	});
});

describe('Publication: Create via GET', () => {
	const viaGet = (extra: Parameters = {}) => ({ ...publish(extra), operation: 'createViaGet' });

	it('sends the publication as a deep-object query, join once by default; a second run gives the same voucher', async () => {
		const first = await ctx.run(viaGet({ customer: { __rl: true, mode: 'id', value: 'get-shopper-1' }, additionalFields: { metadataJson: '{"origin": "kiosk"}' } }));
		expect(first.error).toBeUndefined();
		expect(ctx.sent()).toEqual([
			{
				method: 'GET',
				path: '/v1/publications/create',
				query: { join_once: 'true', 'campaign[name]': FIXTURES.welcomeCampaignId, 'customer[source_id]': 'get-shopper-1', 'metadata[origin]': 'kiosk' },
				body: undefined,
			},
		]);
		const customer = ctx.emu.control.state.findCustomer('get-shopper-1')!;
		expect(publicationsOf(customer.id)).toHaveLength(1);
		const second = await ctx.run(viaGet({ customer: { __rl: true, mode: 'id', value: 'get-shopper-1' } }));
		expect(second.items[0].json.voucher).toEqual(first.items[0].json.voucher);
		expect(publicationsOf(customer.id)).toHaveLength(1);
	});

	it('publishes a specific voucher by its code, and offers neither Channel nor Number of Vouchers', async () => {
		const { createViaGet } = await import('../../../nodes/LoyaltyPromotions/actions/publication/createViaGet');
		const options = createViaGet.properties.find((property) => property.name === 'additionalFields')!.options!.map((option) => option.name);
		expect(options).not.toContain('channel');
		expect(options).not.toContain('count');
		await ctx.run(viaGet({ source: 'voucher', voucher: FIXTURES.discountCodes[0], customer: FIXTURES.customerId }));
		expect(ctx.sent()[0].query).toEqual({ voucher: FIXTURES.discountCodes[0], 'customer[id]': FIXTURES.customerId });
	});

	it('is declared not safe to repeat: without Join Once a 503 is not repeated', async () => {
		ctx.emu.control.setFaults({ route: '/v1/publications/create', method: 'GET', sequence: [503] });
		const failed = await ctx.run(viaGet({ customer: FIXTURES.customerId, joinOnce: false }));
		expect(failed.error?.httpCode).toBe('503');
		expect(ctx.sent()).toHaveLength(1);
	});

	it('refuses customer fields nested deeper than the query can carry, before sending', async () => {
		await ctx.expectInvalid(
			viaGet({ customer: FIXTURES.customerId, additionalFields: { customerJson: '{"address": {"geo": {"lat": 1}}}' } }),
			'Customer Fields (JSON)',
			/two levels at most/,
		);
	});
});
