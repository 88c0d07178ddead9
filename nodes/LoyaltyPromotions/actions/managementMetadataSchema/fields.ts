import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { additionalFieldsProperty, putOwn, updateFieldsProperty } from '../../shared/fields';
import { hasOwn } from '../../shared/own';
import { applyChanges, checkChanges, readRemovedNames } from '../../shared/schemaProperties';
import { fail, parseJsonObject, requireScalarText, requireText } from '../../shared/validate';
import type { ServiceRequest } from '../../transport/request';
import type { ProjectCollection } from '../project/collection';
import type { ParamReader } from '../types';

/**
 * What the metadata schema operations share: the collection, the property definitions and their reader, and the
 * create and update bodies, which the app keys' operations (announced 21 May 2026) send as the management API's do.
 */

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

/** The create's Related Object: free text, as a custom object's schema is named by the user. */
export const relatedObjectProperty: INodeProperties = {
	displayName: 'Related Object',
	name: 'relatedObject',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'customer',
	description: "The kind of record whose metadata the schema describes, e.g. customer, order, product, sku, campaign, voucher, redemption, publication, or a custom object's name",
};

/** The create's fields after Related Object (and the management API's Project before it). */
export const createProperties: INodeProperties[] = [
	relatedObjectProperty,
	propertiesProperty('The metadata keys the records carry'),
	additionalFieldsProperty([allowDefinedOnlyProperty, propertiesJsonProperty]),
];

/** The create's body: related_object, at least one property, and allow_defined_only when set. */
export function readCreateBody(params: ParamReader): IDataObject {
	const additional = params.get<IDataObject>('additionalFields', {});
	const properties = readProperties(params, params.get('properties', {}), additional.propertiesJson);
	if (Object.keys(properties).length === 0) fail(params, 'Properties', 'add at least one property (or give them in Properties (JSON))');
	const body: IDataObject = { related_object: requireText(params, 'Related Object', params.get('relatedObject', '')).trim(), properties };
	if (additional.allowDefinedOnly !== undefined) body.allow_defined_only = additional.allowDefinedOnly === true;
	return body;
}

/** The update's fields after the schema's locator. */
export const updateProperties: INodeProperties[] = [
	propertiesProperty('The properties to add or change'),
	{
		displayName: 'Remove Properties',
		name: 'removeProperties',
		type: 'string',
		default: '',
		placeholder: 'legacy_code, old_flag',
		description: 'Names of properties to remove, separated by commas (the service keeps them as deleted)',
	},
	updateFieldsProperty([allowDefinedOnlyProperty, propertiesJsonProperty]),
];

/**
 * The update of the schema at `path`: checked before anything is sent, then the schema is read, since the PUT
 * takes the whole set of properties (even when only the flag changes), and sent whole.
 */
export async function schemaUpdate(params: ParamReader, schemaPath: () => string | Promise<string>): Promise<ServiceRequest> {
	const fields = params.get<IDataObject>('updateFields', {});
	const changed = readProperties(params, params.get('properties', {}), fields.propertiesJson);
	const removed = readRemovedNames(params, 'Remove Properties', params.get('removeProperties', ''));
	const labels = { changed: 'Properties', removed: 'Remove Properties', noun: 'a property' };
	const flagOnly = fields.allowDefinedOnly !== undefined && Object.keys(changed).length === 0 && removed.length === 0;
	if (!flagOnly) checkChanges(params, changed, removed, labels);
	const path = await schemaPath();
	const current = await params.send<IDataObject>({ method: 'GET', path });
	const body: IDataObject = { properties: applyChanges(params, (current.properties ?? {}) as IDataObject, changed, removed, labels) };
	if (fields.allowDefinedOnly !== undefined) body.allow_defined_only = fields.allowDefinedOnly === true;
	return { method: 'PUT', path, body };
}
