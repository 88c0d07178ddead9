import { FIXTURES } from '../../emulator/index.cjs';
import { serviceErrorOf, useEmulator, type Parameters } from './setup.cjs';

const ctx = useEmulator();

const voucher = (operation: string, extra: Parameters = {}) => ({ resource: 'voucher', operation, ...extra });

describe('Voucher: Create', () => {
	it('creates a discount voucher with the chosen code: decimals sent ×100, dates ISO, category and metadata', async () => {
		const { items, error } = await ctx.run(
			voucher('create', {
				type: 'DISCOUNT_VOUCHER',
				code: 'SPRING-25',
				discountType: 'AMOUNT',
				amountOff: 12.5,
				additionalFields: {
					category: FIXTURES.categoryIds[1],
					startDate: '2025-03-01T00:00:00Z',
					expirationDate: '2025-05-31T23:59:59Z',
					metadata: { fields: [{ key: 'channel', value: 'newsletter' }] },
					redemptionLimit: 3,
					validityDays: [1, 2, 3],
					campaign: { __rl: true, mode: 'list', value: FIXTURES.discountCampaignId, cachedResultName: 'Discount Coupons' },
				},
			}),
		);
		expect(error).toBeUndefined();
		expect(ctx.sent()).toEqual([
			{
				method: 'POST',
				path: '/v1/vouchers/SPRING-25',
				query: {},
				body: {
					type: 'DISCOUNT_VOUCHER',
					discount: { type: 'AMOUNT', amount_off: 1250 },
					category_id: FIXTURES.categoryIds[1],
					start_date: '2025-03-01T00:00:00.000Z',
					expiration_date: '2025-05-31T23:59:59.000Z',
					metadata: { channel: 'newsletter' },
					validity_day_of_week: [1, 2, 3],
					campaign_id: FIXTURES.discountCampaignId,
					redemption: { quantity: 3 },
				},
			},
		]);
		expect(items[0].json).toMatchObject({
			code: 'SPRING-25',
			type: 'DISCOUNT_VOUCHER',
			category: 'Books',
			campaign_id: FIXTURES.discountCampaignId,
			redemption: { quantity: 3, redeemed_quantity: 0 },
			active: true,
		});
		expect(ctx.emu.control.state.findVoucher('SPRING-25')?.discount).toEqual({ type: 'AMOUNT', amount_off: 1250 });
	});

	it('generates the code from a code config when Code is empty', async () => {
		const { items } = await ctx.run(
			voucher('create', {
				type: 'DISCOUNT_VOUCHER',
				discountType: 'PERCENT',
				percentOff: 15,
				additionalFields: { codeConfig: '{"pattern": "SALE-####", "charset": "0123456789"}' },
			}),
		);
		expect(items[0].json.code).toMatch(/^SALE-\d{4}$/);
		expect(ctx.sent()).toEqual([
			{
				method: 'POST',
				path: '/v1/vouchers',
				query: {},
				body: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 15 }, code_config: { pattern: 'SALE-####', charset: '0123456789' } },
			},
		]);
	});

	it('creates a gift card (amount ×100) and a loyalty card (whole points)', async () => {
		const gift = await ctx.run(voucher('create', { type: 'GIFT_VOUCHER', code: 'GIFT-50', giftAmount: 50 }));
		expect(gift.items[0].json).toMatchObject({ code: 'GIFT-50', type: 'GIFT_VOUCHER', gift: { amount: 5000, balance: 5000 } });
		const card = await ctx.run(voucher('create', { type: 'LOYALTY_CARD', code: 'LC-NEW-1', points: 40 }));
		expect(card.items[0].json).toMatchObject({ code: 'LC-NEW-1', type: 'LOYALTY_CARD', loyalty_card: { points: 40, balance: 40 } });
		expect(ctx.sent().map((r) => r.body)).toEqual([
			{ type: 'GIFT_VOUCHER', gift: { amount: 5000 } },
			{ type: 'LOYALTY_CARD', loyalty_card: { points: 40 } },
		]);
	});

	it('merges Discount (JSON) over the discount fields', async () => {
		await ctx.run(
			voucher('create', {
				type: 'DISCOUNT_VOUCHER',
				code: 'CAPPED-20',
				discountType: 'PERCENT',
				percentOff: 20,
				additionalFields: { discountJson: '{"amount_limit": 1500, "effect": "APPLY_TO_ORDER"}' },
			}),
		);
		expect((ctx.sent()[0].body as { discount: unknown }).discount).toEqual({ type: 'PERCENT', percent_off: 20, amount_limit: 1500, effect: 'APPLY_TO_ORDER' });
	});

	it('maps the 409 of a code that exists, and with Continue On Fail creates the others', async () => {
		const { items, error } = await ctx.run(voucher('create', { type: 'DISCOUNT_VOUCHER', code: '={{ $json.code }}', amountOff: 1 }), {
			input: [{ code: 'UNIQUE-1' }, { code: FIXTURES.percentCode }, { code: 'UNIQUE-2' }],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[1].json).toMatchObject({ httpCode: '409', key: 'duplicate_found', resource_id: FIXTURES.percentCode });
		expect([items[0].json.code, items[2].json.code]).toEqual(['UNIQUE-1', 'UNIQUE-2']);
	});

	it('repeats a create with a chosen code after a 503 (a duplicate cannot arise), never one with a generated code', async () => {
		ctx.emu.control.setFaults({ route: '/v1/vouchers/**', method: 'POST', sequence: [503] });
		const chosen = await ctx.run(voucher('create', { type: 'DISCOUNT_VOUCHER', code: 'RETRIED-1', amountOff: 2 }));
		expect(chosen.error).toBeUndefined();
		expect(ctx.sent().map((r) => r.path)).toEqual(['/v1/vouchers/RETRIED-1', '/v1/vouchers/RETRIED-1']);

		ctx.emu.control.clearRequests();
		ctx.emu.control.setFaults({ route: '/v1/vouchers', method: 'POST', sequence: [503] });
		const generated = await ctx.run(voucher('create', { type: 'DISCOUNT_VOUCHER', amountOff: 2 }));
		expect(generated.error?.httpCode).toBe('503');
		expect(ctx.sent().map((r) => r.path)).toEqual(['/v1/vouchers']);
	});

	describe('validation, nothing sent', () => {
		it.each([
			[{ percentOff: 150, discountType: 'PERCENT' }, 'Percent Off', /at most 100/],
			[{ amountOff: 1.234 }, 'Amount Off', /two decimal places/],
			[{ amountOff: -5 }, 'Amount Off', /non-negative/],
			[{ code: '..' }, 'Code', /must be an ID/],
			[{ code: '={{ { "a": 1 } }}' }, 'Code', /must be text/],
			[{ discountType: 'UNIT', unitOff: 2, unitType: ' ' }, 'Unit Product ID', /is required/],
			[{ additionalFields: { codeConfig: '{nope' } }, 'Code Config (JSON)', /not valid JSON/],
			[{ additionalFields: { startDate: 'someday' } }, 'Start Date', /date-time/],
			[{ additionalFields: { redemptionLimit: 0 } }, 'Redemption Limit', /at least 1/],
		])('%j → %s', async (extra, field, rule) => {
			await ctx.expectInvalid(voucher('create', { type: 'DISCOUNT_VOUCHER', amountOff: 5, ...extra }), field, rule);
		});

		it('a gift amount must be money', () => ctx.expectInvalid(voucher('create', { type: 'GIFT_VOUCHER', giftAmount: 'lots' }), 'Gift Amount', /must be a number/));
		it('loyalty points must be whole', () => ctx.expectInvalid(voucher('create', { type: 'LOYALTY_CARD', points: 2.5 }), 'Points', /whole number/));
	});
});

