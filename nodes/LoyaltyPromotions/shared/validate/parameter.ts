import type { IDataObject, INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';
import { LONE_SURROGATE } from '../../transport/encoding';
import { putOwn } from '../own';
import { requireDate, requireIsoDateTime } from './dates';
import { fail, shown, type FieldContext } from './fail';
import { isIdList, isIdOrCode, requireIdText } from './ids';
import { requireDecimal, requireIntegerInRange } from './numbers';
import { requireBoolean, requireOption, requireOptions } from './options';
import { boundedText, isNameOrEmail, requireNotNullWord, requireScalarText } from './text';

// ---------------------------------------------------------------------------------------------------------------
// Parameter types. An expression can put any value in any field: an object in a text field, "0x10" in a number,
// "01/02/2024" in a date, "yes" in a switch, a value outside a dropdown's list. Every value an operation reads
// through params.get() is checked here against the type its property declares (checkParameter), before anything
// is sent; the rules are also usable one by one.
// ---------------------------------------------------------------------------------------------------------------

/**
 * Text parameters typed as names separated by commas whose service field is a list of texts: a list (the service's
 * own shape, as a read gives it, e.g. a product's attributes ["color", "size"]) fills them too, each entry text.
 */
const TEXT_LISTS: ReadonlySet<string> = new Set(['attributes']);

/** Whether a list of texts fills this text parameter (TEXT_LISTS). */
export const isTextList = (property: INodeProperties): boolean => TEXT_LISTS.has(property.name);

/** A value that is set: not undefined, not null and not empty text. */
function isSet(value: unknown): boolean {
	return value !== undefined && value !== null && value !== '';
}

/**
 * Checks one parameter value against the type its property declares and gives it in that type: text for
 * `string` (a number becomes its decimal text; an object, a list or a boolean is refused), a number for
 * `number` (a whole number when numberPrecision is 0; within minValue/maxValue), a boolean for `boolean`, one of
 * the listed values for `options` and `multiOptions`, an ISO 8601 UTC timestamp for `dateTime`, and each field
 * of a `collection` or `fixedCollection` by its own property. Other types (JSON, resource locators, notices)
 * are left to the operation. Empty values are left as they are: the operation decides whether they are
 * required. `label` is the name the user sees in the error.
 */
export function checkParameter(params: FieldContext, property: INodeProperties, value: unknown, label = property.displayName): unknown {
	if (value === undefined || value === null) return value;
	const typeOptions = property.typeOptions ?? {};
	switch (property.type) {
		case 'string': {
			// a list of IDs from an expression ({{ $json.rules }}): each entry is an ID's text, checked as one
			if (Array.isArray(value) && isIdList(property)) return value.map((entry) => checkParameter(params, { ...property, name: 'id', displayName: 'ID' }, entry, label));
			if (Array.isArray(value) && isTextList(property)) return value.map((entry) => requireScalarText(params, label, entry));
			const text = isIdOrCode(property) ? requireIdText(params, label, value) : requireScalarText(params, label, value);
			if (LONE_SURROGATE.test(text)) fail(params, label, 'holds a broken Unicode character (half of a surrogate pair), which cannot be sent');
			if (isNameOrEmail(property)) requireNotNullWord(params, label, text);
			return boundedText(params, property, label, text);
		}
		case 'number': {
			const min = typeof typeOptions.minValue === 'number' ? typeOptions.minValue : undefined;
			const max = typeof typeOptions.maxValue === 'number' ? typeOptions.maxValue : undefined;
			if (typeOptions.numberPrecision === 0) return requireIntegerInRange(params, label, value, min ?? -Number.MAX_SAFE_INTEGER, max);
			return requireDecimal(params, label, value, { min, max, decimals: typeOptions.numberPrecision ?? Infinity });
		}
		case 'boolean':
			return requireBoolean(params, label, value);
		case 'options':
			// a dropdown loaded from the service ("Category Name or ID") takes an ID from an expression too
			if (typeOptions.loadOptionsMethod) return isIdOrCode(property) ? requireIdText(params, label, value) : requireScalarText(params, label, value);
			return requireOption(params, label, value, optionValues(property));
		case 'multiOptions':
			if (typeOptions.loadOptionsMethod) {
				if (isIdOrCode(property) && Array.isArray(value)) for (const entry of value) requireIdText(params, label, entry);
				else if (isIdOrCode(property)) requireIdText(params, label, value);
				return value;
			}
			return requireOptions(params, label, value, optionValues(property));
		case 'dateTime':
			if (!isSet(value)) return value;
			return typeOptions.dateOnly === true ? requireDate(params, label, value) : requireIsoDateTime(params, label, value);
		case 'collection':
			return checkFields(params, property.options as INodeProperties[], value, label, (field) => field.displayName);
		case 'fixedCollection':
			return checkFixedCollection(params, property, value, label);
		default:
			return value;
	}
}

function optionValues(property: INodeProperties): unknown[] {
	return ((property.options ?? []) as INodePropertyOptions[]).map((option) => option.value);
}

/** An object of named fields (a collection's value, or one entry of a fixedCollection), each checked by its property. */
function checkFields(
	params: FieldContext,
	fields: INodeProperties[] | undefined,
	value: unknown,
	label: string,
	labelOf: (field: INodeProperties) => string,
): IDataObject {
	if (typeof value !== 'object' || Array.isArray(value)) fail(params, label, `must be a set of fields, not ${shown(value)}`);
	const checked: IDataObject = {};
	for (const [name, fieldValue] of Object.entries(value as IDataObject)) {
		const field = (fields ?? []).find((candidate) => candidate.name === name);
		putOwn(checked, name, (field ? checkParameter(params, field, fieldValue, labelOf(field)) : fieldValue) as IDataObject[string]);
	}
	return checked;
}

/** A fixedCollection: each group's entry (or entries, with multipleValues), field by field, named "<Label> entry N: <Field>". */
function checkFixedCollection(params: FieldContext, property: INodeProperties, value: unknown, label: string): IDataObject {
	if (typeof value !== 'object' || Array.isArray(value)) fail(params, label, `must be a set of fields, not ${shown(value)}`);
	const checked: IDataObject = {};
	for (const [name, groupValue] of Object.entries(value as IDataObject)) {
		const group = ((property.options ?? []) as INodePropertyCollection[]).find((candidate) => candidate.name === name);
		if (!group) {
			putOwn(checked, name, groupValue);
			continue;
		}
		if (property.typeOptions?.multipleValues) {
			if (!Array.isArray(groupValue)) fail(params, label, `must be a list of entries, not ${shown(groupValue)}`);
			putOwn(
				checked,
				name,
				(groupValue as unknown[]).map((entry, index) =>
					checkFields(params, group.values, entry, `${label} entry ${index + 1}`, (field) => `${label} entry ${index + 1}: ${field.displayName}`),
				),
			);
		} else {
			putOwn(checked, name, checkFields(params, group.values, groupValue, label, (field) => `${label}: ${field.displayName}`));
		}
	}
	return checked;
}

/** An update must change something: `body` empty means the user set none of the Update Fields. */
export function requireAnyField(params: FieldContext, field: string, body: IDataObject): IDataObject {
	if (Object.keys(body).length === 0) fail(params, field, 'add at least one field to update');
	return body;
}
