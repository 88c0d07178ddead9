import type { INodeParameters } from 'n8n-workflow';
import { FIXTURES } from '../../emulator/index.cjs';
import { useEmulator } from './helpers.cjs';

/** Benefit (Beta): Create, Get, Get Many, Update, Delete, Activate, Move to Draft, Get Many Activities. */
const ctx = useEmulator();
const run = (operation: string, parameters: INodeParameters = {}) => ctx.run({ resource: 'benefit', operation, ...parameters } as INodeParameters);
const POINTS = { benefitType: 'POINTS', points: 25, cardDefinitionId: FIXTURES.cardDefinitionActive };

async function created(name: string, parameters: INodeParameters = POINTS): Promise<string> {
	const { items, error } = await run('create', { name, ...parameters });
	expect(error).toBeUndefined();
	return String(items[0].json.id);
}

describe('Benefit (Beta): Create', () => {
	it('sends a points benefit with a limited stock; it starts DRAFT', async () => {
		const { items, error } = await run('create', { name: 'Bonus 25', ...POINTS, additionalFields: { stockQuantity: 100 } });
		expect(error).toBeUndefined();
		expect(ctx.sent()[0]).toEqual({
			method: 'POST',
			path: '/v2/loyalties/benefits',
			query: {},
			body: { name: 'Bonus 25', type: 'POINTS', points: { value: 25, card_definition_id: FIXTURES.cardDefinitionActive }, stock: { type: 'LIMITED', limited: { quantity: 100 } } },
		});
		expect(items[0].json).toMatchObject({ id: expect.stringMatching(/^lben_/), status: 'DRAFT' });
		expect(items[0].json).not.toHaveProperty('material');
	});

	it('sends a SKU as a material benefit and a campaign as a digital one', async () => {
		await created('A mug', { benefitType: 'MATERIAL', materialProductId: FIXTURES.productId, materialSkuId: FIXTURES.skuId });
		expect(ctx.sent()[0].body).toMatchObject({ type: 'MATERIAL', material: { type: 'SKU', sku: { id: FIXTURES.skuId, product_id: FIXTURES.productId } } });
		ctx.emu.control.clearRequests();
		await created('A coupon', { benefitType: 'DIGITAL', digitalType: 'DISCOUNT_COUPONS', digitalCampaignId: FIXTURES.discountCampaignId });
		expect(ctx.sent()[0].body).toMatchObject({ type: 'DIGITAL', digital: { type: 'DISCOUNT_COUPONS', discount_coupons: { campaign_id: FIXTURES.discountCampaignId } } });
	});

	it('sends a gift voucher benefit with the balance loaded onto each voucher, in minor units, and a Map Automatically balance the same', async () => {
		const gift = { benefitType: 'DIGITAL', digitalType: 'GIFT_VOUCHERS', digitalCampaignId: FIXTURES.giftCampaignId };
		const { items, error } = await run('create', { name: 'A gift', ...gift, giftBalance: 12.5 });
		expect(error).toBeUndefined();
		const expected = { type: 'DIGITAL', digital: { type: 'GIFT_VOUCHERS', gift_vouchers: { campaign_id: FIXTURES.giftCampaignId, balance: 1250 } } };
		expect(ctx.sent()[0].body).toMatchObject(expected);
		expect(items[0].json).toMatchObject({ digital: expected.digital });
		ctx.emu.control.clearRequests();
		// the service's own key carries the service's unit (hundredths, as a read returns it); the panel's name the panel's
		const mapped = await ctx.run({ resource: 'benefit', operation: 'create', recordFields: 'auto', ...gift }, { input: [{ name: 'A mapped gift', balance: 1250 }, { name: 'A panel-named gift', 'Gift Balance': 12.5 }] });
		expect(mapped.error).toBeUndefined();
		expect(ctx.sent().map((request) => request.body)).toMatchObject([{ name: 'A mapped gift', ...expected }, { name: 'A panel-named gift', ...expected }]);
	});

	it('refuses a negative gift balance before sending', () =>
		ctx.expectInvalid({ resource: 'benefit', operation: 'create', name: 'Bad', benefitType: 'DIGITAL', digitalType: 'GIFT_VOUCHERS', digitalCampaignId: FIXTURES.giftCampaignId, giftBalance: -1 }, 'Gift Balance', /must be a non-negative amount/));

	it("maps the service's 409 for a name already taken", async () => {
		await created('Twice');
		const { error } = await run('create', { name: 'Twice', ...POINTS });
		expect(error?.httpCode).toBe('409');
	});

	it('checks the campaign ID before sending', () =>
		ctx.expectInvalid({ resource: 'benefit', operation: 'create', name: 'Bad', benefitType: 'DIGITAL', digitalCampaignId: 'summer' }, 'Campaign ID', /must match \^camp_/));

	it('refuses a stock quantity with Unlimited Stock on', () =>
		ctx.expectInvalid({ resource: 'benefit', operation: 'create', name: 'Bad', ...POINTS, additionalFields: { stockQuantity: 5, unlimitedStock: true } }, 'Stock Quantity', /cannot be combined/));
});

describe('Benefit (Beta): reads, update, status moves, delete', () => {
	it('activates, then an active benefit takes only name and stock; drafted, it takes them again', async () => {
		const id = await created('Movable');
		expect((await run('activate', { benefitId: id })).items[0].json.status).toBe('ACTIVE');
		const renamed = await run('update', { benefitId: id, updateFields: { name: 'Moved', unlimitedStock: true } });
		expect(renamed.error).toBeUndefined();
		expect(ctx.sent().pop()?.body).toEqual({ name: 'Moved', stock: { type: 'UNLIMITED' } });
		expect((await run('activate', { benefitId: id })).error?.httpCode).toBe('400');
		expect((await run('draft', { benefitId: id })).items[0].json.status).toBe('DRAFT');
		const activities = await run('getManyActivities', { benefitId: id, returnAll: true, filters: { order: 'created_at' } });
		expect(activities.items.map((item) => item.json.type)).toEqual(['vl.benefit.created', 'vl.benefit.activated', 'vl.benefit.updated', 'vl.benefit.drafted']);
	});

	it('gets and lists benefits by type order and status', async () => {
		await created('Second');
		const listed = await run('getAll', { returnAll: true, filters: { status: 'ACTIVE' } });
		expect(listed.items.map((item) => item.json.id)).toEqual([FIXTURES.benefitId]);
		const one = await run('get', { benefitId: FIXTURES.benefitId });
		expect(one.items[0].json).toMatchObject({ name: 'Welcome points', type: 'POINTS' });
	});

	it('a benefit an earning rule gives cannot be deleted (400); a free one is, answering { deleted: true, id }', async () => {
		const given = await created('Given');
		const rule = await ctx.run({ resource: 'earningRule', operation: 'create', name: 'Gives', earnings: { earning: [{ effect: 'BENEFIT', benefitId: given }] } });
		expect(rule.error).toBeUndefined();
		expect((await run('delete', { benefitId: given })).error?.httpCode).toBe('400');
		const free = await created('Free');
		expect((await run('delete', { benefitId: free })).items[0].json).toEqual({ deleted: true, id: free });
	});
});
