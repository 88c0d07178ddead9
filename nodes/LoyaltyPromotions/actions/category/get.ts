import type { OperationDefinition } from '../types';
import { categoryLocator, categoryPath } from './fields';

export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a category',
	description: 'Retrieve a category with its name and hierarchy',
	endpoint: 'GET /v1/categories/{categoryId}',
	properties: [categoryLocator('The category')],
	build: (params) => ({ method: 'GET', path: categoryPath(params) }),
};
