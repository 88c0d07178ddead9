import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { putOwn } from '../own';
import { fail, type FieldContext } from '../validate';
import type { RecordField } from './record';

/**
 * Which input key means which field, when Map Automatically reads an item: the input key of the field's service
 * name (source_id) first; else the one key that matches it, or the typed parameter's name (sourceId), ignoring
 * case, spaces, underscores and hyphens ("Source ID", "SOURCE_ID", "name "). A JSON field also takes dotted keys,
 * one per key of its object ("metadata.tier"). A value nested in the service's object is named by its own key
 * there (amount_off, sku_id), or with its object's name where the key alone would mean another field too
 * (point_earned_period, segment_id): the record (the operation's `record`) says which.
 *
 * A controlling field (one whose value decides which fields the panel shows: a type, a discount type) answers to
 * more names, in the record or not, so that an item naming it is never read as if it did not: its service or
 * typed parameter's name and its display name, loosely ("discount_type", "Discount Type", "discountType"), and a
 * dotted path whose last two or more parts spell one of them ("discount.type", "voucher.discount.type"), or whose
 * last part is a name of more than one word ("campaign.campaign_type"). Each key naming it is compared with the
 * panel's value (reader.ts).
 *
 * The service's own shape is read too (what a read returns, written back): an object under a key that names no
 * field (`"discount": {"type": "PERCENT", "percent_off": 20}`) is read as its dotted keys ("discount.type",
 * "discount.percent_off"), and a bracketed key ("discount[type]") as its dotted form. A dotted key at a path where
 * the service nests a field of the record (the operation's `recordPaths`) is that field, in the service's unit.
 */

/** How much of an input key a hint or an error quotes: a key is the user's data, and may be of any length. */
const QUOTED_KEY_LENGTH = 100;

/** An input key as a hint or an error quotes it: whole up to QUOTED_KEY_LENGTH, else its start and its length. */
export function quotedKey(key: string): string {
	if (key.length <= QUOTED_KEY_LENGTH) return `"${key}"`;
	return `"${key.slice(0, QUOTED_KEY_LENGTH)}…" (a key of ${key.length} characters)`;
}

/** An input key as names are compared loosely: lower case, without spaces, underscores and hyphens. */
export function looseName(key: string): string {
	return key.toLowerCase().replace(/[\s_-]+/g, '');
}

/** The names a field answers to loosely: its service name and its typed parameter's name. */
export function fieldAliases(field: RecordField): string[] {
	return [...new Set([looseName(field.name), looseName(field.path.split('.').pop() ?? field.name)])];
}

/** The fields an input key names loosely (none, one, or several sharing the name). */
export function fieldsNamedBy(fields: RecordField[], key: string): RecordField[] {
	const loose = looseName(key);
	return fields.filter((field) => fieldAliases(field).includes(loose));
}

/** The names a controlling field answers to loosely: its service name, its typed parameter's and its display name. */
export function controlAliases(field: RecordField): string[] {
	return [...new Set([...fieldAliases(field), looseName(field.property.displayName)])];
}

/**
 * The loose forms a key may name a controlling field by, the longest first: the key itself, or for a dotted key
 * its parts joined, whole and without its leading parts down to the last two ("voucher.discount.type": voucher…,
 * discounttype). A single last part ("customer.type") names nothing: it would read another object's key.
 */
function controlForms(key: string): string[] {
	const parts = key.split('.');
	if (parts.length === 1) return [looseName(key)];
	const last = parts[parts.length - 1];
	const words = last.split(/[\s_-]+|(?<=[a-z])(?=[A-Z])/).filter(Boolean).length;
	return [...parts.slice(0, -1).map((_, start) => looseName(parts.slice(start).join(''))), ...(words > 1 ? [looseName(last)] : [])];
}

/** How deep the service's objects are read as dotted keys ("voucher.discount.amount_off" is three). */
const MAX_SERVICE_DEPTH = 4;

