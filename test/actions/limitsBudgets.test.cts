import type { INodeParameters } from 'n8n-workflow';
import { RESOURCES } from '../../nodes/LoyaltyPromotions/actions/resources';
import type { BudgetKind } from '../../nodes/LoyaltyPromotions/actions/types';
import { windowAt } from '../../nodes/LoyaltyPromotions/shared/budgetOrder';
import { BUDGETS, budgetWindowProperty } from '../../nodes/LoyaltyPromotions/shared/budgets';
import { FIXTURES } from '../emulator/index.cjs';
import type { Store } from '../emulator/state.cjs';
import { fromAI, runAsTool } from '../harness/asTool.cjs';
import { credentialsFor } from '../harness/emulatorCredentials.cjs';
import { minimalParameters } from './minimal.cjs';
import { useEmulator } from './v2/helpers.cjs';

/**
 * Budgets per member and window, generated from the operations that declare them (OperationDefinition.budgeted):
 * calls one after another stop at the budget, refused naming it with nothing written; the count is the service's
 * own history (so it holds across executions, sessions and workers), only within the window; a dry run counts nothing;
 * the budget is the workflow builder's (no expression, no model); and 16 calls at the same moment end within it:
 * each call past it in the service's order undoes its write and is refused naming the budget and both IDs.
 */

const ctx = useEmulator();

const BUDGETED = RESOURCES.flatMap((resource) =>
	resource.operations.flatMap((operation) => (operation.budgeted ?? []).map((kind) => ({ key: `${resource.value}.${operation.value}`, resource: resource.value, operation, kind }))),
);

/** The budget's number as the service's history counts it (hundredths for money), shown as the refusal shows it. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const CUSTOMER = { __rl: true, mode: 'id', value: FIXTURES.customerId };

/** A new source ID each time it is read: a caller making up a customer per call (the service creates it). */
let madeUp = 0;
function nextMadeUpCustomer(): string {
	return `made-up-${++madeUp}`;
}

/** Members of the program beside the fixtures' one, each with a card: a caller spreading calls over members. */
const SPREAD = Array.from({ length: 20 }, (_, i) => ({ memberId: `lmbr_00000000a${i.toString(16).padStart(3, '0')}`, cardId: `lcrd_00000000a${i.toString(16).padStart(3, '0')}` }));
const SPREAD_POINTS = 10_000_000;
let spreadNext = 0;
/** The next member of SPREAD, in turn. */
const nextMember = () => SPREAD[spreadNext++ % SPREAD.length];
function addSpreadMembers(state: Store): void {
	const fixture = state.members.get(FIXTURES.memberId)!;
	const card = state.cards.get(FIXTURES.cardId)!;
	for (const { memberId, cardId } of SPREAD) {
		state.members.set(memberId, { ...fixture, id: memberId });
		state.cards.set(cardId, { ...card, id: cardId, member_id: memberId, code: `LC-${cardId.slice(-6)}`, points: SPREAD_POINTS });
	}
}
const spreadPoints = (state: Store) => SPREAD.reduce((sum, { cardId }) => sum + (state.cards.get(cardId)?.points ?? 0) - SPREAD_POINTS, 0);
const purchases = (state: Store) => [...state.rewardTransactions.values()].flat().filter((row) => row.type === 'PURCHASE' && row.refunded !== true).length;
const campaignCards = (state: Store) => [...state.vouchers.values()].filter((voucher) => voucher.campaign_id === FIXTURES.discountCampaignId).length;

/** The welcome campaign's codes given to a customer and still active (a disabled code gives nothing). */
const activeWelcomeCodes = (state: Store) => [...state.vouchers.values()].filter((voucher) => voucher.campaign_id === FIXTURES.welcomeCampaignId && voucher.holder_id !== null && voucher.active).length;

/**
 * Per budget: the budget as counted and as typed, each call's amount, the calls that fit, what the test sends, how
 * it reads what was written, the window filter the history read sends, and how a model names whose budget it is.
 */
interface Plan {
	budget: number;
	setting: number;
	perCall: number;
	fits: number;
	extra: () => INodeParameters;
	writes: RegExp;
	/** The created_at filter the history read sends (none: the list has none, and is read newest first). */
	windowKey: string | undefined;
	fromModel: INodeParameters;
	toolArguments: Record<string, string>;
	remains: (state: Store) => number;
	/** What the service holds before each test beyond the fixtures. */
	prepare?: (state: Store) => void;
}

