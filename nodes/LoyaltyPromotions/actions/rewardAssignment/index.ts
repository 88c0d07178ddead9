import type { ResourceDefinition } from '../types';
import { create } from './create';
import { deleteAssignment } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { searchRewardAssignments } from './search';
import { update } from './update';

export const rewardAssignment: ResourceDefinition = {
	value: 'rewardAssignment',
	name: 'Reward Assignment',
	auth: 'appKeysOrOAuth2',
	operations: [create, get, getAll, update, deleteAssignment],
	methods: { listSearch: { searchRewardAssignments } },
};
