import type { IDataObject } from 'n8n-workflow';
import { updateFieldsProperty } from '../../shared/fields';
import { requireAnyField } from '../../shared/validate';
import type { OperationDefinition } from '../types';
import { projectPath, readProjectSettings, targetProjectProperty, updateOptions } from './fields';

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a project',
	description: "Change a project's settings; the fields left out keep their values",
	endpoint: 'PUT /management/v1/projects/{projectId}',
	properties: [targetProjectProperty, updateFieldsProperty(updateOptions)],
	build: async (params) => {
		const body = requireAnyField(params, 'Update Fields', readProjectSettings(params, params.get<IDataObject>('updateFields', {})));
		return { method: 'PUT', path: await projectPath(params), body };
	},
};
