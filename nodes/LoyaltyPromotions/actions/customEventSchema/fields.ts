import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { locatorProperty } from '../../shared/locator';
import { hasOwn, putOwn } from '../../shared/own';
import { fail, requireScalarText } from '../../shared/validate';
import { path } from '../../transport/request';
import type { ParamReader } from '../types';

/** What the custom event schema operations share: the schema locator, its attributes field and paths. */

export const customEventSchemaIdProperty = locatorProperty({
	name: 'customEventSchemaId',
	displayName: 'Custom Event Schema',
	description: "The custom event schema, picked from the project's schemas or given by ID",
	noun: 'custom event schema',
	searchListMethod: 'searchCustomEventSchemas',
	idPlaceholder: 'ms_...',
});

const ATTRIBUTE_TYPES = ['boolean', 'date', 'datetime', 'number', 'string'] as const;

/** The event's custom attributes (the schema's properties): name, type and whether an event may leave it out. */
export function attributesProperty(description: string): INodeProperties {
	return {
		displayName: 'Attributes',
		name: 'attributes',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Attribute',
		default: {},
		description,
		options: [
			{
				displayName: 'Attribute',
				name: 'attribute',
				values: [
					{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'The attribute\'s name in the event\'s metadata' },
					{
						displayName: 'Type',
						name: 'type',
						type: 'options',
						options: ATTRIBUTE_TYPES.map((type) => ({ name: type === 'datetime' ? 'Date-Time' : type[0].toUpperCase() + type.slice(1), value: type })),
						default: 'string',
						description: 'The type of the attribute\'s value',
					},
					{ displayName: 'Optional', name: 'optional', type: 'boolean', default: true, description: 'Whether an event may leave the attribute out' },
				],
			},
		],
	};
}

/** The Attributes entries as the schema's properties, each name once and not blank. */
export function readAttributes(params: ParamReader, value: unknown): IDataObject {
	const entries = (((value ?? {}) as IDataObject).attribute ?? []) as IDataObject[];
	const properties: IDataObject = {};
	entries.forEach((entry, index) => {
		const name = requireScalarText(params, `Attributes entry ${index + 1}: Name`, entry.name).trim();
		if (!name) fail(params, `Attributes entry ${index + 1}: Name`, 'is required');
		if (hasOwn(properties, name)) fail(params, `Attributes entry ${index + 1}: Name`, `"${name}" is given twice`);
		putOwn(properties, name, { type: entry.type ?? 'string', optional: entry.optional !== false });
	});
	return properties;
}

export async function customEventSchemasPath(params: ParamReader): Promise<string> {
	return path`/management/v1/projects/${await params.projectId()}/custom-event-schemas`;
}

export async function customEventSchemaPath(params: ParamReader): Promise<string> {
	return `${await customEventSchemasPath(params)}${path`/${params.id('customEventSchemaId', 'Custom Event Schema')}`}`;
}
