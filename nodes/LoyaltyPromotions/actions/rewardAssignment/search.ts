import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';
import { searchList } from '../../shared/search';
import { path } from '../../transport/request';
import { REWARD_LIST } from '../reward/fields';

/** From List for Assignment: the assignments of the reward chosen in the Reward field, by campaign and cost. */
export async function searchRewardAssignments(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const rewardId = String(this.getCurrentNodeParameter('rewardId', { extractValue: true }) ?? '').trim();
	if (!rewardId) return { results: [] };
	return await searchList(
		this,
		{
			request: { method: 'GET', path: `${path`/v1/rewards/${rewardId}`}/assignments` },
			list: REWARD_LIST,
			toItem: (assignment) => {
				const points = ((assignment.parameters as { loyalty?: { points?: unknown } } | undefined)?.loyalty?.points ?? '') as string;
				return { name: `${String(assignment.related_object_id)}${points === '' ? '' : ` for ${points} points`} (${String(assignment.id)})`, value: String(assignment.id) };
			},
		},
		filter,
		paginationToken,
	);
}
