import { differences } from '../contract/conform.cjs';
import { FIXTURES, setup, TestEnv } from './helpers.cjs';

let t: TestEnv;
beforeAll(async () => {
	t = await setup();
});
afterAll(() => t.emu.stop());
beforeEach(() => t.emu.control.reset());

/** The contract's summary of each kind of campaign (one of the answer's alternatives). */
const SUMMARY_PART: Record<string, string> = {
	DISCOUNT_COUPONS: 'campaigns/CampaignsSummaryDiscountCampaign',
	PROMOTION: 'campaigns/CampaignsSummaryPromotionCampaign',
	GIFT_VOUCHERS: 'campaigns/CampaignsSummaryGiftCampaign',
	LOYALTY_PROGRAM: 'campaigns/CampaignsSummaryLoyaltyCampaign',
	REFERRAL_PROGRAM: 'campaigns/CampaignsSummaryReferralCampaign',
};

const summary = async (campaignId: string) => {
	const r = await t.http.get(`/v1/campaigns/${campaignId}/summary`, { headers: t.A });
	expect(r.status).toBe(200);
	return r.data;
};

describe('GET /v1/campaigns/{campaignId}/summary', () => {
	it('answers every campaign with the counters the contract gives its kind', async () => {
		const campaigns = [...t.emu.control.state.campaigns.values()];
		expect(new Set(campaigns.map((c) => c.campaign_type))).toEqual(new Set(Object.keys(SUMMARY_PART)));
		for (const campaign of campaigns) {
			const body = await summary(campaign.id);
			// the embedded campaign is the campaign's own answer, held to the contract with GET /v1/campaigns/{id}
			const own = differences(SUMMARY_PART[campaign.campaign_type], body).filter((line) => !line.startsWith('$.campaign.'));
			expect({ campaign: campaign.id, own }).toEqual({ campaign: campaign.id, own: [] });
			expect(body.campaign.id).toBe(campaign.id);
		}
	});

	it("counts a gift card's credits spent and given back, and the redemption's order", async () => {
		// the seeded card has transactions of its own: the counters grow by what this test does
		const seeded = await summary(FIXTURES.giftCampaignId);
		const redeemed = await t.http.post('/v1/redemptions', { redeemables: [{ object: 'voucher', id: FIXTURES.giftCode, gift: { credits: 2500 } }], order: { amount: 4000 } }, { headers: t.A });
		expect(redeemed.status).toBe(200);
		expect(await summary(FIXTURES.giftCampaignId)).toMatchObject({
			redemptions: seeded.redemptions + 1,
			redemptions_succeeded: seeded.redemptions_succeeded + 1,
			amount_redeemed: seeded.amount_redeemed + 2500,
			orders_amount: seeded.orders_amount + 4000,
		});
		const back = await t.http.post(`/v1/redemptions/${redeemed.data.redemptions[0].id}/rollback`, {}, { headers: t.A });
		expect(back.status).toBe(200);
		expect(await summary(FIXTURES.giftCampaignId)).toMatchObject({
			rollbacks: seeded.rollbacks + 1,
			rollbacks_succeeded: seeded.rollbacks_succeeded + 1,
			amount_rolledback: seeded.amount_rolledback + 2500,
			orders_rolledback_amount: seeded.orders_rolledback_amount + 4000,
			created_vouchers_amount: seeded.created_vouchers_amount,
		});
	});

	it('counts only the days asked for', async () => {
		await t.http.post('/v1/validations', { redeemables: [{ object: 'voucher', id: FIXTURES.discountCodes[0] }], order: { amount: 3000 } }, { headers: t.A });
		const today = new Date().toISOString().slice(0, 10);
		const r = await t.http.get(`/v1/campaigns/${FIXTURES.discountCampaignId}/summary`, { headers: t.A, params: { end_date: '2024-12-31' } });
		expect(r.data).toMatchObject({ validations: 0 });
		expect(await t.http.get(`/v1/campaigns/${FIXTURES.discountCampaignId}/summary`, { headers: t.A, params: { start_date: today } })).toMatchObject({ data: { validations: 1, validations_succeeded: 1 } });
	});
});
