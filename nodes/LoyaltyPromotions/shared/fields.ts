import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import type { ParamReader } from '../actions/types';
import { addedIn, removedIn } from '../actions/versions';
import { locatorProperty } from './locator';
import { hasOwn, putOwn } from './own';
import {
	fail,
	parseJsonObject,
	parseJsonObjectOrNull,
	requireAnyField,
	requireDateTime,
	requireIntegerInRange,
	requireOption,
	requireScalarText,
	requireText,
} from './validate';

/** Reusable parameter builders and readers, so operations describe only what makes them different. */

/**
 * The project a management operation works in, as version 1 shipped it: text, empty meaning the credential's
 * project. Version 2 offers projectLocator instead (same parameter name; params.projectId() reads either).
 */
export const projectIdProperty: INodeProperties = removedIn(2, {
	displayName: 'Project ID',
	name: 'projectId',
	type: 'string',
	default: '',
	placeholder: "Leave empty to use the credential's project",
	description: "The project to manage. Left empty, the Project ID saved in the credential; an expression that gives nothing is an error.",
});

/**
 * The project as a resource locator (From List of the account's projects, By ID). With `required` the user must
 * name it (e.g. the project to delete); otherwise empty means the credential's project.
 */
export function projectLocator(options: { name?: string; displayName?: string; description?: string; required?: boolean } = {}): INodeProperties {
	return addedIn(
		2,
		locatorProperty({
			name: options.name ?? 'projectId',
			displayName: options.displayName ?? 'Project',
			description:
				options.description ??
				(options.required
					? 'The project'
					: "The project to manage. \"The credential's project\" in From List, or leaving it empty, means the Project ID saved in the credential; an expression that gives nothing is an error."),
			noun: 'project',
			searchListMethod: 'searchProjects',
			idPlaceholder: options.required ? 'proj_...' : "proj_... (empty: the credential's project)",
			required: options.required ?? false,
		}),
	);
}

/** The project field of a management operation: the locator (version 2), or the text field version 1 shipped. */
export const projectProperties: INodeProperties[] = [projectLocator(), projectIdProperty];

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

/**
 * The display condition of a setting that means nothing on n8n's tool copy of the node (an AI agent's tool):
 * n8n reads '@tool' as true on a node type whose name ends with 'Tool'.
 */
export const HIDDEN_ON_TOOLS: NonNullable<INodeProperties['displayOptions']> = { hide: { '@tool': [true] } };

/**
 * What each metadata field says of the other: both are sent, and the JSON wins a key both name (readMetadata).
 * Short, as 47 operations carry the pair in every editor load.
 */
export const METADATA_PRECEDENCE = { pairs: 'Metadata (JSON) wins a key both set', json: 'Sent with Metadata; wins a key both set' } as const;

/** Metadata as key/value pairs, for Additional Fields and Update Fields. */
export const metadataProperty: INodeProperties = {
	displayName: 'Metadata',
	name: 'metadata',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Metadata Field',
	default: {},
	description: `Text values; ${METADATA_PRECEDENCE.pairs}`,
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
	description: `For numbers, booleans and nested values. ${METADATA_PRECEDENCE.json}.`,
};

/** Reads Metadata and Metadata (JSON) from a collection (e.g. additionalFields); undefined when neither is set. */
export function readMetadata(params: ParamReader, fields: IDataObject): IDataObject | undefined {
	const pairs = ((fields.metadata as IDataObject | undefined)?.fields ?? []) as Array<{ key: string; value: string }>;
	const hasJson = fields.metadataJson !== undefined && String(JSON.stringify(fields.metadataJson)) !== '"{}"';
	if (pairs.length === 0 && !hasJson) return undefined;
	const metadata: IDataObject = {};
	for (const { key, value } of pairs) if (key) putOwn(metadata, key, value);
	if (hasJson) for (const [key, value] of Object.entries(parseJsonObject(params, 'Metadata (JSON)', fields.metadataJson))) putOwn(metadata, key, value);
	return metadata;
}

/** Shared here for the operations that write metadata keys (see shared/own.ts). */
export { putOwn };

/** A JSON object option of a collection (e.g. Update Fields): undefined when it is not set or holds an empty {}. */
export function readJsonOption(params: ParamReader, fields: IDataObject, name: string, label: string): IDataObject | undefined {
	if (fields[name] === undefined) return undefined;
	const value = parseJsonObject(params, label, fields[name]);
	return Object.keys(value).length > 0 ? value : undefined;
}

