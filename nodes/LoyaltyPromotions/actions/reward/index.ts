import type { ResourceDefinition } from '../types';
import { create } from './create';
import { deleteReward } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { searchRewards } from './search';
import { update } from './update';

export const reward: ResourceDefinition = {
	value: 'reward',
	name: 'Reward',
	auth: 'appKeysOrOAuth2',
	operations: [get, getAll, create, update, deleteReward],
	methods: { listSearch: { searchRewards } },
};
