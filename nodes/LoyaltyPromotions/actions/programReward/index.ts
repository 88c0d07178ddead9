import type { ResourceDefinition } from '../types';
import { batch } from './batch';
import { getAll } from './getAll';
import { update } from './update';

export const programReward: ResourceDefinition = {
	value: 'programReward',
	name: 'Loyalty: Program Reward',
	auth: 'oAuth2OrAppKeys',
	operations: [batch, getAll, update],
};
