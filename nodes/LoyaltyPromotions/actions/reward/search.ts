import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { searchList } from '../../shared/search';
import { REWARD_LIST } from './fields';

/** From List for Reward: the project's rewards, by name and type. */
export async function searchRewards(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await searchList(
		this,
		{
			request: { method: 'GET', path: '/v1/rewards' },
			list: REWARD_LIST,
			toItem: (reward) => ({ name: `${String(reward.name || reward.id)}${reward.type ? ` (${String(reward.type)})` : ''}`, value: String(reward.id) }),
		},
		filter,
		paginationToken,
	);
}
