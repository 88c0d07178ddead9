import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { putOwn } from '../../shared/fields';
import { hasOwn } from '../../shared/own';
import { fail, parseJsonObject, requireScalarText } from '../../shared/validate';
import type { ProjectCollection } from '../project/collection';
import type { ParamReader } from '../types';

/** What the metadata schema operations share: the collection, the property definitions and their reader. */

export const METADATA_SCHEMAS: ProjectCollection = {
	segment: 'metadata-schemas',
	idParam: 'metadataSchemaId',
	displayName: 'Metadata Schema',
	noun: ['project metadata schema', 'project metadata schemas'],
	searchMethod: 'searchManagementMetadataSchemas',
	idPlaceholder: 'ms_...',
};

const PROPERTY_TYPES = ['boolean', 'date', 'datetime', 'geopoint', 'image_url', 'number', 'object', 'string'] as const;
const TYPE_NAMES: Record<string, string> = { datetime: 'Date-Time', geopoint: 'Geopoint', image_url: 'Image URL' };

/** The metadata properties as entries: name, type, whether it may be left out and whether it holds a list. */
export function propertiesProperty(description: string): INodeProperties {
	return {
		displayName: 'Properties',
		name: 'properties',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Property',
		default: {},
		description,
		options: [
			{
				displayName: 'Property',
				name: 'property',
				values: [
					{ displayName: 'Array', name: 'array', type: 'boolean', default: false, description: 'Whether the value is a list of values of the type' },
					{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'The metadata key' },
					{ displayName: 'Optional', name: 'optional', type: 'boolean', default: true, description: 'Whether a record may leave the key out' },
					{
						displayName: 'Type',
						name: 'type',
						type: 'options',
						options: PROPERTY_TYPES.map((type) => ({ name: TYPE_NAMES[type] ?? type[0].toUpperCase() + type.slice(1), value: type })),
						default: 'string',
						description: 'The type of the value',
					},
				],
			},
		],
	};
}

/** Properties as the service's JSON (e.g. copied from another project's schema), with rules such as min_length or eq. */
export const propertiesJsonProperty: INodeProperties = {
	displayName: 'Properties (JSON)',
	name: 'propertiesJson',
	type: 'json',
	default: '{}',
	placeholder: JSON.stringify({ region: { type: 'string', optional: true, array: false, eq: ['EU', 'US'] } }, null, 2),
	description:
		'Property definitions keyed by metadata key, as the service answers them (e.g. another schema\'s properties); merged over Properties. Optional defaults to true and Array to false.',
};

export const allowDefinedOnlyProperty: INodeProperties = {
	displayName: 'Allow Defined Only',
	name: 'allowDefinedOnly',
	type: 'boolean',
	default: false,
	description: 'Whether records may carry only the metadata keys the schema defines',
};

function checkDefinition(params: ParamReader, field: string, name: string, definition: unknown): IDataObject {
	if (!name.trim()) fail(params, field, 'a property needs a name');
	if (definition === null || typeof definition !== 'object' || Array.isArray(definition)) fail(params, field, `"${name}" must be an object with a type`);
	const entry = definition as IDataObject;
	if (!PROPERTY_TYPES.includes(entry.type as (typeof PROPERTY_TYPES)[number])) {
		fail(params, field, `"${name}" needs a type: one of ${PROPERTY_TYPES.join(', ')} (got ${JSON.stringify(entry.type)})`);
	}
	for (const flag of ['optional', 'array', 'deleted']) {
		if (entry[flag] !== undefined && typeof entry[flag] !== 'boolean') fail(params, field, `"${name}".${flag} must be true or false`);
	}
	return { ...entry, optional: entry.optional ?? true, array: entry.array ?? false };
}

/** The property definitions from Properties (entries) and Properties (JSON) in `fields`, each name once. */
export function readProperties(params: ParamReader, entries: unknown, json: unknown): IDataObject {
	const properties: IDataObject = {};
	const list = (((entries ?? {}) as IDataObject).property ?? []) as IDataObject[];
	list.forEach((entry, index) => {
		const field = `Properties entry ${index + 1}: Name`;
		const name = requireScalarText(params, field, entry.name).trim();
		if (hasOwn(properties, name)) fail(params, field, `"${name}" is given twice`);
		putOwn(properties, name, checkDefinition(params, field, name, { type: entry.type ?? 'string', optional: entry.optional !== false, array: entry.array === true }));
	});
	if (json !== undefined) {
		for (const [name, definition] of Object.entries(parseJsonObject(params, 'Properties (JSON)', json))) {
			putOwn(properties, name, checkDefinition(params, 'Properties (JSON)', name, definition));
		}
	}
	return properties;
}
