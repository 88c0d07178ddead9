import type { INodeParameters } from 'n8n-workflow';
import { FIXTURES } from '../../emulator/index.cjs';
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { listSearch } from '../../harness/loadOptions.cjs';
import { useEmulator } from './helpers.cjs';

/** Program Member (Beta): Purchase Reward, Get Many Reward Purchases, Refund Reward Purchase (Loyalty v2). */
const ctx = useEmulator();
const member = { programId: FIXTURES.programActive, memberId: FIXTURES.memberId };
const run = (operation: string, parameters: INodeParameters = {}) => ctx.run({ resource: 'programMember', operation, ...parameters } as INodeParameters);
const purchases = `/v2/loyalties/programs/${FIXTURES.programActive}/members/${FIXTURES.memberId}/rewards/purchases`;

/** The fixture card's balance and the LIMITED program reward's redeemed count (50 in stock, 3 redeemed). */
async function state(): Promise<{ points: number; redeemed: number }> {
	const { items } = await run('get', { ...member, output: 'raw' });
	const cards = items[0].json.cards as Array<{ card: { id: string; balance: { points: number } } }>;
	const points = cards.find((entry) => entry.card.id === FIXTURES.cardId)!.card.balance.points;
	const redeemed = ctx.emu.control.state.programRewards.get(FIXTURES.programActive)!.get(FIXTURES.programRewardId)!.redeemed;
	return { points, redeemed };
}

describe('Program Member (Beta): Purchase Reward', () => {
	it("spends the member's points and a unit of stock; the purchase is listed", async () => {
		const { items, error } = await run('purchaseReward', { ...member, rewardId: FIXTURES.programRewardId });
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			status: 'TRANSACTION_CREATED',
			transaction: { id: expect.stringMatching(/^lrtx_/), type: 'PURCHASE', status: 'PENDING', reward_id: FIXTURES.programRewardId, card_id: FIXTURES.cardId, details: { points: { total: 100 } } },
		});
		expect(ctx.sent()).toEqual([{ method: 'POST', path: purchases, query: {}, body: { reward_id: FIXTURES.programRewardId } }]);
		expect(await state()).toEqual({ points: 1100, redeemed: 4 });
		const listed = await run('getManyRewardPurchases', { ...member, returnAll: true, filters: { rewardId: FIXTURES.programRewardId } });
		expect(listed.items.map((item) => item.json.id)).toEqual([items[0].json.transaction && (items[0].json.transaction as { id: string }).id]);
		expect(ctx.sent().pop()?.query).toEqual({ 'filters[reward_id][conditions][$is]': FIXTURES.programRewardId, limit: '100' });
	});

	it('Dry Run prices the purchase and spends nothing; it alone is safe to repeat', async () => {
		const { items, error } = await run('purchaseReward', { ...member, rewardId: FIXTURES.programRewardId, dryRun: true });
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ status: 'DRY_RUN', transaction: { status: 'SIMULATED', details: { points: { total: 100 } } } });
		expect(ctx.sent()[0].body).toEqual({ reward_id: FIXTURES.programRewardId, mode: 'DRY_RUN' });
		expect(await state()).toEqual({ points: 1200, redeemed: 3 });
		const { purchaseReward } = await import('../../../nodes/LoyaltyPromotions/actions/programMember/purchaseReward');
		const { isSafeToRepeat } = await import('../../../nodes/LoyaltyPromotions/actions/types');
		expect(isSafeToRepeat(purchaseReward)).toBe(false);
	});

	it("maps the service's 423 when the balance cannot pay, nothing spent, sent once", async () => {
		await ctx.run({ resource: 'loyaltyCard', operation: 'adjustPoints', ...member, cardId: FIXTURES.cardId, points: -1150 });
		ctx.emu.control.clearRequests();
		const { error } = await run('purchaseReward', { ...member, rewardId: FIXTURES.programRewardId });
		expect(error?.httpCode).toBe('423');
		expect(error?.context?.serviceError).toMatchObject({ key: 'insufficient_card_balance' });
		expect(ctx.sent()).toHaveLength(1);
		expect(await state()).toEqual({ points: 50, redeemed: 3 });
	});

	it('maps a 404 for a reward the program does not offer', async () => {
		const { error } = await run('purchaseReward', { ...member, rewardId: FIXTURES.v2RewardIds[5] });
		expect(error?.httpCode).toBe('404');
	});

	it('checks the reward ID before sending', () =>
		ctx.expectInvalid({ resource: 'programMember', operation: 'purchaseReward', ...member, rewardId: 'rew_0000000000001' }, 'Reward', /must match \^lrew_/));
});

describe('Program Member (Beta): Refund Reward Purchase', () => {
	it('returns the points and the stock unit, once: a second refund is refused (409)', async () => {
		const bought = await run('purchaseReward', { ...member, rewardId: FIXTURES.programRewardId });
		const id = (bought.items[0].json.transaction as { id: string }).id;
		ctx.emu.control.clearRequests();
		const { items, error } = await run('refundRewardPurchase', { programId: FIXTURES.programActive, rewardTransactionId: id });
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ transaction: { type: 'REFUND', details: { purchase: { reward_transaction: { id } } } } });
		expect(ctx.sent()[0]).toEqual({ method: 'POST', path: `/v2/loyalties/programs/${FIXTURES.programActive}/rewards/purchases/${id}/refund`, query: {}, body: {} });
		expect(await state()).toEqual({ points: 1200, redeemed: 3 });
		const again = await run('refundRewardPurchase', { programId: FIXTURES.programActive, rewardTransactionId: id });
		expect(again.error?.httpCode).toBe('409');
	});

	it('writes the unit off with Stock Policy Write Off, sending the policies', async () => {
		const bought = await run('purchaseReward', { ...member, rewardId: FIXTURES.programRewardId });
		const id = (bought.items[0].json.transaction as { id: string }).id;
		ctx.emu.control.clearRequests();
		const { error } = await run('refundRewardPurchase', { programId: FIXTURES.programActive, rewardTransactionId: id, additionalFields: { stock: 'WRITE_OFF', refund: 'ALLOW' } });
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({ policies: { refund: 'ALLOW', stock: 'WRITE_OFF' } });
		expect(await state()).toEqual({ points: 1200, redeemed: 4 });
	});

	it('checks the purchase transaction ID before sending', () =>
		ctx.expectInvalid({ resource: 'programMember', operation: 'refundRewardPurchase', programId: FIXTURES.programActive, rewardTransactionId: 'lctx_01' }, 'Purchase Transaction ID', /must match \^lrtx_/));
});

describe('Reward: From List', () => {
	it("lists the chosen program's rewards by name", async () => {
		const parameters = { resource: 'programMember', operation: 'purchaseReward', programId: { __rl: true, mode: 'id', value: FIXTURES.programActive } } as INodeParameters;
		const { results } = await listSearch('searchProgramRewards', { parameters, credentials: credentialsFor(ctx.emu) });
		expect(results).toEqual(
			expect.arrayContaining([
				{ name: `Loyalty reward 1 (${FIXTURES.programRewardId})`, value: FIXTURES.programRewardId },
				{ name: `Loyalty reward 12 (${FIXTURES.programRewardUnlimitedId})`, value: FIXTURES.programRewardUnlimitedId },
			]),
		);
		expect(results).toHaveLength(2);
	});
});
