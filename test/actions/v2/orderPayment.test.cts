import type { INodeParameters } from 'n8n-workflow';
import { FIXTURES } from '../../emulator/index.cjs';
import { useEmulator } from './helpers.cjs';

/**
 * Program Member (Beta): Pay Order with Points and Get Many Order Payments, Get Many Benefit Transactions and Get
 * Many Tier Transactions (Loyalty v2). The fixture card (1,200 points) pays orders at 1 point per minor unit.
 */
const ctx = useEmulator();
const member = { programId: FIXTURES.programActive, memberId: FIXTURES.memberId };
const card = { ...member, cardId: FIXTURES.cardId };
const run = (operation: string, parameters: INodeParameters = {}) => ctx.run({ resource: 'programMember', operation, ...parameters } as INodeParameters);
const payments = `/v2/loyalties/programs/${FIXTURES.programActive}/members/${FIXTURES.memberId}/orders/payments`;

async function balance(): Promise<number> {
	const { items } = await ctx.run({ resource: 'programMember', operation: 'get', ...member, output: 'raw' });
	const cards = items[0].json.cards as Array<{ card: { id: string; balance: { points: number } } }>;
	return cards.find((entry) => entry.card.id === FIXTURES.cardId)!.card.balance.points;
}

describe('Program Member (Beta): Pay Order with Points', () => {
	it('spends points up to the Points Limit on the order named by its source ID; the payment is listed APPROVED', async () => {
		const { items, error } = await run('payOrderWithPoints', { ...card, orderId: FIXTURES.orderSourceId, additionalFields: { pointsLimit: 300 } });
		expect(error).toBeUndefined();
		expect(ctx.sent()).toEqual([
			{ method: 'POST', path: payments, query: {}, body: { card_id: FIXTURES.cardId, order: { source_id: FIXTURES.orderSourceId }, payment_limit: { type: 'POINTS_LIMIT', points_limit: { max: 300 } } } },
		]);
		const transaction = items[0].json.transaction as { id: string };
		expect(items[0].json).toMatchObject({
			status: 'TRANSACTION_CREATED',
			transaction: { id: expect.stringMatching(/^lotx_/), type: 'PAY_WITH_POINTS', status: 'PENDING', order_id: FIXTURES.orderId, details: { payment: { points_spent: 300, amount: 300 } } },
		});
		expect(await balance()).toBe(900);
		const listed = await run('getManyOrderPayments', { ...member, returnAll: true, filters: { paymentId: transaction.id } });
		expect(listed.items.map((item) => [item.json.id, item.json.status])).toEqual([[transaction.id, 'APPROVED']]);
		expect(ctx.sent().pop()?.query).toEqual({ 'filters[id][conditions][$is]': transaction.id, limit: '100' });
	});

	it('sends an ord_ ID as the order ID and an Amount Limit in minor units', async () => {
		const { error } = await run('payOrderWithPoints', { ...card, orderId: FIXTURES.orderId, additionalFields: { amountLimit: 2.5 } });
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({ card_id: FIXTURES.cardId, order: { id: FIXTURES.orderId }, payment_limit: { type: 'AMOUNT_LIMIT', amount_limit: { max: 250 } } });
		expect(await balance()).toBe(950);
	});

	it('Dry Run prices the payment and spends nothing; only it is safe to repeat', async () => {
		const { items, error } = await run('payOrderWithPoints', { ...card, orderId: FIXTURES.orderId, dryRun: true });
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ status: 'DRY_RUN', transaction: { status: 'SIMULATED', details: { payment: { points_spent: 1000 } } } });
		expect(ctx.sent()[0].body).toEqual({ card_id: FIXTURES.cardId, order: { id: FIXTURES.orderId }, mode: 'DRY_RUN' });
		expect(await balance()).toBe(1200);
		const listed = await run('getManyOrderPayments', { ...member, returnAll: true });
		expect(listed.items).toEqual([]);
	});

	it('an unknown order is answered PENDING and then listed REJECTED (ORDER_NOT_FOUND), nothing spent, sent once', async () => {
		ctx.emu.control.setFaults({ route: payments, sequence: [503] });
		const failed = await run('payOrderWithPoints', { ...card, orderId: 'no-such-order' });
		expect(failed.error?.httpCode).toBe('503');
		expect(ctx.sent()).toHaveLength(1);
		ctx.emu.control.clearRequests();
		const { error } = await run('payOrderWithPoints', { ...card, orderId: 'no-such-order' });
		expect(error).toBeUndefined();
		const listed = await run('getManyOrderPayments', { ...member, returnAll: true });
		expect(listed.items.map((item) => [item.json.status, (item.json.details as { rejection: unknown }).rejection])).toEqual([['REJECTED', { reason: 'ORDER_NOT_FOUND' }]]);
		expect(await balance()).toBe(1200);
	});

	it("maps the service's 423 when the member is not active", async () => {
		await run('deactivate', member);
		const { error } = await run('payOrderWithPoints', { ...card, orderId: FIXTURES.orderId });
		expect(error?.httpCode).toBe('423');
		expect(error?.context?.serviceError).toMatchObject({ key: 'non_active_member' });
	});

	it('refuses both limits at once before sending', () =>
		ctx.expectInvalid({ resource: 'programMember', operation: 'payOrderWithPoints', ...card, orderId: FIXTURES.orderId, additionalFields: { pointsLimit: 5, amountLimit: 1 } }, 'Amount Limit', /cannot be combined with Points Limit/));

	it('checks the card ID before sending', () =>
		ctx.expectInvalid({ resource: 'programMember', operation: 'payOrderWithPoints', ...member, cardId: 'card_1', orderId: FIXTURES.orderId }, 'Card', /must match \^lcrd_/));

	it('checks the payment ID filter before sending', () =>
		ctx.expectInvalid({ resource: 'programMember', operation: 'getManyOrderPayments', ...member, returnAll: true, filters: { paymentId: 'lctx_01' } }, 'Payment ID', /must match \^lotx_/));
});

