import { additionalFieldsProperty, projectProperties } from '../../shared/fields';
import { collectionPath, endpointOf } from '../project/collection';
import type { OperationDefinition } from '../types';
import { BRANDINGS, createValues, optionalProperties, readBranding, requiredProperties } from './fields';

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a branding',
	description: "Set a project's brand: the name, address and contact customers see in messages and on pages",
	endpoint: endpointOf('POST', BRANDINGS),
	properties: [...projectProperties, ...requiredProperties, additionalFieldsProperty(optionalProperties)],
	repeatHint: 'A repeated create makes a second branding.',
	build: async (params) => ({ method: 'POST', path: await collectionPath(params, BRANDINGS), body: readBranding(params, createValues(params), true) }),
};
