import type { OperationDefinition } from '../types';
import { CATEGORY_LIST } from './fields';

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many categories',
	description: "List the project's categories",
	endpoint: 'GET /v1/categories',
	properties: [],
	list: CATEGORY_LIST,
	build: () => ({ method: 'GET', path: '/v1/categories' }),
};