const PLAN: Record<BudgetKind, Plan> = {
	memberPoints: {
		budget: 2_500,
		setting: 2_500,
		perCall: 1_000,
		fits: 2,
		extra: (): INodeParameters => ({ points: 1_000, maxPointsPerCall: 1_000 }),
		writes: /\/points$/,
		windowKey: 'filters[created_at][conditions][$after]',
		fromModel: { memberId: { __rl: true, mode: 'id', value: fromAI('memberId', 'string') } } as INodeParameters,
		toolArguments: { memberId: FIXTURES.memberId },
		remains: (state: Store) => state.cards.get(FIXTURES.cardId)?.points ?? 0,
	},
	memberPurchases: {
		budget: 3,
		setting: 3,
		perCall: 1,
		fits: 3,
		extra: (): INodeParameters => ({}),
		writes: /\/rewards\/purchases$/,
		windowKey: 'filters[created_at][conditions][$after]',
		fromModel: { memberId: { __rl: true, mode: 'id', value: fromAI('memberId', 'string') } } as INodeParameters,
		toolArguments: { memberId: FIXTURES.memberId },
		remains: purchases,
	},
	// the totals over the program's members: each call another member, and the sum still stops at the budget
	totalPoints: {
		budget: 2_500,
		setting: 2_500,
		perCall: 1_000,
		fits: 2,
		extra: (): INodeParameters => ({ points: 1_000, maxPointsPerCall: 1_000, ...nextMember() }),
		writes: /\/points$/,
		windowKey: 'filters[created_at][conditions][$after]',
		fromModel: { memberId: { __rl: true, mode: 'id', value: fromAI('memberId', 'string') }, cardId: { __rl: true, mode: 'id', value: fromAI('cardId', 'string') } } as INodeParameters,
		toolArguments: { memberId: FIXTURES.memberId, cardId: FIXTURES.cardId },
		remains: (state: Store) => spreadPoints(state) + (state.cards.get(FIXTURES.cardId)?.points ?? 0),
		prepare: addSpreadMembers,
	},
	totalPurchases: {
		budget: 3,
		setting: 3,
		perCall: 1,
		fits: 3,
		extra: (): INodeParameters => ({ memberId: nextMember().memberId }),
		writes: /\/rewards\/purchases$/,
		windowKey: 'filters[created_at][conditions][$after]',
		fromModel: { memberId: { __rl: true, mode: 'id', value: fromAI('memberId', 'string') } } as INodeParameters,
		toolArguments: { memberId: FIXTURES.memberId },
		remains: purchases,
		prepare: addSpreadMembers,
	},
	// one voucher a call (Count 1); a call of several is kept or deleted whole (below)
	campaignCards: {
		budget: 3,
		setting: 3,
		perCall: 1,
		fits: 3,
		extra: (): INodeParameters => ({}),
		writes: /^\/v1\/campaigns\/[^/]+\/vouchers$/,
		windowKey: 'created_at[after]',
		fromModel: { campaignId: { __rl: true, mode: 'id', value: fromAI('campaignId', 'string') } } as INodeParameters,
		toolArguments: { campaignId: FIXTURES.discountCampaignId },
		remains: campaignCards,
	},
	// the gift card holds 100.00: 20.00 a call (even 5 at once), a budget of 50.00 takes two calls
	customerAmount: {
		budget: 5_000,
		setting: 50,
		perCall: 2_000,
		fits: 2,
		extra: (): INodeParameters => ({ redeemables: { redeemable: [{ type: 'giftCard', code: FIXTURES.giftCode, credits: 20 }] }, additionalFields: { customer: CUSTOMER, orderAmount: 50 } }),
		writes: /^\/v1\/redemptions$/,
		windowKey: 'created_at[after]',
		fromModel: { additionalFields: { customer: { ...CUSTOMER, value: fromAI('customer', 'string') } } } as INodeParameters,
		toolArguments: { customer: FIXTURES.customerId },
		remains: (state: Store) => -(state.findVoucher(FIXTURES.giftCode)?.gift?.balance ?? 0),
	},
	// the total over all customers: each call names another customer, and the sum still stops at the budget
	totalAmount: {
		budget: 5_000,
		setting: 50,
		perCall: 2_000,
		fits: 2,
		extra: (): INodeParameters => ({ redeemables: { redeemable: [{ type: 'giftCard', code: FIXTURES.giftCode, credits: 20 }] }, additionalFields: { customer: { ...CUSTOMER, value: nextMadeUpCustomer() }, orderAmount: 50 } }),
		writes: /^\/v1\/redemptions$/,
		windowKey: 'created_at[after]',
		fromModel: { additionalFields: { customer: { ...CUSTOMER, value: fromAI('customer', 'string') } } } as INodeParameters,
		toolArguments: { customer: 'made-up-by-the-model' },
		remains: (state: Store) => -(state.findVoucher(FIXTURES.giftCode)?.gift?.balance ?? 0),
		// a gift card held by no one (as a shop's card any customer may pay with)
		prepare: (state: Store) => {
			delete state.findVoucher(FIXTURES.giftCode)!.holder_id;
		},
	},
	// the welcome campaign issues a new code for every publication (Join Once off: each call is one more voucher)
	customerVouchers: {
		budget: 3,
		setting: 3,
		perCall: 1,
		fits: 3,
		extra: (): INodeParameters => ({ joinOnce: false }),
		writes: /^\/v1\/publications$/,
		windowKey: undefined,
		fromModel: { customer: { ...CUSTOMER, value: fromAI('customer', 'string') } } as INodeParameters,
		toolArguments: { customer: FIXTURES.customerId },
		remains: (state: Store) => activeWelcomeCodes(state),
	},
	totalVouchers: {
		budget: 3,
		setting: 3,
		perCall: 1,
		fits: 3,
		extra: (): INodeParameters => ({ joinOnce: false, customer: { ...CUSTOMER, value: nextMadeUpCustomer() } }),
		writes: /^\/v1\/publications$/,
		windowKey: undefined,
		fromModel: { customer: { ...CUSTOMER, value: fromAI('customer', 'string') } } as INodeParameters,
		toolArguments: { customer: 'made-up-by-the-model' },
		remains: (state: Store) => activeWelcomeCodes(state),
	},
};

