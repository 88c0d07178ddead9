import type { INodeParameters } from 'n8n-workflow';
import { RESOURCES } from '../../nodes/LoyaltyPromotions/actions/resources';
import { BUDGETS, budgetWindowProperty } from '../../nodes/LoyaltyPromotions/shared/budgets';
import { FIXTURES } from '../emulator/index.cjs';
import { fromAI, runAsTool } from '../harness/asTool.cjs';
import { credentialsFor } from '../harness/emulatorCredentials.cjs';
import { minimalParameters } from './minimal.cjs';
import { useEmulator } from './v2/helpers.cjs';

/**
 * Budgets per member and window, generated from the operations that declare them (OperationDefinition.budgeted):
 * calls one after another stop at the budget, refused naming it with nothing written; the count is the service's
 * own history (so it holds across executions, sessions and workers), only within the window; a dry run and a
 * rejected change count nothing; the budget is the workflow builder's (no expression, no model); and k calls at
 * the same moment go past it by at most (k − 1) × one call's amount, what docs/ai.md states.
 */

const ctx = useEmulator();

const BUDGETED = RESOURCES.flatMap((resource) =>
	resource.operations.flatMap((operation) => (operation.budgeted ?? []).map((kind) => ({ key: `${resource.value}.${operation.value}`, resource: resource.value, operation, kind }))),
);

/** The budget's number as the service's history counts it (hundredths for money), shown as the refusal shows it. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const CUSTOMER = { __rl: true, mode: 'id', value: FIXTURES.customerId };

/**
 * Per budget: the budget as counted and as typed, each call's amount, the calls that fit, what the test sends, how
 * it reads what was written, the window filter the history read sends, and how a model names whose budget it is.
 */
const PLAN = {
	memberPoints: {
		budget: 2_500,
		setting: 2_500,
		perCall: 1_000,
		fits: 2,
		extra: { points: 1_000, maxPointsPerCall: 1_000 } as INodeParameters,
		writes: /\/points$/,
		windowKey: 'filters[created_at][conditions][$after]',
		fromModel: { memberId: { __rl: true, mode: 'id', value: fromAI('memberId', 'string') } } as INodeParameters,
		toolArguments: { memberId: FIXTURES.memberId },
	},
	memberPurchases: {
		budget: 3,
		setting: 3,
		perCall: 1,
		fits: 3,
		extra: {} as INodeParameters,
		writes: /\/rewards\/purchases$/,
		windowKey: 'filters[created_at][conditions][$after]',
		fromModel: { memberId: { __rl: true, mode: 'id', value: fromAI('memberId', 'string') } } as INodeParameters,
		toolArguments: { memberId: FIXTURES.memberId },
	},
	// the gift card holds 100.00: 20.00 a call (even 5 at once), a budget of 50.00 takes two calls
	customerAmount: {
		budget: 5_000,
		setting: 50,
		perCall: 2_000,
		fits: 2,
		extra: { redeemables: { redeemable: [{ type: 'giftCard', code: FIXTURES.giftCode, credits: 20 }] }, additionalFields: { customer: CUSTOMER, orderAmount: 50 } } as INodeParameters,
		writes: /^\/v1\/redemptions$/,
		windowKey: 'created_at[after]',
		fromModel: { additionalFields: { customer: { ...CUSTOMER, value: fromAI('customer', 'string') } } } as INodeParameters,
		toolArguments: { customer: FIXTURES.customerId },
	},
} as const;

it('the operations that count in a budget', () => {
	expect(BUDGETED.map(({ key, kind }) => `${key} ${kind}`).sort()).toEqual(['loyaltyCard.adjustPoints memberPoints', 'programMember.purchaseReward memberPurchases', 'redemption.redeem customerAmount']);
});

