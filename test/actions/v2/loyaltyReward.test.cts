import type { INodeParameters } from 'n8n-workflow';
import { FIXTURES } from '../../emulator/index.cjs';
import { useEmulator } from './helpers.cjs';

/** Reward (Beta), the v2 reward catalogue: Create, Get, Get Many, Update, Delete, status moves, Get Many Activities. */
const ctx = useEmulator();
const run = (operation: string, parameters: INodeParameters = {}) => ctx.run({ resource: 'loyaltyReward', operation, ...parameters } as INodeParameters);
const COST = { costs: { cost: [{ points: 300, cardDefinitionId: FIXTURES.cardDefinitionActive }] } };
const PRODUCT = { rewardType: 'MATERIAL', productId: FIXTURES.productId, ...COST };

async function created(name: string, parameters: INodeParameters = PRODUCT): Promise<string> {
	const { items, error } = await run('create', { name, ...parameters });
	expect(error).toBeUndefined();
	return String(items[0].json.id);
}

describe('Reward (Beta): Create', () => {
	it('sends a product reward with its typed cost; it starts DRAFT with the service defaults', async () => {
		const { items, error } = await run('create', { name: 'Mug', ...PRODUCT, additionalFields: { refundable: true } });
		expect(error).toBeUndefined();
		expect(ctx.sent()[0]).toEqual({
			method: 'POST',
			path: '/v2/loyalties/rewards',
			query: {},
			body: {
				name: 'Mug',
				type: 'MATERIAL',
				material: { type: 'PRODUCT', product: { id: FIXTURES.productId } },
				costs: [{ spending: [{ points: 300, card_definition_id: FIXTURES.cardDefinitionActive }] }],
				refunds: { type: 'REFUNDABLE' },
			},
		});
		expect(items[0].json).toMatchObject({ id: expect.stringMatching(/^lrew_/), status: 'DRAFT', validity_hours: { type: 'ANY_TIME' }, costs: [{ id: expect.stringMatching(/^lrcst_/) }] });
	});

	it('sends each digital kind with its own object: a gift voucher balance in minor units, points on a card', async () => {
		await created('Gift', { rewardType: 'DIGITAL', digitalType: 'GIFT_VOUCHERS', campaignId: FIXTURES.giftCampaignId, giftBalance: 12.5, ...COST });
		expect(ctx.sent()[0].body).toMatchObject({ type: 'DIGITAL', digital: { type: 'GIFT_VOUCHERS', gift_vouchers: { campaign_id: FIXTURES.giftCampaignId, balance: 1250 } } });
		ctx.emu.control.clearRequests();
		await created('Points', { rewardType: 'DIGITAL', digitalType: 'LOYALTY_CARD_POINTS', points: 40, cardDefinitionId: FIXTURES.cardDefinitionActive, ...COST });
		expect(ctx.sent()[0].body).toMatchObject({ digital: { type: 'LOYALTY_CARD_POINTS', loyalty_card_points: { points: 40, card_definition_id: FIXTURES.cardDefinitionActive } } });
	});

	it('a SKU makes a SKU reward of its product', async () => {
		await created('Blue mug', { ...PRODUCT, skuId: FIXTURES.skuId });
		expect(ctx.sent()[0].body).toMatchObject({ material: { type: 'SKU', sku: { id: FIXTURES.skuId, product_id: FIXTURES.productId } } });
	});

	it('Costs (JSON) sends guarded costs as given; combined with typed costs it is refused', async () => {
		const costsJson = JSON.stringify([{ spending: [{ points: 5, card_definition_id: FIXTURES.cardDefinitionActive }], rules: { logic: '1', 1: { name: 'customer.metadata', property: 'vip', conditions: { $is: [true] } } } }]);
		await created('Guarded', { rewardType: 'MATERIAL', productId: FIXTURES.productId, additionalFields: { costsJson } });
		expect(ctx.sent()[0].body).toMatchObject({ costs: JSON.parse(costsJson) });
		await ctx.emu.control.clearRequests();
		await ctx.expectInvalid({ resource: 'loyaltyReward', operation: 'create', name: 'Both', ...PRODUCT, additionalFields: { costsJson } }, 'Costs (JSON)', /cannot be combined with Costs/);
	});

	it('a reward needs a cost', () => ctx.expectInvalid({ resource: 'loyaltyReward', operation: 'create', name: 'Free', rewardType: 'MATERIAL', productId: FIXTURES.productId }, 'Costs', /needs at least one cost/));

	it('checks IDs and points before sending', async () => {
		await ctx.expectInvalid({ resource: 'loyaltyReward', operation: 'create', name: 'Bad', ...PRODUCT, productId: 'mug' }, 'Product ID', /must match \^prod_/);
		await ctx.expectInvalid({ resource: 'loyaltyReward', operation: 'create', name: 'Bad', rewardType: 'DIGITAL', campaignId: 'summer', ...COST }, 'Campaign ID', /must match \^camp_/);
		await ctx.expectInvalid({ resource: 'loyaltyReward', operation: 'create', name: 'Bad', rewardType: 'MATERIAL', productId: FIXTURES.productId, costs: { cost: [{ points: 0, cardDefinitionId: FIXTURES.cardDefinitionActive }] } }, 'Costs entry 1: Points', /at least 1/);
	});

	it('checks Purchase Limits (JSON) types before sending', () =>
		ctx.expectInvalid({ resource: 'loyaltyReward', operation: 'create', name: 'Bad', ...PRODUCT, additionalFields: { purchaseLimits: '{"cooldown": {"type": "SOMETIMES"}, "frequency": {"type": "NO_LIMIT"}}' } }, 'Purchase Limits (JSON) cooldown type', /must be one of/));

	it("maps the service's 404 for a card definition that does not exist", async () => {
		const { error } = await run('create', { name: 'Ghost card', rewardType: 'MATERIAL', productId: FIXTURES.productId, costs: { cost: [{ points: 1, cardDefinitionId: 'lcdef_0fff' }] } });
		expect(error?.httpCode).toBe('404');
	});
});

