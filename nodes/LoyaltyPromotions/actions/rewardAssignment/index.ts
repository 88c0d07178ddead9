import type { ResourceDefinition } from '../types';
import { create } from './create';

export const rewardAssignment: ResourceDefinition = {
	value: 'rewardAssignment',
	name: 'Reward Assignment',
	auth: 'appKeysOrOAuth2',
	operations: [create],
};
