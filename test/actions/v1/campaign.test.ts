import { FIXTURES } from '../../emulator';
import { serviceErrorOf, useEmulator, type Parameters } from './setup';

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
