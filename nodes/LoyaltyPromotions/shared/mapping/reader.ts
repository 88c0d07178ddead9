import { NodeOperationError, type IDataObject, type IExecuteFunctions, type INodeProperties, type ResourceMapperValue } from 'n8n-workflow';
import type { OperationDefinition } from '../../actions/types';
import { isMoneyProperty, putOwn } from '../fields';
import { checkParameter, fail, MAX_EXACT_AMOUNT, parseJsonObject, requireIntegerInRange, type FieldContext } from '../validate';
import { keyMatcher, listed, namesRecordField, quotedKey, serviceKeys, typedGroup } from './names';
import { AUTO, RECORD_AUTO, RECORD_FIELDS_PARAMETER, MAPPING_PARAMETER } from './parameters';
import { recordFields, type RecordField } from './record';
import { controlFields, controllingParameters, notUsedReason, panelVisibility, shownByValue } from './visibility';

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

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * Whether the item must give the field when mapped automatically (and the panel hides it): a required field,
 * unless it is controlling or the panel shows it only for a controlling value (see hiddenWhenAutoMapped).
 */
function itemMustGive(operation: OperationDefinition, field: RecordField, controlling: Map<string, string[]>): boolean {
	return field.required && !controlling.has(field.path) && !shownByValue(operation, field.property);
}

/** A dropdown's value as an error shows it: '"PERCENT" (Percent Off)', the option's name where it has one. */
function optionShown(property: INodeProperties, value: unknown): string {
	const option = ((property.options ?? []) as Array<{ name?: string; value?: unknown }>).find((candidate) => candidate.value === value);
	return `${JSON.stringify(value) ?? 'nothing'}${option?.name !== undefined && option.name !== value ? ` (${option.name})` : ''}`;
}

/**
 * A controlling field's value from the item (`key`) must be the panel's: the fields it shows are read for the
 * panel's value. The error names the field, the key and both values.
 */
function requireControlValue(params: FieldContext, field: RecordField, checked: unknown, panel: unknown, label: string, key: string, controlling: Map<string, string[]>): void {
	if (checked === panel) return;
	const name = field.property.displayName;
	fail(
		params,
		label,
		`is ${optionShown(field.property, checked)} in the item but ${optionShown(field.property, panel)} in the panel. ${name} decides which fields the panel shows (${(controlling.get(field.path) ?? []).join(', ')}), and those are read for the panel's value: set ${name} to ${JSON.stringify(checked)} in the panel for these items (e.g. after a Switch node), or leave "${key}" out of the item`,
	);
}

/**
 * A money field's value from the item in the panel's unit (the main unit, which build() sends ×100): under the
 * service's own key ("price", "amount_off", or a path the service nests it at) the value is in the service's unit,
 * hundredths, as a read returns it; under the panel's names ("Price", "amountOff", "Amount Off") in the panel's. A
 * key that is neither exactly ("PRICE", "amount off") could be either, and is refused naming both readings.
 */
function inPanelUnit(params: FieldContext, field: RecordField, key: string, value: IDataObject[string], paths: Readonly<Record<string, string>>, label: string): IDataObject[string] {
	const parameterName = field.path.split('.').pop();
	if (key === field.name || paths[key] === field.name) {
		// The error keeps the house form "Field (input field "key"): rule"; a fraction says why it needs whole hundredths.
		const fraction = typeof value === 'number' || (typeof value === 'string' && /^\s*\d+\.\d+\s*$/.test(value)) ? Number(value) : undefined;
		if (fraction !== undefined && !Number.isInteger(fraction))
			fail(
				params,
				label,
				`under the service's own key "${key}" is in hundredths, as a read returns it, so must be a whole number (got ${String(value)}): name the key "${field.property.displayName}" to give it in the currency's main unit`,
			);
		return requireIntegerInRange(params, label, value, 0, MAX_EXACT_AMOUNT * 100) / 100;
	}
	if (key === parameterName || key === field.property.displayName) return value;
	const shown = typeof value === 'number' ? value : Number(value);
	const readings = Number.isFinite(shown)
		? ` (${String(value)} would send ${String(value)} as the service's ${field.name}, or ${String(Math.round(shown * 100))} as the panel's ${field.property.displayName})`
		: '';
	return fail(
		params,
		label,
		`could be the service's "${field.name}" in hundredths or the panel's ${field.property.displayName} in the currency's main unit${readings}: name the key "${field.name}" for hundredths, or "${field.property.displayName}" for the main unit`,
	);
}

