import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { ParamReader } from '../actions/types';
import { parseJsonObject } from './validate';

/** Reusable parameter builders and readers, so operations describe only what makes them different. */

export const projectIdProperty: INodeProperties = {
	displayName: 'Project ID',
	name: 'projectId',
	type: 'string',
	default: '',
	placeholder: "Leave empty to use the credential's project",
	description: "The project to manage. Empty means the Project ID saved in the credential.",
};

/** A required string ID parameter, e.g. idProperty('skuId', 'SKU ID', 'The SKU's ID or source ID'). */
export function idProperty(name: string, displayName: string, description: string, placeholder?: string): INodeProperties {
	return { displayName, name, type: 'string', default: '', required: true, description, ...(placeholder ? { placeholder } : {}) };
}

/** A JSON parameter holding an object, with a placeholder showing the shape the service expects. */
export function jsonObjectProperty(name: string, displayName: string, description: string, shape: unknown): INodeProperties {
	return {
		displayName,
		name,
		type: 'json',
		default: '{}',
		placeholder: JSON.stringify(shape, null, 2),
		description: `${description} Shape: ${JSON.stringify(shape)}`,
	};
}

/** Metadata as key/value pairs, for Additional Fields and Update Fields. */
export const metadataProperty: INodeProperties = {
	displayName: 'Metadata',
	name: 'metadata',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Metadata Field',
	default: {},
	description: 'Custom key/value pairs. Use Metadata (JSON) for numbers, booleans or nested values.',
	options: [
		{
			displayName: 'Field',
			name: 'fields',
			values: [
				{ displayName: 'Key', name: 'key', type: 'string', default: '' },
				{ displayName: 'Value', name: 'value', type: 'string', default: '' },
			],
		},
	],
};

/** Metadata as a JSON object, merged over the key/value pairs. */
export const metadataJsonProperty: INodeProperties = {
	displayName: 'Metadata (JSON)',
	name: 'metadataJson',
	type: 'json',
	default: '{}',
	placeholder: '{ "region": "EU", "tier": 2 }',
	description: 'Custom metadata as a JSON object; merged over the key/value pairs',
};

/** Reads Metadata and Metadata (JSON) from a collection (e.g. additionalFields); undefined when neither is set. */
export function readMetadata(params: ParamReader, fields: IDataObject): IDataObject | undefined {
	const pairs = ((fields.metadata as IDataObject | undefined)?.fields ?? []) as Array<{ key: string; value: string }>;
	const hasJson = fields.metadataJson !== undefined && String(JSON.stringify(fields.metadataJson)) !== '"{}"';
	if (pairs.length === 0 && !hasJson) return undefined;
	const metadata: IDataObject = {};
	for (const { key, value } of pairs) if (key) metadata[key] = value;
	if (hasJson) Object.assign(metadata, parseJsonObject(params, 'Metadata (JSON)', fields.metadataJson));
	return metadata;
}

/** Drops undefined and empty-string values, so only what the user set is sent. */
export function compact(object: IDataObject): IDataObject {
	const result: IDataObject = {};
	for (const [key, value] of Object.entries(object)) {
		if (value !== undefined && value !== '') result[key] = value;
	}
	return result;
}
