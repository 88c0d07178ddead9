import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { searchList } from '../../shared/search';
import { pagedListSpec } from '../../transport/paginate';

/** From List for Reward: the project's rewards, by name and type. */
export async function searchRewards(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchList(
		this,
		{
			request: { method: 'GET', path: '/v1/rewards' },
			list: pagedListSpec(100),
			toItem: (reward) => ({ name: `${String(reward.name || reward.id)}${reward.type ? ` (${String(reward.type)})` : ''}`, value: String(reward.id) }),
		},
		filter,
		paginationToken,
	);
}