export function recordReader(operation: OperationDefinition, refuseUnknown: () => boolean): RecordReader | undefined {
	if (!operation.record) return undefined;
	const fields = recordFields(operation);
	const controlling = controllingParameters(operation);
	const controls = controlFields(operation, fields);
	const known = fields.map((field) => field.name);
	const paths = operation.recordPaths ?? {};
	const matchKeys = keyMatcher(fields, controls, paths);
	const namesField = namesRecordField(fields, controls, paths);
	return {
		names: new Set(fields.map((field) => field.path.split('.')[0])),
		read(params, mapping, json, typed) {
			if (!mapping) return undefined;
			const auto = mapping.mappingMode === AUTO;
			// Version 2's Map Each Field Below gives the mapper's own values, by field name; Map Automatically reads the
			// item's keys, the service's nested objects as their dotted keys.
			const source = auto ? serviceKeys(json, namesField) : ((mapping.value ?? {}) as IDataObject);
			const { keys, dotted, controlKeys, unused } = auto
				? matchKeys(params, source)
				: { keys: new Map(known.filter((name) => Object.hasOwn(source, name)).map((name) => [name, name])), dotted: new Map<string, Array<[string, string]>>(), controlKeys: new Map<string, string[]>(), unused: [] };
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
			// The item's intent never loses silently: every key naming a controlling field must say the panel's value,
			// whatever Unknown Input Fields says.
			for (const control of controls) {
				for (const key of (controlKeys.get(control.name) ?? []).filter((candidate) => !isEmpty(source[candidate]))) {
					const label = `${control.property.displayName} (input field "${key}")`;
					const by = hiddenBy(control.path);
					if (by) {
						fail(params, label, `is ${optionShown(control.property, source[key])} in the item, but ${notUsedReason(control, by)}: set the panel's ${by.controller.displayName} for these items (e.g. after a Switch node), or leave "${key}" out of the item`);
					}
					requireControlValue(params, control, checkParameter(params, control.property, source[key], label), typed(control.path, control.property.default), label, key, controlling);
				}
			}
			const notShown = fields.flatMap((field) => {
				const by = hidden.get(field.name);
				if (!by || !auto) return [];
				const given = [keys.get(field.name), ...(dotted.get(field.name) ?? []).map(([, inputKey]) => inputKey)].filter((key): key is string => key !== undefined && !isEmpty(source[key]));
				return given.map((key) => `${quotedKey(key)}: ${notUsedReason(field, by)}`);
			});
			if ((unused.length > 0 || notShown.length > 0) && refuseUnknown()) {
				const problems = [
					...(unused.length > 0 ? [`Input fields ${listed(unused.map(quotedKey))}: are not fields of this record`] : []),
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
					// The dotted keys set keys of the field's object, over the object the item gives under its own key,
					// which must then be an object (a list or a number there would be dropped).
					const beside = parts.map(([, inputKey]) => `"${inputKey}"`).join(', ');
					const base = isEmpty(value) ? {} : parseJsonObject(params, `${field.property.displayName} (input field "${from}", beside ${beside})`, value);
					const object: IDataObject = {};
					for (const [name, part] of Object.entries(base)) putOwn(object, name, part);
					for (const [name, inputKey] of parts) putOwn(object, name, source[inputKey]);
					value = object;
					from = [...(key === undefined ? [] : [key]), ...parts.map(([, inputKey]) => inputKey)].join('", "');
				}
				const label = `${field.property.displayName} (input field "${from}")`;
				if (isEmpty(value)) {
					// Hidden from the panel when mapped automatically: only the item can give it.
					if (auto && itemMustGive(operation, field, controlling)) {
						fail(params, label, `is required: the input item has no "${field.name}" key, or it is empty (Map Automatically reads this field from the item)`);
					}
					continue;
				}
				if (auto && key !== undefined && !parts && isMoneyProperty(field.property)) value = inPanelUnit(params, field, key, value, paths, label);
				const checked = checkParameter(params, field.property, typedGroup(params, field, from, value), label);
				if (controlling.has(field.path)) requireControlValue(params, field, checked, typed(field.path, field.property.default), label, from, controlling);
				values.set(field.path, checked);
				inputKeys.set(field.path, from);
			}
			return { values, inputKeys, unused, notShown };
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
