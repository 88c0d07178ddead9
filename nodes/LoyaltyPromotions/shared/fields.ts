import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
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

/** The `starting_after_id` cursor of v1 lists, for a Filters collection: results start after this entry. */
export const startingAfterIdOption: INodeProperties = {
	displayName: 'Starting After ID',
	name: 'startingAfterId',
	type: 'string',
	default: '',
	description: 'Start the results after the entry with this ID (the first page only; later pages follow on their own)',
};

// Update Fields shared by the v2 updates (card definition, tier structure, program).
import { parseJsonObjectOrNull, requireAnyField, requireChoice, requireDateTime, requireScalarText, requireText } from './validate';

/** An object-valued body field offered as JSON: parameter name, body key, label, help and the spec's shape. */
export interface JsonBodyField {
	name: string;
	key: string;
	displayName: string;
	description: string;
	shape: unknown;
	/** Whether the JSON text `null` is accepted, sent as null to clear the value. */
	nullable?: boolean;
}

export function jsonBodyProperties(fields: JsonBodyField[]): INodeProperties[] {
	return fields.map((field) =>
		jsonObjectProperty(field.name, field.displayName, `${field.description}${field.nullable ? ' Enter null to clear it.' : ''}`, field.shape),
	);
}

/** The Name field of an update, e.g. updateNameProperty('program'). */
export function updateNameProperty(what: string): INodeProperties {
	return { displayName: 'Name', name: 'name', type: 'string', default: '', description: `The ${what}'s new name, 1 to 200 characters` };
}

/**
 * Reads the Update Fields every v2 update shares (Name, 1 to 200 characters; the JSON object fields, an empty
 * {} counting as not set; Metadata) plus `extra` (operation-specific values; undefined and '' dropped), and
 * fails when nothing would be sent.
 */
export function readUpdateBody(params: ParamReader, fields: IDataObject, json: JsonBodyField[], extra: IDataObject = {}): IDataObject {
	const body: IDataObject = {};
	if (fields.name !== undefined) body.name = requireText(params, 'Name', fields.name, { max: 200 });
	for (const field of json) {
		if (fields[field.name] === undefined) continue;
		const value = field.nullable
			? parseJsonObjectOrNull(params, field.displayName, fields[field.name])
			: parseJsonObject(params, field.displayName, fields[field.name]);
		if (value === null || Object.keys(value).length > 0) body[field.key] = value;
	}
	Object.assign(body, compact(extra));
	const metadata = readMetadata(params, fields);
	if (metadata) body.metadata = metadata;
	return requireAnyField(params, 'Update Fields', body);
}

/** The Update Fields collection of an update operation, its options sorted by display name. */
function optionalFields(name: string, displayName: string, options: INodeProperties[], placeholder = 'Add Field'): INodeProperties {
	return {
		displayName,
		name,
		type: 'collection',
		placeholder,
		default: {},
		options: [...options].sort((a, b) => a.displayName.localeCompare(b.displayName)),
	};
}

export function updateFieldsProperty(options: INodeProperties[]): INodeProperties {
	return optionalFields('updateFields', 'Update Fields', options);
}

/** The Additional Fields collection of a create-like operation, its options sorted by name. */
export function additionalFieldsProperty(options: INodeProperties[]): INodeProperties {
	return optionalFields('additionalFields', 'Additional Fields', options);
}

// Commerce lists and amounts: sort orders, filter queries, money fields.

/** Options sorting by each field, ascending and descending, sorted by name, e.g. 'Created At Descending' → '-created_at'. */
export function sortOrderOptions(fields: Array<[label: string, field: string]>): INodePropertyOptions[] {
	return fields
		.flatMap(([label, field]) => [
			{ name: `${label} Ascending`, value: field },
			{ name: `${label} Descending`, value: `-${field}` },
		])
		.sort((a, b) => a.name.localeCompare(b.name));
}

/** The values of sortOrderOptions, to check what an expression gave. */
export function sortOrderValues(fields: Array<[label: string, field: string]>): string[] {
	return fields.flatMap(([, field]) => [field, `-${field}`]);
}

/** An Order option of a Filters collection. */
export function sortOrderFilter(fields: Array<[label: string, field: string]>, defaultValue: string, description: string): INodeProperties {
	return { displayName: 'Order', name: 'order', type: 'options', options: sortOrderOptions(fields), default: defaultValue, description };
}

/** How a Filters option becomes a query value: text, an ISO date-time, or one of a fixed set. */
export type FilterKind = 'text' | 'dateTime' | readonly string[];

/** A Filters collection as a query: option name → [query parameter, label in errors, kind]; empty options left out. */
export function readFilterQuery(params: ParamReader, chosen: IDataObject, table: Record<string, [param: string, label: string, kind: FilterKind]>): IDataObject {
	const query: IDataObject = {};
	for (const [name, [param, label, kind]] of Object.entries(table)) {
		const value = chosen[name];
		if (value === undefined || value === null || String(value).trim() === '') continue;
		query[param] =
			kind === 'dateTime'
				? requireDateTime(params, label, value)
				: kind === 'text'
					? requireScalarText(params, label, value).trim()
					: requireChoice(params, label, value, kind);
	}
	return query;
}

/** A money field typed in the currency's main unit (12.50) and sent ×100 (1250). */
export function moneyProperty(name: string, displayName: string, description: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 2 },
		default: 0,
		description: `${description} In the currency's main unit, e.g. 12.50; sent ×100 as 1250`,
	};
}

/** The Filters collection of a list operation, its options sorted by display name. */
export function filtersProperty(options: INodeProperties[]): INodeProperties {
	return optionalFields('filters', 'Filters', options, 'Add Filter');
}
