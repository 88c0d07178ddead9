import type { IDataObject } from 'n8n-workflow';
import type { BudgetKind, ParamReader } from '../actions/types';
import { inWindow, type BudgetWrite, type Window } from './budgetOrder';
import { BUDGETS, checkBefore, historyIn, MAX_PROGRAM_MEMBERS, PAGE_SIZE, settleBudget, text } from './budgets';
import { fail } from './validate';

/**
 * The loyalty budgets (Loyalty Card → Add or Subtract Points, Program Member → Purchase Reward), per member and
 * over all the program's members (the total), decided as budgets.ts decides every budget. The service lists points
 * changes per card and reward purchases per member only: a total reads every member's history, so it is bounded by
 * how many members the node reads (MAX_PROGRAM_MEMBERS) and refused past them.
 */

/** The reason the node gives the points change that undoes `id`, per budget; a Reason typed for a call may not start so. */
export const POINTS_UNDO_REASON = 'Undone by Max Points per Member per Window: ';
const TOTAL_POINTS_UNDO_REASON = 'Undone by Max Points per Window: ';
export const POINTS_UNDO_REASONS = [POINTS_UNDO_REASON, TOTAL_POINTS_UNDO_REASON];

/** The write a points change by the node undoes, by its reason. */
const undoneBy = (reason: string | undefined): string | undefined => {
	const prefix = POINTS_UNDO_REASONS.find((start) => reason?.startsWith(start));
	return prefix === undefined ? undefined : reason?.slice(prefix.length);
};

/**
 * Every member of the program, oldest first: a member added while the pages are read lands after them (and its
 * writes after this call's). A program with more members than the node reads is refused, not guessed.
 */
async function programMembers(params: ParamReader, programPath: string, kind: BudgetKind): Promise<string[]> {
	const ids: string[] = [];
	let cursor: string | undefined;
	for (let page = 0; page < MAX_PROGRAM_MEMBERS / PAGE_SIZE; page++) {
		const query: IDataObject = { limit: PAGE_SIZE, order: 'created_at' };
		if (cursor !== undefined) query.cursor = cursor;
		const answer = await params.send<IDataObject>({ method: 'GET', path: `${programPath}/members`, query });
		for (const member of (answer.data as IDataObject[] | undefined) ?? []) {
			const id = text(member.id);
			if (id !== undefined) ids.push(id);
		}
		const next = (answer.cursor as IDataObject | null | undefined)?.next;
		if (typeof next !== 'string' || next === '') return ids;
		cursor = next;
	}
	return fail(
		params,
		BUDGETS[kind].property.displayName,
		`the program has more than ${MAX_PROGRAM_MEMBERS} members to count (the service lists this history per member only): set it to 0 and keep the per-member budget`,
	);
}

type MemberHistory = (params: ParamReader, memberPath: string, window: Window, kind: BudgetKind) => Promise<BudgetWrite[]>;

/** A program total's writes: every member's, as `read` gives them. */
async function programWrites(params: ParamReader, programPath: string, kind: BudgetKind, window: Window, read: MemberHistory): Promise<BudgetWrite[]> {
	const writes: BudgetWrite[] = [];
	for (const id of await programMembers(params, programPath, kind)) writes.push(...(await read(params, `${programPath}/members/${encodeURIComponent(id)}`, window, kind)));
	return writes;
}

/** The member's cards (the contract's MemberCard: { member_role, card: { id, … } | null }). */
async function memberCards(params: ParamReader, memberPath: string): Promise<string[]> {
	const member = await params.send<IDataObject>({ method: 'GET', path: memberPath });
	return ((member.cards as IDataObject[] | undefined) ?? []).flatMap((entry) => {
		const id = (entry.card as IDataObject | null | undefined)?.id;
		return typeof id === 'string' ? [id] : [];
	});
}

/**
 * The points changes by hand (ADMIN_CREDIT, ADMIN_DEBIT) on all the member's cards in the window, each by its size.
 * Whatever their status: a status changes after a call reads it (PENDING, then APPROVED or REJECTED), and every
 * call must count the same writes to come to the same verdicts.
 */
async function memberPointsWrites(params: ParamReader, memberPath: string, window: Window, kind: BudgetKind = 'memberPoints'): Promise<BudgetWrite[]> {
	const writes: BudgetWrite[] = [];
	for (const card of await memberCards(params, memberPath)) {
		const history = await historyIn(params, `${memberPath}/cards/${encodeURIComponent(card)}/transactions`, window, BUDGETS[kind].property.displayName);
		for (const entry of history) {
			const id = text(entry.id);
			const at = text(entry.created_at);
			if (id === undefined || at === undefined || !inWindow(window, at) || !['ADMIN_CREDIT', 'ADMIN_DEBIT'].includes(String(entry.type))) continue;
			const details = (entry.details as IDataObject | undefined) ?? {};
			const undoes = undoneBy(text(details.reason));
			writes.push({ id, at, size: Math.abs(Number((details.points as IDataObject | undefined)?.total ?? 0)), ...(undoes ? { undoes } : {}) });
		}
	}
	return writes;
}

