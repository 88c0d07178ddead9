import type { ResourceDefinition } from '../types';
import { create } from './create';
import { deleteRule } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { searchValidationRuleAssignments, searchValidationRules } from './search';
import { update } from './update';

export const validationRule: ResourceDefinition = {
	value: 'validationRule',
	name: 'Validation Rule',
	auth: 'appKeysOrOAuth2',
	operations: [get, getAll, create, update, deleteRule],
	methods: { listSearch: { searchValidationRules, searchValidationRuleAssignments } },
};
