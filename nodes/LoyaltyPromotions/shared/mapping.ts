import {
	ApplicationError,
	NodeOperationError,
	type FieldType,
	type IDataObject,
	type IExecuteFunctions,
	type ILoadOptionsFunctions,
	type INodeProperties,
	type NodeExecutionHint,
	type ResourceMapperField,
	type ResourceMapperFields,
	type ResourceMapperValue,
} from 'n8n-workflow';
import type { OperationDefinition, RecordMap, ResourceDefinition } from '../actions/types';
import { addedIn, removedIn } from '../actions/versions';
import { HIDDEN_ON_TOOLS, putOwn } from './fields';
import { checkParameter, fail, parseJsonObject, type FieldContext } from './validate';

/**
 * Record fields taken straight from the input item. An operation opts in with `record`: input key → the typed
 * parameter it stands for ('sourceId', 'additionalFields.price'). Everything else is derived from that parameter:
 * the field's type and the rules its value is checked by. A mapped value is put where the typed field's value
 * would be, checked by the typed field's own rules (checkParameter), then build() reads it as if typed, so the
 * operation checks and sends it exactly as it does a typed value.
 *
 * Version 3: Record Fields is Set Each Field Below (the typed fields, each value given once) or Map Automatically
 * (the input item's keys, by name, with no expression per field). Version 2 offered the same through n8n's
 * resource mapper (Map Input Fields), kept for its saved workflows; its columns are never required there, since
 * the typed fields carry the value and its rules. Map Automatically's rules, so that what the panel shows is what
 * is sent:
 * - Names: the input key of the field's service name (source_id) is read first; else one key that matches it, or
 *   the typed parameter's name (sourceId), ignoring case, spaces, underscores and hyphens ("Source ID",
 *   "SOURCE_ID", "name "). A JSON field also takes dotted keys, one per key of its object ("metadata.tier").
 *   A value nested in the service's object is named by its own key there (amount_off, sku_id), or with its
 *   object's name where the key alone would mean another field too (point_earned_period, segment_id).
 * - A controlling field (one whose value decides which other fields the panel shows, e.g. a type) always stays
 *   typed and shown: n8n reads a parameter only while the panel's values show it. The item may repeat its value
 *   (it is checked and must be the panel's), never change it.
 * - A field the panel shows only for a controlling value (Amount Off for Discount Type Amount Off) is read from
 *   the item only while the panel's values (the controlling fields' typed values, per item) show it
 *   (panelVisibility, n8n's displayOptions rule). While hidden it is neither read nor required, and the item's
 *   key for it is not used: listed, or refused, as below, saying the panel's value it is not used for.
 * - A required field is hidden (the item gives it) and an item without it fails, naming the field and the key;
 *   except a required field shown only for a controlling value (Amount Off): it stays shown and typed, the typed
 *   value serving the items that do not give one and an item's value winning (the typed form requires it, and
 *   n8n runs no node with a required parameter empty).
 * - Any other field the item leaves out (or empty) keeps its typed value, so fixed values can stay typed.
 * - Input keys that match no field, or a field the panel hides, are never dropped silently: the output panel lists
 *   them (an execution hint), or with Unknown Input Fields set to Refuse the item fails naming them. An empty value
 *   of a hidden field is no value (a sheet's rows leave the columns of other types empty).
 * - Tool nodes (an AI agent's tools) offer no Record Fields: a model sets each field.
 * Every typed field and collection option is in its operation's record, under the service's name for it, except
 * those test/actions/mapping/coverage.test.cts lists with their reasons: node settings, locators, controlling
 * fields (they stay typed), metadata pairs beside the metadata key, JSON alternatives, lists of objects, and
 * settings nested in objects whose service names other fields share.
 */

/** Version 2's resource mapper parameter, version 3's Record Fields choice, and the Unknown Input Fields choice. */
export const MAPPING_PARAMETER = 'columns';
export const RECORD_FIELDS_PARAMETER = 'recordFields';
export const UNKNOWN_FIELDS_PARAMETER = 'unknownInputFields';
const AUTO = 'autoMapInputData';
const RECORD_AUTO = 'auto';

