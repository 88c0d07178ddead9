import type { ResourceDefinition } from '../types';

export const rewardAssignment: ResourceDefinition = {
	value: 'rewardAssignment',
	name: 'Reward Assignment',
	auth: 'appKeysOrOAuth2',
	operations: [],
};