describe('Voucher: Get, Update, Delete, Enable, Disable', () => {
	it('gets a voucher by code from any mode of the locator, the code encoded as one segment', async () => {
		const fromList = await ctx.run(voucher('get', { code: { __rl: true, mode: 'list', value: FIXTURES.giftCode } }));
		const byId = await ctx.run(voucher('get', { code: { __rl: true, mode: 'id', value: ` ${FIXTURES.giftCode} ` } }));
		expect(fromList.items[0].json).toMatchObject({ code: FIXTURES.giftCode, gift: { balance: 10000 } });
		expect(byId.items[0].json.id).toBe(fromList.items[0].json.id);
		const odd = await ctx.run(voucher('get', { code: 'A/B C' }));
		expect(ctx.sent().map((r) => r.path)).toEqual([`/v1/vouchers/${FIXTURES.giftCode}`, `/v1/vouchers/${FIXTURES.giftCode}`, '/v1/vouchers/A%2FB%20C']);
		expect(serviceErrorOf(odd)).toMatchObject({ key: 'not_found', resource_id: 'A/B C' });
	});

	it('updates only the chosen fields', async () => {
		const { items, error } = await ctx.run(
			voucher('update', {
				code: FIXTURES.discountCodes[0],
				updateFields: { additionalInfo: 'Printed on flyers', active: false, metadataJson: '{"batch": 7}', discountJson: '{"type": "AMOUNT", "amount_off": 1500}' },
			}),
		);
		expect(error).toBeUndefined();
		expect(ctx.sent()).toEqual([
			{
				method: 'PUT',
				path: `/v1/vouchers/${FIXTURES.discountCodes[0]}`,
				query: {},
				body: { active: false, additional_info: 'Printed on flyers', metadata: { batch: 7 }, discount: { type: 'AMOUNT', amount_off: 1500 } },
			},
		]);
		expect(items[0].json).toMatchObject({ additional_info: 'Printed on flyers', active: false, metadata: { batch: 7 }, discount: { amount_off: 1500 } });
	});

	it('needs a field to update', () => ctx.expectInvalid(voucher('update', { code: FIXTURES.percentCode, updateFields: {} }), 'Update Fields', /at least one field/));

	it('disables and enables, each safe to repeat after a 503', async () => {
		ctx.emu.control.setFaults({ route: '/v1/vouchers/*/disable', sequence: [503] });
		const off = await ctx.run(voucher('disable', { code: FIXTURES.discountCodes[1] }));
		expect(off.error).toBeUndefined();
		expect(off.items[0].json.active).toBe(false);
		const on = await ctx.run(voucher('enable', { code: FIXTURES.discountCodes[1] }));
		expect(on.items[0].json.active).toBe(true);
		expect(ctx.sent().map((r) => `${r.method} ${r.path}`)).toEqual([
			`POST /v1/vouchers/${FIXTURES.discountCodes[1]}/disable`,
			`POST /v1/vouchers/${FIXTURES.discountCodes[1]}/disable`,
			`POST /v1/vouchers/${FIXTURES.discountCodes[1]}/enable`,
		]);
	});

	it('deletes to the bin, or permanently with force=true, and the voucher is gone', async () => {
		await ctx.run(voucher('create', { type: 'DISCOUNT_VOUCHER', code: 'DOOMED-1', amountOff: 1 }));
		await ctx.run(voucher('create', { type: 'DISCOUNT_VOUCHER', code: 'DOOMED-2', amountOff: 1 }));
		ctx.emu.control.clearRequests();
		const binned = await ctx.run(voucher('delete', { code: 'DOOMED-1' }));
		const gone = await ctx.run(voucher('delete', { code: 'DOOMED-2', permanently: true }));
		expect(binned.items.map((i) => i.json)).toEqual([{ deleted: true, code: 'DOOMED-1' }]);
		expect(gone.items.map((i) => i.json)).toEqual([{ deleted: true, code: 'DOOMED-2' }]);
		expect(ctx.sent()).toEqual([
			{ method: 'DELETE', path: '/v1/vouchers/DOOMED-1', query: {}, body: undefined },
			{ method: 'DELETE', path: '/v1/vouchers/DOOMED-2', query: { force: 'true' }, body: undefined },
		]);
		const after = await ctx.run(voucher('get', { code: 'DOOMED-1' }));
		expect(after.error?.httpCode).toBe('404');
	});
});

