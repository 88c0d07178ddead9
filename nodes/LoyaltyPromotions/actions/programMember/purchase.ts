import type { ILoadOptionsFunctions, INodeListSearchResult, IDataObject } from 'n8n-workflow';
import { locatorProperty } from '../../shared/locator';
import { searchList } from '../../shared/search';
import { PROGRAM_ID_PATTERN } from '../../shared/validate';
import { path } from '../../transport/request';
import { V2_LIST } from '../../shared/catalogue';

/** A reward of the program chosen above: From List reads the program's assigned rewards. */
export const programRewardLocator = locatorProperty({
	name: 'rewardId',
	displayName: 'Reward',
	description: "The reward to purchase, picked from the program's rewards or given by ID (e.g. lrew_0a1b2c)",
	noun: 'reward',
	searchListMethod: 'searchProgramRewards',
	idPlaceholder: 'lrew_...',
});

/** From List for Reward: the rewards assigned to the program in the Program field, with their stock. */
export async function searchProgramRewards(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const programId = String(this.getCurrentNodeParameter('programId', { extractValue: true }) ?? '').trim();
	if (!PROGRAM_ID_PATTERN.test(programId)) return { results: [] };
	return await searchList(
		this,
		{
			request: { method: 'GET', path: path`/v2/loyalties/programs/${programId}/rewards` },
			list: V2_LIST,
			toItem: (assignment) => {
				const rewardId = String(assignment.reward_id ?? (assignment.reward as IDataObject | undefined)?.id ?? assignment.id);
				const name = (assignment.reward as IDataObject | undefined)?.name;
				return { name: `${String(name || rewardId)}${name ? ` (${rewardId})` : ''}`, value: rewardId };
			},
		},
		filter,
		paginationToken,
	);
}

/** A purchase's reward transaction (lrtx_…): By ID, from Purchase Reward's or Get Many Reward Purchases' output. */
export const purchaseLocator = locatorProperty({
	name: 'rewardTransactionId',
	displayName: 'Purchase Transaction ID',
	description: "The purchase's reward transaction (lrtx_…): transaction.id in Purchase Reward's output, or an ID from Get Many Reward Purchases",
	noun: 'purchase',
	idPlaceholder: 'lrtx_...',
});
