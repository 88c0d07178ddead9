import type { ResourceDefinition } from '../types';
import { create } from './create';
import { searchRewards } from './search';

export const rewardAssignment: ResourceDefinition = {
	value: 'rewardAssignment',
	name: 'Reward Assignment',
	auth: 'appKeysOrOAuth2',
	operations: [create],
	methods: { listSearch: { searchRewards } },
};