/** The member's reward purchases in the window (a refund is an entry of its own, not a purchase), whatever their status. */
async function memberPurchaseWrites(params: ParamReader, memberPath: string, window: Window, kind: BudgetKind = 'memberPurchases'): Promise<BudgetWrite[]> {
	const history = await historyIn(params, `${memberPath}/rewards/purchases`, window, BUDGETS[kind].property.displayName);
	return history.flatMap((entry) => {
		const id = text(entry.id);
		const at = text(entry.created_at);
		if (id === undefined || at === undefined || !inWindow(window, at) || (entry.type ?? 'PURCHASE') !== 'PURCHASE') return [];
		return [{ id, at, size: 1 }];
	});
}

/** Where a loyalty write lands: the program, and the member in it. */
export interface MemberTarget {
	programPath: string;
	memberPath: string;
}

/** Each loyalty budget, per member or the total, with the history it walks. */
const HISTORIES: Array<{ kind: BudgetKind; points: boolean; read: (params: ParamReader, target: MemberTarget, window: Window) => Promise<BudgetWrite[]> }> = [
	{ kind: 'memberPoints', points: true, read: async (params, target, window) => await memberPointsWrites(params, target.memberPath, window) },
	{ kind: 'totalPoints', points: true, read: async (params, target, window) => await programWrites(params, target.programPath, 'totalPoints', window, memberPointsWrites) },
	{ kind: 'memberPurchases', points: false, read: async (params, target, window) => await memberPurchaseWrites(params, target.memberPath, window) },
	{ kind: 'totalPurchases', points: false, read: async (params, target, window) => await programWrites(params, target.programPath, 'totalPurchases', window, memberPurchaseWrites) },
];
const historiesOf = (points: boolean) => HISTORIES.filter((history) => history.points === points);

/** Max Points per Member per Window and Max Points per Window, before the change: what each counted, plus `points`, fits. */
export async function checkPointsBudgets(params: ParamReader, target: MemberTarget, points: number): Promise<void> {
	for (const { kind, read } of historiesOf(true)) await checkBefore(params, kind, Math.abs(points), async (window) => await read(params, target, window));
}

/** Max Purchases per Member per Window and Max Purchases per Window, before the purchase: what each counted, plus this one, fits. */
export async function checkPurchaseBudgets(params: ParamReader, target: MemberTarget): Promise<void> {
	for (const { kind, read } of historiesOf(false)) await checkBefore(params, kind, 1, async (window) => await read(params, target, window));
}

const written = (response: IDataObject): { id?: string; at?: string } => {
	const transaction = (response.transaction as IDataObject | null | undefined) ?? {};
	return { id: text(transaction.id), at: text(transaction.created_at) };
};

/**
 * After Add or Subtract Points: past a budget in the service's order (the member's, then the total), the same
 * change the other way undoes it, its reason naming the budget and the write.
 */
export async function settlePointsBudgets(params: ParamReader, target: MemberTarget, cardPath: string, points: number, response: IDataObject): Promise<void> {
	const { id, at } = written(response);
	// no transaction (nothing changed) or no time to place it by: nothing to settle
	if (id === undefined || at === undefined) return;
	for (const { kind, read } of historiesOf(true)) {
		const reason = kind === 'memberPoints' ? POINTS_UNDO_REASON : TOTAL_POINTS_UNDO_REASON;
		await settleBudget(
			params,
			kind,
			{ id, at, size: Math.abs(points) },
			async (window) => await read(params, target, window),
			async () => written(await params.send<IDataObject>({ method: 'POST', path: `${cardPath}/points`, body: { points: -points, reason: `${reason}${id}` } })).id,
		);
	}
}

/** After Purchase Reward: past a budget in the service's order (the member's, then the total), a refund (the points and the stock back) undoes it. */
export async function settlePurchaseBudgets(params: ParamReader, target: MemberTarget, response: IDataObject): Promise<void> {
	const { id, at } = written(response);
	if (id === undefined || at === undefined) return;
	for (const { kind, read } of historiesOf(false)) {
		await settleBudget(
			params,
			kind,
			{ id, at, size: 1 },
			async (window) => await read(params, target, window),
			async () =>
				written(
					await params.send<IDataObject>({ method: 'POST', path: `${target.programPath}/rewards/purchases/${encodeURIComponent(id)}/refund`, body: {}, safeToRepeat: true }),
				).id,
		);
	}
}
