import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INodeParameters, INodeProperties, INodePropertyCollection } from 'n8n-workflow';
import { RESOURCES } from '../../nodes/LoyaltyPromotions/actions/resources';
import { isSafeToRepeat, type BudgetKind, type OperationDefinition } from '../../nodes/LoyaltyPromotions/actions/types';
import { FIXTURES } from '../emulator/index.cjs';
import type { Store } from '../emulator/state.cjs';
import { runAsTool } from '../harness/asTool.cjs';
import { credentialsFor } from '../harness/emulatorCredentials.cjs';
import { useEmulator } from './v2/helpers.cjs';
import { BUDGETS, budgetWindowProperty } from '../../nodes/LoyaltyPromotions/shared/budgets';
import { BOUNDS, boundedFields } from '../../nodes/LoyaltyPromotions/shared/limits';

/**
 * The bounds cannot be forgotten: every number field of the catalogue named like points, credits, an amount or a
 * balance is either bounded by its operation (OperationDefinition.bounded, which limits.test.cts runs field by
 * field) or listed here with the reason it moves nothing in its call. A new operation with such a field fails
 * here until it says which. Every bounded operation shows the bound it declares, and only those.
 */

/** Field names that may hold points or money. */
const VALUE_LIKE = /points?|credits?|amount|balance/i;

const DISCOUNT = "a discount's size: it takes off an order when the voucher is redeemed (never more than the order), and no balance moves in this call";
const ORDER = "the order's total: what the redeemables or the rules are checked against, not a balance that moves (a gift card's Credits, bounded, is what it pays)";
const ORDER_RECORD = "an order's or an item's amount: a record of a purchase, which moves no balance";
const DEFINITION = 'what a later earning, purchase or redemption gives or costs (a rule, benefit or reward, or its price): this call moves nothing';
const THRESHOLD = "a tier's range of points: which balances qualify, moving none";
const SETTING = "a period or a month of the points' expiry or pending settings: no points";

/** Number fields like points or money that move nothing in their call, by 'resource.operation path', and why. */
const NOT_BOUNDED: Record<string, string> = {
	...Object.fromEntries(
		['voucher.create', 'voucher.import', 'voucher.importCsv', 'campaign.create', 'promotionTier.create'].flatMap((key) => [
			[`${key} amountOff`, DISCOUNT],
			[`${key} fixedAmount`, DISCOUNT],
		]),
	),
	'validation.validate additionalFields.orderAmount': ORDER,
	'redemption.redeem additionalFields.orderAmount': ORDER,
	'qualification.checkEligibility additionalFields.orderAmount': ORDER,
	'loyaltyMember.redeemReward additionalFields.orderAmount': ORDER,
	'examine.earningRules orderAmount': ORDER,
	'order.create additionalFields.amount': ORDER_RECORD,
	'order.import additionalFields.amount': ORDER_RECORD,
	'order.update updateFields.amount': ORDER_RECORD,
	'earningRule.create earnings.earning.points': DEFINITION,
	'benefit.create points': DEFINITION,
	'benefit.create giftBalance': DEFINITION,
	'loyaltyReward.create giftBalance': DEFINITION,
	'loyaltyReward.create points': DEFINITION,
	'loyaltyReward.create costs.cost.points': DEFINITION,
	'reward.create credit': DEFINITION,
	'reward.create points': DEFINITION,
	'reward.create pointsRatio': DEFINITION,
	'rewardAssignment.create points': DEFINITION,
	'rewardAssignment.update updateFields.points': DEFINITION,
	'tierStructure.createTier minPoints': THRESHOLD,
	'tierStructure.createTier additionalFields.maxPoints': THRESHOLD,
	'tierStructure.updateTier updateFields.minPoints': THRESHOLD,
	'tierStructure.updateTier updateFields.maxPoints': THRESHOLD,
	'tierStructure.create pointEarnedPeriod': SETTING,
	'tierStructure.update updateFields.pointEarnedPeriod': SETTING,
	...Object.fromEntries(
		['create additionalFields', 'update updateFields'].flatMap((prefix) =>
			['pendingPointsPeriod', 'pointsExpirationPeriod', 'pointsExpirationRoundingMonth'].map((name) => [`cardDefinition.${prefix}.${name}`, SETTING]),
		),
	),
};

