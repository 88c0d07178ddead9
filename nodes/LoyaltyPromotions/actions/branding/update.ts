import type { IDataObject } from 'n8n-workflow';
import { projectProperties, updateFieldsProperty } from '../../shared/fields';
import { requireAnyField } from '../../shared/validate';
import { endpointOf, entryLocator, entryPath } from '../project/collection';
import type { OperationDefinition } from '../types';
import { allProperties, BRANDINGS, readBranding } from './fields';

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a branding',
	description: "Change a project's branding; the fields left out keep their values",
	endpoint: endpointOf('PUT', BRANDINGS, true),
	properties: [...projectProperties, entryLocator(BRANDINGS), updateFieldsProperty(allProperties)],
	build: async (params) => ({
		method: 'PUT',
		path: await entryPath(params, BRANDINGS),
		body: requireAnyField(params, 'Update Fields', readBranding(params, params.get<IDataObject>('updateFields', {}), false)),
	}),
};
