/** The voucher engine at the HTTP level: the rules the routes guard and the webhook events they emit. */
import { expectError, FIXTURES, receiver, setup, TestEnv } from './helpers.cjs';

let t: TestEnv;
beforeAll(async () => {
	t = await setup();
});
afterAll(() => t.emu.stop());
beforeEach(() => t.emu.control.reset());

const post = (path: string, body: unknown) => t.http.post(path, body, { headers: t.A });
const get = (path: string) => t.http.get(path, { headers: t.A });

describe('paged lists', () => {
	it('serve limit 1–100 (default 10) and page 1–99 for vouchers, with the total', async () => {
		const first = await get('/v1/vouchers');
		expect(first.status).toBe(200);
		expect(first.data).toMatchObject({ object: 'list', data_ref: 'vouchers', total: t.emu.control.state.vouchers.size });
		expect(first.data.vouchers).toHaveLength(10);
		const last = await get('/v1/vouchers?limit=100&page=99');
		expect(last.data.vouchers).toHaveLength(100);
		expectError(await get('/v1/vouchers?page=100'), 400, 'invalid_param');
		expectError(await get('/v1/vouchers?limit=101'), 400, 'invalid_param');
		expectError(await get('/v1/campaigns?page=101'), 400, 'invalid_param');
		expect((await get('/v1/campaigns?page=100')).data.campaigns).toEqual([]);
	});
});

describe('the code filter of the voucher list', () => {
	const codes = async (query: string) => ((await get(`/v1/vouchers?limit=100&${query}`)).data.vouchers as Array<{ code: string }>).map((v) => v.code).sort();

	it('matches codes ignoring case, as a project with case_sensitive_codes false treats them', async () => {
		expect(t.emu.control.state.projects.get(t.emu.credentials.projectId)).toMatchObject({ case_sensitive_codes: false });
		expect(await codes('code=gift')).toEqual(await codes('code=GIFT'));
		expect(await codes('code=gift-1')).toContain(FIXTURES.giftCode);
	});

	it('matches the exact case in a project whose codes are case sensitive', async () => {
		t.emu.control.state.projects.get(t.emu.credentials.projectId)!.case_sensitive_codes = true;
		expect(await codes('code=gift')).toEqual([]);
		expect(await codes('code=GIFT')).toContain(FIXTURES.giftCode);
	});
});

describe('rules', () => {
	it('a voucher body with an unknown property is refused, and so is a duplicate code', async () => {
		expectError(await post('/v1/vouchers/X-1', { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 1 }, colour: 'red' }), 400, 'invalid_payload');
		expectError(await post(`/v1/vouchers/${FIXTURES.percentCode}`, { type: 'DISCOUNT_VOUCHER', discount: { type: 'AMOUNT', amount_off: 1 } }), 409, 'duplicate_found');
	});

	it('a loyalty card without a holder cannot get points; a discount voucher has no balance', async () => {
		await post('/v1/vouchers/LONELY-1', { type: 'LOYALTY_CARD', loyalty_card: { points: 0 } });
		expectError(await post('/v1/vouchers/LONELY-1/balance', { amount: 5 }), 400, 'missing_holder');
		expectError(await post(`/v1/vouchers/${FIXTURES.percentCode}/balance`, { amount: 5 }), 400, 'invalid_voucher_type');
	});

	it('a publication names exactly one of voucher and campaign, at most 50 vouchers', async () => {
		expectError(await post('/v1/publications', { customer: { id: FIXTURES.customerId } }), 400, 'invalid_payload');
		expectError(await post('/v1/publications', { customer: { id: FIXTURES.customerId }, voucher: 'A', campaign: { name: 'B' } }), 400, 'invalid_payload');
		expectError(await post('/v1/publications', { customer: { id: FIXTURES.customerId }, campaign: { name: FIXTURES.welcomeCampaignId, count: 51 } }), 400, 'invalid_payload');
		expectError(await post('/v1/publications', { customer: { id: 'cust_missing' }, campaign: { name: FIXTURES.welcomeCampaignId } }), 404, 'not_found');
	});

	it('join_once returns the publication the customer already has; without it a second voucher is published', async () => {
		const body = { customer: { id: FIXTURES.customerId }, campaign: { name: FIXTURES.welcomeCampaignName } };
		const a = await t.http.post('/v1/publications?join_once=true', body, { headers: t.A });
		const b = await t.http.post('/v1/publications?join_once=true', body, { headers: t.A });
		const c = await post('/v1/publications', body);
		expect(b.data.voucher.code).toBe(a.data.voucher.code);
		expect(c.data.voucher.code).not.toBe(a.data.voucher.code);
		expect(t.emu.control.counters().duplicateCreates).toBe(1);
	});

	it('a qualification checks its options', async () => {
		expectError(await post('/v1/qualifications', { options: { limit: 51 } }), 400, 'invalid_payload');
		expectError(await post('/v1/qualifications', { options: { sorting_rule: 'CHEAPEST' } }), 400, 'invalid_payload');
		expectError(await post('/v1/qualifications', { scenario: 'EVERYTHING' }), 400, 'invalid_payload');
	});

	it('a redemption with one inapplicable redeemable applies none, and records the failure', async () => {
		const r = await post('/v1/redemptions', { redeemables: [{ object: 'voucher', id: FIXTURES.giftCode, gift: { credits: 100 } }, { object: 'voucher', id: FIXTURES.expiredCode }] });
		expectError(r, 400, 'voucher_expired');
		expect(r.data.resource_id).toBe(FIXTURES.expiredCode);
		expect(t.emu.control.state.findVoucher(FIXTURES.giftCode)?.gift?.balance).toBe(10000);
		const failed = await get(`/v1/redemptions?result=FAILURE&filters[voucher_code][conditions][$is]=${FIXTURES.expiredCode}`);
		expect(failed.data.redemptions).toEqual([expect.objectContaining({ result: 'FAILURE', failure_code: 'voucher_expired' })]);
	});
});