const isPlainObject = (value: unknown): value is IDataObject => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A bracketed key as its dotted form: "discount[type]" → "discount.type"; other keys unchanged. */
function dottedKey(key: string): string {
	return /^[^[\]]+(\[[^[\]]+\])+$/.test(key) ? key.replace(/\[([^[\]]+)\]/g, '.$1') : key;
}

/**
 * The item as Map Automatically reads its keys: bracketed keys dotted, and the objects the service nests under a
 * key whose first part names no field (`namesField` says which do) read as their dotted keys, down to MAX_SERVICE_DEPTH; an
 * object deeper than that stays one value. A key the item gives twice (as "a.b" and inside "a") is kept once, the
 * dotted key given first winning, and the other listed as unused by the matcher.
 */
export function serviceKeys(json: IDataObject, namesField: (key: string) => boolean): IDataObject {
	const flat: IDataObject = {};
	const put = (key: string, value: unknown, depth: number) => {
		// A key under a field's own name ("metadata.tier") stays whole: that field's rules read it (a dotted key into a
		// JSON field is checked there, e.g. for keys that would reach a prototype).
		if (depth < MAX_SERVICE_DEPTH && isPlainObject(value) && Object.keys(value).length > 0 && !namesField(key.split('.')[0])) {
			for (const [part, inner] of Object.entries(value)) put(`${key}.${part}`, inner, depth + 1);
			return;
		}
		if (!Object.hasOwn(flat, key)) putOwn(flat, key, value);
	};
	for (const [key, value] of Object.entries(json)) put(dottedKey(key), value, 1);
	return flat;
}

/** Keys a JSON field's dotted input keys may not set: they would reach the object's prototype. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

interface KeyMatch {
	/** Each field's input key, by field name. */
	keys: Map<string, string>;
	/** A JSON field's dotted keys ("metadata.tier"), by field name: [the object's key, the input key]. */
	dotted: Map<string, Array<[string, string]>>;
	/** The keys naming each controlling field (`controls`), by field name: each is compared with the panel. */
	controlKeys: Map<string, string[]>;
	unused: string[];
}

/**
 * Which input key each field reads (see the header): the exact key, else the one key matching it loosely; two
 * loose matches for one field are refused rather than one picked, as are two dotted keys for one key of an object.
 * The controlling fields (`controls`, those of the record among them) take every key that names them instead.
 *
 * The fields' aliases are worked out once per record; the matcher returned then reads each item's keys.
 */
export function keyMatcher(
	recordFields: RecordField[],
	controls: RecordField[] = [],
	paths: Readonly<Record<string, string>> = {},
): (params: FieldContext, json: IDataObject) => KeyMatch {
	const byAlias = new Map<string, RecordField | null>();
	const controlPaths = new Set(controls.map((control) => control.path));
	const fields = recordFields.filter((field) => !controlPaths.has(field.path));
	const fieldNames = new Set(fields.map((field) => field.name));
	const byControlAlias = new Map<string, RecordField | null>();
	for (const control of controls) {
		for (const alias of controlAliases(control)) byControlAlias.set(alias, byControlAlias.has(alias) && byControlAlias.get(alias) !== control ? null : control);
	}
	// An alias two fields share names neither.
	for (const field of fields) {
		for (const alias of fieldAliases(field)) byAlias.set(alias, byAlias.has(alias) && byAlias.get(alias) !== field ? null : field);
	}
	const byPath = new Map(Object.entries(paths).flatMap(([path, name]) => fields.filter((field) => field.name === name).map((field) => [path, field] as const)));
	const byControlPath = new Map(Object.entries(paths).flatMap(([path, name]) => controls.filter((control) => control.name === name).map((control) => [path, control] as const)));
	return (params, json) => matchItemKeys(params, json, { fields, fieldNames, byAlias, byPath, controls, byControlAlias, byControlPath });
}

