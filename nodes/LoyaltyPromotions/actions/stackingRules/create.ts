import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty, projectProperties } from '../../shared/fields';
import { collectionPath, endpointOf } from '../project/collection';
import type { OperationDefinition } from '../types';
import { readRules, ruleProperties, STACKING_RULES } from './fields';

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create stacking rules',
	description: "Set how a project's redeemables combine in one request; the rules left out take the service's defaults",
	endpoint: endpointOf('POST', STACKING_RULES),
	properties: [...projectProperties, additionalFieldsProperty(ruleProperties)],
	repeatHint: 'A project has one set of stacking rules: the service refuses a second.',
	build: async (params) => ({
		method: 'POST',
		path: await collectionPath(params, STACKING_RULES),
		body: readRules(params, params.get<IDataObject>('additionalFields', {})),
	}),
};
