import type { IDataObject } from 'n8n-workflow';
import { FIXTURES } from '../../emulator/index.cjs';
import { serviceErrorOf, useEmulator, type Parameters } from './setup.cjs';

const ctx = useEmulator();

beforeEach(() => ctx.emu.control.reset());

type Entry = Record<string, unknown>;
const redeemables = (...entries: Entry[]) => ({ redeemable: entries });
const code = (value: string, extra: Entry = {}) => ({ type: 'voucher', code: value, ...extra });
const validate = (entries: Entry[], additionalFields: Parameters = {}) => ({ resource: 'validation', operation: 'validate', redeemables: redeemables(...entries), additionalFields });
const redeem = (entries: Entry[], additionalFields: Parameters = {}) => ({ resource: 'redemption', operation: 'redeem', redeemables: redeemables(...entries), additionalFields });
const voucherState = (c: string) => ctx.emu.control.state.findVoucher(c)!;

describe('Validation: Validate (stackable)', () => {
	it('checks a discount code and a gift card together against an order: amounts in hundredths, nothing used', async () => {
		const { items, error } = await ctx.run(
			validate([code(FIXTURES.percentCode), { type: 'giftCard', code: FIXTURES.giftCode, credits: 30 }], { orderAmount: 100, customer: FIXTURES.customerId, expand: ['order'] }),
		);
		expect(error).toBeUndefined();
		expect(ctx.sent()).toEqual([
			{
				method: 'POST',
				path: '/v1/validations',
				query: {},
				body: {
					redeemables: [
						{ object: 'voucher', id: FIXTURES.percentCode },
						{ object: 'voucher', id: FIXTURES.giftCode, gift: { credits: 3000 } },
					],
					order: { amount: 10000 },
					customer: { id: FIXTURES.customerId },
					options: { expand: ['order'] },
				},
			},
		]);
		expect(items[0].json).toMatchObject({
			valid: true,
			redeemables: [
				{ status: 'APPLICABLE', id: FIXTURES.percentCode, result: { discount: { type: 'PERCENT', percent_off: 20 } } },
				{ status: 'APPLICABLE', id: FIXTURES.giftCode, result: { gift: { balance: 10000, credits: 3000 } } },
			],
			order: { amount: 10000, total_discount_amount: 5000, total_amount: 5000 },
		});
		expect(voucherState(FIXTURES.giftCode).gift?.balance).toBe(10000);
		expect(voucherState(FIXTURES.percentCode).redemption.redeemed_quantity).toBe(5);
	});

	it('a disabled voucher makes the validation invalid, with the reason', async () => {
		const { items } = await ctx.run(validate([code(FIXTURES.percentCode), code(FIXTURES.disabledCode)], { orderAmount: 20 }));
		expect(items[0].json).toMatchObject({
			valid: false,
			inapplicable_redeemables: [{ status: 'INAPPLICABLE', id: FIXTURES.disabledCode, result: { error: { key: 'voucher_disabled' } } }],
		});
	});

	it('takes a loyalty card with the reward to spend points on, and More Redeemables (JSON)', async () => {
		const { items, error } = await ctx.run(
			validate([{ type: 'loyaltyCard', code: FIXTURES.memberWithPendingPoints, reward: { __rl: true, mode: 'id', value: FIXTURES.loyaltyRewardId } }], {
				redeemablesJson: JSON.stringify([{ object: 'voucher', code: FIXTURES.discountCodes[0] }]),
				orderAmount: 30,
			}),
		);
		expect(error).toBeUndefined();
		expect((ctx.sent()[0].body as IDataObject).redeemables).toEqual([
			{ object: 'voucher', id: FIXTURES.memberWithPendingPoints, reward: { id: FIXTURES.loyaltyRewardId } },
			{ object: 'voucher', id: FIXTURES.discountCodes[0] },
		]);
		expect(items[0].json).toMatchObject({ valid: true, redeemables: [{ result: { loyalty_card: { points: FIXTURES.loyaltyRewardPoints } } }, { status: 'APPLICABLE' }] });
	});

	it('is safe to repeat after a 503 (a validation changes nothing)', async () => {
		ctx.emu.control.setFaults({ route: '/v1/validations', sequence: [503] });
		const { error } = await ctx.run(validate([code(FIXTURES.percentCode)]));
		expect(error).toBeUndefined();
		expect(ctx.sent()).toHaveLength(2);
	});

	it.each([
		[{ redeemables: {} }, 'Redeemables', /at least one/],
		[{ redeemables: redeemables(code('A'), code('A')) }, 'Redeemables', /listed twice/],
		[{ redeemables: redeemables(...Array.from({ length: 31 }, (_, i) => code(`C${i}`))) }, 'Redeemables', /at most 30/],
		[{ redeemables: redeemables(code('..')) }, 'Redeemables entry 1: Voucher', /must be an ID/],
		[{ redeemables: redeemables({ type: 'giftCard', code: 'G', credits: 1.234 }) }, 'Redeemables entry 1: Credits', /two decimal places/],
		[{ redeemables: redeemables({ type: 'promotionTier', promotionId: '' }) }, 'Redeemables entry 1: Promotion ID', /is required/],
		[{ additionalFields: { redeemablesJson: '[{"object": "coupon", "code": "X"}]' } }, 'More Redeemables (JSON)', /voucher, promotion_tier or promotion_stack/],
		[{ additionalFields: { orderAmount: -1 } }, 'Order Amount', /non-negative/],
		[{ additionalFields: { orderJson: '[]' } }, 'Order (JSON)', /JSON object/],
	])('refuses %j naming %s', (extra, field, rule) => ctx.expectInvalid({ ...validate([code(FIXTURES.percentCode)]), ...extra }, field, rule));
});

