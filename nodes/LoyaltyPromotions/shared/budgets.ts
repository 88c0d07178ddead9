import { NodeOperationError, type IDataObject, type INodeProperties } from 'n8n-workflow';
import type { BudgetKind, OperationDefinition, ParamReader } from '../actions/types';
import { UNDONE_BEFORE_ERROR } from '../transport/errors';
import { builderTyped } from './builderSetting';
import { inWindow, walk, windowAt, type BudgetWrite, type Window } from './budgetOrder';
import { fail } from './validate';

/**
 * Budgets: the most one member or customer, or all of them together (a total), may receive or spend through the
 * node within a window, or a campaign gain in vouchers (cardBudgets.ts), over any number of calls, executions, MCP
 * sessions and queue-mode workers (points and purchases: loyaltyBudgets.ts). The node keeps no
 * count of its own (a process's memory is not shared by the others), and the service has no lock: it decides by
 * the service's own history and order (budgetOrder.ts). Before a write it reads the window's history and refuses a
 * call that would not fit, naming the budget, with nothing sent. After the write it reads the history again, this
 * write among them: when calls at the same moment took the budget first in the service's order, it undoes its
 * write at once (a points change back, a refund, a rollback) and refuses the call naming the budget and both IDs.
 * A budget is the workflow builder's (no expression, like the per-call bounds); 0 means none (and no extra request).
 */

export const DEFAULT_BUDGET_WINDOW_HOURS = 24;

/** The most pages of history read for one check (100 entries each): a longer history is refused, not guessed. */
const MAX_HISTORY_PAGES = 20;
export const PAGE_SIZE = 100;
/** The most members a program total reads (the service lists points changes per card and purchases per member only). */
export const MAX_PROGRAM_MEMBERS = 200;

export const budgetWindowProperty: INodeProperties = {
	displayName: 'Budget Window (Hours)',
	name: 'budgetWindowHours',
	noDataExpression: true,
	type: 'number',
	typeOptions: { minValue: 1, maxValue: 8784, numberPrecision: 0 },
	default: DEFAULT_BUDGET_WINDOW_HOURS,
	description:
		"The period a budget counts: consecutive periods of these hours from 1970-01-01 00:00 UTC (24: each UTC day). The changes the service recorded within the call's period count.",
};

/** A budget's setting: typed by the workflow builder (an expression is refused), 0 for none. */
function budgetProperty(displayName: string, name: string, numberPrecision: number, description: string): INodeProperties {
	return { displayName, name, noDataExpression: true, type: 'number', typeOptions: { minValue: 0, numberPrecision }, default: 0, description };
}

const maxPointsPerMemberProperty = budgetProperty(
	'Max Points per Member per Window',
	'maxPointsPerMember',
	0,
	"The most points this kind of change may add or take off one member's cards within the Budget Window, counted from the service's card transactions in its order; a call past it is refused, or undone at once when calls at the same moment took it first. 0: no budget.",
);

const maxPurchasesPerMemberProperty = budgetProperty(
	'Max Purchases per Member per Window',
	'maxPurchasesPerMember',
	0,
	"The most reward purchases one member may make within the Budget Window, counted from the service's list of the member's purchases in its order; a call past it is refused, or refunded at once when calls at the same moment took it first. 0: no budget.",
);

const maxAmountPerCustomerProperty = budgetProperty(
	'Max Amount per Customer per Window',
	'maxAmountPerCustomer',
	2,
	"The most money, in the currency's main unit, gift cards may pay for one customer within the Budget Window, counted from the service's list of the customer's successful redemptions in its order; a call past it, or one that names no customer, is refused, or rolled back at once when calls at the same moment took it first. 0: no budget.",
);

const maxPointsPerWindowProperty = budgetProperty(
	'Max Points per Window',
	'maxPointsPerWindow',
	0,
	`Like Max Points per Member per Window, over all members of the program together (read member by member: at most ${MAX_PROGRAM_MEMBERS} members). 0: no budget.`,
);

const maxPurchasesPerWindowProperty = budgetProperty(
	'Max Purchases per Window',
	'maxPurchasesPerWindow',
	0,
	`Like Max Purchases per Member per Window, over all members of the program together (at most ${MAX_PROGRAM_MEMBERS} members). 0: no budget.`,
);