describe('promotion tiers', () => {
	const tier = (id: string) => ({ redeemables: [{ object: 'promotion_tier', id }], order: { amount: 20000 } });

	it('a tier applies its discount without a code, and its redemption names the tier', async () => {
		const valid = await post('/v1/validations', tier(FIXTURES.promotionTierIds[0]));
		expect(valid.data).toMatchObject({ valid: true, order: { amount: 20000, total_discount_amount: 2000, total_amount: 18000 } });
		expect(valid.data.redeemables[0]).toMatchObject({ object: 'promotion_tier', id: FIXTURES.promotionTierIds[0], status: 'APPLICABLE', campaign_id: FIXTURES.promotionCampaignId });
		const redeemed = await post('/v1/redemptions', tier(FIXTURES.promotionTierIds[1]));
		expect(redeemed.status).toBe(200);
		expect(redeemed.data.redemptions[0]).toMatchObject({ result: 'SUCCESS', amount: 4000, related_object_type: 'promotion_tier', related_object_id: FIXTURES.promotionTierIds[1], promotion_tier: { id: FIXTURES.promotionTierIds[1] } });
		expect(redeemed.data.redemptions[0].voucher).toBeUndefined();
	});

	it('a disabled or unknown tier is inapplicable, and its redemption fails', async () => {
		await post(`/v1/promotions/tiers/${FIXTURES.promotionTierIds[0]}/disable`, {});
		const disabled = await post('/v1/validations', tier(FIXTURES.promotionTierIds[0]));
		expect(disabled.data).toMatchObject({ valid: false, inapplicable_redeemables: [{ status: 'INAPPLICABLE', result: { error: { key: 'promotion_tier_disabled' } } }] });
		expectError(await post('/v1/redemptions', tier(FIXTURES.promotionTierIds[0])), 400, 'promotion_tier_disabled');
		expectError(await post('/v1/redemptions', tier('promo_ffffffffffffffff')), 404, 'not_found');
	});
});

describe('webhook events', () => {
	it('tell a subscribed webhook about vouchers, publications, points, redemptions, rollbacks and rewards', async () => {
		const hook = await receiver();
		try {
			const events = [
				'customer.created', 'customer.rewarded', 'publication.succeeded', 'redemption.failed', 'redemption.rollback.succeeded', 'redemption.succeeded',
				'voucher.created', 'voucher.disabled', 'voucher.gift.balance_aded', 'voucher.gift.transaction.created', 'voucher.loyalty_card.points_aded',
				'voucher.loyalty_card.transaction.created', 'voucher.published',
			];
			const created = await t.http.post(`/management/v1/projects/${FIXTURES.projectId}/webhooks`, { target_url: hook.url, events }, { headers: t.M });
			expect(created.status).toBe(200);
			const steps = [
				() => post('/v1/vouchers/EVENTFUL-1', { type: 'GIFT_VOUCHER', gift: { amount: 1000 } }),
				() => post('/v1/publications', { customer: { source_id: 'eventful' }, voucher: 'EVENTFUL-1' }),
				() => post('/v1/vouchers/EVENTFUL-1/balance', { amount: 500 }),
				() => post(`/v1/loyalties/members/${FIXTURES.memberWithPendingPoints}/balance`, { points: 10 }),
				() => post(`/v1/loyalties/members/${FIXTURES.memberWithManyActivities}/redemption`, { reward: { id: FIXTURES.loyaltyRewardId } }),
				() => post(`/v1/vouchers/${FIXTURES.discountCodes[0]}/disable`, {}),
				() => post('/v1/redemptions', { redeemables: [{ object: 'voucher', id: FIXTURES.discountCodes[0] }] }),
				() => post(`/v1/redemptions/${FIXTURES.redemptionIds[0]}/rollback`, {}),
			];
			for (const step of steps) await step();
			// 14 events: created; customer, published, publication; balance + transaction; points + transaction; transaction, redemption, rewarded; disabled; failed; rollback
			const deliveries = await t.emu.control.waitForDeliveries(14, 10_000);
			expect(new Set(deliveries.map((d) => d.type))).toEqual(new Set(events));
			const published = deliveries.find((d) => d.type === 'voucher.published')!;
			expect(published.payload.data).toMatchObject({ voucher: { code: 'EVENTFUL-1' }, customer: { source_id: 'eventful' } });
			const points = deliveries.find((d) => d.type === 'voucher.loyalty_card.points_aded')!;
			expect(points.payload.data).toMatchObject({ voucher: { code: FIXTURES.memberWithPendingPoints }, balance: { points: 10 } });
		} finally {
			await hook.close();
		}
	});
});
