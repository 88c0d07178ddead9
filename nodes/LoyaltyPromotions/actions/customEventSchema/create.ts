import { projectProperties } from '../../shared/fields';
import { requireText } from '../../shared/validate';
import type { OperationDefinition } from '../types';
import { attributesProperty, customEventSchemasPath, readAttributes } from './fields';

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a custom event schema',
	description: 'Define a custom event: its name and the attributes its metadata carries',
	endpoint: 'POST /management/v1/projects/{projectId}/custom-event-schemas',
	properties: [
		...projectProperties,
		{ displayName: 'Event Name', name: 'name', type: 'string', default: '', required: true, placeholder: 'parcel_shipped', description: 'The name events of this kind are tracked with' },
		attributesProperty('The attributes events of this kind carry in their metadata'),
	],
	repeatHint: 'The service refuses a second schema with the same name.',
	build: async (params) => ({
		method: 'POST',
		path: await customEventSchemasPath(params),
		body: {
			name: requireText(params, 'Event Name', params.get('name', '')).trim(),
			schema: { properties: readAttributes(params, params.get('attributes', {})) },
		},
	}),
};
