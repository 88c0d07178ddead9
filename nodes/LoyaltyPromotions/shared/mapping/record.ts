import { ApplicationError, type FieldType, type INodeProperties } from 'n8n-workflow';
import type { OperationDefinition, RecordMap } from '../../actions/types';

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

/**
 * JSON body fields as record fields under their service keys, e.g. jsonFieldsIn('additionalFields', [{ name:
 * 'codeConfig', key: 'code_config' }]) → { code_config: 'additionalFields.codeConfig' }: the object a read returns.
 */
export function jsonFieldsIn(collection: string, fields: ReadonlyArray<{ name: string; key: string }>): RecordMap {
	return inCollection(collection, Object.fromEntries(fields.map((field) => [field.key, field.name])));
}

/**
 * The paths where the service's own record nests some of a record's fields, e.g. nestedAt('discount',
 * DISCOUNT_RECORD) → { 'discount.amount_off': 'amount_off', … } (an operation's `recordPaths`).
 */
export function nestedAt(object: string, record: RecordMap): RecordMap {
	return Object.fromEntries(Object.keys(record).map((name) => [`${object}.${name}`, name]));
}

/** The mapper's type of a parameter's value. */
export function fieldType(property: INodeProperties): FieldType {
	return FIELD_TYPES[property.type] ?? 'string';
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
export function propertyAt(properties: INodeProperties[], path: string): INodeProperties | undefined {
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
			type: fieldType(property),
			required: !path.includes('.') && property.required === true,
		};
	});
}
