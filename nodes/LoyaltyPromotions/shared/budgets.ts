import { NodeOperationError, type IDataObject, type INodeProperties } from 'n8n-workflow';
import type { BudgetKind, OperationDefinition, ParamReader } from '../actions/types';
import { builderTyped } from './builderSetting';
import { fail } from './validate';

/**
 * Budgets: the most one member (or, for money redeemed, one customer) may receive or spend through the node
 * within a time window, over any number of calls, executions, MCP sessions and queue-mode workers. The node keeps no count of its own (a process's memory
 * is not shared by the others): before a write it reads what the service's own history already holds for the
 * member within the window, and refuses a call that would take it past the budget, naming the budget. A budget is
 * the workflow builder's (no expression, like the per-call bounds); 0 means none (and no extra request).
 *
 * What holds: calls that run one after another never go past a budget. Calls that run at the same moment may each
 * read the history before the others' writes are in it; each then still passes only if the history plus its own
 * value fits, so k such calls together go past the budget by at most (k − 1) × the per-call bound (Max Points per
 * Call) for points, (k − 1) purchases for purchases, and (k − 1) × Max Amount per Call for a customer's redemptions.
 */

export const DEFAULT_BUDGET_WINDOW_HOURS = 24;

/** The most pages of history read for one check (100 entries each): a longer history is refused, not guessed. */
const MAX_HISTORY_PAGES = 20;
const PAGE_SIZE = 100;

export const budgetWindowProperty: INodeProperties = {
	displayName: 'Budget Window (Hours)',
	name: 'budgetWindowHours',
	noDataExpression: true,
	type: 'number',
	typeOptions: { minValue: 1, maxValue: 8784, numberPrecision: 0 },
	default: DEFAULT_BUDGET_WINDOW_HOURS,
	description: "The period a budget counts, ending at the call: the member's changes the service recorded within it count",
};

/** A budget's setting: typed by the workflow builder (an expression is refused), 0 for none. */
function budgetProperty(displayName: string, name: string, numberPrecision: number, description: string): INodeProperties {
	return { displayName, name, noDataExpression: true, type: 'number', typeOptions: { minValue: 0, numberPrecision }, default: 0, description };
}

const maxPointsPerMemberProperty = budgetProperty(
	'Max Points per Member per Window',
	'maxPointsPerMember',
	0,
	"The most points this kind of change may add or take off one member's cards within the Budget Window, counted from the service's card transactions; a call past it is refused before anything is sent. 0: no budget.",
);

const maxPurchasesPerMemberProperty = budgetProperty(
	'Max Purchases per Member per Window',
	'maxPurchasesPerMember',
	0,
	"The most reward purchases one member may make within the Budget Window, counted from the service's list of the member's purchases; a call past it is refused before anything is sent. 0: no budget.",
);

const maxAmountPerCustomerProperty = budgetProperty(
	'Max Amount per Customer per Window',
	'maxAmountPerCustomer',
	2,
	"The most money, in the currency's main unit, gift cards may pay for one customer within the Budget Window, counted from the service's list of the customer's successful redemptions; a call past it, or one that names no customer, is refused before anything is sent. 0: no budget.",
);

