import { FIXTURES } from '../../emulator/index.cjs';
import { serviceErrorOf, useEmulator, type Parameters } from './setup.cjs';

const ctx = useEmulator();

const campaign = (operation: string, extra: Parameters = {}) => ({ resource: 'campaign', operation, ...extra });

describe('Campaign: Get and Get Many', () => {
	it('gets a campaign with its voucher count', async () => {
		const { items, error } = await ctx.run(campaign('get', { campaignId: { __rl: true, mode: 'list', value: FIXTURES.discountCampaignId } }));
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ id: FIXTURES.discountCampaignId, campaign_type: 'DISCOUNT_COUPONS', vouchers_count: FIXTURES.discountCodes.length });
		expect(ctx.sent()).toEqual([{ method: 'GET', path: `/v1/campaigns/${FIXTURES.discountCampaignId}`, query: {}, body: undefined }]);
	});

	it('maps a 404 for an unknown campaign', async () => {
		const result = await ctx.run(campaign('get', { campaignId: 'camp_nope' }));
		expect(serviceErrorOf(result)).toMatchObject({ httpCode: '404', key: 'not_found', resource_id: 'camp_nope' });
	});

	it('lists the campaigns of one type, with the filters in the query', async () => {
		const { items, error } = await ctx.run(campaign('getAll', { returnAll: true, filters: { campaignType: 'LOYALTY_PROGRAM', order: 'created_at', expandCategory: true } }));
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual([FIXTURES.campaignId, FIXTURES.campaignOtherId]);
		expect(ctx.sent()).toEqual([
			{ method: 'GET', path: '/v1/campaigns', query: { limit: '100', campaign_type: 'LOYALTY_PROGRAM', order: 'created_at', expand: 'category' }, body: undefined },
		]);
	});

	it('Limit 2 returns the two newest campaigns', async () => {
		const { items } = await ctx.run(campaign('getAll', { limit: 2 }));
		expect(items.map((item) => item.json.id)).toEqual([FIXTURES.welcomeCampaignId, FIXTURES.bulkCampaignId]);
		expect(ctx.sent()[0].query).toEqual({ limit: '2' });
	});
});

describe('Campaign: Add Vouchers', () => {
	it('adds one voucher with a chosen code, which takes the campaign settings', async () => {
		const { items, error } = await ctx.run(
			campaign('addVouchers', {
				campaignId: FIXTURES.discountCampaignId,
				code: 'FLYER-001',
				additionalFields: { additionalInfo: 'Printed', redemptionLimit: 1, metadataJson: '{"print_run": 3}', expirationDate: '2030-01-01T00:00:00Z' },
			}),
		);
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			code: 'FLYER-001',
			campaign_id: FIXTURES.discountCampaignId,
			type: 'DISCOUNT_VOUCHER',
			discount: { type: 'AMOUNT', amount_off: 1000 },
			redemption: { quantity: 1 },
			metadata: { print_run: 3 },
		});
		expect(ctx.sent()).toEqual([
			{
				method: 'POST',
				path: `/v1/campaigns/${FIXTURES.discountCampaignId}/vouchers/FLYER-001`,
				query: {},
				body: { additional_info: 'Printed', expiration_date: '2030-01-01T00:00:00.000Z', metadata: { print_run: 3 }, redemption: { quantity: 1 } },
			},
		]);
	});

	it('generates several codes: the service answers with the async action that creates them', async () => {
		const before = ctx.emu.control.state.vouchers.size;
		const { items, error } = await ctx.run(
			campaign('addVouchers', { campaignId: FIXTURES.giftCampaignId, count: 5, additionalFields: { codeConfig: '{"pattern": "GC-#####", "charset": "0123456789"}' } }),
		);
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual({ async_action_id: expect.stringMatching(/^aa_/) });
		expect(ctx.sent()).toEqual([
			{ method: 'POST', path: `/v1/campaigns/${FIXTURES.giftCampaignId}/vouchers`, query: { vouchers_count: '5' }, body: { code_config: { pattern: 'GC-#####', charset: '0123456789' } } },
		]);
		const added = [...ctx.emu.control.state.vouchers.values()].slice(before);
		expect(added).toHaveLength(5);
		expect(added.every((v) => /^GC-\d{5}$/.test(v.code) && v.type === 'GIFT_VOUCHER' && v.campaign_id === FIXTURES.giftCampaignId)).toBe(true);
	});

	it('does not repeat generated codes after a 503, but does repeat a chosen code (a duplicate is refused)', async () => {
		ctx.emu.control.setFaults({ route: '/v1/campaigns/**', method: 'POST', sequence: [503, 503] });
		const generated = await ctx.run(campaign('addVouchers', { campaignId: FIXTURES.discountCampaignId, count: 2 }));
		expect(generated.error?.httpCode).toBe('503');
		const chosen = await ctx.run(campaign('addVouchers', { campaignId: FIXTURES.discountCampaignId, code: 'AFTER-503' }));
		expect(chosen.error).toBeUndefined();
		expect(ctx.sent().map((r) => r.path)).toEqual([
			`/v1/campaigns/${FIXTURES.discountCampaignId}/vouchers`,
			`/v1/campaigns/${FIXTURES.discountCampaignId}/vouchers/AFTER-503`,
			`/v1/campaigns/${FIXTURES.discountCampaignId}/vouchers/AFTER-503`,
		]);
	});

	it('maps the 409 of an existing code', async () => {
		const result = await ctx.run(campaign('addVouchers', { campaignId: FIXTURES.discountCampaignId, code: FIXTURES.discountCodes[0] }));
		expect(serviceErrorOf(result)).toMatchObject({ httpCode: '409', key: 'duplicate_found' });
	});

	it.each([
		[{ count: 0 }, 'Count', /from 1 to 10000/],
		[{ count: 10001 }, 'Count', /from 1 to 10000/],
		[{ additionalFields: { codeConfig: '[1]' } }, 'Code Config (JSON)', /JSON object/],
		[{ campaignId: '..' }, 'Campaign', /must be an ID/],
	])('refuses %j naming %s', (extra, field, rule) => ctx.expectInvalid(campaign('addVouchers', { campaignId: FIXTURES.discountCampaignId, ...extra }), field, rule));
});

