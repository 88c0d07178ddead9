import type { ResourceDefinition } from '../types';
import { batch } from './batch';

export const programReward: ResourceDefinition = {
	value: 'programReward',
	name: 'Program Reward (Beta)',
	auth: 'oAuth2',
	operations: [batch],
};