type Level = Array<INodeProperties | INodePropertyCollection>;

/** Every number field of an operation, by path ('points', 'additionalFields.pointsLimit', 'redeemables.redeemable.credits'). */
function numberFields(level: Level, prefix = ''): Array<{ path: string; property: INodeProperties }> {
	return level.flatMap((entry) => {
		const path = `${prefix}${entry.name}`;
		if ('values' in entry) return numberFields(entry.values, `${path}.`);
		const nested = (entry.options ?? []).filter((option): option is INodeProperties | INodePropertyCollection => 'type' in option || 'values' in option);
		if (nested.length > 0) return numberFields(nested, `${path}.`);
		return entry.type === 'number' ? [{ path, property: entry }] : [];
	});
}

const OPERATIONS = RESOURCES.flatMap((resource) => resource.operations.map((operation) => ({ key: `${resource.value}.${operation.value}`, operation })));

const BOUND_NAMES = new Set([...Object.values(BOUNDS), ...Object.values(BUDGETS)].map(({ property }) => property.name));

/** Each value-like number field of the catalogue, as 'resource.operation path', bounded or not. */
const VALUE_FIELDS = OPERATIONS.flatMap(({ key, operation }) => {
	const bounded = new Set(boundedFields(operation).map((field) => field.path));
	return numberFields(operation.properties)
		.filter(({ property }) => VALUE_LIKE.test(property.name) && !BOUND_NAMES.has(property.name))
		.map(({ path }) => ({ name: `${key} ${path}`, bounded: bounded.has(path) }));
});

it('every number field like points or money is bounded by its operation or listed with the reason it moves nothing', () => {
	expect(VALUE_FIELDS.filter((field) => !field.bounded && NOT_BOUNDED[field.name] === undefined).map((field) => field.name)).toEqual([]);
});

it('lists only fields that exist and are not bounded (the list only shrinks)', () => {
	const unbounded = new Set(VALUE_FIELDS.filter((field) => !field.bounded).map((field) => field.name));
	expect(Object.keys(NOT_BOUNDED).filter((name) => !unbounded.has(name))).toEqual([]);
});

it('every bounded field is a number whose name says points or money, or, bounded by Max Cards per Call, how many: a count or one per input item', () => {
	for (const { key, operation } of OPERATIONS) {
		for (const field of boundedFields(operation)) {
			const name = `${key} ${field.path}`;
			if (field.kind !== 'cards') {
				expect(`${name}: ${field.property.type}`).toBe(`${name}: number`);
				expect(field.property.name).toMatch(VALUE_LIKE);
			} else if (operation.batch) {
				// a batch operation's field that each input item gives once: the number of items is what is bounded
				expect(`${name}: ${field.parents.length}`).toBe(`${name}: 0`);
			} else {
				expect(`${name}: ${field.property.type}`).toBe(`${name}: number`);
				expect(field.property.name).toMatch(/count$/i);
				expect(field.property.typeOptions).toMatchObject({ minValue: 1, numberPrecision: 0 });
			}
		}
	}
});

it.each(OPERATIONS)('$key shows the bound and the budget of each kind it declares, and no other', ({ operation }) => {
	const declared = new Set([...boundedFields(operation).map((field) => BOUNDS[field.kind].property.name), ...(operation.budgeted ?? []).map((kind) => BUDGETS[kind].property.name)]);
	const shown = new Set(operation.properties.map((property) => property.name).filter((name) => BOUND_NAMES.has(name)));
	expect([...shown].sort()).toEqual([...declared].sort());
	// a signed change (Allowed Changes) is one the operation bounds
	if (operation.properties.some((property) => property.name === 'allowedChanges')) expect(declared.size).toBeGreaterThan(0);
});