describe('Redemption: Redeem, Get, Roll Back', () => {
	it('redeems one code, gets the redemption, rolls it back (the use comes back), and refuses a second rollback', async () => {
		const redeemed = await ctx.run(redeem([code(FIXTURES.percentCode)], { orderAmount: 40, customer: FIXTURES.customerSourceId, metadataJson: '{"till": 4}' }));
		expect(redeemed.error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({ redeemables: [{ object: 'voucher', id: FIXTURES.percentCode }], order: { amount: 4000 }, customer: { source_id: FIXTURES.customerSourceId }, metadata: { till: 4 } });
		const result = redeemed.items[0].json as { redemptions: IDataObject[]; parent_redemption?: unknown };
		expect(result.parent_redemption).toBeUndefined();
		expect(result.redemptions).toHaveLength(1);
		const id = String(result.redemptions[0].id);
		expect(result.redemptions[0]).toMatchObject({ result: 'SUCCESS', status: 'SUCCEEDED', customer_id: FIXTURES.customerId, metadata: { till: 4 } });
		expect(voucherState(FIXTURES.percentCode).redemption.redeemed_quantity).toBe(6);

		const got = await ctx.run({ resource: 'redemption', operation: 'get', redemptionId: { __rl: true, mode: 'list', value: id } });
		expect(got.items[0].json).toMatchObject({ id, voucher: { code: FIXTURES.percentCode } });

		ctx.emu.control.clearRequests();
		const back = await ctx.run({ resource: 'redemption', operation: 'rollback', redemptionId: id, additionalFields: { reason: 'Order cancelled', metadataJson: '{"ticket": 9}' } });
		expect(back.error).toBeUndefined();
		expect(ctx.sent()).toEqual([{ method: 'POST', path: `/v1/redemptions/${id}/rollback`, query: { reason: 'Order cancelled' }, body: { metadata: { ticket: 9 } } }]);
		expect(back.items[0].json).toMatchObject({ object: 'redemption_rollback', redemption: id, result: 'SUCCESS', reason: 'Order cancelled' });
		expect(voucherState(FIXTURES.percentCode).redemption.redeemed_quantity).toBe(5);

		const twice = await ctx.run({ resource: 'redemption', operation: 'rollback', redemptionId: id });
		expect(serviceErrorOf(twice)).toMatchObject({ httpCode: '400', key: 'already_rolled_back' });
	});

	it('redeems stacked: a parent and one redemption per redeemable; the parent rolls back all, giving the credits back', async () => {
		const { items, error } = await ctx.run(redeem([{ type: 'giftCard', code: FIXTURES.giftCode, credits: 20 }, code(FIXTURES.percentCode)], { orderAmount: 100, customer: FIXTURES.customerId }));
		expect(error).toBeUndefined();
		const result = items[0].json as { redemptions: IDataObject[]; parent_redemption: IDataObject };
		expect(result.redemptions.map((r) => r.redemption)).toEqual([result.parent_redemption.id, result.parent_redemption.id]);
		expect(result.redemptions[0]).toMatchObject({ gift: { amount: 2000 } });
		expect(voucherState(FIXTURES.giftCode).gift?.balance).toBe(8000);

		const child = await ctx.run({ resource: 'redemption', operation: 'rollback', redemptionId: String(result.redemptions[0].id) });
		expect(serviceErrorOf(child)).toMatchObject({ httpCode: '400', key: 'invalid_redemption' });

		ctx.emu.control.clearRequests();
		const parent = await ctx.run({ resource: 'redemption', operation: 'rollback', redemptionId: String(result.parent_redemption.id), stacked: true });
		expect(parent.error).toBeUndefined();
		expect(ctx.sent()[0].path).toBe(`/v1/redemptions/${String(result.parent_redemption.id)}/rollbacks`);
		expect((parent.items[0].json.rollbacks as IDataObject[]).map((r) => r.amount)).toEqual([-2000, 0]);
		expect(voucherState(FIXTURES.giftCode).gift?.balance).toBe(10000);
		expect(voucherState(FIXTURES.percentCode).redemption.redeemed_quantity).toBe(5);
	});

	it('spends loyalty points on a reward through Redeem', async () => {
		const { items, error } = await ctx.run(redeem([{ type: 'loyaltyCard', code: FIXTURES.memberWithManyActivities, reward: FIXTURES.loyaltyRewardId }]));
		expect(error).toBeUndefined();
		expect((items[0].json.redemptions as IDataObject[])[0]).toMatchObject({ loyalty_card: { points: 100 }, reward: { id: FIXTURES.loyaltyRewardId } });
		expect(voucherState(FIXTURES.memberWithManyActivities).loyalty_card?.balance).toBe(900);
	});

	it('a disabled voucher fails the whole redemption: nothing is used, the failed attempt is listed', async () => {
		const { error } = await ctx.run(redeem([{ type: 'giftCard', code: FIXTURES.giftCode, credits: 10 }, code(FIXTURES.disabledCode)], { orderAmount: 50 }));
		expect(error?.httpCode).toBe('400');
		expect(error?.context?.serviceError).toMatchObject({ key: 'voucher_disabled', resource_id: FIXTURES.disabledCode });
		expect(voucherState(FIXTURES.giftCode).gift?.balance).toBe(10000);
		const failures = await ctx.run({ resource: 'redemption', operation: 'getAll', returnAll: true, filters: { result: 'FAILURE', voucher: FIXTURES.disabledCode } });
		expect(failures.items.map((item) => item.json)).toEqual([expect.objectContaining({ result: 'FAILURE', failure_code: 'voucher_disabled' })]);
	});

	it('is never repeated after a 503: a second request could redeem twice', async () => {
		ctx.emu.control.setFaults({ route: '/v1/redemptions', method: 'POST', sequence: [503] });
		const { error } = await ctx.run(redeem([code(FIXTURES.percentCode)]));
		expect(error?.httpCode).toBe('503');
		expect(ctx.sent()).toHaveLength(1);
	});

	it('with Continue On Fail, an expired code fails its own item; the others are redeemed, paired', async () => {
		const { items, error } = await ctx.run(
			{ resource: 'redemption', operation: 'redeem', redeemables: redeemables(code('={{ $json.code }}')), additionalFields: { orderAmount: 10 } },
			{ input: [{ code: FIXTURES.discountCodes[0] }, { code: FIXTURES.expiredCode }, { code: FIXTURES.discountCodes[1] }], continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[1].json).toMatchObject({ httpCode: '400', key: 'voucher_expired' });
		expect(items[0].json.redemptions).toBeDefined();
		expect(items[2].json.redemptions).toBeDefined();
	});
});

describe('Redemption: Get Many (paged by page number)', () => {
	it('filters by customer, result and dates; Limit is exact', async () => {
		const { items, error } = await ctx.run({
			resource: 'redemption',
			operation: 'getAll',
			limit: 3,
			filters: { customer: FIXTURES.customerId, result: 'SUCCESS', createdAfter: '2024-01-01T00:00:00Z', order: 'created_at' },
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual(FIXTURES.redemptionIds.slice(0, 3));
		expect(ctx.sent()[0].query).toEqual({ limit: '3', result: 'SUCCESS', customer: FIXTURES.customerId, order: 'created_at', 'created_at[after]': '2024-01-01T00:00:00.000Z' });
	});

	it('Return All reads every redemption of a voucher and of a campaign (by name)', async () => {
		const all = await ctx.run({ resource: 'redemption', operation: 'getAll', returnAll: true, filters: { voucher: { __rl: true, mode: 'list', value: FIXTURES.percentCode } } });
		expect(all.items).toHaveLength(7);
		expect(ctx.sent()[0].query).toEqual({ limit: '100', 'filters[voucher_code][conditions][$is]': FIXTURES.percentCode });
		await ctx.run(redeem([code(FIXTURES.giftCode, { type: 'giftCard', credits: 5 })]));
		const gift = await ctx.run({ resource: 'redemption', operation: 'getAll', returnAll: true, filters: { campaign: { __rl: true, mode: 'name', value: 'Gift Cards' } } });
		expect(gift.items.map((item) => (item.json.voucher as IDataObject).code)).toEqual([FIXTURES.giftCode]);
	});
});

describe('Qualification: Check Eligibility', () => {
	it("lists what a customer qualifies for: their gift card and the open campaigns, newest first; Limit goes to options.limit", async () => {
		const { items, error } = await ctx.run({
			resource: 'qualification',
			operation: 'checkEligibility',
			scenario: 'ALL',
			limit: 3,
			additionalFields: { customer: { __rl: true, mode: 'list', value: FIXTURES.customerId }, orderAmount: 25, sortingRule: 'DEFAULT' },
		});
		expect(error).toBeUndefined();
		expect(ctx.sent()).toEqual([
			{
				method: 'POST',
				path: '/v1/qualifications',
				query: {},
				body: { scenario: 'ALL', order: { amount: 2500 }, customer: { id: FIXTURES.customerId }, options: { limit: 3, sorting_rule: 'DEFAULT' } },
			},
		]);
		const list = items[0].json.redeemables as { data: IDataObject[]; has_more: boolean };
		expect(list.data.map((r) => [r.object, r.id])).toEqual([
			['voucher', FIXTURES.giftCode],
			['campaign', FIXTURES.welcomeCampaignId],
			['campaign', FIXTURES.bulkCampaignId],
		]);
		expect(list.has_more).toBe(true);
	});

	it("Customer Wallet keeps only the customer's own vouchers; a repeat after a 503 is harmless", async () => {
		ctx.emu.control.setFaults({ route: '/v1/qualifications', sequence: [503] });
		const { items, error } = await ctx.run({ resource: 'qualification', operation: 'checkEligibility', scenario: 'CUSTOMER_WALLET', additionalFields: { customer: FIXTURES.customerId } });
		expect(error).toBeUndefined();
		expect(ctx.sent()).toHaveLength(2);
		expect((items[0].json.redeemables as { data: IDataObject[] }).data.map((r) => r.id)).toEqual([FIXTURES.giftCode]);
	});

	it.each([
		[{ limit: 51 }, 'Limit', /at most 50/],
		[{ additionalFields: { filtersJson: '"x"' } }, 'Filters (JSON)', /JSON object/],
		[{ additionalFields: { startingAfter: 'later' } }, 'Starting After', /date-time/],
	])('refuses %j naming %s', (extra, field, rule) => ctx.expectInvalid({ resource: 'qualification', operation: 'checkEligibility', ...extra }, field, rule));
});