/** One column of an operation's record, derived from its typed parameter. */
export interface RecordField {
	/** The input item's key and the column's ID: the service's field name, e.g. 'source_id'. */
	name: string;
	/** The typed parameter's path, e.g. 'additionalFields.price'. */
	path: string;
	/** The typed parameter (or collection option) the value is checked by. */
	property: INodeProperties;
	type: FieldType;
	required: boolean;
}

/**
 * A record's fields that live in one collection, e.g. inCollection('updateFields', { image_url: 'imageUrl' });
 * a field set to undefined is left out (a shared record minus what one operation lacks).
 */
export function inCollection(collection: string, options: Readonly<Record<string, string | undefined>>): RecordMap {
	return Object.fromEntries(Object.entries(options).flatMap(([name, option]) => (option === undefined ? [] : [[name, `${collection}.${option}`]])));
}

const FIELD_TYPES: Partial<Record<INodeProperties['type'], FieldType>> = {
	boolean: 'boolean',
	dateTime: 'dateTime',
	fixedCollection: 'object',
	json: 'object',
	number: 'number',
	options: 'options',
	resourceLocator: 'string',
	string: 'string',
};

/** The property at `path` among `properties`: a top-level parameter, or an option of a collection. */
function propertyAt(properties: INodeProperties[], path: string): INodeProperties | undefined {
	const [top, option] = path.split('.');
	const property = properties.find((candidate) => candidate.name === top);
	if (option === undefined) return property;
	return ((property?.options ?? []) as INodeProperties[]).find((candidate) => candidate.name === option);
}

/** The operation's record columns, in the order it lists them; throws on a path that names no parameter. */
export function recordFields(operation: OperationDefinition): RecordField[] {
	return Object.entries(operation.record ?? {}).map(([name, path]) => {
		const property = propertyAt(operation.properties, path);
		if (!property) throw new ApplicationError(`Operation ${operation.value}: record field ${name} names no parameter ${path}`);
		return {
			name,
			path,
			property,
			type: FIELD_TYPES[property.type] ?? 'string',
			required: !path.includes('.') && property.required === true,
		};
	});
}

const version2Auto = { '/columns.mappingMode': [AUTO] };
const version3Auto = { [RECORD_FIELDS_PARAMETER]: [RECORD_AUTO] };

const unknownInputFields = (show: Record<string, string[]>): INodeProperties => ({
	displayName: 'Unknown Input Fields',
	name: UNKNOWN_FIELDS_PARAMETER,
	type: 'options',
	noDataExpression: true,
	options: [
		{ name: 'Ignore', value: 'ignore', description: 'Send the fields listed and leave the others out, listing them in the output panel' },
		{ name: 'Refuse', value: 'refuse', description: 'Fail the item, naming the input keys that are not fields of the record' },
	],
	default: 'ignore',
	description: 'What to do with input keys that are not fields of the record',
	displayOptions: { show },
});

/** The mapping parameters the description builder adds to an operation with a record (version 2 on). */
export function mappingProperties(operation: OperationDefinition): INodeProperties[] {
	return [...recordFieldsChoice(operation), ...version2Mapper(operation)];
}

/** Version 3's Record Fields choice and its Unknown Input Fields: shown above the fields they decide about. */
export function recordFieldsChoice(operation: OperationDefinition): INodeProperties[] {
	if (!operation.record) return [];
	return [
		addedIn(3, {
			displayName: 'Record Fields',
			name: RECORD_FIELDS_PARAMETER,
			type: 'options',
			noDataExpression: true,
			options: [
				{ name: 'Map Automatically', value: RECORD_AUTO, description: "Each input item's keys of the same name, no expression per field" },
				{ name: 'Set Each Field Below', value: 'fields', description: 'The fields below, each a value or an expression' },
			],
			default: 'fields',
			description:
				"Map Automatically reads each field from the input key of the service's own name for it (e.g. source_id, also Source ID or sourceId); a type that decides which fields show stays set here. The docs list each operation's keys.",
			// a model sets each field of a tool node itself: mapping an item's keys has no meaning there
			displayOptions: HIDDEN_ON_TOOLS,
		}),
		addedIn(3, unknownInputFields(version3Auto)),
	];
}

