import type { ILoadOptionsFunctions, INodeProperties, ResourceMapperField, ResourceMapperFields } from 'n8n-workflow';
import type { OperationDefinition, ResourceDefinition } from '../../actions/types';
import { addedIn, removedIn } from '../../actions/versions';
import { HIDDEN_ON_TOOLS } from '../fields';
import { recordFields } from './record';
import { controllingParameters, shownByValue } from './visibility';

/** The mapping parameters the description shows: version 3's Record Fields, version 2's resource mapper. */

/** Version 2's resource mapper parameter, version 3's Record Fields choice, and the Unknown Input Fields choice. */
export const MAPPING_PARAMETER = 'columns';
export const RECORD_FIELDS_PARAMETER = 'recordFields';
export const UNKNOWN_FIELDS_PARAMETER = 'unknownInputFields';
export const AUTO = 'autoMapInputData';
export const RECORD_AUTO = 'auto';

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
				"Map Automatically reads each field from the input key of the service's own name (e.g. source_id, also Source ID), nested as a read gives it; amounts under the service's key in hundredths, under the panel's (Price) in the main unit. A type that decides which fields show stays set here. The docs list the keys.",
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