const maxCardsPerWindowProperty = budgetProperty(
	'Max Cards per Window',
	'maxCardsPerWindow',
	0,
	"The most vouchers the campaign may gain within the Budget Window, counted from the service's list of its vouchers in its order; with it set, each voucher is its own request, and a call past it is refused, or its vouchers deleted at once. 0: no budget.",
);

const maxAmountPerWindowProperty = budgetProperty(
	'Max Amount per Window',
	'maxAmountPerWindow',
	2,
	"Like Max Amount per Customer per Window, over all customers together. 0: no budget.",
);

const maxVouchersPerCustomerProperty = budgetProperty(
	'Max Vouchers per Customer per Window',
	'maxVouchersPerCustomer',
	0,
	"The most vouchers published to one customer within the Budget Window, counted from the service's publications in its order; a call past it is refused, or its vouchers disabled at once. 0: no budget.",
);

const maxVouchersPerWindowProperty = budgetProperty(
	'Max Vouchers per Window',
	'maxVouchersPerWindow',
	0,
	"Like Max Vouchers per Customer per Window, over all customers together. 0: no budget.",
);

const showHundredths = (hundredths: number) => (hundredths / 100).toFixed(2);
const PAID_BY_GIFT_CARDS =
	"what gift cards paid in successful redemptions (each redemption's gift amount; failed ones count nothing, a later rollback gives nothing back); a call adds its Credits, and the order's amount for a gift card given none";
const PUBLISHED = 'the vouchers of successful publications (a join-once repeat adds none), whatever the campaign';

/** Each budget's parameter, what it counts, whose history, and how its numbers read, for the panel, the docs and the tests. */
export const BUDGETS: Record<BudgetKind, { property: INodeProperties; counts: string; who: string; unit: string; show: (value: number) => string }> = {
	memberPoints: {
		property: maxPointsPerMemberProperty,
		counts: "points added or taken off by hand (the card transactions ADMIN_CREDIT and ADMIN_DEBIT, whatever their status) on all the member's cards",
		who: 'member',
		unit: 'points',
		show: String,
	},
	memberPurchases: { property: maxPurchasesPerMemberProperty, counts: "the member's reward purchases (whatever their status)", who: 'member', unit: 'purchases', show: String },
	totalPoints: { property: maxPointsPerWindowProperty, counts: "the same points changes on the cards of all the program's members", who: 'program', unit: 'points', show: String },
	totalPurchases: { property: maxPurchasesPerWindowProperty, counts: "the reward purchases of all the program's members (whatever their status)", who: 'program', unit: 'purchases', show: String },
	campaignCards: { property: maxCardsPerWindowProperty, counts: "the campaign's vouchers created in the window, whoever added them", who: 'campaign', unit: 'vouchers', show: String },
	// the history and the call count hundredths; the budget is typed in the main unit
	customerAmount: { property: maxAmountPerCustomerProperty, counts: `for the customer, ${PAID_BY_GIFT_CARDS}`, who: 'customer', unit: 'redeemed', show: showHundredths },
	totalAmount: { property: maxAmountPerWindowProperty, counts: `over all customers, ${PAID_BY_GIFT_CARDS}`, who: 'project', unit: 'redeemed', show: showHundredths },
	customerVouchers: { property: maxVouchersPerCustomerProperty, counts: `for the customer, ${PUBLISHED}`, who: 'customer', unit: 'vouchers', show: String },
	totalVouchers: { property: maxVouchersPerWindowProperty, counts: `over all customers, ${PUBLISHED}`, who: 'project', unit: 'vouchers', show: String },
};

/** The parameters an operation with these budgets shows: each budget, then the window they share. */
export function budgetProperties(kinds: readonly BudgetKind[]): INodeProperties[] {
	return [...kinds.map((kind) => BUDGETS[kind].property), budgetWindowProperty];
}