/** Version 2's resource mapper (Map Input Fields) and its Unknown Input Fields, below the fields, as it shipped. */
export function version2Mapper(operation: OperationDefinition): INodeProperties[] {
	if (!operation.record) return [];
	return [
		addedIn(2, removedIn(3, {
			displayName: 'Map Input Fields',
			name: MAPPING_PARAMETER,
			type: 'resourceMapper',
			noDataExpression: true,
			default: { mappingMode: 'defineBelow', value: null },
			required: true,
			description:
				"Map Automatically takes the fields listed from each input item, its keys matched by name, with no expression per field; Map Each Field Below sets them here. A field not mapped keeps the typed field's value.",
			typeOptions: {
				loadOptionsDependsOn: ['resource', 'operation'],
				resourceMapper: {
					resourceMapperMethod: 'getRecordFields',
					mode: 'add',
					fieldWords: { singular: 'field', plural: 'fields' },
					addAllFields: false,
					multiKeyMatch: false,
					supportAutoMap: true,
				},
			},
		})),
		addedIn(2, removedIn(3, unknownInputFields(version2Auto))),
	];
}

/**
 * The operation's controlling parameters: those whose value decides which of its other parameters are shown (a
 * type, a discount type), each with the display names of the parameters it shows or hides.
 */
export function controllingParameters(operation: OperationDefinition): Map<string, string[]> {
	const names = new Set(operation.properties.map((property) => property.name));
	const controlling = new Map<string, string[]>();
	for (const property of operation.properties) {
		const { show = {}, hide = {} } = property.displayOptions ?? {};
		for (const name of [...Object.keys(show), ...Object.keys(hide)].map((key) => key.replace(/^\//, ''))) {
			if (!names.has(name) || name === property.name) continue;
			const dependents = controlling.get(name) ?? [];
			if (!dependents.includes(property.displayName)) dependents.push(property.displayName);
			controlling.set(name, dependents);
		}
	}
	return controlling;
}

/**
 * A typed parameter the record maps, as the description shows it: a required one is hidden when mapped
 * automatically (the input item gives its value, and a required field left empty would block the run), unless it
 * is controlling (see the header). Version 2's mapper mode and version 3's Record Fields each hide it; neither
 * parameter exists in the other version.
 */
export function hiddenWhenAutoMapped(operation: OperationDefinition, property: INodeProperties): INodeProperties {
	const mapped = Object.values(operation.record ?? {}).includes(property.name);
	// a field shown only for a controlling value (Amount Off) stays shown and typed, as the panel's other fields for
	// that value are: the typed value serves the items that do not give one, an item's value wins
	if (!mapped || !property.required || controllingParameters(operation).has(property.name) || shownByValue(operation, property)) return property;
	const hide = { ...property.displayOptions?.hide, ...version2Auto, ...version3Auto };
	return { ...property, displayOptions: { ...property.displayOptions, hide } };
}

/** Whether the panel shows `property` only for some value of another of the operation's parameters (Amount Off). */
export function shownByValue(operation: OperationDefinition, property: INodeProperties): boolean {
	const names = new Set(operation.properties.map((candidate) => candidate.name));
	const { show = {}, hide = {} } = property.displayOptions ?? {};
	return [...Object.keys(show), ...Object.keys(hide)].some((key) => names.has(key.replace(/^\//, '')) && key.replace(/^\//, '') !== property.name);
}

/** The controlling parameter whose panel value hides a field (Discount Type for Amount Off), and that value. */
export interface HiddenBy {
	controller: INodeProperties;
	value: unknown;
}

const matches = (values: unknown, value: unknown) => Array.isArray(values) && values.includes(value);

/**
 * What the panel's values hide, by n8n's rule (displayOptions' show and hide) over the operation's own
 * parameters: for a record path ('amountOff', 'additionalFields.vouchersCount'), the controlling parameter and
 * value that hide it, or undefined while it is shown. A parameter hidden itself holds no value for the fields that
 * hang on it (n8n drops it). `typed` gives a parameter's panel value. Conditions on other names (resource,
 * operation, '@version') are the description builder's, met wherever the operation is shown.
 */
export function panelVisibility(operation: OperationDefinition, typed: (name: string, fallback: unknown) => unknown): (path: string) => HiddenBy | undefined {
	const byName = new Map<string, INodeProperties[]>();
	for (const property of operation.properties) byName.set(property.name, [...(byName.get(property.name) ?? []), property]);
	const decided = new Map<string, HiddenBy | null>();
	const deciding = new Set<string>();

	/** A condition's controlling parameter and value: a root parameter ('/type' or, at the top, 'type'), or a sibling option. */
	const condition = (key: string, collection?: INodeProperties): { hidden?: HiddenBy; controller?: INodeProperties; value?: unknown } | undefined => {
		if (collection && !key.startsWith('/')) {
			const option = ((collection.options ?? []) as INodeProperties[]).find((candidate) => candidate.name === key);
			return option && { controller: option, value: ((typed(collection.name, {}) ?? {}) as IDataObject)[key] };
		}
		const name = key.replace(/^\//, '');
		const properties = byName.get(name);
		if (!properties) return undefined;
		const hidden = hiddenParameter(name);
		return hidden ? { hidden } : { controller: properties[0], value: typed(name, properties[0].default) };
	};

	function hiddenProperty(property: INodeProperties, collection?: INodeProperties): HiddenBy | undefined {
		const { show = {}, hide = {} } = property.displayOptions ?? {};
		for (const [key, values] of Object.entries(show)) {
			const found = condition(key, collection);
			if (found?.hidden) return found.hidden;
			if (found && !matches(values, found.value)) return { controller: found.controller!, value: found.value };
		}
		for (const [key, values] of Object.entries(hide)) {
			const found = condition(key, collection);
			// a hidden parameter has no value to match
			if (found && !found.hidden && matches(values, found.value)) return { controller: found.controller!, value: found.value };
		}
		return undefined;
	}

	/** Shown when one of the parameters of that name is (an operation may describe one field twice, by condition). */
	function hiddenParameter(name: string): HiddenBy | undefined {
		if (!decided.has(name)) {
			if (deciding.has(name)) return undefined;
			deciding.add(name);
			const reasons = (byName.get(name) ?? []).map((property) => hiddenProperty(property));
			deciding.delete(name);
			decided.set(name, reasons.length > 0 && !reasons.includes(undefined) ? reasons[0]! : null);
		}
		return decided.get(name) ?? undefined;
	}

	return (path) => {
		const [top, option] = path.split('.');
		const hidden = hiddenParameter(top);
		if (hidden || option === undefined) return hidden;
		const collection = byName.get(top)?.[0];
		const property = ((collection?.options ?? []) as INodeProperties[]).find((candidate) => candidate.name === option);
		return property && hiddenProperty(property, collection);
	};
}

/** Why a field is not used: "Amount Off is not used for the panel's Discount Type "Percent Off"". */
export function notUsedReason(field: RecordField, hidden: HiddenBy): string {
	const option = ((hidden.controller.options ?? []) as Array<{ name?: string; value?: unknown }>).find((candidate) => candidate.value === hidden.value);
	const value = option?.name ?? (typeof hidden.value === 'string' ? hidden.value : (JSON.stringify(hidden.value) ?? 'empty'));
	return `${field.property.displayName} is not used for the panel's ${hidden.controller.displayName} "${value}"`;
}

/**
 * Version 2's resource mapper method: the columns of the operation chosen in the panel. None is required: the
 * typed field carries the value and its rules, and n8n's editor stores the columns when a node is first opened,
 * so a required column would block saved workflows that give the value typed.
 */
export function recordFieldsMethod(resources: ResourceDefinition[]) {
	return async function getRecordFields(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
		const resource = this.getNodeParameter('resource', '') as string;
		const operationValue = this.getNodeParameter('operation', '') as string;
		const operation = resources.find((r) => r.value === resource)?.operations.find((o) => o.value === operationValue);
		const fields = operation ? recordFields(operation) : [];
		return {
			fields: fields.map(
				(field): ResourceMapperField => ({
					id: field.name,
					displayName: `${field.property.displayName} (${field.name})`,
					required: false,
					defaultMatch: false,
					canBeUsedToMatch: false,
					display: true,
					type: field.type,
					...(field.type === 'options' ? { options: field.property.options as ResourceMapperField['options'] } : {}),
				}),
			),
			emptyFieldsNotice: 'This operation takes no record fields from the input',
		};
	};
}

/**
 * The item's mapping: version 3's Record Fields, or version 2's resource mapper value (read once when it maps
 * automatically: it then holds no expression).
 */
export function mappingReader(
	context: IExecuteFunctions,
	parameter: (name: string, itemIndex: number, fallback: unknown) => unknown,
): (itemIndex: number) => ResourceMapperValue | undefined {
	const stored = context.getNode().parameters;
	if (context.getNode().typeVersion >= 3) {
		const auto = parameter(RECORD_FIELDS_PARAMETER, 0, 'fields') === RECORD_AUTO;
		const automatic: ResourceMapperValue = { mappingMode: AUTO, value: null, matchingColumns: [], schema: [], attemptToConvertTypes: false, convertFieldsToString: false };
		return () => (auto ? automatic : undefined);
	}
	const storedMapping = stored[MAPPING_PARAMETER] as ResourceMapperValue | undefined;
	if (storedMapping?.mappingMode === AUTO) return () => storedMapping;
	return (itemIndex) => parameter(MAPPING_PARAMETER, itemIndex, undefined) as ResourceMapperValue | undefined;
}

/** One item's mapped values, by parameter path, checked, and the input key each came from. */
export interface MappedItem {
	values: Map<string, unknown>;
	/** The input key (or keys, for a JSON field's dotted keys) each value came from, by parameter path. */
	inputKeys: Map<string, string>;
	/** The input keys that match no field of the record (listed in the output panel, or refused). */
	unused: string[];
	/**
	 * The input keys of fields the panel's values hide, each with why ('"amount_off": Amount Off is not used for
	 * the panel's Discount Type "Percent Off"'): not read, and listed or refused as unused keys are.
	 */
	notShown: string[];
}

/** How an execution reads its items' mapped values: once per execution, then per item. */
export interface RecordReader {
	/** The top-level parameters the record maps: only reading these reads the item's mapped values. */
	names: ReadonlySet<string>;
	/**
	 * The item's mapped values; undefined when nothing is mapped. `typed` reads a parameter's typed value (a
	 * controlling field's, which the item's value must equal).
	 */
	read(params: FieldContext, mapping: ResourceMapperValue | undefined, json: IDataObject, typed: (name: string, fallback: unknown) => unknown): MappedItem | undefined;
}

/** An input key as names are compared loosely: lower case, without spaces, underscores and hyphens. */
export function looseName(key: string): string {
	return key.toLowerCase().replace(/[\s_-]+/g, '');
}

/** The names a field answers to loosely: its service name and its typed parameter's name. */
export function fieldAliases(field: RecordField): string[] {
	return [...new Set([looseName(field.name), looseName(field.path.split('.').pop() ?? field.name)])];
}

/** Keys a JSON field's dotted input keys may not set: they would reach the object's prototype. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

interface KeyMatch {
	/** Each field's input key, by field name. */
	keys: Map<string, string>;
	/** A JSON field's dotted keys ("metadata.tier"), by field name: [the object's key, the input key]. */
	dotted: Map<string, Array<[string, string]>>;
	unused: string[];
}

/**
 * Which input key each field reads (see the header): the exact key, else the one key matching it loosely; two
 * loose matches for one field are refused rather than one picked.
 */
function matchKeys(params: FieldContext, fields: RecordField[], json: IDataObject): KeyMatch {
	const keys = new Map<string, string>();
	const dotted = new Map<string, Array<[string, string]>>();
	const unused: string[] = [];
	const byAlias = new Map<string, RecordField | null>();
	for (const field of fields) {
		if (Object.hasOwn(json, field.name)) keys.set(field.name, field.name);
		// An alias two fields share names neither.
		for (const alias of fieldAliases(field)) byAlias.set(alias, byAlias.has(alias) && byAlias.get(alias) !== field ? null : field);
	}
	const loose = new Map<string, string[]>();
	for (const key of Object.keys(json)) {
		if (fields.some((field) => field.name === key)) continue;
		const dot = key.indexOf('.');
		const objectField = dot > 0 ? byAlias.get(looseName(key.slice(0, dot))) : undefined;
		if (objectField && objectField.type === 'object') {
			const objectKey = key.slice(dot + 1);
			if (UNSAFE_KEYS.has(objectKey) || objectKey === '') {
				fail(params, `${objectField.property.displayName} (input field "${key}")`, `"${objectKey}" cannot be a key of ${objectField.name}`);
			}
			dotted.set(objectField.name, [...(dotted.get(objectField.name) ?? []), [objectKey, key]]);
			continue;
		}
		const field = dot < 0 ? byAlias.get(looseName(key)) : undefined;
		if (!field || keys.has(field.name)) {
			unused.push(key);
			continue;
		}
		loose.set(field.name, [...(loose.get(field.name) ?? []), key]);
	}
	for (const [name, candidates] of loose) {
		if (candidates.length > 1) {
			const field = fields.find((candidate) => candidate.name === name)!;
			fail(params, `${field.property.displayName} (input field "${name}")`, `the item has several keys for it (${candidates.map((key) => `"${key}"`).join(', ')}): keep one, or name one "${name}"`);
		}
		keys.set(name, candidates[0]);
	}
	return { keys, dotted, unused };
}

/** A fixedCollection's single group as the item gives it, by its service keys (line_1 → line1), into its typed shape. */
function typedGroup(params: FieldContext, field: RecordField, key: string, value: unknown): unknown {
	const groups = (field.property.options ?? []) as Array<{ name: string; values?: INodeProperties[] }>;
	if (field.property.type !== 'fixedCollection' || groups.length !== 1 || field.property.typeOptions?.multipleValues) return value;
	const label = `${field.property.displayName} (input field "${key}")`;
	if (value === null || typeof value !== 'object' || Array.isArray(value)) fail(params, label, 'must be an object, e.g. {"city": "Warsaw"}');
	const parts = groups[0].values ?? [];
	const group: IDataObject = {};
	for (const [partKey, partValue] of Object.entries(value as IDataObject)) {
		const part = parts.find((candidate) => candidate.name === partKey || looseName(candidate.name) === looseName(partKey));
		if (!part) fail(params, label, `has no part "${partKey}" (its parts: ${parts.map((candidate) => candidate.name).join(', ')})`);
		group[part.name] = partValue;
	}
	return { [groups[0].name]: group };
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * Whether the item must give the field when mapped automatically (and the panel hides it): a required field,
 * unless it is controlling or the panel shows it only for a controlling value (see hiddenWhenAutoMapped).
 */
function itemMustGive(operation: OperationDefinition, field: RecordField, controlling: Map<string, string[]>): boolean {
	return field.required && !controlling.has(field.path) && !shownByValue(operation, field.property);
}

export function recordReader(operation: OperationDefinition, refuseUnknown: () => boolean): RecordReader | undefined {
	if (!operation.record) return undefined;
	const fields = recordFields(operation);
	const controlling = controllingParameters(operation);
	const known = fields.map((field) => field.name);
	return {
		names: new Set(fields.map((field) => field.path.split('.')[0])),
		read(params, mapping, json, typed) {
			if (!mapping) return undefined;
			const auto = mapping.mappingMode === AUTO;
			// Version 2's Map Each Field Below gives the mapper's own values, by field name.
			const source = auto ? json : ((mapping.value ?? {}) as IDataObject);
			const { keys, dotted, unused } = auto ? matchKeys(params, fields, json) : { keys: new Map(known.filter((name) => Object.hasOwn(source, name)).map((name) => [name, name])), dotted: new Map<string, Array<[string, string]>>(), unused: [] };
			// n8n reads a parameter only while the panel's values show it: a hidden field is not read. Its input key
			// is listed as unused (an empty one is no value: a sheet's rows leave the columns of other types empty);
			// Map Each Field Below's value for it is left out as n8n leaves out a hidden typed value.
			const hiddenBy = panelVisibility(operation, typed);
			const hidden = new Map(
				fields.flatMap((field) => {
					const by = hiddenBy(field.path);
					return by ? [[field.name, by] as const] : [];
				}),
			);
			const notShown = fields.flatMap((field) => {
				const by = hidden.get(field.name);
				if (!by || !auto) return [];
				const given = [keys.get(field.name), ...(dotted.get(field.name) ?? []).map(([, inputKey]) => inputKey)].filter((key): key is string => key !== undefined && !isEmpty(source[key]));
				return given.map((key) => `"${key}": ${notUsedReason(field, by)}`);
			});
			if ((unused.length > 0 || notShown.length > 0) && refuseUnknown()) {
				const problems = [
					...(unused.length > 0 ? [`Input fields ${unused.map((key) => `"${key}"`).join(', ')}: are not fields of this record`] : []),
					...(notShown.length > 0 ? [`Input ${notShown.length > 1 ? 'fields' : 'field'} ${notShown.join('; ')}`] : []),
				];
				throw new NodeOperationError(params.node, problems.join('; '), {
					itemIndex: params.itemIndex,
					description: `The fields it takes: ${known.join(', ')}${notShown.length > 0 ? ", each only while the panel shows it (set the panel's value for such items, e.g. after a Switch node)" : ''}. Remove the others (e.g. with an Edit Fields node), or set Unknown Input Fields to Ignore. Nothing was sent for this item.`,
				});
			}
			const values = new Map<string, unknown>();
			const inputKeys = new Map<string, string>();
			for (const field of fields) {
				if (hidden.has(field.name)) continue;
				const key = keys.get(field.name);
				let value = key === undefined ? undefined : source[key];
				let from = key ?? field.name;
				const parts = dotted.get(field.name);
				if (parts) {
					// The dotted keys set keys of the field's object, over the object the item gives under its own key.
					const base = typeof value === 'string' && value.trim() !== '' ? parseJsonObject(params, `${field.property.displayName} (input field "${from}")`, value) : value;
					const object: IDataObject = {};
					if (base !== null && typeof base === 'object' && !Array.isArray(base)) for (const [name, part] of Object.entries(base)) putOwn(object, name, part);
					for (const [name, inputKey] of parts) putOwn(object, name, source[inputKey]);
					value = object;
					from = [...(key === undefined ? [] : [key]), ...parts.map(([, inputKey]) => inputKey)].join('", "');
				}
				const label = `${field.property.displayName} (input field "${from}")`;
				const dependents = controlling.get(field.path);
				if (isEmpty(value)) {
					// Hidden from the panel when mapped automatically: only the item can give it.
					if (auto && itemMustGive(operation, field, controlling)) {
						fail(params, label, `is required: the input item has no "${field.name}" key, or it is empty (Map Automatically reads this field from the item)`);
					}
					continue;
				}
				const checked = checkParameter(params, field.property, typedGroup(params, field, from, value), label);
				if (dependents) {
					const panel = typed(field.path, field.property.default);
					if (checked !== panel) {
						fail(
							params,
							label,
							`is ${JSON.stringify(checked)} in the item but ${JSON.stringify(panel)} in the panel. ${field.property.displayName} decides which fields the panel shows (${dependents.join(', ')}), and those are read for the panel's value: set ${field.property.displayName} to ${JSON.stringify(checked)} in the panel for these items (e.g. after a Switch node), or leave "${from}" out of the item`,
						);
					}
				}
				values.set(field.path, checked);
				inputKeys.set(field.path, from);
			}
			return { values, inputKeys, unused, notShown };
		},
	};
}

/** The output panel's note on the input keys Map Automatically left out (Unknown Input Fields: Ignore). */
export function ignoredKeysHint(operation: OperationDefinition, keys: string[]): NodeExecutionHint {
	const shown = keys.slice(0, 20).map((key) => `"${key}"`).join(', ') + (keys.length > 20 ? ` and ${keys.length - 20} more` : '');
	return {
		message: `Map Automatically left out input fields ${shown}: they match no field of this record (it takes ${recordFields(operation).map((field) => field.name).join(', ')}). Rename them, or set Unknown Input Fields to Refuse to fail such items instead.`,
		type: 'warning',
		location: 'outputPane',
	};
}

/** The output panel's note on the input keys of fields the panel's values hide (Unknown Input Fields: Ignore). */
export function notShownKeysHint(reasons: string[]): NodeExecutionHint {
	const shown = reasons.slice(0, 20).join('; ') + (reasons.length > 20 ? `; and ${reasons.length - 20} more` : '');
	return {
		message: `Map Automatically left out input fields the panel's current values do not use: ${shown}. Set that value in the panel for such items (e.g. after a Switch node), or set Unknown Input Fields to Refuse to fail such items instead.`,
		type: 'warning',
		location: 'outputPane',
	};
}

/**
 * Whether an error message is about the field labelled `label`: "Price: …", "Items (JSON) entry 2: …",
 * "Metadata (JSON).tier …" (not "Name Prefix: …" for Name).
 */
function labels(message: string, label: string): boolean {
	if (!message.startsWith(label)) return false;
	const rest = message.slice(label.length);
	return /^(: |\.|\[| entry )/.test(rest) || (label.endsWith(')') && rest.startsWith(' '));
}

/**
 * An error a mapped value caused in build() (e.g. "Image URL: must be an HTTPS address"), named as the mapped
 * value's other errors are: with the input key it came from. Other errors are returned unchanged.
 */
export function withInputKey(error: unknown, operation: OperationDefinition, mapped: MappedItem | undefined): unknown {
	if (!mapped || !(error instanceof NodeOperationError) || mapped.inputKeys.size === 0) return error;
	const fields = recordFields(operation);
	for (const [path, key] of mapped.inputKeys) {
		const field = fields.find((candidate) => candidate.path === path);
		const label = field?.property.displayName;
		if (!label || !labels(error.message, label)) continue;
		error.message = `${label} (input field "${key}")${error.message.slice(label.length)}`;
		return error;
	}
	return error;
}

/**
 * A parameter's value with the item's mapped values put in: the mapped value itself for a top-level parameter,
 * else a copy of the collection with the mapped options set over the typed ones.
 */
export function withMapped(name: string, value: unknown, mapped: Map<string, unknown> | undefined): unknown {
	if (!mapped || mapped.size === 0) return value;
	if (mapped.has(name)) return mapped.get(name);
	let merged: IDataObject | undefined;
	for (const [path, mappedValue] of mapped) {
		const dot = path.indexOf('.');
		if (dot < 0 || path.slice(0, dot) !== name) continue;
		merged ??= { ...((value ?? {}) as IDataObject) };
		merged[path.slice(dot + 1)] = mappedValue as IDataObject[string];
	}
	return merged ?? value;
}

