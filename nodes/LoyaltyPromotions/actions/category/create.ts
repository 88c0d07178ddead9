import { requireText } from '../../shared/validate';
import type { OperationDefinition } from '../types';
import { hierarchyProperty, readHierarchy } from './fields';

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a category',
	description: 'Create a category of campaigns and vouchers, with its place in the processing order',
	endpoint: 'POST /v1/categories',
	properties: [
		{ displayName: 'Name', name: 'name', type: 'string', default: '', required: true, placeholder: 'e.g. Summer', description: "The category's name" },
		hierarchyProperty(true),
	],
	record: { name: 'name', hierarchy: 'hierarchy' },
	build: (params) => ({
		method: 'POST',
		path: '/v1/categories',
		body: { name: requireText(params, 'Name', params.get('name', '')), hierarchy: readHierarchy(params, params.get('hierarchy', 0)) },
	}),
};