describe('Reward (Beta): reads, update, status moves, delete', () => {
	it('activates, deactivates and re-activates; an active reward refuses what it gives (400) but takes name and costs', async () => {
		const id = await created('Movable');
		expect((await run('activate', { rewardId: id })).items[0].json.status).toBe('ACTIVE');
		const renamed = await run('update', { rewardId: id, updateFields: { name: 'Moved', costsJson: JSON.stringify([{ spending: [{ points: 9, card_definition_id: FIXTURES.cardDefinitionActive }] }]) } });
		expect(renamed.error).toBeUndefined();
		expect(ctx.sent().pop()?.body).toEqual({ name: 'Moved', costs: [{ spending: [{ points: 9, card_definition_id: FIXTURES.cardDefinitionActive }] }] });
		const given = await run('update', { rewardId: id, updateFields: { digitalJson: JSON.stringify({ type: 'DISCOUNT_COUPONS', discount_coupons: { campaign_id: FIXTURES.discountCampaignId } }) } });
		expect(given.error?.httpCode).toBe('400');
		expect((await run('deactivate', { rewardId: id })).items[0].json.status).toBe('INACTIVE');
		expect((await run('deactivate', { rewardId: id })).error?.httpCode).toBe('409');
		const activities = await run('getManyActivities', { rewardId: id, returnAll: true, filters: { order: 'created_at' } });
		expect(activities.items.map((item) => item.json.type)).toEqual(['vl.reward.created', 'vl.reward.activated', 'vl.reward.updated', 'vl.reward.deactivated']);
	});

	it('a DRAFT reward changes what it gives: Digital (JSON) sends the DIGITAL type and clears material', async () => {
		const id = await created('Switch');
		const digital = { type: 'DISCOUNT_COUPONS', discount_coupons: { campaign_id: FIXTURES.discountCampaignId } };
		const { items, error } = await run('update', { rewardId: id, updateFields: { digitalJson: JSON.stringify(digital) } });
		expect(error).toBeUndefined();
		expect(ctx.sent().pop()?.body).toEqual({ digital, type: 'DIGITAL', material: null });
		expect(items[0].json).toMatchObject({ type: 'DIGITAL', digital });
		expect(items[0].json.material).toBeUndefined();
	});

	it('a reward a program offers cannot move to draft (409)', async () => {
		const { error } = await run('draft', { rewardId: FIXTURES.programRewardId });
		expect(error?.httpCode).toBe('409');
	});

	it('gets and lists rewards filtered by type (the service has no status filter)', async () => {
		const listed = await run('getAll', { returnAll: true, filters: { type: 'DIGITAL' } });
		expect(ctx.sent()[0].query).toMatchObject({ 'filters[type][conditions][$is]': 'DIGITAL' });
		expect(listed.items.length).toBe(FIXTURES.v2RewardIds.length / 2);
		expect(listed.items.every((item) => item.json.type === 'DIGITAL')).toBe(true);
		const one = await run('get', { rewardId: FIXTURES.v2RewardIds[0] });
		expect(one.items[0].json).toMatchObject({ name: 'Loyalty reward 1', type: 'MATERIAL', status: 'ACTIVE' });
	});

	it('checks the lrew_ pattern of the locator before sending', () => ctx.expectInvalid({ resource: 'loyaltyReward', operation: 'get', rewardId: 'rew_1' }, 'Reward', /must match \^lrew_/));

	it('Delete answers { deleted: true, id } and the reward leaves the programs that offered it', async () => {
		expect((await run('delete', { rewardId: FIXTURES.programRewardId })).items[0].json).toEqual({ deleted: true, id: FIXTURES.programRewardId });
		expect((await run('get', { rewardId: FIXTURES.programRewardId })).error?.httpCode).toBe('404');
		const offered = await ctx.run({ resource: 'programReward', operation: 'getAll', programId: FIXTURES.programActive, returnAll: true });
		expect(offered.items.map((item) => item.json.reward_id)).not.toContain(FIXTURES.programRewardId);
	});
});

