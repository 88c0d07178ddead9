import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { pagedList } from '../../shared/listFilters';
import { chosenValue, searchList } from '../../shared/search';
import { path } from '../../transport/request';

const LOYALTY_LIST = pagedList(100);

/** From List for Loyalty Program: the project's loyalty campaigns (v1 loyalty programs), by name. */
export async function searchLoyaltyCampaigns(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchList(
		this,
		{ request: { method: 'GET', path: '/v1/loyalties' }, list: LOYALTY_LIST, toItem: (campaign) => ({ name: String(campaign.name), value: String(campaign.id) }) },
		filter,
		paginationToken,
	);
}

/** The loyalty program chosen elsewhere in the node, if any (a plain value, not an expression). */
function chosenProgram(ctx: ILoadOptionsFunctions): string | undefined {
	for (const name of ['campaignId', 'additionalFields.campaignId', 'filters.campaignId']) {
		const value = chosenValue(ctx, name);
		if (value) return value;
	}
	return undefined;
}

const cardName = (card: IDataObject) => {
	const balance = (card.loyalty_card as IDataObject | undefined)?.balance;
	return `${String(card.code)}${balance === undefined ? '' : ` (${String(balance)} points)`}`;
};

/** From List for Loyalty Card: the members of the loyalty program chosen in the node, else every loyalty card. */
export async function searchLoyaltyCards(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const program = chosenProgram(this);
	return await searchList(
		this,
		program
			? { request: { method: 'GET', path: path`/v1/loyalties/${program}/members` }, list: LOYALTY_LIST, toItem: (card) => ({ name: cardName(card), value: String(card.code) }) }
			: {
					request: { method: 'GET', path: '/v1/vouchers' },
					list: pagedList(99),
					keep: (voucher) => voucher.type === 'LOYALTY_CARD',
					toItem: (card) => ({ name: cardName(card), value: String(card.code) }),
				},
		filter,
		paginationToken,
	);
}