describe('Program Member (Beta): Get Many Benefit Transactions and Get Many Tier Transactions', () => {
	it("lists the member's tier changes newest first, page by page, filtered by card", async () => {
		const { items, error } = await run('getManyTierTransactions', { ...member, returnAll: true, filters: { cardId: FIXTURES.cardId } });
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.id, item.json.type])).toEqual([
			['lttx_0000000000002', 'UPGRADED'],
			['lttx_0000000000001', 'JOINED'],
		]);
		expect(ctx.sent()[0]).toMatchObject({ path: `/v2/loyalties/programs/${FIXTURES.programActive}/members/${FIXTURES.memberId}/tiers/transactions`, query: { 'filters[card_id][conditions][$is]': FIXTURES.cardId } });
	});

	it('follows the cursor with a Limit above the page size, oldest first when asked', async () => {
		const { items } = await run('getManyTierTransactions', { ...member, limit: 2, filters: { order: 'created_at' } });
		expect(items.map((item) => item.json.type)).toEqual(['JOINED', 'UPGRADED']);
	});

	it("lists the member's benefit transactions, filtered by benefit and date", async () => {
		const { items, error } = await run('getManyBenefitTransactions', { ...member, returnAll: true, filters: { benefitId: FIXTURES.benefitId } });
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.id, item.json.benefit_id, item.json.status])).toEqual([['lbtx_0000000000001', FIXTURES.benefitId, 'APPROVED']]);
		const later = await run('getManyBenefitTransactions', { ...member, returnAll: true, filters: { createdAfter: new Date(Date.now() + 60_000).toISOString() } });
		expect(later.items).toEqual([]);
	});

	it('checks the benefit ID filter before sending', () =>
		ctx.expectInvalid({ resource: 'programMember', operation: 'getManyBenefitTransactions', ...member, returnAll: true, filters: { benefitId: 'ben_1' } }, 'Benefit ID', /must match \^lben_/));
});