/**
 * Operations that move points, money or cards, found by their endpoints (every alternative, the first request): each
 * is bounded per call (`bounded`), counted in a budget (`budgeted`), or listed below with the reason it needs
 * neither. A new operation on such an endpoint fails here until it says which.
 */
const MOVES: Array<[pattern: RegExp, what: string]> = [
	[/^POST \S+\/(points|balance)$/, 'adds or takes off points or money'],
	[/^POST \/v1\/redemptions$/, 'redeems: spends credits, points, uses'],
	[/^POST \/v1\/redemptions\/\{redemptionId\}\/rollbacks?$/, 'rolls back a redemption: gives back credits or points'],
	[/^POST \S+\/rewards\/purchases$/, 'buys a reward with points'],
	[/^POST \S+\/purchases\/\{rewardTransactionId\}\/refund$/, 'refunds a purchase: gives back points'],
	[/^POST \S+\/(pending|expiring)-points\/\{bucketId\}\/(activate|cancel|expire)$/, "settles a points bucket: changes a card's points"],
	[/^POST \S+\/redemption$/, "redeems a reward with a member's points"],
	[/^POST \S+\/orders\/payments$/, "pays an order with a card's points"],
	[/^POST \/v1\/(vouchers(\/\{code\})?|vouchers\/import(CSV)?)$/, 'issues cards (gift, loyalty) with balances'],
	[/^POST \/v1\/campaigns(\/\{campaignId\}\/(vouchers(\/\{code\})?|import(CSV)?))?$/, 'issues cards of a campaign'],
	[/^POST \/v1\/publications$/, 'gives customers cards or codes'],
	[/^POST \S+\/members(\/batch)?$/, 'adds members, each getting a card'],
	[/^(POST|PUT) \/v1\/orders(\/\{orderId\}|\/import)?$/, 'an order with status PAID earns points through earning rules'],
	[/^POST \/v1\/events$/, 'a custom event earns points through earning rules'],
];

const ONCE = 'the service applies it at most once to the record it names (a second call is refused)';
const EARNING = "what it earns is the program's earning rules' (built by the program's owner, bounded by them), not a value the call gives";
const ONE_MEMBER =
	"adds one member per call with no value given: the card starts as the program says (its card definitions' or its campaign's, set by the program's owner; Campaign → Create bounds a card's points); as a tool, Max Calls per Run limits how many times a run calls it";

/** Operations that move points, money or cards with neither a per-call bound nor a budget, and why that is safe. */
const NEEDS_NEITHER: Record<string, string> = {
	'programMember.refundRewardPurchase': `gives back the points of one purchase already made (which counted in Max Purchases per Member per Window); ${ONCE}`,
	'loyaltyCard.activatePendingPointBucket': `makes usable the points an earning rule already gave (a bucket the node cannot create or size); ${ONCE}`,
	'loyaltyCard.cancelPendingPointBucket': `takes away pending points, gives nothing; ${ONCE}`,
	'loyaltyCard.expirePointBucket': `takes away a bucket's points, gives nothing; ${ONCE}`,
	'redemption.rollback': `gives back what one redemption took (bounded by that call's own bounds); ${ONCE}`,
	'order.create': EARNING,
	'order.update': EARNING,
	'order.import': EARNING,
	'event.track': EARNING,
	'programMember.add': `${ONE_MEMBER}; a repeat for the same customer is refused`,
	'loyaltyMember.add': `${ONE_MEMBER}; one card per call (a program set to join once gives a member their existing card)`,
};

const endpoints = (endpoint: string) => endpoint.split(' or ').map((alternative) => alternative.split(' then ')[0].trim());

const MOVING = OPERATIONS.filter(({ operation }) => endpoints(operation.endpoint).some((endpoint) => MOVES.some(([pattern]) => pattern.test(endpoint))));

