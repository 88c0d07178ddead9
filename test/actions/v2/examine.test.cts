import type { INodeParameters } from 'n8n-workflow';
import { FIXTURES } from '../../emulator/index.cjs';
import { useEmulator } from './helpers.cjs';

/** Examine (Beta): which rewards a customer or member can buy, and what the earning rules would give. Nothing changes. */
const ctx = useEmulator();
const run = (operation: string, parameters: INodeParameters = {}) => ctx.run({ resource: 'examine', operation, ...parameters } as INodeParameters);
const MEMBER = { examineFor: 'member', examineMemberId: FIXTURES.memberId };

describe('Examine (Beta): Examine Rewards', () => {
	it('examines a member: each card lists the rewards its balance can buy, with their cost', async () => {
		const { items, error } = await run('rewards', { ...MEMBER, additionalFields: { memberMetadata: '{"tier": "gold"}' } });
		expect(error).toBeUndefined();
		expect(ctx.sent()).toEqual([
			{ method: 'POST', path: '/v2/loyalties/examine/rewards', query: {}, body: { customer_identification: { type: 'member_id', member_id: FIXTURES.memberId }, member: { metadata: { tier: 'gold' } } } },
		]);
		const [membership] = items[0].json.memberships as Array<{ member: { metadata: object }; cards: Array<{ card: { id: string }; rewards: Array<{ reward: { id: string }; status: string; cost: { points: number } }> }> }>;
		expect(membership.member.metadata).toMatchObject({ tier: 'gold' });
		const card = membership.cards.find((c) => c.card.id === FIXTURES.cardId)!;
		expect(card.rewards.map((r) => [r.reward.id, r.status, r.cost.points])).toEqual([
			[FIXTURES.programRewardId, 'AVAILABLE', 100],
			[FIXTURES.programRewardUnlimitedId, 'AVAILABLE', 100],
		]);
	});

	it('a customer ID is sent as customer_id, anything else as customer_source_id', async () => {
		await run('rewards', { customer: FIXTURES.customerId });
		await run('rewards', { customer: FIXTURES.customerSourceId });
		expect(ctx.sent().map((r) => (r.body as { customer_identification: object }).customer_identification)).toEqual([
			{ type: 'customer_id', customer_id: FIXTURES.customerId },
			{ type: 'customer_source_id', customer_source_id: FIXTURES.customerSourceId },
		]);
	});

	it('member metadata needs a program member', () =>
		ctx.expectInvalid({ resource: 'examine', operation: 'rewards', customer: FIXTURES.customerId, additionalFields: { memberMetadata: '{"a": 1}' } }, 'Member Metadata (JSON)', /needs Examine For set to Program Member/));

	it('checks the member ID pattern before sending', () => ctx.expectInvalid({ resource: 'examine', operation: 'rewards', examineFor: 'member', examineMemberId: 'mem_1' }, 'Member ID', /must match \^lmbr_/));

	it("maps the service's 404 for an unknown member", async () => {
		const { error } = await run('rewards', { examineFor: 'member', examineMemberId: 'lmbr_0fff' });
		expect(error?.httpCode).toBe('404');
	});

	it('is safe to repeat: nothing is purchased', async () => {
		await run('rewards', MEMBER);
		const card = await ctx.run({ resource: 'loyaltyCard', operation: 'getManyTransactions', programId: FIXTURES.programActive, memberId: FIXTURES.memberId, cardId: FIXTURES.cardId, returnAll: true });
		const before = card.items.length;
		await run('rewards', MEMBER);
		const after = await ctx.run({ resource: 'loyaltyCard', operation: 'getManyTransactions', programId: FIXTURES.programActive, memberId: FIXTURES.memberId, cardId: FIXTURES.cardId, returnAll: true });
		expect(after.items.length).toBe(before);
	});
});

describe('Examine (Beta): Examine Earning Rules', () => {
	it('an order paid sends its amount in minor units in the customer_order_paid context, and answers the estimated points', async () => {
		const { items, error } = await run('earningRules', { ...MEMBER, event: 'customer.order.paid', orderAmount: 120.5, additionalFields: { customerMetadata: '{"vip": true}' } });
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({
			trigger: { type: 'SPECIFIC', specific: { event: 'customer.order.paid' } },
			customer_identification: { type: 'member_id', member_id: FIXTURES.memberId },
			customer_order_paid: { customer: { metadata: { vip: true } }, order: { amount: 12050 } },
		});
		const card = (items[0].json.memberships as Array<{ cards: Array<{ card: { id: string }; points_estimation: number }> }>)[0].cards.find((c) => c.card.id === FIXTURES.cardId)!;
		expect(card.points_estimation).toBe(10);
		expect(items[0].json).toMatchObject({ event: 'customer.order.paid', earning_rules: [{ id: FIXTURES.earningRuleActive }] });
	});

	it('All Events sends the ALL trigger alone; metadata overrides then need a specific event', async () => {
		await run('earningRules', { customer: FIXTURES.customerId, event: 'ALL' });
		expect(ctx.sent()[0].body).toEqual({ trigger: { type: 'ALL' }, customer_identification: { type: 'customer_id', customer_id: FIXTURES.customerId } });
		ctx.emu.control.clearRequests();
		await ctx.expectInvalid({ resource: 'examine', operation: 'earningRules', customer: FIXTURES.customerId, event: 'ALL', additionalFields: { customerMetadata: '{"a": 1}' } }, 'Customer Metadata (JSON)', /needs a specific Event/);
	});

	it('a custom event of one schema is a SPECIFIC custom event context; without a schema, ALL custom events', async () => {
		await run('earningRules', { ...MEMBER, event: 'customer.custom_event', customEventSchemaId: 'ms_abc1', additionalFields: { eventMetadata: '{"store": "Warsaw"}' } });
		await run('earningRules', { ...MEMBER, event: 'customer.custom_event' });
		expect(ctx.sent().map((r) => (r.body as { customer_custom_event: object }).customer_custom_event)).toEqual([
			{ type: 'SPECIFIC', specific: { custom_event: { schema_id: 'ms_abc1', metadata: { store: 'Warsaw' } } } },
			{ type: 'ALL', all: { custom_event: {} } },
		]);
	});

	it('a segment entered sends its (empty) context', async () => {
		const { error } = await run('earningRules', { ...MEMBER, event: 'customer.segment.entered' });
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].body).toMatchObject({ customer_segment_entered: {} });
	});

	it('Order (JSON) applies only to Order Paid, and not with Order Amount', async () => {
		await ctx.expectInvalid({ resource: 'examine', operation: 'earningRules', ...MEMBER, event: 'customer.segment.entered', additionalFields: { orderJson: '{"amount": 1}' } }, 'Order (JSON)', /only to the Order Paid/);
		await ctx.expectInvalid({ resource: 'examine', operation: 'earningRules', ...MEMBER, event: 'customer.order.paid', orderAmount: 5, additionalFields: { orderJson: '{"amount": 1}' } }, 'Order (JSON)', /cannot give amount/);
	});
});
