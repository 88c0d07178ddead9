import { SIMPLE_FIELDS } from '../../shared/simplify';
import type { OperationDefinition } from '../types';
import { projectPath, targetProjectProperty } from './fields';

export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a project',
	description: "Retrieve a project's settings",
	endpoint: 'GET /management/v1/projects/{projectId}',
	properties: [targetProjectProperty],
	simplify: SIMPLE_FIELDS.project,
	build: async (params) => ({ method: 'GET', path: await projectPath(params) }),
};
