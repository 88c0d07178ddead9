import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { pagedList } from '../../shared/listFilters';
import { chosenValue, searchList } from '../../shared/search';
import { path } from '../../transport/request';
import { HOLDER_LIST } from './fields';

/** From List for Referral Code: the referral codes (of the campaign chosen, if any), by code. */
export async function searchReferralCodes(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const campaign = chosenValue(this, 'campaignId');
	return await searchList(
		this,
		{
			request: { method: 'GET', path: '/v1/vouchers', query: campaign ? { campaign_id: campaign } : {} },
			list: pagedList(99),
			keep: (voucher) => voucher.is_referral_code === true,
			filterQuery: (text) => ({ code: text }),
			toItem: (voucher) => ({ name: `${String(voucher.code)}${voucher.campaign ? ` (${String(voucher.campaign)})` : ''}`, value: String(voucher.code) }),
		},
		filter,
		paginationToken,
	);
}

/** From List for Holder: the holders of the referral code chosen, by customer and role. */
export async function searchReferralHolders(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const code = chosenValue(this, 'memberId');
	if (!code) return { results: [] };
	return await searchList(
		this,
		{
			request: { method: 'GET', path: `${path`/v1/referrals/members/${code}`}/holders` },
			list: HOLDER_LIST,
			toItem: (holder) => ({ name: `${String(holder.customer_id)} (${String(holder.holder_role).toLowerCase()})`, value: String(holder.id) }),
		},
		filter,
		paginationToken,
	);
}
