import type { IDataObject } from 'n8n-workflow';
import type { BudgetKind, ParamReader } from '../actions/types';
import { inWindow, type BudgetWrite, type Window } from './budgetOrder';
import { BUDGETS, budgetCustomer, checkBefore, readBudget, settleBudget, text, tooLong, windowOf } from './budgets';

/**
 * Max Vouchers per Customer per Window and Max Vouchers per Window (Publication → Create): how many vouchers the
 * node may hand out, to one customer and to all together, counted from the service's list of publications as the
 * other budgets count their histories (budgets.ts). A publication past a budget in the service's order is undone
 * by disabling its vouchers: the service has no way to take a publication back, and a disabled code gives nothing.
 */

const MAX_PAGES = 20;
const PAGE_SIZE = 100;

/** The vouchers of a publication (list entry or answer): one `voucher`, or the codes of `vouchers`. */
function codesOf(publication: IDataObject): string[] {
	if (Array.isArray(publication.vouchers)) return publication.vouchers.flatMap((code) => (typeof code === 'string' ? [code] : text((code as IDataObject)?.code) ?? []));
	const code = text((publication.voucher as IDataObject | null | undefined)?.code);
	return code === undefined ? [] : [code];
}

/**
 * The successful publications in the window, the customer's or (none given) all of them, each by its vouchers.
 * The list has no date filter: it is read newest first until a page reaches before the window; a publication made
 * meanwhile only moves entries to later pages (read twice, kept once), so none is skipped.
 */
async function publicationWrites(params: ParamReader, customer: string | undefined, window: Window): Promise<BudgetWrite[]> {
	const writes = new Map<string, BudgetWrite>();
	for (let page = 1; page <= MAX_PAGES; page++) {
		const query: IDataObject = { result: 'SUCCESS', order: '-created_at', limit: PAGE_SIZE, page };
		if (customer !== undefined) query.customer = customer;
		const answer = await params.send<IDataObject>({ method: 'GET', path: '/v1/publications', query });
		const data = (answer.publications as IDataObject[] | undefined) ?? [];
		for (const entry of data) {
			const id = text(entry.id);
			const at = text(entry.created_at);
			if (id === undefined || at === undefined || entry.result !== 'SUCCESS' || !inWindow(window, at)) continue;
			writes.set(id, { id, at, size: Math.max(1, codesOf(entry).length) });
		}
		const oldest = Date.parse(String(data[data.length - 1]?.created_at));
		if (data.length < PAGE_SIZE || oldest < window.start) return [...writes.values()];
	}
	const kind: BudgetKind = customer === undefined ? 'totalVouchers' : 'customerVouchers';
	return tooLong(params, BUDGETS[kind].property.displayName, customer === undefined ? 'the project has' : 'the customer has');
}

/** The customer a publication names: its ID or source ID (Customer is required, so one is there). */
const publishedTo = (params: ParamReader, customer: IDataObject | undefined): string => budgetCustomer(params, customer);

/** Before the publication: the vouchers published within each budget set, plus this call's `count`, fit. */
export async function checkVoucherBudgets(params: ParamReader, customer: IDataObject | undefined, count: number): Promise<void> {
	windowOf(params);
	if (readBudget(params, 'customerVouchers') !== undefined) {
		const who = publishedTo(params, customer);
		await checkBefore(params, 'customerVouchers', count, async (window) => await publicationWrites(params, who, window));
	}
	await checkBefore(params, 'totalVouchers', count, async (window) => await publicationWrites(params, undefined, window));
}

/** After the publication: past either budget in the service's order, its vouchers are disabled and the call refused. */
export async function settleVoucherBudgets(params: ParamReader, customer: IDataObject | undefined, response: IDataObject): Promise<void> {
	const perCustomer = readBudget(params, 'customerVouchers') !== undefined;
	if (!perCustomer && readBudget(params, 'totalVouchers') === undefined) return;
	const id = text(response.id);
	const at = text(response.created_at);
	if (id === undefined || at === undefined) return;
	const codes = codesOf(response);
	const own = { id, at, size: Math.max(1, codes.length) };
	const disable = async () => {
		for (const code of codes) await params.send({ method: 'POST', path: `/v1/vouchers/${encodeURIComponent(code)}/disable`, body: {}, safeToRepeat: true });
		// the codes are not named: a refused call hands out none
		return undefined;
	};
	if (perCustomer) {
		// the service's own customer ID, whichever form the call named the customer in
		const who = text(response.customer_id) ?? text((response.customer as IDataObject | undefined)?.id) ?? publishedTo(params, customer);
		await settleBudget(params, 'customerVouchers', own, async (window) => await publicationWrites(params, who, window), disable);
	}
	await settleBudget(params, 'totalVouchers', own, async (window) => await publicationWrites(params, undefined, window), disable);
}
