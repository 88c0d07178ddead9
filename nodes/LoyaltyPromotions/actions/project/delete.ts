import type { OperationDefinition } from '../types';
import { projectPath, targetProjectProperty } from './fields';

export const deleteProject: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a project',
	description: 'Delete a project and everything in it. The project must be named: an empty Project is refused, never read as the credential\'s.',
	endpoint: 'DELETE /management/v1/projects/{projectId}',
	properties: [targetProjectProperty],
	build: async (params) => ({ method: 'DELETE', path: await projectPath(params) }),
	// The service answers 204 with no body.
	output: (_response, params) => [{ deleted: true, id: params.id('projectId', 'Project') }],
};