/**
 * Whether an input key names a record field or a controlling field, exactly or loosely (serviceKeys keeps its
 * object whole), unless the service nests the record's values under it (a path of `paths` starts with it:
 * `"points": {"value": 50}` is read as "points.value").
 */
export function namesRecordField(recordFields: RecordField[], controls: RecordField[], paths: Readonly<Record<string, string>> = {}): (key: string) => boolean {
	const names = new Set([...recordFields.flatMap(fieldAliases), ...controls.flatMap(controlAliases)]);
	const nestedUnder = new Set(Object.keys(paths).map((path) => path.split('.')[0]));
	return (key) => !nestedUnder.has(key) && names.has(looseName(key));
}

interface RecordAliases {
	fields: RecordField[];
	fieldNames: ReadonlySet<string>;
	byAlias: ReadonlyMap<string, RecordField | null>;
	/** The record's fields by the path the service nests them at ('discount.amount_off'). */
	byPath: ReadonlyMap<string, RecordField>;
	controls: RecordField[];
	byControlAlias: ReadonlyMap<string, RecordField | null>;
	/** The controlling fields by the path the service nests them at ('trigger.event'). */
	byControlPath: ReadonlyMap<string, RecordField>;
}

function matchItemKeys(params: FieldContext, json: IDataObject, { fields, fieldNames, byAlias, byPath, controls, byControlAlias, byControlPath }: RecordAliases): KeyMatch {
	const keys = new Map<string, string>();
	const dotted = new Map<string, Array<[string, string]>>();
	const controlKeys = new Map<string, string[]>();
	const unused: string[] = [];
	const toControl = (key: string): boolean => {
		const control =
			byControlPath.get(key) ??
			controls.find((candidate) => candidate.name === key) ??
			controlForms(key)
				.map((form) => byControlAlias.get(form))
				.find((candidate) => candidate);
		if (control) controlKeys.set(control.name, [...(controlKeys.get(control.name) ?? []), key]);
		return control !== undefined;
	};
	for (const field of fields) if (Object.hasOwn(json, field.name)) keys.set(field.name, field.name);
	const loose = new Map<string, string[]>();
	for (const key of Object.keys(json)) {
		if (fieldNames.has(key)) continue;
		const nested = byPath.get(key);
		if (nested) {
			if (keys.has(nested.name)) unused.push(key);
			else loose.set(nested.name, [...(loose.get(nested.name) ?? []), key]);
			continue;
		}
		const dot = key.indexOf('.');
		const objectField = dot > 0 ? byAlias.get(looseName(key.slice(0, dot))) : undefined;
		if (objectField && objectField.type === 'object') {
			const objectKey = key.slice(dot + 1);
			if (UNSAFE_KEYS.has(objectKey) || objectKey === '') {
				fail(params, `${objectField.property.displayName} (input field "${key}")`, `"${objectKey}" cannot be a key of ${objectField.name}`);
			}
			const twin = dotted.get(objectField.name)?.find(([name]) => name === objectKey);
			if (twin) {
				fail(
					params,
					`${objectField.property.displayName} (input fields "${twin[1]}", "${key}")`,
					`the item has two keys for its key "${objectKey}": keep one, e.g. "${objectField.name}.${objectKey}"`,
				);
			}
			dotted.set(objectField.name, [...(dotted.get(objectField.name) ?? []), [objectKey, key]]);
			continue;
		}
		const field = dot < 0 ? byAlias.get(looseName(key)) : undefined;
		if (!field && toControl(key)) continue;
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
	return { keys, dotted, controlKeys, unused };
}

/** A fixedCollection's single group as the item gives it, by its service keys (line_1 → line1), into its typed shape. */
export function typedGroup(params: FieldContext, field: RecordField, key: string, value: unknown): unknown {
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

/** A list as a hint or an error shows it: the first 20 entries, and how many more. */
export const listed = (entries: string[]) => entries.slice(0, 20).join(', ') + (entries.length > 20 ? ` and ${entries.length - 20} more` : '');
