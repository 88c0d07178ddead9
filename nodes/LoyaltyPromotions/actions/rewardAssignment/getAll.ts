import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { readRewardId, REWARD_LIST, rewardLocator } from '../reward/fields';

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many reward assignments',
	description: 'List the campaigns a reward is offered in, with their points costs',
	endpoint: 'GET /v1/rewards/{rewardId}/assignments',
	properties: [rewardLocator('The reward whose assignments to list')],
	list: REWARD_LIST,
	build: (params) => ({ method: 'GET', path: `${path`/v1/rewards/${readRewardId(params)}`}/assignments` }),
};
