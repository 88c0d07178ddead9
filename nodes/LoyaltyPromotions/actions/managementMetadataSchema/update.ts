import type { IDataObject } from 'n8n-workflow';
import { projectProperties } from '../../shared/fields';
import { applyChanges, checkChanges, readRemovedNames } from '../../shared/schemaProperties';
import { endpointOf, entryLocator, entryPath } from '../project/collection';
import type { OperationDefinition } from '../types';
import { allowDefinedOnlyProperty, METADATA_SCHEMAS, propertiesJsonProperty, propertiesProperty, readProperties } from './fields';

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a metadata schema',
	description:
		"Add, change or remove a metadata schema's properties; the others keep their definitions (the node reads the schema first and sends it whole)",
	endpoint: `${endpointOf('GET', METADATA_SCHEMAS, true)} then ${endpointOf('PUT', METADATA_SCHEMAS, true)}`,
	properties: [
		...projectProperties,
		entryLocator(METADATA_SCHEMAS),
		propertiesProperty('The properties to add or change'),
		{
			displayName: 'Remove Properties',
			name: 'removeProperties',
			type: 'string',
			default: '',
			placeholder: 'legacy_code, old_flag',
			description: 'Names of properties to remove, separated by commas (the service keeps them as deleted)',
		},
		{
			displayName: 'Update Fields',
			name: 'updateFields',
			type: 'collection',
			placeholder: 'Add Field',
			default: {},
			options: [allowDefinedOnlyProperty, propertiesJsonProperty],
		},
	],
	build: async (params) => {
		const fields = params.get<IDataObject>('updateFields', {});
		const changed = readProperties(params, params.get('properties', {}), fields.propertiesJson);
		const removed = readRemovedNames(params, 'Remove Properties', params.get('removeProperties', ''));
		const labels = { changed: 'Properties', removed: 'Remove Properties', noun: 'a property' };
		const flagOnly = fields.allowDefinedOnly !== undefined && Object.keys(changed).length === 0 && removed.length === 0;
		if (!flagOnly) checkChanges(params, changed, removed, labels);
		// The PUT requires the whole set of properties, so the schema is read first even when only the flag changes.
		const path = await entryPath(params, METADATA_SCHEMAS);
		const current = await params.send<IDataObject>({ method: 'GET', path });
		const body: IDataObject = { properties: applyChanges(params, (current.properties ?? {}) as IDataObject, changed, removed, labels) };
		if (fields.allowDefinedOnly !== undefined) body.allow_defined_only = fields.allowDefinedOnly === true;
		return { method: 'PUT', path, body };
	},
};
