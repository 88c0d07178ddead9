import { projectProperties } from '../../shared/fields';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many custom event schemas',
	description: "List the project's custom event schemas",
	endpoint: 'GET /management/v1/projects/{projectId}/custom-event-schemas',
	properties: [...projectProperties],
	// The service returns the whole list in one counted envelope: no paging parameters.
	list: { envelope: 'counted' },
	build: async (params) => ({
		method: 'GET',
		path: path`/management/v1/projects/${await params.projectId()}/custom-event-schemas`,
	}),
};
