import type { IDataObject } from 'n8n-workflow';
import type { ParamReader } from '../actions/types';
import { hasOwn, ownValue, putOwn } from './own';
import { fail, requireScalarText } from './validate';

/**
 * What the schema updates share (custom event schemas, metadata schemas): the service's PUT replaces the
 * schema's properties, and a property is removed by keeping it marked `deleted`. So an update reads the schema,
 * adds or changes the given properties, marks the removed ones and sends the whole set.
 */

/** Remove Attributes / Remove Properties: names separated by commas. */
export function readRemovedNames(params: ParamReader, field: string, value: unknown): string[] {
	return requireScalarText(params, field, value)
		.split(',')
		.map((name) => name.trim())
		.filter(Boolean);
}

/** Labels for errors: the fields holding the changed and the removed properties, and what one is called. */
export interface ChangeFields {
	changed: string;
	removed: string;
	/** e.g. 'an attribute' */
	noun: string;
}

/** Checks, before anything is sent, that something changes and that no name is both changed and removed. */
export function checkChanges(params: ParamReader, changed: IDataObject, removed: string[], fields: ChangeFields): void {
	if (Object.keys(changed).length === 0 && removed.length === 0) fail(params, fields.changed, `add ${fields.noun} to change, or name one under ${fields.removed}`);
	const both = removed.find((name) => hasOwn(changed, name));
	if (both) fail(params, fields.removed, `"${both}" is also under ${fields.changed}`);
}

/**
 * The schema's properties after the change: `current` with `changed` over it and `removed` marked deleted. A
 * name is any text the service takes (`toString`, `constructor`, `__proto__` too): only the schema's own
 * properties count, and each is written as the result's own.
 */
export function applyChanges(params: ParamReader, current: IDataObject, changed: IDataObject, removed: string[], fields: ChangeFields): IDataObject {
	const properties: IDataObject = {};
	for (const [name, definition] of [...Object.entries(current), ...Object.entries(changed)]) putOwn(properties, name, definition);
	for (const name of removed) {
		const definition = ownValue(properties, name);
		if (definition === null || typeof definition !== 'object' || Array.isArray(definition)) {
			fail(params, fields.removed, `the schema has no ${fields.noun.replace(/^an? /, '')} "${name}"`);
		}
		putOwn(properties, name, { ...definition, deleted: true });
	}
	return properties;
}