/** Whether the user set a field: not undefined, not null and not blank text. */
export const isSet = (value: unknown): boolean => value !== undefined && value !== null && String(value).trim() !== '';

/** Drops undefined and empty-string values, so only what the user set is sent. */
export function compact(object: IDataObject): IDataObject {
	const result: IDataObject = {};
	for (const [key, value] of Object.entries(object)) {
		if (value !== undefined && value !== '') putOwn(result, key, value);
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

/** An object-valued body field offered as JSON: parameter name, body key, label, help and the spec's shape. */
export interface JsonBodyField {
	name: string;
	key: string;
	displayName: string;
	description: string;
	shape: unknown;
	/** Whether the JSON text `null` is accepted, sent as null to clear the value. */
	nullable?: boolean;
	/** Checks (and translates) the parsed object, e.g. readTypedSettings; an empty {} never reaches it. */
	check?: (params: ParamReader, field: string, value: IDataObject) => IDataObject;
}

export function jsonBodyProperties(fields: JsonBodyField[]): INodeProperties[] {
	return fields.map((field) =>
		jsonObjectProperty(field.name, field.displayName, `${field.description}${field.nullable ? ' Enter null to clear it.' : ''}`, field.shape),
	);
}

/** The required Name field of a create or an import, e.g. nameProperty("The program's name, 1 to 200 characters"). */
export function nameProperty(description: string, placeholder?: string): INodeProperties {
	return { displayName: 'Name', name: 'name', type: 'string', default: '', required: true, ...(placeholder ? { placeholder } : {}), description };
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
	Object.assign(body, readJsonBodyFields(params, fields, json));
	Object.assign(body, compact(extra));
	const metadata = readMetadata(params, fields);
	if (metadata) body.metadata = metadata;
	return requireAnyField(params, 'Update Fields', body);
}

/** The JSON object fields of a collection, by body key: null when cleared (nullable ones), left out when not set or {}. */
export function readJsonBodyFields(params: ParamReader, fields: IDataObject, json: JsonBodyField[]): IDataObject {
	const body: IDataObject = {};
	for (const field of json) {
		if (fields[field.name] === undefined) continue;
		const value = field.nullable
			? parseJsonObjectOrNull(params, field.displayName, fields[field.name])
			: parseJsonObject(params, field.displayName, fields[field.name]);
		if (value === null) body[field.key] = null;
		else if (Object.keys(value).length > 0) body[field.key] = field.check ? field.check(params, field.displayName, value) : value;
	}
	return body;
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

// Settings the v2 bodies type with `type` (tier structure and card definition updates): a type names which of
// the object's settings objects applies, and periods carry a unit.

/** The units a period takes and the largest value of each (undefined: no maximum beyond the integer range). */
export type PeriodUnits = Partial<Record<'DAY' | 'WEEK' | 'MONTH' | 'YEAR', number>>;

const UNIT_NAMES: Record<string, string> = { DAY: 'Day', WEEK: 'Week', MONTH: 'Month', YEAR: 'Year' };

/** Options of an enum field, sorted by name: {VALUE: 'Name'} or {VALUE: ['Name', 'description']}. */
export function enumOptions(values: Record<string, string | [string, string]>): INodePropertyOptions[] {
	return Object.entries(values)
		.map(([value, label]) => (Array.isArray(label) ? { name: label[0], value, description: label[1] } : { name: label, value }))
		.sort((a, b) => a.name.localeCompare(b.name));
}

/** An options field of Update Fields (no preset: the user adds it to set it). */
export function enumProperty(name: string, displayName: string, description: string, values: Record<string, string | [string, string]>): INodeProperties {
	const options = enumOptions(values);
	const first = options[0].value;
	return { displayName, name, type: 'options', options, default: first, description };
}

/** The number and unit fields of a period, e.g. periodProperties('gracePeriod', 'Downgrade Grace Period', '…', units). */
export function periodProperties(name: string, displayName: string, description: string, units: PeriodUnits): INodeProperties[] {
	const limits = Object.entries(units)
		.map(([unit, max]) => `${UNIT_NAMES[unit].toLowerCase()}s up to ${max}`)
		.join(', ');
	return [
		{
			displayName,
			name,
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: 1,
			description: `${description} (a whole number of at least 1${limits ? `; ${limits}` : ''}). Needs ${displayName} Unit.`,
		},
		enumProperty(`${name}Unit`, `${displayName} Unit`, `The unit of ${displayName}`, Object.fromEntries(Object.keys(units).map((unit) => [unit, UNIT_NAMES[unit]]))),
	];
}

/** A period from the fields periodProperties made: {value, unit}, or undefined when neither field is set. */
export function readPeriod(params: ParamReader, fields: IDataObject, name: string, displayName: string, units: PeriodUnits): IDataObject | undefined {
	const value = fields[name];
	const unit = fields[`${name}Unit`];
	if (value === undefined && unit === undefined) return undefined;
	if (value === undefined) fail(params, displayName, `is required with ${displayName} Unit`);
	if (unit === undefined) fail(params, `${displayName} Unit`, `is required with ${displayName}`);
	const checkedUnit = requireOption(params, `${displayName} Unit`, unit, Object.keys(units));
	const max = units[checkedUnit as keyof PeriodUnits];
	if (max === undefined) return { value: requireIntegerInRange(params, displayName, value, 1), unit: checkedUnit };
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof number !== 'number' || !Number.isInteger(number) || number < 1 || number > max) {
		fail(params, displayName, `must be a whole number from 1 to ${max} when the unit is ${UNIT_NAMES[checkedUnit]} (got ${String(value)})`);
	}
	return { value: number, unit: checkedUnit };
}

/** An options field choosing a typed object's type, the period field some types need, and the JSON alternative. */
export interface TypeWithPeriod {
	/** The options field and its label, e.g. 'pendingPointsType', 'Pending Points Type'. */
	name: string;
	label: string;
	/** The JSON field that gives the whole object instead. */
	json: { name: string; label: string };
	/** The types offered: each one's label, and the key of the settings object holding its period (none: no period). */
	types: Record<string, { label: string; key?: string }>;
	/** The period fields periodProperties made. */
	period: { name: string; label: string; units: PeriodUnits };
}

/**
 * A typed object from its type field and period, e.g. {type: 'PERIOD_BASED', period_based: {period}}; undefined when
 * the type is not set. The period is required by the types that have one and refused by the others.
 */
export function readTypeWithPeriod(params: ParamReader, fields: IDataObject, spec: TypeWithPeriod): IDataObject | undefined {
	const periodSet = fields[spec.period.name] !== undefined || fields[`${spec.period.name}Unit`] !== undefined;
	if (fields[spec.name] === undefined) {
		if (periodSet) fail(params, spec.label, `is required with ${spec.period.label}`);
		return undefined;
	}
	if (fields[spec.json.name] !== undefined) fail(params, spec.label, `set either it or ${spec.json.label}, not both`);
	const type = requireOption(params, spec.label, fields[spec.name], Object.keys(spec.types));
	const { label, key } = spec.types[type];
	if (key === undefined) {
		if (periodSet) fail(params, spec.period.label, `must not be set when ${spec.label} is ${label}`);
		return { type };
	}
	const period = readPeriod(params, fields, spec.period.name, spec.period.label, spec.period.units);
	if (!period) fail(params, spec.period.label, `is required when ${spec.label} is ${label}`);
	return { type, [key]: { period } };
}

/** Which settings object each `type` of a typed object uses (null: none), and how the seed's untyped shape maps. */
export interface TypedSettings {
	types: Record<string, string | null>;
	/** The seed's mode keys (its objects had no `type`) → the type they become. */
	seedModes?: Record<string, string>;
	/** The units periods (`period`, `cancel_period`) inside the settings objects take. */
	units?: readonly string[];
}

/**
 * A typed object from a JSON field (`field` names it), in the current shape or the seed's: an untyped object with
 * one mode, e.g. {"calendar_expiration": {…}}, gets the type of its mode. Checks that the type is known, that its
 * settings object is there and the others are not, and that periods have a unit; the service checks the rest.
 */
export function readTypedSettings(params: ParamReader, field: string, value: IDataObject, spec: TypedSettings): IDataObject {
	const typeList = Object.keys(spec.types).sort().join(', ');
	let object = value;
	if (object.type === undefined) {
		const seedModes = spec.seedModes ?? {};
		const modes = Object.keys(object).filter((key) => hasOwn(seedModes, key) && object[key] !== null);
		if (modes.length !== 1 || Object.keys(object).some((key) => !hasOwn(seedModes, key))) {
			fail(params, field, modes.length > 1 ? `the service takes one mode now: set type (one of ${typeList}) and keep only its settings` : `type is required (one of ${typeList})`);
		}
		const type = seedModes[modes[0]];
		const key = spec.types[type];
		object = key === null ? { type } : { type, [key]: object[modes[0]] };
	}
	const type = object.type;
	if (typeof type !== 'string' || !hasOwn(spec.types, type)) fail(params, field, `type must be one of ${typeList} (got ${JSON.stringify(type)})`);
	const settingsKeys = Object.values(spec.types).filter((key): key is string => key !== null);
	const unknown = Object.keys(object).filter((key) => key !== 'type' && !settingsKeys.includes(key));
	if (unknown.length > 0) fail(params, field, `has unknown properties: ${unknown.join(', ')}`);
	const own = spec.types[type];
	for (const key of settingsKeys) {
		const present = object[key] !== undefined && object[key] !== null;
		if (key === own && !present) fail(params, field, `${key} is required when type is ${type}`);
		if (key !== own && present) fail(params, field, `${key} must be left out when type is ${type}`);
	}
	const settings = own === null ? undefined : object[own];
	if (settings !== null && typeof settings === 'object' && !Array.isArray(settings) && spec.units) {
		for (const periodKey of ['period', 'cancel_period']) {
			const period = (settings as IDataObject)[periodKey] as IDataObject | null | undefined;
			if (period === null || period === undefined || typeof period !== 'object') continue;
			if (!spec.units.includes(period.unit as string)) {
				const units = spec.units.length > 1 ? `${spec.units.slice(0, -1).join(', ')} or ${spec.units[spec.units.length - 1]}` : spec.units[0];
				fail(params, field, `${own}.${periodKey}.unit is required (${units})${period.unit === undefined ? '' : `, got ${JSON.stringify(period.unit)}`}`);
			}
		}
	}
	return object;
}

/** A settings group switched on and off by `type` (e.g. {"type": "LIMITED", "limits": […]}), and its list's key. */
export interface SwitchedGroup {
	off: string;
	on: string;
	list: string;
}

/**
 * An object of switched groups from a JSON field (e.g. earning limits: global and transactions), each required.
 * A group in the seed's shape (no type) with an empty list is switched off; one with entries needs its type.
 */
export function readSwitchedGroups(params: ParamReader, field: string, value: IDataObject, groups: Record<string, SwitchedGroup>): IDataObject {
	const unknown = Object.keys(value).filter((key) => !hasOwn(groups, key));
	if (unknown.length > 0) fail(params, field, `has unknown properties: ${unknown.join(', ')} (it holds ${Object.keys(groups).join(' and ')})`);
	const result: IDataObject = {};
	for (const [key, group] of Object.entries(groups)) {
		const given = value[key];
		if (given === null || given === undefined || typeof given !== 'object' || Array.isArray(given)) fail(params, field, `${key} is required: an object with type ${group.off} or ${group.on}`);
		const object = given as IDataObject;
		const list = object[group.list];
		if (object.type === undefined) {
			if (list !== undefined && list !== null && (!Array.isArray(list) || list.length > 0)) fail(params, field, `${key}.type is required (${group.off} or ${group.on})`);
			result[key] = { ...object, type: group.off };
			continue;
		}
		if (object.type !== group.off && object.type !== group.on) fail(params, field, `${key}.type must be ${group.off} or ${group.on} (got ${JSON.stringify(object.type)})`);
		result[key] = object;
	}
	return result;
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
					: requireOption(params, label, value, kind);
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

/**
 * Whether a number field is money typed in the main unit and sent in hundredths: its description promises "sent
 * ×100", so what the panel tells and what Map Automatically converts cannot drift apart.
 */
export function isMoneyProperty(property: INodeProperties): boolean {
	return property.type === 'number' && /sent ×100/.test(property.description ?? '');
}

/** The Filters collection of a list operation, its options sorted by display name. */
export function filtersProperty(options: INodeProperties[]): INodeProperties {
	return optionalFields('filters', 'Filters', options, 'Add Filter');
}