describe('Voucher: Get Many (paged by page number)', () => {
	it('Limit 7 returns exactly 7 with one request of limit=7, newest first', async () => {
		const { items } = await ctx.run(voucher('getAll', { limit: 7 }));
		expect(items).toHaveLength(7);
		expect(ctx.sent()).toEqual([{ method: 'GET', path: '/v1/vouchers', query: { limit: '7' }, body: undefined }]);
		const times = items.map((item) => String(item.json.created_at));
		expect([...times].sort().reverse()).toEqual(times);
	});

	it('Return All walks the pages (page=2, 3, …) at 100 a page and stops at the last', async () => {
		const added = await ctx.run({ resource: 'campaign', operation: 'addVouchers', campaignId: FIXTURES.promotionCampaignId });
		expect(added.error?.message).toBeDefined(); // promotions have no codes: the service refuses
		await ctx.run({ resource: 'campaign', operation: 'addVouchers', campaignId: FIXTURES.referralCampaignId, count: 234 });
		ctx.emu.control.clearRequests();
		const { items, error } = await ctx.run(voucher('getAll', { returnAll: true, filters: { campaign: FIXTURES.referralCampaignId } }));
		expect(error).toBeUndefined();
		expect(items).toHaveLength(234);
		expect(new Set(items.map((item) => item.json.code)).size).toBe(234);
		expect(ctx.sent().map((r) => r.query)).toEqual([
			{ limit: '100', campaign_id: FIXTURES.referralCampaignId },
			{ limit: '100', page: '2', campaign_id: FIXTURES.referralCampaignId },
			{ limit: '100', page: '3', campaign_id: FIXTURES.referralCampaignId },
		]);
		expect(items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	it('Return All over more than 99 pages stops at the service cap with an error that says how to narrow it', async () => {
		const { items, error } = await ctx.run(voucher('getAll', { returnAll: true, filters: { campaign: FIXTURES.bulkCampaignId } }));
		expect(items).toEqual([]);
		expect(error?.message).toMatch(/at most 99 pages of 100 \(9900 entries read\).*filters.*Limit/);
		const pages = ctx.sent().map((r) => r.query.page ?? '1');
		expect(pages).toHaveLength(99);
		expect(pages[98]).toBe('99');
		expect(ctx.sent().every((r) => r.query.campaign_id === FIXTURES.bulkCampaignId)).toBe(true);
	});

	it('sends the filters: holder (by source ID), category, code, dates and order', async () => {
		const { items, error } = await ctx.run(
			voucher('getAll', {
				limit: 10,
				filters: {
					customer: { __rl: true, mode: 'id', value: FIXTURES.customerSourceId },
					category: FIXTURES.categoryIds[0],
					createdAfter: '2024-01-01T00:00:00Z',
					createdBefore: '2024-12-31T00:00:00Z',
					order: 'code',
				},
			}),
		);
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].query).toEqual({
			limit: '10',
			customer: FIXTURES.customerSourceId,
			category: FIXTURES.categoryIds[0],
			order: 'code',
			'created_at[after]': '2024-01-01T00:00:00.000Z',
			'created_at[before]': '2024-12-31T00:00:00.000Z',
		});
		// the customer holds the gift card and the three loyalty cards, whose campaigns are in Electronics
		expect(items.map((item) => item.json.code)).toEqual([FIXTURES.giftCode, FIXTURES.memberEmpty, FIXTURES.memberWithManyActivities, FIXTURES.memberWithPendingPoints]);
	});

	it('refuses a date that is not one', () =>
		ctx.expectInvalid(voucher('getAll', { limit: 5, filters: { updatedAfter: 'yesterday' } }), 'Updated After', /date-time/));
});

describe('Voucher: Adjust Balance and Get Many Transactions', () => {
	it('adds credits to a gift card (decimal ×100) and takes them off (negative); the service keeps the transactions', async () => {
		const add = await ctx.run(voucher('adjustBalance', { code: FIXTURES.giftCode, cardType: 'gift', amount: 25.5, additionalFields: { reason: 'Goodwill', sourceId: 'crm-77' } }));
		expect(add.error).toBeUndefined();
		expect(add.items[0].json).toMatchObject({ amount: 2550, balance: 12550, type: 'gift_voucher', object: 'balance' });
		const take = await ctx.run(voucher('adjustBalance', { code: FIXTURES.giftCode, amount: '-50.50' }));
		expect(take.items[0].json).toMatchObject({ amount: -5050, balance: 7500 });
		expect(ctx.sent().map((r) => r.body)).toEqual([{ amount: 2550, reason: 'Goodwill', source_id: 'crm-77' }, { amount: -5050 }]);

		ctx.emu.control.clearRequests();
		const { items } = await ctx.run(voucher('getManyTransactions', { code: FIXTURES.giftCode, returnAll: true, filters: { order: '-id' } }));
		expect(items.map((item) => [item.json.type, (item.json.details as { balance: { amount: number } }).balance.amount])).toEqual([
			['CREDITS_REMOVAL', -5050],
			['CREDITS_ADDITION', 2550],
			['CREDITS_REDEMPTION', -2000],
			['CREDITS_ADDITION', 12000],
		]);
		expect(items[1].json).toMatchObject({ reason: 'Goodwill', source_id: 'crm-77' });
		expect(ctx.sent()).toEqual([{ method: 'GET', path: `/v1/vouchers/${FIXTURES.giftCode}/transactions`, query: { limit: '100', order: '-id' }, body: undefined }]);
	});

	it('adds points to a loyalty card', async () => {
		const { items } = await ctx.run(voucher('adjustBalance', { code: FIXTURES.memberEmpty, cardType: 'loyalty', points: 30 }));
		expect(items[0].json).toMatchObject({ points: 30, balance: 30, type: 'loyalty_card' });
	});

	it('maps the refusal to take the balance below zero, changing nothing', async () => {
		const { error } = await ctx.run(voucher('adjustBalance', { code: FIXTURES.giftEmptyCode, amount: -1 }));
		expect(error?.httpCode).toBe('400');
		expect(error?.context?.serviceError).toMatchObject({ key: 'insufficient_balance', resource_id: FIXTURES.giftEmptyCode });
		expect(ctx.emu.control.state.findVoucher(FIXTURES.giftEmptyCode)?.gift?.balance).toBe(0);
	});

	it('does not repeat a balance change after a 503: the change could happen twice', async () => {
		ctx.emu.control.setFaults({ route: '/v1/vouchers/*/balance', sequence: [503] });
		const { error } = await ctx.run(voucher('adjustBalance', { code: FIXTURES.giftCode, amount: 1 }));
		expect(error?.httpCode).toBe('503');
		expect(ctx.sent()).toHaveLength(1);
	});

	it.each([
		[{ amount: 0 }, 'Amount', /other than 0/],
		[{ amount: 'ten' }, 'Amount', /must be a number.*got "ten"/],
		[{ amount: -1.005 }, 'Amount', /two decimal places/],
		[{ cardType: 'loyalty', points: 0 }, 'Points', /other than 0/],
		[{ cardType: 'loyalty', points: -2.5 }, 'Points', /whole number/],
	])('refuses %j naming %s', (extra, field, rule) => ctx.expectInvalid(voucher('adjustBalance', { code: FIXTURES.giftCode, ...extra }), field, rule));
});

describe('Voucher: Release Session, Export Transactions, Get Redemptions', () => {
	it('releases a session a validation locked on the voucher; the second release finds none (404)', async () => {
		const validated = await ctx.run({
			resource: 'validation',
			operation: 'validate',
			redeemables: { redeemable: [{ type: 'voucher', code: FIXTURES.discountCodes[0] }] },
			additionalFields: { orderAmount: 50, sessionJson: '{"type": "LOCK", "key": "ssn_release_1"}' },
		});
		expect(validated.error).toBeUndefined();
		ctx.emu.control.clearRequests();
		const released = await ctx.run(voucher('releaseSession', { code: FIXTURES.discountCodes[0], sessionKey: 'ssn_release_1' }));
		expect(ctx.sent()).toEqual([{ method: 'DELETE', path: `/v1/vouchers/${FIXTURES.discountCodes[0]}/sessions/ssn_release_1`, query: {}, body: undefined }]);
		expect(released.items.map((item) => item.json)).toEqual([{ deleted: true, code: FIXTURES.discountCodes[0], sessionKey: 'ssn_release_1' }]);
		const again = await ctx.run(voucher('releaseSession', { code: FIXTURES.discountCodes[0], sessionKey: 'ssn_release_1' }));
		expect(serviceErrorOf(again)).toMatchObject({ httpCode: '404' });
	});

	it('Release Session needs the session key, encoded as one path segment', async () => {
		await ctx.expectInvalid(voucher('releaseSession', { code: FIXTURES.discountCodes[0], sessionKey: '={{ "" }}' }), 'Session Key', /is required/);
		await ctx.expectInvalid(voucher('releaseSession', { code: FIXTURES.discountCodes[0], sessionKey: '..' }), 'Session Key', /must be an ID/);
	});

	it("exports one card's transactions with the columns chosen (campaign_id among them) and no filters", async () => {
		const { items, error } = await ctx.run(voucher('exportTransactions', { code: FIXTURES.giftCode, additionalFields: { fields: ['id', 'amount', 'campaign_id'], order: 'created_at' } }));
		expect(error).toBeUndefined();
		expect(ctx.sent()).toEqual([
			{ method: 'POST', path: `/v1/vouchers/${FIXTURES.giftCode}/transactions/export`, query: {}, body: { parameters: { order: 'created_at', fields: ['id', 'amount', 'campaign_id'] } } },
		]);
		expect(items[0].json).toMatchObject({ object: 'export', exported_object: 'voucher_transactions' });
	});

	it('Export Transactions with nothing chosen sends an empty body; an unknown column is refused before sending', async () => {
		await ctx.run(voucher('exportTransactions', { code: FIXTURES.giftCode }));
		expect(ctx.sent()[0].body).toEqual({});
		ctx.emu.control.clearRequests();
		await ctx.expectInvalid(voucher('exportTransactions', { code: FIXTURES.giftCode, additionalFields: { fields: ['password'] } }), 'Fields', /unknown value "password"/);
	});

	it("gets a voucher's redemption limit, count and entries in one item", async () => {
		const { items, error } = await ctx.run(voucher('getRedemptions', { code: FIXTURES.percentCode }));
		expect(error).toBeUndefined();
		expect(ctx.sent()).toEqual([{ method: 'GET', path: `/v1/vouchers/${FIXTURES.percentCode}/redemption`, query: {}, body: undefined }]);
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ object: 'list', data_ref: 'redemption_entries', total: 7 });
		expect(items[0].json.redemption_entries).toHaveLength(7);
	});
});
