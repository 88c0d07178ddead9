import { projectProperties } from '../../shared/fields';
import type { OperationDefinition } from '../types';
import { webhooksPath } from './fields';

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many webhooks',
	description: "List the project's webhook configurations",
	endpoint: 'GET /management/v1/projects/{projectId}/webhooks',
	properties: [...projectProperties],
	// The service returns the whole list in one counted envelope: no paging parameters.
	list: { envelope: 'counted' },
	build: async (params) => ({ method: 'GET', path: await webhooksPath(params) }),
};
