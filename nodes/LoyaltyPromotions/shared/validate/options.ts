import { fail, shown, type FieldContext } from './fail';

/** Choices: switches, dropdowns and multi-selects, each value one the field offers. */

/** A switch filled by an expression: true or false, or the text "true" or "false". */
export function requireBoolean(params: FieldContext, field: string, value: unknown): boolean {
	if (value === true || value === 'true') return true;
	if (value === false || value === 'false') return false;
	return fail(params, field, `must be true or false (got ${shown(value)})`);
}

/** The allowed values of a dropdown, for an error: quoted, the first 50 when there are more. */
function allowedList(values: unknown[]): string {
	const listed = values.slice(0, 50).map((value) => JSON.stringify(value)).join(', ');
	return values.length > 50 ? `${listed}, ... (${values.length} values; see the field's list)` : listed;
}

/** A dropdown value (possibly from an expression): exactly one of the values the field offers. */
export function requireOption<T>(params: FieldContext, field: string, value: unknown, allowed: readonly T[]): T {
	if (!allowed.includes(value as T)) fail(params, field, `must be one of ${allowedList([...allowed])} (got ${shown(value)})`);
	return value as T;
}

/**
 * A multi-select value: a list of allowed values, or text listing them separated by commas or spaces (as an
 * expression may give), each one of the values the field offers. Gives the list.
 */
export function requireOptions<T>(params: FieldContext, field: string, value: unknown, allowed: readonly T[]): T[] {
	const list = typeof value === 'string' ? value.split(/[\s,]+/).filter(Boolean) : value;
	if (!Array.isArray(list)) return fail(params, field, `must be a list of values from ${allowedList([...allowed])} (got ${shown(value)})`);
	const unknown = list.filter((entry) => !allowed.includes(entry as T));
	if (unknown.length > 0) fail(params, field, `unknown value ${unknown.map(shown).join(', ')} (allowed: ${allowedList([...allowed])})`);
	return list as T[];
}
