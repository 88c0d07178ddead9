import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { readRewardId, rewardLocator } from './fields';

export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a reward',
	description: 'Retrieve a reward with its type, settings and stock',
	endpoint: 'GET /v1/rewards/{rewardId}',
	properties: [rewardLocator('The reward')],
	build: (params) => ({ method: 'GET', path: path`/v1/rewards/${readRewardId(params)}` }),
};
