import type { ResourceDefinition } from '../types';

export const programReward: ResourceDefinition = {
	value: 'programReward',
	name: 'Program Reward (Beta)',
	auth: 'oAuth2',
	operations: [],
};