/** A budget's setting as the workflow builder typed it (an expression would let an item or a model set it). */
function builderNumber(params: ParamReader, property: INodeProperties): number {
	builderTyped(params, property.name, property.displayName, 'budget');
	const value = Number(params.get(property.name, property.default));
	const min = property.typeOptions?.minValue ?? 0;
	const whole = property.typeOptions?.numberPrecision === 0;
	if (!Number.isFinite(value) || (whole && !Number.isInteger(value)) || value < min) {
		fail(params, property.displayName, `must be a ${whole ? 'whole number' : 'number'} of at least ${min} (got ${String(params.get(property.name))})`);
	}
	return value;
}

/** The budget of `kind`, or undefined when it is 0 (none). */
export function readBudget(params: ParamReader, kind: BudgetKind): number | undefined {
	const budget = builderNumber(params, BUDGETS[kind].property);
	return budget > 0 ? budget : undefined;
}

/** The fixed window `moment` falls in (now, before a write; the write's created_at, after it). */
export function windowOf(params: ParamReader, moment = Date.now()): Window {
	return windowAt(moment, builderNumber(params, budgetWindowProperty));
}

export const shownTime = (time: number) => new Date(time).toISOString();

/** Every entry of a v2 list created in `window` (and some just before, as the filter is strict), following its cursor; a longer history is refused. */
export async function historyIn(params: ParamReader, path: string, window: Window, label: string): Promise<IDataObject[]> {
	const entries: IDataObject[] = [];
	let cursor: string | undefined;
	for (let page = 0; page < MAX_HISTORY_PAGES; page++) {
		const query: IDataObject = { limit: PAGE_SIZE, order: '-created_at', 'filters[created_at][conditions][$after]': shownTime(window.start - 1) };
		if (cursor !== undefined) query.cursor = cursor;
		const answer = await params.send<IDataObject>({ method: 'GET', path, query });
		entries.push(...((answer.data as IDataObject[] | undefined) ?? []));
		const next = (answer.cursor as IDataObject | null | undefined)?.next;
		if (typeof next !== 'string' || next === '') return entries;
		cursor = next;
	}
	return tooLong(params, label, 'the member has');
}

/** A history longer than the node reads is refused, not guessed. */
export function tooLong(params: ParamReader, label: string, whose: string): never {
	return fail(params, label, `${whose} more than ${MAX_HISTORY_PAGES * PAGE_SIZE} entries in the Budget Window to count: shorten the window`);
}

export const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The successful redemptions in the window, the customer's or (none given) all of them (v1's paged list, oldest first); a longer history is refused. */
async function redemptionsIn(params: ParamReader, customer: string | undefined, window: Window): Promise<IDataObject[]> {
	const entries: IDataObject[] = [];
	for (let page = 1; page <= MAX_HISTORY_PAGES; page++) {
		// oldest first: a redemption made while the pages are read lands after them, so none is skipped
		const query: IDataObject = { result: 'SUCCESS', 'created_at[after]': shownTime(window.start - 1), order: 'created_at', limit: PAGE_SIZE, page };
		if (customer !== undefined) query.customer = customer;
		const answer = await params.send<IDataObject>({ method: 'GET', path: '/v1/redemptions', query });
		const data = (answer.redemptions as IDataObject[] | undefined) ?? [];
		entries.push(...data);
		if (data.length < PAGE_SIZE) return entries;
	}
	return customer === undefined ? tooLong(params, BUDGETS.totalAmount.property.displayName, 'the project has') : tooLong(params, BUDGETS.customerAmount.property.displayName, 'the customer has');
}

/**
 * What gift cards paid in the customer's successful redemptions in the window, one write per call: a stacked
 * redemption's parts (each naming its parent in `redemption`) count as their parent, at its earliest part's time.
 * A rollback is an entry of its own and gives nothing back: a result never changes, a status does.
 */
export async function customerAmountWrites(params: ParamReader, customer: string | undefined, window: Window): Promise<BudgetWrite[]> {
	const calls = new Map<string, BudgetWrite>();
	for (const entry of await redemptionsIn(params, customer, window)) {
		const id = text(entry.id);
		const at = text(entry.created_at);
		if (id === undefined || at === undefined || entry.object !== 'redemption' || entry.result !== 'SUCCESS' || !inWindow(window, at)) continue;
		const gift = Number((entry.gift as IDataObject | undefined)?.amount ?? 0);
		const call = text(entry.redemption) ?? id;
		const write = calls.get(call) ?? { id: call, at, size: 0 };
		if (Date.parse(at) < Date.parse(write.at)) write.at = at;
		if (Number.isFinite(gift) && gift > 0) write.size += gift;
		calls.set(call, write);
	}
	return [...calls.values()].filter((write) => write.size > 0);
}