describe.each(BUDGETED.map((entry) => [`${entry.key} (${BUDGETS[entry.kind].property.displayName})`, entry] as const))('%s', (_title, { key, resource, operation: definition, kind }) => {
	const plan = PLAN[kind];
	const { show, who } = BUDGETS[kind];
	const label = BUDGETS[kind].property.displayName;
	const budgetParameter = BUDGETS[kind].property.name;
	const writes = () => ctx.sent().filter((request) => request.method === 'POST' && plan.writes.test(request.path));
	const parameters = async (extra: INodeParameters = {}): Promise<INodeParameters> => ({
		resource,
		operation: definition.value,
		...(await minimalParameters(key, ctx.emu)),
		...plan.extra,
		[budgetParameter]: plan.setting,
		...extra,
	});

	it('shows the budget and its window', () => {
		const names = definition.properties.map((property) => property.name);
		expect(names).toEqual(expect.arrayContaining([budgetParameter, budgetWindowProperty.name]));
	});

	it('calls one after another: those that fit are written, the next is refused naming the budget, nothing written', async () => {
		for (let call = 0; call < plan.fits; call++) {
			const { error } = await ctx.run(await parameters());
			expect(error?.message).toBeUndefined();
		}
		expect(writes()).toHaveLength(plan.fits);
		ctx.emu.control.clearRequests();
		const { error, items } = await ctx.run(await parameters());
		expect(items).toEqual([]);
		expect(error?.message).toMatch(
			new RegExp(`^${label}: is ${escape(show(plan.budget))} \\w+ in 24 h, and the ${who} already has ${escape(show(plan.fits * plan.perCall))} in that window, so this call's ${escape(show(plan.perCall))} is refused: try again later or raise ${label}`),
		);
		expect(error?.description).toMatch(/^Nothing was written/);
		expect(writes()).toEqual([]);
	});

	it("reads only the window's history: its start sent as the service's created_at filter", async () => {
		const before = Date.now();
		await ctx.run(await parameters({ budgetWindowHours: 2 }));
		const reads = ctx.sent().filter((request) => request.method === 'GET' && request.query[plan.windowKey] !== undefined);
		expect(reads.length).toBeGreaterThan(0);
		for (const read of reads) {
			const start = Date.parse(read.query[plan.windowKey]);
			expect(start).toBeGreaterThanOrEqual(before - 2 * 3_600_000 - 1_000);
			expect(start).toBeLessThanOrEqual(Date.now() - 2 * 3_600_000 + 1_000);
		}
	});

	it('0 (the default): no budget, and no read of the history', async () => {
		await ctx.run(await parameters({ [budgetParameter]: 0 }));
		expect(ctx.sent().map((request) => request.method)).toEqual(['POST']);
	});

	it('the budget or its window from $fromAI (a model choosing its own budget): refused naming it, nothing sent', async () => {
		for (const [name, display] of [
			[budgetParameter, label],
			[budgetWindowProperty.name, budgetWindowProperty.displayName],
		]) {
			ctx.emu.control.clearRequests();
			const { error } = await runAsTool({ parameters: await parameters({ [name]: fromAI('budget', 'number') }), toolArguments: { budget: 1e9 }, credentials: credentialsFor(ctx.emu) });
			expect(error).toContain(`${display}: must be typed in the node, not an expression`);
			expect(ctx.sent()).toEqual([]);
		}
	});

	it('as an AI tool: the model is told the budget once it is spent, and nothing is written', async () => {
		const base = await parameters();
		const fromModel: INodeParameters = plan.fromModel;
		const toolParameters = fromModel.additionalFields === undefined ? { ...base, ...fromModel } : { ...base, additionalFields: { ...(base.additionalFields as INodeParameters), ...(fromModel.additionalFields as INodeParameters) } };
		for (let call = 0; call < plan.fits; call++) {
			const { error } = await runAsTool({ parameters: toolParameters, toolArguments: plan.toolArguments, credentials: credentialsFor(ctx.emu) });
			expect(error).toBeUndefined();
		}
		ctx.emu.control.clearRequests();
		const { error } = await runAsTool({ parameters: toolParameters, toolArguments: plan.toolArguments, credentials: credentialsFor(ctx.emu) });
		expect(error).toContain(`${label}: is ${show(plan.budget)}`);
		expect(writes()).toEqual([]);
	});

	it('k calls at the same moment: together within the budget plus (k − 1) calls, the documented overshoot', async () => {
		const k = 5;
		const results = await Promise.all(Array.from({ length: k }, async () => ctx.run(await parameters())));
		const written = writes().length;
		expect(written).toBeGreaterThanOrEqual(plan.fits);
		expect(written * plan.perCall).toBeLessThanOrEqual(plan.budget + (k - 1) * plan.perCall);
		expect(results.filter((result) => result.error === undefined)).toHaveLength(written);
	});
});