it('finds the operations that move points, money or cards named in issue 42', () => {
	const found = new Set(MOVING.map(({ key }) => key));
	const named = [
		'programMember.purchaseReward', 'programMember.refundRewardPurchase', 'loyaltyCard.activatePendingPointBucket', 'loyaltyCard.cancelPendingPointBucket',
		'loyaltyCard.expirePointBucket', 'redemption.rollback', 'campaign.addVouchers', 'publication.create', 'programMember.add', 'loyaltyMember.add',
		'order.create', 'event.track', 'campaign.create', 'redemption.redeem', 'loyaltyCard.adjustPoints',
	];
	expect(named.filter((key) => !found.has(key))).toEqual([]);
});

it('every operation that moves points, money or cards is bounded per call, counted in a budget, or listed with why it needs neither', () => {
	const unaccounted = MOVING.filter(({ key, operation }) => !operation.bounded && !operation.budgeted && NEEDS_NEITHER[key] === undefined);
	expect(unaccounted.map(({ key, operation }) => `${key}: ${operation.endpoint}`)).toEqual([]);
});

it('lists only moving operations, and none bounded or budgeted as needing neither (the list only shrinks)', () => {
	const moving = new Map(MOVING.map(({ key, operation }) => [key, operation]));
	expect(Object.keys(NEEDS_NEITHER).filter((key) => !moving.has(key) || moving.get(key)?.bounded || moving.get(key)?.budgeted)).toEqual([]);
});

it.each(OPERATIONS.filter(({ operation }) => operation.budgeted))('$key shows each budget it declares and the window', ({ operation }) => {
	const names = new Set(operation.properties.map((property) => property.name));
	for (const kind of operation.budgeted ?? []) expect(names.has(BUDGETS[kind].property.name)).toBe(true);
	expect(names.has(budgetWindowProperty.name)).toBe(true);
});

/**
 * Over time, not only per call: every write the shipped MCP example exposes as a tool (an operation not safe to
 * repeat, or one counted in a budget) has a budget set, and where the model names whose budget it is (a customer or
 * a member by `$fromAI`), a total over all of them too. Then each such tool is called past its budgets, one call
 * after another and 16 at once, with a new made-up customer or another member per call where it takes one, and
 * what the service holds stays within every budget set.
 */
const MCP_EXAMPLE = JSON.parse(readFileSync(join(__dirname, '..', '..', 'examples', 'loyalty-mcp-server.json'), 'utf8')) as {
	nodes: Array<{ name: string; type: string; parameters: INodeParameters }>;
};

/** The total that counts a per-customer or per-member budget's writes over every customer or member. */
const TOTAL_OF: Partial<Record<BudgetKind, BudgetKind>> = { customerAmount: 'totalAmount', customerVouchers: 'totalVouchers', memberPoints: 'totalPoints', memberPurchases: 'totalPurchases' };

const EXAMPLE_WRITES = MCP_EXAMPLE.nodes
	.filter((node) => node.type === 'n8n-nodes-loyalty-promotions.loyaltyPromotionsTool')
	.map((node) => ({ name: node.name, parameters: node.parameters, operation: OPERATIONS.find(({ key }) => key === `${node.parameters.resource}.${node.parameters.operation}`)!.operation }))
	.filter(({ operation }) => !isSafeToRepeat(operation) || operation.budgeted);

const budgetsSet = (parameters: INodeParameters, operation: OperationDefinition) => (operation.budgeted ?? []).filter((kind) => Number(parameters[BUDGETS[kind].property.name] ?? 0) > 0);

it("the MCP example's writes: Publish, Redeem, Add Loyalty Points, Purchase Reward", () => {
	expect(EXAMPLE_WRITES.map(({ name }) => name).sort()).toEqual(['Add Loyalty Points', 'Publish Voucher', 'Purchase Reward', 'Redeem Voucher']);
});

it.each(EXAMPLE_WRITES.map((tool) => [tool.name, tool] as const))('%s: a budget over calls, and a total where the model names whose budget it is', (_name, { parameters, operation }) => {
	const set = budgetsSet(parameters, operation);
	expect(set.length).toBeGreaterThan(0);
	for (const kind of set) if (TOTAL_OF[kind] !== undefined) expect(set).toContain(TOTAL_OF[kind]);
});

