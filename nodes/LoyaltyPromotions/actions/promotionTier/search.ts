import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { searchList } from '../../shared/search';
import { TIER_LIST } from './fields';

/** From List for Promotion Tier: the tiers of every campaign, by name and campaign; the value is the tier's ID. */
export async function searchPromotionTiers(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchList(
		this,
		{
			request: { method: 'GET', path: '/v1/promotions/tiers' },
			list: TIER_LIST,
			toItem: (tier) => ({ name: `${String(tier.name || tier.id)}${tier.campaign_id ? ` (${String(tier.campaign_id)})` : ''}`, value: String(tier.id) }),
		},
		filter,
		paginationToken,
	);
}