describe('Campaign: Create, Update, Enable, Disable, Delete', () => {
	it('creates a discount campaign with generated vouchers: amounts in main units, sent in hundredths', async () => {
		const before = ctx.emu.control.state.vouchers.size;
		const { items, error } = await ctx.run(
			campaign('create', {
				name: 'Spring Sale',
				campaignType: 'DISCOUNT_COUPONS',
				discountType: 'AMOUNT',
				amountOff: 12.5,
				additionalFields: {
					description: 'Spring',
					type: 'STATIC',
					joinOnce: true,
					vouchersCount: 3,
					redemptionLimit: 1,
					codeConfig: '{"pattern": "SPR-####"}',
					startDate: '2030-03-01T00:00:00Z',
					validityDays: [1, 2],
					validationRules: 'val_a, val_b',
					metadataJson: '{"region": "EU"}',
				},
				output: 'raw',
			}),
		);
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ name: 'Spring Sale', campaign_type: 'DISCOUNT_COUPONS', active: true, vouchers_count: 3, id: expect.stringMatching(/^camp_/) });
		expect(ctx.sent()).toEqual([
			{
				method: 'POST',
				path: '/v1/campaigns',
				query: {},
				body: {
					name: 'Spring Sale',
					campaign_type: 'DISCOUNT_COUPONS',
					start_date: '2030-03-01T00:00:00.000Z',
					metadata: { region: 'EU' },
					validity_day_of_week: [1, 2],
					description: 'Spring',
					type: 'STATIC',
					join_once: true,
					validation_rules: ['val_a', 'val_b'],
					voucher: { redemption: { quantity: 1 }, type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 1250 }, code_config: { pattern: 'SPR-####' } },
					vouchers_count: 3,
				},
			},
		]);
		const added = [...ctx.emu.control.state.vouchers.values()].slice(before);
		expect(added.map((v) => [v.campaign_id, v.discount])).toEqual(Array(3).fill([items[0].json.id, { type: 'AMOUNT', amount_off: 1250 }]));
	});

	it('creates a promotion campaign from its tiers, and a gift card campaign', async () => {
		const tiers = { tiers: [{ name: '10% off', action: { discount: { type: 'PERCENT', percent_off: 10 } } }] };
		const promotion = await ctx.run(campaign('create', { name: 'Promo', campaignType: 'PROMOTION', promotionJson: JSON.stringify(tiers) }));
		expect(promotion.error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({ name: 'Promo', campaign_type: 'PROMOTION', promotion: tiers });
		ctx.emu.control.clearRequests();
		const gift = await ctx.run(campaign('create', { name: 'Gift 50', campaignType: 'GIFT_VOUCHERS', giftAmount: 50 }));
		expect(gift.error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({ name: 'Gift 50', campaign_type: 'GIFT_VOUCHERS', voucher: { type: 'GIFT_VOUCHER', gift: { amount: 5000 } } });
	});

	it('maps the 409 of a name that exists, and does not resend a create after a 503', async () => {
		const duplicate = await ctx.run(campaign('create', { name: 'Discount Coupons', campaignType: 'DISCOUNT_COUPONS', amountOff: 1 }));
		expect(serviceErrorOf(duplicate)).toMatchObject({ httpCode: '409', key: 'duplicate_found' });
		ctx.emu.control.clearRequests();
		ctx.emu.control.setFaults({ route: '/v1/campaigns', method: 'POST', sequence: [503] });
		const failed = await ctx.run(campaign('create', { name: 'After 503', campaignType: 'DISCOUNT_COUPONS', amountOff: 1 }));
		expect(failed.error?.httpCode).toBe('503');
		expect(ctx.sent()).toHaveLength(1);
	});

	it('updates only the fields given, disables and enables, then deletes for good', async () => {
		const created = await ctx.run(campaign('create', { name: 'Lifecycle', campaignType: 'GIFT_VOUCHERS', giftAmount: 20, additionalFields: { vouchersCount: 2 } }));
		const id = String(created.items[0].json.id);
		ctx.emu.control.clearRequests();
		const updated = await ctx.run(campaign('update', { campaignId: { __rl: true, mode: 'id', value: id }, updateFields: { expirationDate: '2031-01-01T00:00:00Z', autoJoin: true }, output: 'raw' }));
		expect(updated.error).toBeUndefined();
		expect(updated.items[0].json).toMatchObject({ id, expiration_date: '2031-01-01T00:00:00.000Z', auto_join: true, name: 'Lifecycle' });
		expect(ctx.sent()).toEqual([{ method: 'PUT', path: `/v1/campaigns/${id}`, query: {}, body: { expiration_date: '2031-01-01T00:00:00.000Z', auto_join: true } }]);

		const disabled = await ctx.run(campaign('disable', { campaignId: id }));
		expect(disabled.items[0].json).toMatchObject({ id, active: false });
		expect(ctx.emu.control.state.campaigns.get(id)?.active).toBe(false);
		const enabled = await ctx.run(campaign('enable', { campaignId: id }));
		expect(enabled.items[0].json).toMatchObject({ id, active: true });

		ctx.emu.control.clearRequests();
		const deleted = await ctx.run(campaign('delete', { campaignId: id, permanently: true }));
		expect(deleted.error).toBeUndefined();
		expect(deleted.items[0].json).toEqual({ deleted: true, id, async_action_id: expect.stringMatching(/^aa_/) });
		expect(ctx.sent()).toEqual([{ method: 'DELETE', path: `/v1/campaigns/${id}`, query: { force: 'true' }, body: undefined }]);
		expect(ctx.emu.control.state.campaigns.has(id)).toBe(false);
		expect([...ctx.emu.control.state.vouchers.values()].some((v) => v.campaign_id === id)).toBe(false);
	});

	it.each([
		[campaign('create', { name: ' ', campaignType: 'DISCOUNT_COUPONS' }), 'Name', /required|at least/],
		[campaign('create', { name: 'X', campaignType: 'COUPONS' }), 'Campaign Type', /must be one of/],
		[campaign('create', { name: 'X', campaignType: 'PROMOTION', promotionJson: '{"tiers": 3}' }), 'Promotion Tiers (JSON)', /tiers/],
		[campaign('create', { name: 'X', campaignType: 'GIFT_VOUCHERS', giftAmount: -1 }), 'Gift Amount', /./],
		[campaign('create', { name: 'X', campaignType: 'DISCOUNT_COUPONS', additionalFields: { vouchersCount: 10001 } }), 'Vouchers Count', /10000/],
		[campaign('create', { name: 'X', campaignType: 'DISCOUNT_COUPONS', additionalFields: { activityDurationAfterPublishing: '24 days' } }), 'Activity Duration After Publishing', /P24D/],
		[campaign('update', { campaignId: FIXTURES.discountCampaignId, updateFields: {} }), 'Update Fields', /./],
		[campaign('update', { campaignId: FIXTURES.discountCampaignId, updateFields: { type: 'DYNAMIC' } }), 'Type', /must be one of/],
	])('refuses %j naming %s', (parameters, field, rule) => ctx.expectInvalid(parameters, field, rule));
});