describe('what counts', () => {
	it("Add or Subtract Points: a change the service REJECTED (below zero) counts nothing; every one of the member's cards counts", async () => {
		const base = { resource: 'loyaltyCard', operation: 'adjustPoints', ...(await minimalParameters('loyaltyCard.adjustPoints', ctx.emu)), maxPointsPerMember: 1_500, maxPointsPerCall: 100_000 } as INodeParameters;
		// the second card has no points: taking 1,000 off is REJECTED by the service
		const rejected = await ctx.run({ ...base, cardId: FIXTURES.cardPendingPointsDisabled, points: -1_000 });
		expect(rejected.error).toBeUndefined();
		const first = await ctx.run({ ...base, points: 1_000 });
		expect(first.error).toBeUndefined();
		// 1,000 counted on the first card: the second card's 600 goes past 1,500
		ctx.emu.control.clearRequests();
		const second = await ctx.run({ ...base, cardId: FIXTURES.cardPendingPointsDisabled, points: 600 });
		expect(second.error?.message).toMatch(/^Max Points per Member per Window: is 1500 points in 24 h, and the member already has 1000/);
		expect(ctx.sent().filter((request) => request.method === 'POST')).toEqual([]);
	});

	it('Purchase Reward: a dry run reads no history and counts nothing', async () => {
		const base = { resource: 'programMember', operation: 'purchaseReward', ...(await minimalParameters('programMember.purchaseReward', ctx.emu)), maxPurchasesPerMember: 1 } as INodeParameters;
		const dry = await ctx.run({ ...base, dryRun: true });
		expect(dry.error).toBeUndefined();
		expect(ctx.sent().map((request) => request.method)).toEqual(['POST']);
		expect((await ctx.run(base)).error).toBeUndefined();
		expect((await ctx.run(base)).error?.message).toMatch(/^Max Purchases per Member per Window: is 1 purchases in 24 h/);
	});
});

describe('what counts: Max Amount per Customer per Window (Redeem)', () => {
	const redeem = (redeemable: INodeParameters, additionalFields: INodeParameters): INodeParameters => ({
		resource: 'redemption',
		operation: 'redeem',
		redeemables: { redeemable: [redeemable] },
		additionalFields,
		maxAmountPerCustomer: 60,
	});
	const posts = () => ctx.sent().filter((request) => request.method === 'POST');

	it("what gift cards paid over several calls, a FAILURE not at all; the order's amount for a card given no Credits; the customer by ID or source ID", async () => {
		// an empty card: the service fails the redemption (a FAILURE in the history, counted as nothing)
		const failed = await ctx.run(redeem({ type: 'giftCard', code: FIXTURES.giftEmptyCode, credits: 30 }, { customer: CUSTOMER, orderAmount: 30 }));
		expect(failed.error).toBeDefined();
		// no Credits: the card pays what the order needs (25.00), checked as the order's amount, counted as paid
		expect((await ctx.run(redeem({ type: 'giftCard', code: FIXTURES.giftCode }, { customer: CUSTOMER, orderAmount: 25 }))).error).toBeUndefined();
		expect((await ctx.run(redeem({ type: 'giftCard', code: FIXTURES.giftCode, credits: 20 }, { customer: CUSTOMER, orderAmount: 50 }))).error).toBeUndefined();
		ctx.emu.control.clearRequests();
		const bySourceId = { ...CUSTOMER, value: FIXTURES.customerSourceId };
		const over = await ctx.run(redeem({ type: 'giftCard', code: FIXTURES.giftCode, credits: 20 }, { customer: bySourceId, orderAmount: 50 }));
		expect(over.error?.message).toMatch(/^Max Amount per Customer per Window: is 60\.00 redeemed in 24 h, and the customer already has 45\.00 in that window, so this call's 20\.00 is refused/);
		expect(posts()).toEqual([]);
		// what is left fits: 15.00
		expect((await ctx.run(redeem({ type: 'giftCard', code: FIXTURES.giftCode, credits: 15 }, { customer: bySourceId, orderAmount: 50 }))).error).toBeUndefined();
		expect(posts()).toHaveLength(1);
	});

	it.each([
		['no customer', { orderAmount: 50 }],
		['a customer without ID or source ID', { orderAmount: 50, customerJson: '{"email":"a@example.com"}' }],
	])('%s: refused while the budget is set (it cannot be counted), nothing sent', async (_title, additionalFields) => {
		const { error } = await ctx.run(redeem({ type: 'giftCard', code: FIXTURES.giftCode, credits: 20 }, additionalFields));
		expect(error?.message).toMatch(/^Customer: is needed while Max Amount per Customer per Window is set/);
		expect(ctx.sent()).toEqual([]);
	});

	it('a call that moves no money (a discount code on an order of 0) reads no history and needs no customer', async () => {
		await ctx.run(redeem({ type: 'voucher', code: FIXTURES.percentCode }, { orderAmount: 0 }));
		expect(ctx.sent().map((request) => `${request.method} ${request.path}`)).toEqual(['POST /v1/redemptions']);
	});
});
