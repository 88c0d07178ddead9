import type { IDataObject } from 'n8n-workflow';
import { projectProperties, updateFieldsProperty } from '../../shared/fields';
import { requireAnyField } from '../../shared/validate';
import { endpointOf, entryLocator, entryPath } from '../project/collection';
import type { OperationDefinition } from '../types';
import { readRules, ruleProperties, STACKING_RULES } from './fields';

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update stacking rules',
	description: "Change a project's stacking rules; the rules left out keep their values",
	endpoint: endpointOf('PUT', STACKING_RULES, true),
	properties: [...projectProperties, entryLocator(STACKING_RULES), updateFieldsProperty(ruleProperties)],
	build: async (params) => ({
		method: 'PUT',
		path: await entryPath(params, STACKING_RULES),
		body: requireAnyField(params, 'Update Fields', readRules(params, params.get<IDataObject>('updateFields', {}))),
	}),
};
