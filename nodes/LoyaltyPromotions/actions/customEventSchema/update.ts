import type { IDataObject } from 'n8n-workflow';
import { projectProperties } from '../../shared/fields';
import { fail, requireScalarText } from '../../shared/validate';
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
		const removed = requireScalarText(params, 'Remove Attributes', params.get('removeAttributes', ''))
			.split(',')
			.map((name) => name.trim())
			.filter(Boolean);
		if (Object.keys(changed).length === 0 && removed.length === 0) fail(params, 'Attributes', 'add an attribute to change, or name one under Remove Attributes');
		const both = removed.find((name) => changed[name] !== undefined);
		if (both) fail(params, 'Remove Attributes', `"${both}" is also under Attributes`);
		const path = await customEventSchemaPath(params);
		const current = await params.send<IDataObject>({ method: 'GET', path });
		const properties = { ...(((current.schema as IDataObject | undefined)?.properties ?? {}) as IDataObject), ...changed };
		for (const name of removed) {
			if (!properties[name]) fail(params, 'Remove Attributes', `the schema has no attribute "${name}"`);
			properties[name] = { ...(properties[name] as IDataObject), deleted: true };
		}
		return { method: 'PUT', path, body: { schema: { properties } } };
	},
};
