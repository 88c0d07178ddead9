import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { readRewardId, rewardLocator } from './fields';

export const deleteReward: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a reward',
	description: 'Delete a reward; the service refuses while it is assigned to a campaign (delete its assignments first)',
	endpoint: 'DELETE /v1/rewards/{rewardId}',
	properties: [rewardLocator('The reward')],
	build: (params) => ({ method: 'DELETE', path: path`/v1/rewards/${readRewardId(params)}` }),
	// The service answers 204 with no body.
	output: (_response, params) => [{ deleted: true, id: readRewardId(params) }],
};
