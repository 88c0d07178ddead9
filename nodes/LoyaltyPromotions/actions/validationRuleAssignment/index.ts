import type { ResourceDefinition } from '../types';
import { create } from './create';
import { deleteAssignment } from './delete';
import { getAll } from './getAll';
import { getAllOfRule } from './getAllOfRule';

export const validationRuleAssignment: ResourceDefinition = {
	value: 'validationRuleAssignment',
	name: 'Validation Rule Assignment',
	auth: 'appKeysOrOAuth2',
	operations: [getAll, getAllOfRule, create, deleteAssignment],
};