describe("the MCP example's writes called past their budgets", () => {
	const ctx = useEmulator();
	let madeUp = 0;
	/** Members of the program beside the fixtures' one, each with a card: each call names the next (a caller spreading calls). */
	const SPREAD = Array.from({ length: 12 }, (_, i) => ({ memberId: `lmbr_00000000b${i.toString(16).padStart(3, '0')}`, cardId: `lcrd_00000000b${i.toString(16).padStart(3, '0')}` }));
	const START_POINTS = 10_000_000;
	let member = 0;
	/** What the model passes, by the example's $fromAI key: a new made-up customer each call, the fixtures' IDs otherwise. */
	const ARGUMENTS: Record<string, () => string | number> = {
		customer: () => `made-up-customer-${++madeUp}`,
		campaignId: () => FIXTURES.welcomeCampaignId,
		code: () => FIXTURES.giftCode,
		orderAmount: () => 200,
		// the example names the member before the card: the card is the member's
		memberId: () => SPREAD[++member % SPREAD.length].memberId,
		cardId: () => SPREAD[member % SPREAD.length].cardId,
		points: () => 1_000,
		reason: () => 'goodwill',
		rewardId: () => FIXTURES.programRewardUnlimitedId,
	};
	const argumentsOf = (parameters: INodeParameters) =>
		Object.fromEntries(
			[...JSON.stringify(parameters).matchAll(/\$fromAI\('([A-Za-z0-9_-]+)'/g)].map(([, key]) => {
				if (ARGUMENTS[key] === undefined) throw new Error(`No argument for the example's $fromAI key ${key}`);
				return [key, ARGUMENTS[key]()];
			}),
		);

	/** What one call moves, by the arguments above, in each budget's unit (hundredths for money). */
	const PER_CALL: Partial<Record<BudgetKind, number>> = {
		memberPoints: 1_000,
		totalPoints: 1_000,
		memberPurchases: 1,
		totalPurchases: 1,
		customerAmount: 20_000,
		totalAmount: 20_000,
		customerVouchers: 1,
		totalVouchers: 1,
	};

	/** What the service holds in each budget's sense, as the budget counts it, after the calls. */
	const HELD: Partial<Record<BudgetKind, (state: Store) => number>> = {
		memberPoints: (state) => Math.max(0, ...Object.values(pointsByCard(state))),
		totalPoints: (state) => Object.values(pointsByCard(state)).reduce((sum, points) => sum + points, 0),
		memberPurchases: (state) => Math.max(0, ...Object.values(purchasesByMember(state))),
		totalPurchases: (state) => Object.values(purchasesByMember(state)).reduce((sum, count) => sum + count, 0),

		customerAmount: (state) => Math.max(0, ...Object.values(paidByCustomer(state))),
		totalAmount: (state) => Object.values(paidByCustomer(state)).reduce((sum, paid) => sum + paid, 0),
		customerVouchers: (state) => Math.max(0, ...Object.values(publishedByCustomer(state))),
		totalVouchers: (state) => Object.values(publishedByCustomer(state)).reduce((sum, count) => sum + count, 0),
	};
	// points added on each spread card (one card a member), and purchases not refunded per member
	const pointsByCard = (state: Store) => Object.fromEntries(SPREAD.map(({ cardId }) => [cardId, (state.cards.get(cardId)?.points ?? 0) - START_POINTS]));
	const purchasesByMember = (state: Store) => {
		const count: Record<string, number> = {};
		for (const [memberId, rows] of state.rewardTransactions) count[memberId] = rows.filter((row) => row.type === 'PURCHASE' && row.refunded !== true).length;
		return count;
	};
	/** A budget the example sets, with what one call moves and what the service holds for it (every one set needs both). */
	const measured = (kind: BudgetKind) => {
		const [perCall, held] = [PER_CALL[kind], HELD[kind]];
		if (perCall === undefined || held === undefined) throw new Error(`No measure for ${kind}: add it to PER_CALL and HELD`);
		return { perCall, held };
	};
	const paidByCustomer = (state: Store) => {
		const paid: Record<string, number> = {};
		for (const r of state.redemptions.values()) {
			if (r.result !== 'SUCCESS' || r.status === 'ROLLED_BACK' || Date.parse(String(r.created_at)) < Date.now() - 86_400_000) continue;
			paid[String(r.customer_id)] = (paid[String(r.customer_id)] ?? 0) + Number((r.gift as { amount?: number } | undefined)?.amount ?? 0);
		}
		return paid;
	};
	const publishedByCustomer = (state: Store) => {
		const count: Record<string, number> = {};
		for (const p of state.publications) {
			if (Date.parse(p.created_at) < Date.now() - 86_400_000) continue;
			const active = p.vouchers_id.filter((id) => state.vouchers.get(id)?.active).length;
			count[p.customer_id] = (count[p.customer_id] ?? 0) + active;
		}
		return count;
	};

	beforeEach(() => {
		const { state } = ctx.emu.control;
		// a gift card no one holds, with more than the budgets: any customer may pay with it
		const card = state.findVoucher(FIXTURES.giftCode)!;
		delete card.holder_id;
		card.gift = { ...card.gift!, amount: 5_000_000, balance: 5_000_000 };
		const fixture = state.members.get(FIXTURES.memberId)!;
		const fixtureCard = state.cards.get(FIXTURES.cardId)!;
		for (const { memberId, cardId } of SPREAD) {
			state.members.set(memberId, { ...fixture, id: memberId });
			state.cards.set(cardId, { ...fixtureCard, id: cardId, member_id: memberId, code: `LC-${cardId.slice(-6)}`, points: START_POINTS });
		}
	});

	describe.each(EXAMPLE_WRITES.map((tool) => [tool.name, tool] as const))('%s', (_name, { parameters, operation }) => {
		const set = budgetsSet(parameters, operation);
		/** A budget as its history counts it (hundredths for money). */
		const budgetOf = (kind: BudgetKind) => Number(parameters[BUDGETS[kind].property.name]) * (kind.endsWith('Amount') ? 100 : 1);
		/** Enough calls to pass every budget set, by several calls. */
		const calls = 5 + Math.max(...set.map((kind) => Math.ceil(budgetOf(kind) / measured(kind).perCall)));
		const within = () => {
			for (const kind of set) {
				const held = measured(kind).held(ctx.emu.control.state);
				if (held > budgetOf(kind)) throw new Error(`${BUDGETS[kind].property.displayName}: the service holds ${held}, past the budget's ${budgetOf(kind)}`);
				expect(held).toBeLessThanOrEqual(budgetOf(kind));
			}
		};
		const run = async () => await runAsTool({ parameters, toolArguments: argumentsOf(parameters), credentials: credentialsFor(ctx.emu) });

		it(`one call after another (${calls} calls): within every budget set, the calls past one refused naming it`, async () => {
			const results = [];
			for (let call = 0; call < calls; call++) results.push(await run());
			within();
			const refused = results.filter((result) => result.error !== undefined);
			expect(refused.length).toBeGreaterThan(0);
			for (const { error } of refused) expect(error).toMatch(/^Max \w+ per (Member |Customer )?(per )?Window: is /);
		}, 300_000);

		it('16 calls at the same moment: within every budget set', async () => {
			// the budgets first spent to one call short, then 16 at once
			for (let call = 0; call < calls - 6; call++) await run();
			await Promise.all(Array.from({ length: 16 }, run));
			within();
			// and the calls took a budget to its end, so the writes past it were made and undone, or refused
			expect(set.filter((kind) => measured(kind).held(ctx.emu.control.state) === budgetOf(kind)).length).toBeGreaterThan(0);
			// a total reads every member's history before and after each write: slow on a busy machine
		}, 300_000);
	});
});
