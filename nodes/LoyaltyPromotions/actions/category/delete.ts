import type { OperationDefinition } from '../types';
import { categoryLocator, categoryPath, readCategoryId } from './fields';

export const deleteCategory: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a category',
	description: 'Delete a category',
	endpoint: 'DELETE /v1/categories/{categoryId}',
	properties: [categoryLocator('The category')],
	build: (params) => ({ method: 'DELETE', path: categoryPath(params) }),
	// The service answers 204 with no body.
	output: (_response, params) => [{ deleted: true, id: readCategoryId(params) }],
};
