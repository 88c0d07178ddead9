import type { IDataObject } from 'n8n-workflow';
import { projectProperties } from '../../shared/fields';
import { applyChanges, checkChanges, readRemovedNames } from '../../shared/schemaProperties';
import type { OperationDefinition } from '../types';
import { attributesProperty, customEventSchemaIdProperty, customEventSchemaPath, readAttributes } from './fields';

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a custom event schema',
	description:
		"Add, change or remove a custom event schema's attributes; the others keep their definitions (the node reads the schema first and sends it whole)",
	endpoint: 'GET /management/v1/projects/{projectId}/custom-event-schemas/{customEventSchemaId} then PUT /management/v1/projects/{projectId}/custom-event-schemas/{customEventSchemaId}',
	properties: [
		...projectProperties,
		customEventSchemaIdProperty,
		attributesProperty('The attributes to add or change'),
		{
			displayName: 'Remove Attributes',
			name: 'removeAttributes',
			type: 'string',
			default: '',
			placeholder: 'legacy_code, old_flag',
			description: 'Names of attributes to remove, separated by commas (the service keeps them as deleted, and they can be added back)',
		},
	],
	build: async (params) => {
		const changed = readAttributes(params, params.get('attributes', {}));
		const removed = readRemovedNames(params, 'Remove Attributes', params.get('removeAttributes', ''));
		const fields = { changed: 'Attributes', removed: 'Remove Attributes', noun: 'an attribute' };
		checkChanges(params, changed, removed, fields);
		const path = await customEventSchemaPath(params);
		const current = await params.send<IDataObject>({ method: 'GET', path });
		const before = ((current.schema as IDataObject | undefined)?.properties ?? {}) as IDataObject;
		const properties = applyChanges(params, before, changed, removed, fields);
		return { method: 'PUT', path, body: { schema: { properties } } };
	},
};