/** Each budget's parameter, what it counts, whose history, and how its numbers read, for the panel, the docs and the tests. */
export const BUDGETS: Record<BudgetKind, { property: INodeProperties; counts: string; who: string; unit: string; show: (value: number) => string }> = {
	memberPoints: {
		property: maxPointsPerMemberProperty,
		counts: "points added or taken off by hand (the card transactions ADMIN_CREDIT and ADMIN_DEBIT, not REJECTED) on all the member's cards",
		who: 'member',
		unit: 'points',
		show: String,
	},
	memberPurchases: { property: maxPurchasesPerMemberProperty, counts: "the member's reward purchases (not REJECTED)", who: 'member', unit: 'purchases', show: String },
	customerAmount: {
		property: maxAmountPerCustomerProperty,
		counts:
			"what gift cards paid in the customer's successful redemptions (each redemption's gift amount; failed ones count nothing, a later rollback gives nothing back); a call adds its Credits, and the order's amount for a gift card given none",
		who: 'customer',
		unit: 'redeemed',
		// the history and the call count hundredths; the budget is typed in the main unit
		show: (hundredths) => (hundredths / 100).toFixed(2),
	},
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
function readBudget(params: ParamReader, kind: BudgetKind): number | undefined {
	const budget = builderNumber(params, BUDGETS[kind].property);
	return budget > 0 ? budget : undefined;
}

/** The moment the window starts, as the service's date filters take it. */
function windowStart(params: ParamReader): string {
	const hours = builderNumber(params, budgetWindowProperty);
	return new Date(Date.now() - hours * 3_600_000).toISOString();
}

/** Every entry of a v2 list created after `since`, following its cursor; a history longer than the check reads is refused. */
async function historySince(params: ParamReader, path: string, since: string, label: string): Promise<IDataObject[]> {
	const entries: IDataObject[] = [];
	let cursor: string | undefined;
	for (let page = 0; page < MAX_HISTORY_PAGES; page++) {
		const query: IDataObject = { limit: PAGE_SIZE, order: '-created_at', 'filters[created_at][conditions][$after]': since };
		if (cursor !== undefined) query.cursor = cursor;
		const answer = await params.send<IDataObject>({ method: 'GET', path, query });
		entries.push(...((answer.data as IDataObject[] | undefined) ?? []));
		const next = (answer.cursor as IDataObject | null | undefined)?.next;
		if (typeof next !== 'string' || next === '') return entries;
		cursor = next;
	}
	return fail(params, label, `the member has more than ${MAX_HISTORY_PAGES * PAGE_SIZE} entries in the Budget Window to count: shorten the window`);
}

const counted = (entry: IDataObject) => entry.status !== 'REJECTED';

/** Refuses `adding` more when `used` of `budget` is spent, naming the budget. */
function check(params: ParamReader, kind: BudgetKind, used: number, adding: number, budget: number): void {
	if (used + adding <= budget) return;
	const { property, who, unit, show } = BUDGETS[kind];
	const hours = builderNumber(params, budgetWindowProperty);
	throw new NodeOperationError(
		params.node,
		`${property.displayName}: is ${show(budget)} ${unit} in ${hours} h, and the ${who} already has ${show(used)} in that window, so this call's ${show(adding)} is refused: try again later or raise ${property.displayName}`,
		{ itemIndex: params.itemIndex, description: `Nothing was written: the node only read the ${who}'s history from the service.` },
	);
}

/**
 * Max Points per Member per Window: the size of the points manual changes moved on all the member's cards within
 * the window (read from the member's cards, then each card's transactions), plus `points`, within the budget.
 */
export async function checkMemberPointsBudget(params: ParamReader, memberPath: string, points: number): Promise<void> {
	// the window is checked even with no budget, so a bad setting fails before anything is sent
	const since = windowStart(params);
	const budget = readBudget(params, 'memberPoints');
	if (budget === undefined) return;
	const member = await params.send<IDataObject>({ method: 'GET', path: memberPath });
	// the contract's MemberCard: { member_role, card: { id, … } | null }
	const cards = ((member.cards as IDataObject[] | undefined) ?? []).flatMap((entry) => {
		const id = (entry.card as IDataObject | null | undefined)?.id;
		return typeof id === 'string' ? [id] : [];
	});
	let used = 0;
	for (const card of cards) {
		const history = await historySince(params, `${memberPath}/cards/${encodeURIComponent(card)}/transactions`, since, BUDGETS.memberPoints.property.displayName);
		for (const entry of history) {
			if (!counted(entry) || !['ADMIN_CREDIT', 'ADMIN_DEBIT'].includes(String(entry.type))) continue;
			used += Math.abs(Number(((entry.details as IDataObject | undefined)?.points as IDataObject | undefined)?.total ?? 0));
		}
	}
	check(params, 'memberPoints', used, Math.abs(points), budget);
}

/** Max Purchases per Member per Window: the member's purchases within the window, plus this one, within the budget. */
export async function checkMemberPurchasesBudget(params: ParamReader, memberPath: string): Promise<void> {
	const since = windowStart(params);
	const budget = readBudget(params, 'memberPurchases');
	if (budget === undefined) return;
	const history = await historySince(params, `${memberPath}/rewards/purchases`, since, BUDGETS.memberPurchases.property.displayName);
	const used = history.filter((entry) => counted(entry) && (entry.type ?? 'PURCHASE') === 'PURCHASE').length;
	check(params, 'memberPurchases', used, 1, budget);
}

/** The customer's successful redemptions created after `since` (v1's paged list); a history longer than the check reads is refused. */
async function redemptionsSince(params: ParamReader, customer: string, since: string): Promise<IDataObject[]> {
	const entries: IDataObject[] = [];
	for (let page = 1; page <= MAX_HISTORY_PAGES; page++) {
		// oldest first: a redemption made while the pages are read lands after them, so none is skipped
		const query: IDataObject = { customer, result: 'SUCCESS', 'created_at[after]': since, order: 'created_at', limit: PAGE_SIZE, page };
		const answer = await params.send<IDataObject>({ method: 'GET', path: '/v1/redemptions', query });
		const data = (answer.redemptions as IDataObject[] | undefined) ?? [];
		entries.push(...data);
		if (data.length < PAGE_SIZE) return entries;
	}
	return fail(params, BUDGETS.customerAmount.property.displayName, `the customer has more than ${MAX_HISTORY_PAGES * PAGE_SIZE} redemptions in the Budget Window to count: shorten the window`);
}

/**
 * Max Amount per Customer per Window: what gift cards paid in the customer's successful redemptions within the
 * window (each redemption's gift.amount, in hundredths; a stacked redemption's parent has none, so nothing counts
 * twice), plus `amount` (hundredths: what this call may take), within the budget. A call that moves no money
 * reads nothing; one that does must name its customer (`customer` of the request body), or it cannot be counted.
 */
export async function checkCustomerAmountBudget(params: ParamReader, customer: IDataObject | undefined, amount: number): Promise<void> {
	const since = windowStart(params);
	const setting = readBudget(params, 'customerAmount');
	if (setting === undefined || amount === 0) return;
	const { displayName } = BUDGETS.customerAmount.property;
	const id = [customer?.id, customer?.source_id].find((value): value is string => typeof value === 'string' && value.trim() !== '');
	if (id === undefined) {
		fail(params, 'Customer', `is needed while ${displayName} is set: a redemption with no customer cannot be counted against a customer's budget (give the customer's ID or source ID)`);
	}
	const history = await redemptionsSince(params, id.trim(), since);
	let used = 0;
	for (const entry of history) {
		if (entry.object !== 'redemption' || entry.result !== 'SUCCESS') continue;
		const gift = Number((entry.gift as IDataObject | undefined)?.amount ?? 0);
		if (Number.isFinite(gift) && gift > 0) used += gift;
	}
	check(params, 'customerAmount', used, amount, Math.round(setting * 100));
}

/** The budgets an operation declares (OperationDefinition.budgeted), for the docs and the tests. */
export function budgetsOf(operation: Pick<OperationDefinition, 'budgeted'>): BudgetKind[] {
	return [...(operation.budgeted ?? [])];
}
