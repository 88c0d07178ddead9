import type { IDataObject } from 'n8n-workflow';
import { MAX_DEPTH } from '../../transport/depth';
import { inexactNumberRule, numberLiteralsOf } from '../../transport/exactNumbers';
import { JSON_FIELD_RULES, jsonFieldKey } from '../jsonFieldRules';
import { hasOwn, ownValue } from '../own';
import { fail, type FieldContext } from './fail';
import { requireOption } from './options';

/** JSON fields: an object or a list, parsed and checked against the contract's rules for the field. */

/** A JSON parameter (n8n gives a string or an already-parsed value) that must hold an object. */
export function parseJsonObject(params: FieldContext, field: string, value: unknown): IDataObject {
	let parsed = value;
	if (typeof value === 'string') {
		if (value.trim() === '') return {};
		try {
			parsed = JSON.parse(value);
		} catch (error) {
			fail(params, field, `is not valid JSON (${(error as Error).message})`);
		}
	}
	if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) fail(params, field, 'must be a JSON object, e.g. {"key": "value"}');
	checkJsonField(params, field, parsed, typeof value === 'string' ? value : undefined);
	return parsed as IDataObject;
}

/** A JSON parameter that must hold an array (of objects). */
export function parseJsonArray(params: FieldContext, field: string, value: unknown): IDataObject[] {
	let parsed = value;
	if (typeof value === 'string') {
		if (value.trim() === '') return [];
		try {
			parsed = JSON.parse(value);
		} catch (error) {
			fail(params, field, `is not valid JSON (${(error as Error).message})`);
		}
	}
	if (!Array.isArray(parsed)) fail(params, field, 'must be a JSON array, e.g. [{"id": "..."}]');
	checkJsonField(params, field, parsed, typeof value === 'string' ? value : undefined);
	return parsed as IDataObject[];
}

/** Like parseJsonObject, but the JSON text `null` gives null: the service's way to clear a nullable object. */
export function parseJsonObjectOrNull(params: FieldContext, field: string, value: unknown): IDataObject | null {
	if (value === null || (typeof value === 'string' && value.trim() === 'null')) return null;
	return parseJsonObject(params, field, value);
}

/** The values at a JSON_FIELD_RULES path (`a.b`, `[]` for every entry), each with its concrete path (`a[2].b`). */
function valuesAt(root: unknown, path: string): Array<{ at: string; value: unknown }> {
	let found: Array<{ at: string; value: unknown }> = [{ at: '', value: root }];
	for (const step of path.match(/\[\]|[^.[\]]+/g) ?? []) {
		const next: Array<{ at: string; value: unknown }> = [];
		for (const { at, value } of found) {
			if (step === '[]') {
				if (Array.isArray(value)) value.forEach((entry, index) => next.push({ at: `${at}[${index}]`, value: entry }));
			} else if (value !== null && typeof value === 'object' && !Array.isArray(value) && hasOwn(value, step)) {
				next.push({ at: at ? `${at}.${step}` : step, value: (value as IDataObject)[step] });
			}
		}
		found = next;
	}
	return found;
}

/** Metadata holds keys of the user's choosing: a field or a key of that name is free-form, whatever its keys. */
const FREE_FORM = /metadata/i;

/**
 * A JSON field's shape, at any depth and without recursion: at most MAX_DEPTH levels of objects and lists, no
 * key `__proto__` outside metadata, and no number that would be sent rounded (exactNumbers.ts: a whole number
 * past 2^53 - 1, in any form), metadata included. The contract names every key of the other JSON fields, and none
 * is `__proto__`, which a JSON reader that assigns keys (`object[key] = value`) takes as the object's prototype:
 * its content would reach the service as fields the checks below never saw. `text` is the JSON as typed, whose
 * digits the error quotes.
 */
function checkJsonShape(params: FieldContext, field: string, value: unknown, text?: string): void {
	const pending: Array<{ value: unknown; depth: number; at: string; free: boolean }> = [{ value, depth: 0, at: '', free: FREE_FORM.test(field) }];
	while (pending.length > 0) {
		const next = pending.pop()!;
		if (typeof next.value === 'number') {
			const number = next.value;
			// the text's literals are read only for a number that is refused, to quote its digits as typed
			if (inexactNumberRule(number) !== undefined) {
				const written = text === undefined ? undefined : numberLiteralsOf(text).find((literal) => Number(literal) === number);
				fail(params, next.at ? `${field}: ${next.at}` : field, inexactNumberRule(number, written)!);
			}
		}
		if (next.value === null || typeof next.value !== 'object') continue;
		if (next.depth >= MAX_DEPTH) fail(params, field, `is nested more than ${MAX_DEPTH} levels deep (objects and lists inside one another); the service's fields nest a few levels`);
		const list = Array.isArray(next.value);
		for (const key of Object.keys(next.value)) {
			const at = list ? `${next.at}[${key}]` : next.at ? `${next.at}.${key}` : key;
			if (key === '__proto__' && !next.free) fail(params, `${field}: ${at}`, 'is not a key the service knows here (a key named __proto__ is refused outside metadata: JSON readers take it as the object\'s prototype)');
			pending.push({ value: (next.value as IDataObject)[key], depth: next.depth + 1, at, free: next.free || FREE_FORM.test(key) });
		}
	}
}

/** The node's `resource.operation` (one for all items), or undefined outside an operation (a trigger's hook). */
function operationOf(params: FieldContext): string | undefined {
	try {
		const resource = params.context?.getNodeParameter('resource', 0);
		const operation = params.context?.getNodeParameter('operation', 0);
		return typeof resource === 'string' && typeof operation === 'string' ? `${resource}.${operation}` : undefined;
	} catch {
		return undefined;
	}
}

/**
 * A JSON field's content against the contract's rules for it (JSON_FIELD_RULES, by operation and label): each
 * enum at its key path, and the keys the contract requires. The error names the field, the key path and the
 * allowed values. An empty object counts as the field left empty.
 */
export function checkJsonField(params: FieldContext, field: string, value: unknown, text?: string): void {
	checkJsonShape(params, field, value, text);
	const operation = operationOf(params);
	// a mapped value's label names its input key: `Discount (JSON) (input field "discount")`
	const key = operation === undefined ? undefined : jsonFieldKey(operation, field.replace(/ \(input field .*$/, ''));
	const rules = key !== undefined && hasOwn(JSON_FIELD_RULES, key) ? JSON_FIELD_RULES[key] : undefined;
	if (!rules || (value !== null && typeof value === 'object' && Object.keys(value).length === 0)) return;
	for (const rule of rules) {
		for (const { at, value: found } of valuesAt(value, rule.path)) {
			const label = at ? `${field}: ${at}` : field;
			if (rule.allowed) requireOption(params, label, found, rule.allowed);
			if (rule.required && found !== null && typeof found === 'object' && !Array.isArray(found)) {
				const missing = rule.required.filter((key) => ownValue(found, key) === undefined);
				if (missing.length > 0) fail(params, label, `needs ${missing.join(' and ')} (the service requires it)`);
			}
		}
	}
}
