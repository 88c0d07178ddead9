import { projectProperties } from '../../shared/fields';
import type { OperationDefinition } from '../types';
import { customEventSchemaIdProperty, customEventSchemaPath } from './fields';

export const deleteCustomEventSchema: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a custom event schema',
	description: 'Delete a custom event schema',
	endpoint: 'DELETE /management/v1/projects/{projectId}/custom-event-schemas/{customEventSchemaId}',
	properties: [...projectProperties, customEventSchemaIdProperty],
	build: async (params) => ({ method: 'DELETE', path: await customEventSchemaPath(params) }),
	// The service answers 204 with no body.
	output: (_response, params) => [{ deleted: true, id: params.id('customEventSchemaId', 'Custom Event Schema') }],
};
