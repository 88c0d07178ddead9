import {
	ApplicationError,
	NodeOperationError,
	type FieldType,
	type IDataObject,
	type ILoadOptionsFunctions,
	type INodeProperties,
	type ResourceMapperField,
	type ResourceMapperFields,
	type ResourceMapperValue,
} from 'n8n-workflow';
import type { OperationDefinition, RecordMap, ResourceDefinition } from '../actions/types';
import { addedIn } from '../actions/versions';
import { checkParameter, type FieldContext } from './validate';

/**
 * Record fields taken straight from the input item (n8n's resource mapper, as its Airtable and Postgres nodes
 * have). An operation opts in with `record`: input key → the typed parameter it stands for ('sourceId',
 * 'additionalFields.price'). Everything else is derived from that parameter: the column's label, type and whether
 * it is required, and the rules its value is checked by. A mapped value is put where the typed field's value
 * would be, checked by the typed field's own rules (checkParameter), then build() reads it as if typed, so the
 * operation checks and sends it exactly as it does a typed value.
 *
 * Map Automatically reads the input item's JSON, which costs no expression evaluation; Map Each Field Below
 * takes values (often expressions) per column. A typed field the mapping leaves out keeps its value, so a few
 * fixed values (e.g. the currency) can stay typed.
 */

/** The resource mapper parameter and the Unknown Input Fields choice. */
export const MAPPING_PARAMETER = 'columns';
export const UNKNOWN_FIELDS_PARAMETER = 'unknownInputFields';
const AUTO = 'autoMapInputData';

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

const showAuto = { '/columns.mappingMode': [AUTO] };

/** The mapping parameters the description builder adds to an operation with a record (version 2 on). */
export function mappingProperties(operation: OperationDefinition): INodeProperties[] {
	if (!operation.record) return [];
	return [
		addedIn(2, {
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
		}),
		addedIn(2, {
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
			displayOptions: { show: showAuto },
		}),
	];
}

/**
 * A typed parameter the record maps, as the description shows it: a required one is hidden when mapped
 * automatically (the input item gives its value, and a required field left empty would block the run).
 */
export function hiddenWhenAutoMapped(operation: OperationDefinition, property: INodeProperties): INodeProperties {
	const mapped = Object.values(operation.record ?? {}).includes(property.name);
	if (!mapped || !property.required) return property;
	const hide = { ...property.displayOptions?.hide, ...showAuto };
	return { ...property, displayOptions: { ...property.displayOptions, hide } };
}

/** The resource mapper method: the columns of the operation chosen in the panel. */
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
					required: field.required,
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