describe('Campaign: Get Summary, Get Many Transactions, Export Transactions', () => {
	it('gets the summary for a date range, sent as days', async () => {
		const { items, error } = await ctx.run(campaign('getSummary', { campaignId: FIXTURES.discountCampaignId, filters: { startDate: '2025-01-01T10:00:00', endDate: '2025-12-31' } }));
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ object: 'campaign_summary', campaign: { id: FIXTURES.discountCampaignId }, redemptions: 0, validations: 0 });
		expect(ctx.sent()).toEqual([
			{ method: 'GET', path: `/v1/campaigns/${FIXTURES.discountCampaignId}/summary`, query: { start_date: '2025-01-01', end_date: '2025-12-31' }, body: undefined },
		]);
	});

	it("counts what happened to the campaign's codes: validations, redemptions, rollbacks, their orders and discounts (hundredths)", async () => {
		ctx.emu.control.reset();
		const [validated, redeemed] = FIXTURES.discountCodes.map((code) => ({ redeemable: [{ type: 'voucher', code }] }));
		expect((await ctx.run({ resource: 'validation', operation: 'validate', redeemables: validated, additionalFields: { orderAmount: 30 } })).error).toBeUndefined();
		const redemption = await ctx.run({ resource: 'redemption', operation: 'redeem', redeemables: redeemed, additionalFields: { orderAmount: 50 } });
		const [{ id }] = (redemption.items[0].json as { redemptions: Array<{ id: string }> }).redemptions;
		expect((await ctx.run({ resource: 'redemption', operation: 'rollback', redemptionId: id })).error).toBeUndefined();

		const { items, error } = await ctx.run(campaign('getSummary', { campaignId: FIXTURES.discountCampaignId }));
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			object: 'campaign_summary',
			campaign: { id: FIXTURES.discountCampaignId, campaign_type: 'DISCOUNT_COUPONS' },
			validations: 1, validations_succeeded: 1, validations_failed: 0,
			redemptions: 1, redemptions_succeeded: 1, redemptions_failed: 0,
			rollbacks: 1, rollbacks_succeeded: 1, rollbacks_failed: 0,
			vouchers_created: FIXTURES.discountCodes.length, vouchers_deleted: 0, publications: 0,
			orders_amount: 5000, orders_rolledback_amount: 5000, discounted_amount: 1000, rolledback_discounted_amount: 1000,
		});
	});

	it("lists the transactions of all the campaign's cards, following the id cursor", async () => {
		const { items, error } = await ctx.run(campaign('getManyTransactions', { campaignId: FIXTURES.giftCampaignId, returnAll: true, filters: { order: 'id' } }));
		expect(error).toBeUndefined();
		expect(items.length).toBeGreaterThanOrEqual(2);
		expect(items.every((item) => item.json.campaign_id === FIXTURES.giftCampaignId)).toBe(true);
		const ids = items.map((item) => String(item.json.id));
		expect(ids).toEqual([...ids].sort());
		expect(ctx.sent()[0]).toMatchObject({ method: 'GET', path: `/v1/campaigns/${FIXTURES.giftCampaignId}/transactions`, query: { order: 'id' } });
	});

	it('starts an export of the transactions with the chosen columns', async () => {
		const { items, error } = await ctx.run(
			campaign('exportTransactions', { campaignId: FIXTURES.giftCampaignId, additionalFields: { fields: ['id', 'amount'], order: 'created_at' } }),
		);
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ object: 'export', exported_object: 'voucher_transactions', id: expect.stringMatching(/^exp_/) });
		expect(ctx.sent()).toEqual([
			{ method: 'POST', path: `/v1/campaigns/${FIXTURES.giftCampaignId}/transactions/export`, query: {}, body: { parameters: { order: 'created_at', fields: ['id', 'amount'] } } },
		]);
	});

	it.each([
		[campaign('getSummary', { campaignId: FIXTURES.discountCampaignId, filters: { startDate: '31/01/2025' } }), 'Start Date', /date/],
		[campaign('exportTransactions', { campaignId: FIXTURES.giftCampaignId, additionalFields: { fields: ['password'] } }), 'Fields', /unknown value/],
		[campaign('exportTransactions', { campaignId: FIXTURES.giftCampaignId, additionalFields: { filtersJson: '[1]' } }), 'Filters (JSON)', /JSON object/],
	])('refuses %j naming %s', (parameters, field, rule) => ctx.expectInvalid(parameters, field, rule));
});
