import { projectProperties } from '../../shared/fields';
import type { OperationDefinition } from '../types';
import { customEventSchemaIdProperty, customEventSchemaPath } from './fields';

export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a custom event schema',
	description: 'Retrieve a custom event schema with its attributes',
	endpoint: 'GET /management/v1/projects/{projectId}/custom-event-schemas/{customEventSchemaId}',
	properties: [...projectProperties, customEventSchemaIdProperty],
	build: async (params) => ({ method: 'GET', path: await customEventSchemaPath(params) }),
};
