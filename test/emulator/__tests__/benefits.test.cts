import { expectError, FIXTURES, setup, type TestEnv } from './helpers.cjs';

/** POST /v2/loyalties/benefits, a digital benefit: the published contract's BenefitDigital rules. */
let t: TestEnv;
let B: Record<string, string>;
beforeAll(async () => {
	t = await setup();
});
beforeEach(async () => {
	t.emu.control.reset();
	B = await t.B();
});
afterAll(() => t.emu.stop());

const digital = (name: string, settings: Record<string, unknown>) => t.http.post('/v2/loyalties/benefits', { name, type: 'DIGITAL', digital: settings }, { headers: B });
const gift = (extra: Record<string, unknown>) => ({ type: 'GIFT_VOUCHERS', gift_vouchers: { campaign_id: FIXTURES.giftCampaignId, ...extra } });

describe('a digital benefit', () => {
	it('a gift voucher is created with the balance loaded onto it (0 and fractions are numbers the contract takes)', async () => {
		for (const [name, balance] of [['Gift 10', 1000], ['Gift 0', 0], ['Gift part', 12.5]] as const) {
			const r = await digital(name, gift({ balance }));
			expect({ name, status: r.status }).toEqual({ name, status: 200 });
			expect(r.data.digital).toEqual({ type: 'GIFT_VOUCHERS', gift_vouchers: { campaign_id: FIXTURES.giftCampaignId, balance } });
		}
	});

	it.each([
		['without a balance', gift({}), /gift_vouchers\.balance is required/],
		['with a negative balance', gift({ balance: -1 }), /gift_vouchers\.balance must be a number from 0/],
		['with the balance as text', gift({ balance: '1000' }), /gift_vouchers\.balance must be a number/],
		['with an unsafe balance', gift({ balance: 2 ** 53 }), /gift_vouchers\.balance must be a number from 0 to 9007199254740991/],
		['with a key the contract does not have', gift({ balance: 1, amount: 1 }), /Unknown properties in digital\.gift_vouchers: amount/],
		['without its settings', { type: 'GIFT_VOUCHERS' }, /digital\.gift_vouchers is required when digital\.type is GIFT_VOUCHERS/],
		['with a coupon campaign beside it', { ...gift({ balance: 1 }), discount_coupons: { campaign_id: FIXTURES.discountCampaignId } }, /digital\.discount_coupons must be null or absent/],
		['a coupon with a balance', { type: 'DISCOUNT_COUPONS', discount_coupons: { campaign_id: FIXTURES.discountCampaignId, balance: 1 } }, /Unknown properties in digital\.discount_coupons: balance/],
	])('is refused (400, nothing stored) %s', async (_case, settings, message) => {
		const r = await digital('Refused', settings);
		expectError(r, 400);
		expect(r.data.details ?? r.data.message).toMatch(message);
		const listed = await t.http.get('/v2/loyalties/benefits?limit=100', { headers: B });
		expect(listed.status).toBe(200);
		expect(listed.data.data.map((benefit: { name: string }) => benefit.name)).not.toContain('Refused');
	});
});

describe('a proportional points benefit', () => {
	const proportional = (name: string, settings: Record<string, unknown>) =>
		t.http.post('/v2/loyalties/benefits', { name, type: 'POINTS_PROPORTIONAL', points_proportional: { card_definition_id: FIXTURES.cardDefinitionActive, ...settings } }, { headers: B });

	it.each([
		['an order amount', { calculation_type: 'PRE_DISCOUNT_ORDER_AMOUNT', order: { amount: { every: 100, value: 1 } } }],
		['an order metadata value', { calculation_type: 'ORDER_METADATA_VALUE', order: { metadata: { every: 1, value: 0.5, property: 'visits' } } }],
		['order items', { calculation_type: 'ORDER_ITEMS_QUANTITY', order_items: { quantity: { every: 1, value: 2, applicable_to: [{ type: 'product', product: { id: FIXTURES.productId } }] } } }],
		['a customer metadata value', { calculation_type: 'CUSTOMER_METADATA_VALUE', customer: { metadata: { every: 10, value: 1, property: 'score' } } }],
	])('is created with `value` points for `every` units of %s', async (_case, settings) => {
		const r = await proportional('Proportional', settings);
		expect(r.status).toBe(200);
		expect(r.data.points_proportional).toMatchObject(settings);
	});

	it.each([
		['points for its ratio instead of value', { calculation_type: 'PRE_DISCOUNT_ORDER_AMOUNT', order: { amount: { every: 100, points: 1 } } }, /Unknown properties in points_proportional\.order\.amount: points/],
		['no source for its calculation type', { calculation_type: 'POST_DISCOUNT_ORDER_AMOUNT', order: { amount: { every: 100, value: 1 } } }, /points_proportional\.order\.total_amount is required when points_proportional\.calculation_type is POST_DISCOUNT_ORDER_AMOUNT/],
		['another source beside its own', { calculation_type: 'PRE_DISCOUNT_ORDER_AMOUNT', order: { amount: { every: 100, value: 1 } }, customer: { metadata: { every: 1, value: 1, property: 'x' } } }, /points_proportional\.customer must be null or absent/],
		['an every of 0', { calculation_type: 'PRE_DISCOUNT_ORDER_AMOUNT', order: { amount: { every: 0, value: 1 } } }, /points_proportional\.order\.amount\.every must be an integer from 1/],
		['items without what they apply to', { calculation_type: 'ORDER_ITEMS_QUANTITY', order_items: { quantity: { every: 1, value: 2 } } }, /points_proportional\.order_items\.quantity\.applicable_to is required/],
	])('is refused (400) with %s', async (_case, settings, message) => {
		const r = await proportional('Refused', settings);
		expectError(r, 400);
		expect(r.data.details ?? r.data.message).toMatch(message);
	});
});