it('the operations that count in a budget', () => {
	expect(BUDGETED.map(({ key, kind }) => `${key} ${kind}`).sort()).toEqual([
			'campaign.addVouchers campaignCards',
			'loyaltyCard.adjustPoints memberPoints',
			'loyaltyCard.adjustPoints totalPoints',
			'programMember.purchaseReward memberPurchases',
			'programMember.purchaseReward totalPurchases',
			'publication.create customerVouchers',
			'publication.create totalVouchers',
			'redemption.redeem customerAmount',
			'redemption.redeem totalAmount',
		]);
});

describe.each(BUDGETED.map((entry) => [`${entry.key} (${BUDGETS[entry.kind].property.displayName})`, entry] as const))('%s', (_title, { key, resource, operation: definition, kind }) => {
	const plan = PLAN[kind];
	const { show, who } = BUDGETS[kind];
	const label = BUDGETS[kind].property.displayName;
	const budgetParameter = BUDGETS[kind].property.name;
	beforeEach(() => plan.prepare?.(ctx.emu.control.state));
	const writes = () => ctx.sent().filter((request) => request.method === 'POST' && plan.writes.test(request.path));
	const parameters = async (extra: INodeParameters = {}): Promise<INodeParameters> => ({
		resource,
		operation: definition.value,
		...(await minimalParameters(key, ctx.emu)),
		...plan.extra(),
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
			new RegExp(`^${label}: is ${escape(show(plan.budget))} \\w+ in 24 h, and the ${who} already has ${escape(show(plan.fits * plan.perCall))} in the window that ends \\S+, so this call's ${escape(show(plan.perCall))} is refused: try again after that or raise ${label}`),
		);
		expect(error?.description).toMatch(/^Nothing was written/);
		expect(writes()).toEqual([]);
	});

	it("reads only the window's history: the fixed window's start (periods of its hours from 00:00 UTC) sent as the service's created_at filter, or a list read newest first", async () => {
		const { start } = windowAt(Date.now(), 2);
		await ctx.run(await parameters({ budgetWindowHours: 2 }));
		const { windowKey } = plan;
		if (windowKey === undefined) {
			const reads = ctx.sent().filter((request) => request.method === 'GET');
			expect(reads.length).toBeGreaterThan(0);
			for (const read of reads) expect(read.query.order).toBe('-created_at');
			return;
		}
		const reads = ctx.sent().filter((request) => request.method === 'GET' && request.query[windowKey] !== undefined);
		expect(reads.length).toBeGreaterThan(0);
		// the filter is strict (after): a millisecond before the window, so a write at its first moment counts
		for (const read of reads) expect(Date.parse(read.query[windowKey])).toBe(start - 1);
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

	it('16 calls at the same moment: what remains is within the budget, each call past it undone and refused naming the budget and both IDs', async () => {
		const k = 16;
		const before = plan.remains(ctx.emu.control.state);
		const results = await Promise.all(Array.from({ length: k }, async () => ctx.run(await parameters())));
		const accepted = results.filter((result) => result.error === undefined);
		const undone = results.filter((result) => /came before this call's/.test(result.error?.message ?? ''));
		// what the service holds: the accepted writes, and nothing of the undone ones
		const moved = plan.remains(ctx.emu.control.state) - before;
		expect(moved).toBe(accepted.length * plan.perCall);
		expect(moved).toBeLessThanOrEqual(plan.budget);
		// the writes that fit in the service's order are kept: as many as fit
		expect(accepted.length).toBe(plan.fits);
		// the calls' reads all come before the first write lands: most pass the check before the write
		expect(undone.length).toBeGreaterThan(0);
		for (const { error } of undone) {
			// the write's ID and its undo's (a publication's undo disables its codes, which are not named)
			expect(error?.message).toMatch(new RegExp(`^${label}: is ${escape(show(plan.budget))} \\w+ in 24 h, and calls at the same moment took the ${who} to it first: in the service's order, .* \\((lctx|lrtx|r|pub|v)_[0-9a-zA-Z]+\\) .*so the node undid it at once( \\((lctx|lrtx|rr)_[0-9a-f]+\\))?: `));
			expect(error?.description).toMatch(/^The node undid the write before this error, so nothing of it remains\./);
		}
		// every other call was refused before it wrote, naming the budget
		for (const { error } of results.filter((result) => result.error !== undefined && !undone.includes(result))) expect(error?.message).toMatch(new RegExp(`^${label}: |insufficient|balance|stock|exceeded`, 'i'));
		// the next call, one after another, is refused before it writes
		ctx.emu.control.clearRequests();
		if (accepted.length === plan.fits) expect((await ctx.run(await parameters())).error?.message).toMatch(new RegExp(`^${label}: is `));
	});
});

describe('what counts', () => {
	it("Add or Subtract Points: a change the service REJECTED (below zero) counts too (a status changes after a call reads it, and every call must count the same); every one of the member's cards counts", async () => {
		const base = { resource: 'loyaltyCard', operation: 'adjustPoints', ...(await minimalParameters('loyaltyCard.adjustPoints', ctx.emu)), maxPointsPerMember: 2_500, maxPointsPerCall: 100_000 } as INodeParameters;
		// the second card has no points: taking 1,000 off is REJECTED by the service
		const rejected = await ctx.run({ ...base, cardId: FIXTURES.cardPendingPointsDisabled, points: -1_000 });
		expect(rejected.error).toBeUndefined();
		const first = await ctx.run({ ...base, points: 1_000 });
		expect(first.error).toBeUndefined();
		// 2,000 counted over both cards: the second card's 600 goes past 2,500
		ctx.emu.control.clearRequests();
		const second = await ctx.run({ ...base, cardId: FIXTURES.cardPendingPointsDisabled, points: 600 });
		expect(second.error?.message).toMatch(/^Max Points per Member per Window: is 2500 points in 24 h, and the member already has 2000/);
		expect(ctx.sent().filter((request) => request.method === 'POST')).toEqual([]);
	});

	it("Add or Subtract Points: a Reason may not pass for the node's own undo (which counts nothing), nothing sent", async () => {
		const base = { resource: 'loyaltyCard', operation: 'adjustPoints', ...(await minimalParameters('loyaltyCard.adjustPoints', ctx.emu)), maxPointsPerMember: 2_500, points: 1_000 } as INodeParameters;
		await ctx.expectInvalid({ ...base, additionalFields: { reason: 'undone BY Max Points per Member per Window: lctx_0a1b' } }, 'Reason', /may not start with "Undone by Max Points per Member per Window:"/);
	});

	it('a program total over more members than the node reads (200) is refused naming it, nothing written', async () => {
		const { state } = ctx.emu.control;
		const fixture = state.members.get(FIXTURES.memberId)!;
		for (let i = 0; i < 200; i++) state.members.set(`lmbr_00000000c${i.toString(16).padStart(3, '0')}`, { ...fixture, id: `lmbr_00000000c${i.toString(16).padStart(3, '0')}` });
		const base = { resource: 'loyaltyCard', operation: 'adjustPoints', ...(await minimalParameters('loyaltyCard.adjustPoints', ctx.emu)), maxPointsPerWindow: 2_500 } as INodeParameters;
		const { error } = await ctx.run(base);
		expect(error?.message).toMatch(/^Max Points per Window: the program has more than 200 members to count/);
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
		expect(over.error?.message).toMatch(/^Max Amount per Customer per Window: is 60\.00 redeemed in 24 h, and the customer already has 45\.00 in the window that ends \S+, so this call's 20\.00 is refused/);
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

describe('what counts: Max Vouchers per Customer per Window and Max Vouchers per Window (Publication → Create)', () => {
	const publish = (extra: INodeParameters): INodeParameters => ({
		resource: 'publication',
		operation: 'create',
		source: 'campaign',
		campaignId: { __rl: true, mode: 'id', value: FIXTURES.welcomeCampaignId },
		customer: CUSTOMER,
		joinOnce: false,
		...extra,
	});
	const posts = () => ctx.sent().filter((request) => request.method === 'POST');

	it("a publication counts its vouchers (Number of Vouchers), by the customer's ID or source ID", async () => {
		expect((await ctx.run(publish({ maxVouchersPerCustomer: 3, additionalFields: { count: 2 } }))).error).toBeUndefined();
		ctx.emu.control.clearRequests();
		const bySourceId = { ...CUSTOMER, value: FIXTURES.customerSourceId };
		const over = await ctx.run(publish({ maxVouchersPerCustomer: 3, customer: bySourceId, additionalFields: { count: 2 } }));
		expect(over.error?.message).toMatch(/^Max Vouchers per Customer per Window: is 3 vouchers in 24 h, and the customer already has 2 in the window that ends \S+, so this call's 2 is refused/);
		expect(posts()).toEqual([]);
		expect((await ctx.run(publish({ maxVouchersPerCustomer: 3, customer: bySourceId }))).error).toBeUndefined();
	});

	it('a Join Once repeat returns the same voucher and adds nothing, but once the budget is spent it is refused before it like any call', async () => {
		const once = publish({ joinOnce: true, maxVouchersPerWindow: 2 });
		const first = await ctx.run(once);
		const repeat = await ctx.run(once);
		expect(repeat.items[0]?.json.id).toBe(first.items[0]?.json.id);
		// one voucher counted: another customer's publication still fits
		expect((await ctx.run(publish({ maxVouchersPerWindow: 2, customer: { ...CUSTOMER, value: 'made-up-join-once' } }))).error).toBeUndefined();
		ctx.emu.control.clearRequests();
		expect((await ctx.run(once)).error?.message).toMatch(/^Max Vouchers per Window: is 2 vouchers in 24 h, and the project already has 2/);
		expect(posts()).toEqual([]);
	});
});

describe('what counts: Max Cards per Window (Campaign → Add Vouchers)', () => {
	const add = (count: number): INodeParameters => ({ resource: 'campaign', operation: 'addVouchers', campaignId: { __rl: true, mode: 'id', value: FIXTURES.discountCampaignId }, count, maxCardsPerWindow: 5 });

	it('with the budget set, each voucher is its own request and the output is the vouchers; a call that does not fit is refused before it', async () => {
		const first = await ctx.run(add(3));
		expect(first.error).toBeUndefined();
		expect(first.items.map((item) => item.json.object)).toEqual(['voucher', 'voucher', 'voucher']);
		ctx.emu.control.clearRequests();
		expect((await ctx.run(add(3))).error?.message).toMatch(/^Max Cards per Window: is 5 vouchers in 24 h, and the campaign already has 3 in the window that ends \S+, so this call's 3 is refused/);
		expect(ctx.sent().filter((request) => request.method === 'POST')).toEqual([]);
	});

	it('8 calls of 2 at the same moment: the campaign gains at most the budget, and each call all its vouchers or none', async () => {
		const before = campaignCards(ctx.emu.control.state);
		const results = await Promise.all(Array.from({ length: 8 }, async () => await ctx.run(add(2))));
		const gained = campaignCards(ctx.emu.control.state) - before;
		const accepted = results.filter((result) => result.error === undefined);
		expect(gained).toBeLessThanOrEqual(5);
		expect(gained).toBe(accepted.length * 2);
		for (const { items } of accepted) expect(items).toHaveLength(2);
		for (const { error } of results.filter((result) => result.error !== undefined)) expect(error?.message).toMatch(/^Max Cards per Window: is 5 vouchers in 24 h/);
	});
});