describe("Program Reward (Beta): Get Many and Update (a program's reward stock)", () => {
	const program = { resource: 'programReward', programId: FIXTURES.programActive };

	it("lists the program's assignments with their stock and redeemed count, on the v2 cursor", async () => {
		const { items, error } = await ctx.run({ ...program, operation: 'getAll', returnAll: true, filters: { order: 'created_at' } });
		expect(error).toBeUndefined();
		expect(ctx.sent()[0]).toMatchObject({ method: 'GET', path: `/v2/loyalties/programs/${FIXTURES.programActive}/rewards`, query: { order: 'created_at' } });
		expect(items.map((item) => item.json.reward_id)).toEqual([FIXTURES.programRewardId, FIXTURES.programRewardUnlimitedId]);
		expect(items[0].json).toMatchObject({ stock: { type: 'LIMITED', limited: { quantity: 50 } }, redeemed: 3, object: 'program_reward' });
	});

	it('sends a limited stock with its quantity; the redeemed count stays', async () => {
		const { items, error } = await ctx.run({ ...program, operation: 'update', rewardId: FIXTURES.programRewardId, stockType: 'LIMITED', stockQuantity: 80 });
		expect(error).toBeUndefined();
		expect(ctx.sent()[0]).toEqual({ method: 'PUT', path: `/v2/loyalties/programs/${FIXTURES.programActive}/rewards/${FIXTURES.programRewardId}`, query: {}, body: { stock: { type: 'LIMITED', limited: { quantity: 80 } } } });
		expect(items[0].json).toMatchObject({ reward_id: FIXTURES.programRewardId, stock: { type: 'LIMITED', limited: { quantity: 80 } }, redeemed: 3 });
	});

	it('an unlimited stock is sent without a quantity', async () => {
		await ctx.run({ ...program, operation: 'update', rewardId: FIXTURES.programRewardId, stockType: 'UNLIMITED', stockQuantity: 7 });
		expect(ctx.sent()[0].body).toEqual({ stock: { type: 'UNLIMITED' } });
	});

	it("maps the service's 404 for a reward the program does not offer", async () => {
		const { error } = await ctx.run({ ...program, operation: 'update', rewardId: FIXTURES.v2RewardIds[4], stockType: 'UNLIMITED' });
		expect(error?.httpCode).toBe('404');
	});

	it('checks the reward ID and the quantity before sending', async () => {
		await ctx.expectInvalid({ ...program, operation: 'update', rewardId: 'rew_1', stockType: 'UNLIMITED' }, 'Reward', /must match \^lrew_/);
		await ctx.expectInvalid({ ...program, operation: 'update', rewardId: FIXTURES.programRewardId, stockType: 'LIMITED', stockQuantity: -1 }, 'Stock Quantity', /./);
	});
});
