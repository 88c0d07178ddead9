import type { OperationDefinition } from '../types';

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many categories',
	description: "List the project's categories",
	endpoint: 'GET /v1/categories',
	properties: [],
	list: { envelope: 'counted' },
	build: () => ({ method: 'GET', path: '/v1/categories' }),
};