/** A budget's setting in the unit its history counts (hundredths for money). */
function budgetCounted(params: ParamReader, kind: BudgetKind): number | undefined {
	const setting = readBudget(params, kind);
	if (setting === undefined) return undefined;
	return kind === 'customerAmount' || kind === 'totalAmount' ? Math.round(setting * 100) : setting;
}

const windowText = (params: ParamReader) => `${builderNumber(params, budgetWindowProperty)} h`;

/** Refuses `adding` more when `used` of `budget` is spent, naming the budget. */
function check(params: ParamReader, kind: BudgetKind, used: number, adding: number, budget: number): void {
	if (used + adding <= budget) return;
	const { property, who, unit, show } = BUDGETS[kind];
	const window = windowOf(params);
	throw new NodeOperationError(
		params.node,
		`${property.displayName}: is ${show(budget)} ${unit} in ${windowText(params)}, and the ${who} already has ${show(used)} in the window that ends ${shownTime(window.end)}, so this call's ${show(adding)} is refused: try again after that or raise ${property.displayName}`,
		{ itemIndex: params.itemIndex, description: `Nothing was written: the node only read the ${who}'s history from the service.` },
	);
}

/** Before a write: what the window's writes within the budget moved, plus `adding`, fits. */
export async function checkBefore(params: ParamReader, kind: BudgetKind, adding: number, read: (window: Window) => Promise<BudgetWrite[]>): Promise<void> {
	// the window is checked even with no budget, so a bad setting fails before anything is sent
	const window = windowOf(params);
	const budget = budgetCounted(params, kind);
	if (budget === undefined) return;
	check(params, kind, walk(await read(window), budget).used, adding, budget);
}

/** The customer a redemption names (ID or source ID), needed while the money budget is set and the call moves money. */
export function budgetCustomer(params: ParamReader, customer: IDataObject | undefined): string {
	const id = [customer?.id, customer?.source_id].find((value): value is string => typeof value === 'string' && value.trim() !== '');
	if (id === undefined) {
		const { displayName } = BUDGETS.customerAmount.property;
		fail(params, 'Customer', `is needed while ${displayName} is set: a redemption with no customer cannot be counted against a customer's budget (give the customer's ID or source ID)`);
	}
	return id.trim();
}

/**
 * Max Amount per Customer per Window and Max Amount per Window, before the redemption: what gift cards paid for
 * the customer (and for all customers) within it, plus `amount` (hundredths: what this call may take), fits. A call
 * that moves no money reads nothing; with the customer's budget set, one that does must name its customer
 * (`customer` of the request body), or it cannot be counted.
 */
export async function checkAmountBudgets(params: ParamReader, customer: IDataObject | undefined, amount: number): Promise<void> {
	windowOf(params);
	const perCustomer = readBudget(params, 'customerAmount');
	readBudget(params, 'totalAmount');
	if (amount === 0) return;
	if (perCustomer !== undefined) {
		const id = budgetCustomer(params, customer);
		await checkBefore(params, 'customerAmount', amount, async (window) => await customerAmountWrites(params, id, window));
	}
	await checkBefore(params, 'totalAmount', amount, async (window) => await customerAmountWrites(params, undefined, window));
}

/**
 * After a write: the window's writes as the service lists them, this one among them, walked in the service's
 * order. Within the budget: nothing to do. Past it: `undo` takes the write back at once (its answer's ID is named),
 * and the call is refused naming the budget and both IDs; the router keeps it from reading as applied.
 */
