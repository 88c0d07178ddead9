import {
	ApplicationError,
	NodeOperationError,
	type FieldType,
	type IDataObject,
	type IExecuteFunctions,
	type ILoadOptionsFunctions,
	type INodeProperties,
	type ResourceMapperField,
	type ResourceMapperFields,
	type ResourceMapperValue,
} from 'n8n-workflow';
import type { OperationDefinition, RecordMap, ResourceDefinition } from '../actions/types';
import { addedIn, removedIn } from '../actions/versions';
import { checkParameter, type FieldContext } from './validate';

/**
 * Record fields taken straight from the input item. An operation opts in with `record`: input key → the typed
 * parameter it stands for ('sourceId', 'additionalFields.price'). Everything else is derived from that parameter:
 * the field's type and the rules its value is checked by. A mapped value is put where the typed field's value
 * would be, checked by the typed field's own rules (checkParameter), then build() reads it as if typed, so the
 * operation checks and sends it exactly as it does a typed value.
 *
 * Version 3: Record Fields is Set Each Field Below (the typed fields, each value given once) or Map Automatically
 * (the input item's keys, by name, with no expression per field; the required typed fields are then hidden and a
 * typed field the item leaves out keeps its value, so fixed values such as the currency can stay typed).
 * Version 2 offered the same through n8n's resource mapper (Map Input Fields), kept for its saved workflows; its
 * columns are never required there, since the typed fields carry the value and its rules.
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
		{ name: 'Ignore', value: 'ignore', description: 'Send the fields listed and leave the others out' },
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
			description: "Map Automatically reads each field from the input key of the service's own name for it (e.g. source_id): the docs list each operation's keys",
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
 * A typed parameter the record maps, as the description shows it: a required one is hidden when mapped
 * automatically (the input item gives its value, and a required field left empty would block the run). Version
 * 2's mapper mode and version 3's Record Fields each hide it; neither parameter exists in the other version.
 */
export function hiddenWhenAutoMapped(operation: OperationDefinition, property: INodeProperties): INodeProperties {
	const mapped = Object.values(operation.record ?? {}).includes(property.name);
	if (!mapped || !property.required) return property;
	const hide = { ...property.displayOptions?.hide, ...version2Auto, ...version3Auto };
	return { ...property, displayOptions: { ...property.displayOptions, hide } };
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

/** How an execution reads its items' mapped values: once per execution, then per item. */
export interface RecordReader {
	/** The top-level parameters the record maps: only reading these reads the item's mapped values. */
	names: ReadonlySet<string>;
	/** The item's mapped values by parameter path, checked; undefined when nothing is mapped. */
	read(params: FieldContext, mapping: ResourceMapperValue | undefined, json: IDataObject): Map<string, unknown> | undefined;
}

export function recordReader(operation: OperationDefinition, refuseUnknown: () => boolean): RecordReader | undefined {
	if (!operation.record) return undefined;
	const fields = recordFields(operation);
	const known = new Set(fields.map((field) => field.name));
	return {
		names: new Set(fields.map((field) => field.path.split('.')[0])),
		read(params, mapping, json) {
			if (!mapping) return undefined;
			const auto = mapping.mappingMode === AUTO;
			const source = auto ? json : ((mapping.value ?? {}) as IDataObject);
			if (auto && refuseUnknown()) {
				const unknown = Object.keys(json).filter((key) => !known.has(key));
				if (unknown.length > 0) {
					throw new NodeOperationError(params.node, `Input fields ${unknown.map((key) => `"${key}"`).join(', ')}: are not fields of this record`, {
						itemIndex: params.itemIndex,
						description: `The fields it takes: ${[...known].join(', ')}. Remove the others (e.g. with an Edit Fields node), or set Unknown Input Fields to Ignore. Nothing was sent for this item.`,
					});
				}
			}
			const values = new Map<string, unknown>();
			for (const field of fields) {
				const value = source[field.name];
				if (value === undefined || value === null || value === '') continue;
				values.set(field.path, checkParameter(params, field.property, value, `${field.property.displayName} (input field "${field.name}")`));
			}
			return values;
		},
	};
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

