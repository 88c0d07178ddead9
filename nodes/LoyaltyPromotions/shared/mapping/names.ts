import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { fail, type FieldContext } from '../validate';
import type { RecordField } from './record';

/**
 * Which input key means which field, when Map Automatically reads an item: the input key of the field's service
 * name (source_id) first; else the one key that matches it, or the typed parameter's name (sourceId), ignoring
 * case, spaces, underscores and hyphens ("Source ID", "SOURCE_ID", "name "). A JSON field also takes dotted keys,
 * one per key of its object ("metadata.tier"). A value nested in the service's object is named by its own key
 * there (amount_off, sku_id), or with its object's name where the key alone would mean another field too
 * (point_earned_period, segment_id): the record (the operation's `record`) says which.
 */

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
export function matchKeys(params: FieldContext, fields: RecordField[], json: IDataObject): KeyMatch {
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