export async function settleBudget(
	params: ParamReader,
	kind: BudgetKind,
	call: BudgetWrite | BudgetWrite[],
	read: (window: Window) => Promise<BudgetWrite[]>,
	undo: () => Promise<string | undefined>,
): Promise<void> {
	const budget = budgetCounted(params, kind);
	// a call of several writes (vouchers added one by one) is kept whole or undone whole
	const own = Array.isArray(call) ? call : [call];
	if (budget === undefined || own.length === 0) return;
	const first = own[0];
	const window = windowOf(params, Number.isFinite(Date.parse(first.at)) ? Date.parse(first.at) : Date.now());
	const writes = await read(window);
	for (const write of own) if (!writes.some((listed) => listed.id === write.id)) writes.push(write);
	const { within, usedBefore } = walk(writes, budget);
	if (own.every((write) => within.has(write.id))) return;
	const { property, who, unit, show } = BUDGETS[kind];
	const before = usedBefore.get(first.id) ?? 0;
	const size = own.reduce((sum, write) => sum + write.size, 0);
	const ids = own.length === 1 ? first.id : `${first.id} and ${own.length - 1} more`;
	const cause = `${property.displayName}: is ${show(budget)} ${unit} in ${windowText(params)}, and calls at the same moment took the ${who} to it first: in the service's order, ${show(before)} came before this call's ${show(size)} (${ids}) in the window that ends ${shownTime(window.end)}`;
	let undoneBy: string | undefined;
	try {
		undoneBy = await undo();
	} catch (error) {
		throw new NodeOperationError(params.node, `${cause}, and undoing it failed: ${(error as Error).message}`, {
			itemIndex: params.itemIndex,
			description: `The write ${ids} is in the service and past the budget: undo it by hand.`,
		});
	}
	throw new NodeOperationError(params.node, `${cause}, so the node undid it at once${undoneBy ? ` (${undoneBy})` : ''}: try again after that or raise ${property.displayName}`, {
		itemIndex: params.itemIndex,
		description: `${UNDONE_BEFORE_ERROR} It was in the service only between its write and its undo.`,
	});
}

/** The budgets an operation declares (OperationDefinition.budgeted), for the docs and the tests. */
export function budgetsOf(operation: Pick<OperationDefinition, 'budgeted'>): BudgetKind[] {
	return [...(operation.budgeted ?? [])];
}

/**
 * After Redeem: past either budget in the service's order (the customer's, then the total), a rollback (of the
 * parent, for a stacked one) undoes it. Each budget walks its own history: a write one of them undid still counts
 * in the other's walk, which can leave that one unused room, never more than it holds.
 */
export async function settleAmountBudgets(params: ParamReader, customer: IDataObject | undefined, response: IDataObject): Promise<void> {
	const perCustomer = readBudget(params, 'customerAmount') !== undefined;
	if (!perCustomer && readBudget(params, 'totalAmount') === undefined) return;
	const parts = ((response.redemptions as IDataObject[] | undefined) ?? []).filter((part) => part.result === 'SUCCESS');
	const size = parts.reduce((sum, part) => sum + Math.max(0, Number((part.gift as IDataObject | undefined)?.amount ?? 0) || 0), 0);
	// a call that moved no money counts nothing (and was not checked against any customer)
	if (size === 0) return;
	const parent = response.parent_redemption as IDataObject | undefined;
	const id = text(parent?.id) ?? text(parts[0]?.id);
	const at = parts.map((part) => text(part.created_at)).filter((value): value is string => value !== undefined).sort()[0];
	if (id === undefined || at === undefined) return;
	const rollBack = (kind: BudgetKind) => async () => {
		const path = parent ? `/v1/redemptions/${encodeURIComponent(id)}/rollbacks` : `/v1/redemptions/${encodeURIComponent(id)}/rollback`;
		const answer = await params.send<IDataObject>({ method: 'POST', path, body: { reason: `Undone by ${BUDGETS[kind].property.displayName}` }, safeToRepeat: true });
		return text(answer.id) ?? text((answer.parent_rollback as IDataObject | undefined)?.id);
	};
	if (perCustomer) {
		const who = budgetCustomer(params, customer);
		await settleBudget(params, 'customerAmount', { id, at, size }, async (window) => await customerAmountWrites(params, who, window), rollBack('customerAmount'));
	}
	await settleBudget(params, 'totalAmount', { id, at, size }, async (window) => await customerAmountWrites(params, undefined, window), rollBack('totalAmount'));
}
