import { NodeOperationError, type IDataObject } from 'n8n-workflow';
import type { ParamReader } from '../actions/types';
import { UNDONE_BEFORE_ERROR } from '../transport/errors';
import { path } from '../transport/request';
import { inWindow, type BudgetWrite, type Window } from './budgetOrder';
import { checkBefore, PAGE_SIZE, readBudget, settleBudget, shownTime, text, tooLong, windowOf } from './budgets';

/**
 * Max Cards per Window (Campaign → Add Vouchers): how many vouchers a campaign may gain within the window, counted
 * from the service's list of the campaign's vouchers as the other budgets count their histories (budgets.ts).
 * The service generates more than one voucher in the background (an async action, with no codes to count or
 * undo), so with the budget set each voucher is its own request; a call past the budget in the service's order
 * has its vouchers deleted at once (all of them: a call adds all it asked for or none).
 */

const MAX_PAGES = 20;

/** The campaign's vouchers created in the window (oldest first: one created meanwhile lands after the pages read). */
async function campaignCardWrites(params: ParamReader, campaignId: string, window: Window): Promise<BudgetWrite[]> {
	const writes: BudgetWrite[] = [];
	for (let page = 1; page <= MAX_PAGES; page++) {
		const query: IDataObject = { campaign_id: campaignId, 'created_at[after]': shownTime(window.start - 1), order: 'created_at', limit: PAGE_SIZE, page };
		const data = ((await params.send<IDataObject>({ method: 'GET', path: '/v1/vouchers', query })).vouchers as IDataObject[] | undefined) ?? [];
		for (const entry of data) {
			const id = text(entry.id);
			const at = text(entry.created_at);
			if (id !== undefined && at !== undefined && inWindow(window, at)) writes.push({ id, at, size: 1 });
		}
		if (data.length < PAGE_SIZE) return writes;
	}
	return tooLong(params, 'Max Cards per Window', 'the campaign has');
}

/** The campaign's own ID (the call may name it by name), read once while the budget is set. */
async function campaignIdOf(params: ParamReader, campaign: string): Promise<string> {
	const id = text((await params.send<IDataObject>({ method: 'GET', path: path`/v1/campaigns/${campaign}` })).id);
	return id ?? campaign;
}

/** Whether Max Cards per Window is set (it checks the window too, so a bad setting fails before anything is sent). */
export function cardsBudgeted(params: ParamReader): boolean {
	windowOf(params);
	return readBudget(params, 'campaignCards') !== undefined;
}

/** Before adding `count` vouchers: the campaign's vouchers within the budget, plus these, fit. Returns the campaign's ID. */
export async function checkCardsBudget(params: ParamReader, campaign: string, count: number): Promise<string> {
	const campaignId = await campaignIdOf(params, campaign);
	await checkBefore(params, 'campaignCards', count, async (window) => await campaignCardWrites(params, campaignId, window));
	return campaignId;
}

const deleteAll = async (params: ParamReader, vouchers: IDataObject[]) => {
	for (const voucher of vouchers) await params.send({ method: 'DELETE', path: path`/v1/vouchers/${String(voucher.code)}`, query: { force: true }, safeToRepeat: true });
};

/**
 * Adds the rest of a call's vouchers (the first is `first`, the build's request's answer) one request each, then
 * settles them: past the budget in the service's order, all are deleted and the call refused. A request that fails
 * midway deletes those added, so a call leaves all its vouchers or none.
 */
export async function addCardsWithinBudget(params: ParamReader, campaignId: string, first: IDataObject, count: number, body: IDataObject): Promise<IDataObject[]> {
	const added = [first];
	try {
		while (added.length < count) added.push(await params.send<IDataObject>({ method: 'POST', path: path`/v1/campaigns/${campaignId}/vouchers`, query: { vouchers_count: 1 }, body }));
	} catch (error) {
		const cause = `Adding voucher ${added.length + 1} of ${count} failed: ${(error as Error).message}`;
		try {
			await deleteAll(params, added);
		} catch (undo) {
			throw new NodeOperationError(params.node, `${cause}, and deleting the ${added.length} added before it failed: ${(undo as Error).message}`, { itemIndex: params.itemIndex });
		}
		throw new NodeOperationError(params.node, cause, { itemIndex: params.itemIndex, description: `${UNDONE_BEFORE_ERROR} The ${added.length} vouchers added before it were deleted.` });
	}
	const own = added.flatMap((voucher) => {
		const id = text(voucher.id);
		const at = text(voucher.created_at);
		return id !== undefined && at !== undefined ? [{ id, at, size: 1 }] : [];
	});
	await settleBudget(params, 'campaignCards', own, async (window) => await campaignCardWrites(params, campaignId, window), async () => {
		await deleteAll(params, added);
		// the codes are not named: a refused call hands out none
		return undefined;
	});
	return added;
}
