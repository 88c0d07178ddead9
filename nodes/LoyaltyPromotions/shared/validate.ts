import { NodeOperationError, type IDataObject } from 'n8n-workflow';
import type { ParamReader } from '../actions/types';

/**
 * Named rules checked before any request is sent. Each failure names the field (as the user sees it) and the
 * rule, so the user can fix it without reading the API docs.
 */

/** What a rule needs to report a failure: the node and the item (a ParamReader, or a trigger's hook context). */
export type FieldContext = Pick<ParamReader, 'node' | 'itemIndex'>;

export function fail(params: FieldContext, field: string, rule: string): never {
	throw new NodeOperationError(params.node, `${field}: ${rule}`, {
		itemIndex: params.itemIndex,
		description: 'Nothing was sent to the service.',
	});
}

export const PROGRAM_ID_PATTERN = /^lprg_[a-f0-9]+$/;

/** n8n's resource locator value ({__rl, mode, value}) gives its value; anything else is returned as is. */
export function locatorValue(value: unknown): unknown {
	if (value !== null && typeof value === 'object' && (value as IDataObject).__rl === true) return (value as IDataObject).value;
	return value;
}

/**
 * Text from a parameter an expression may have filled: a string, or a finite number as its decimal text.
 * An object, an array or a boolean (e.g. `{{ $json.customer }}` naming an object) is refused rather than sent
 * as "[object Object]" or "a,b". Undefined and null give ''.
 */
export function requireScalarText(params: FieldContext, field: string, value: unknown): string {
	if (value === undefined || value === null) return '';
	if (typeof value === 'string') return value;
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	const got = Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
	return fail(params, field, `must be text, not ${got} (check the expression that fills it)`);
}

/**
 * An ID that goes into the request's path as one segment: text, trimmed, not empty, and not "." or "..",
 * which URL parsers collapse (even when encoded), sending the request to another endpoint.
 */
export function requireId(params: FieldContext, field: string, value: unknown): string {
	const id = requireScalarText(params, field, locatorValue(value)).trim();
	if (!id) fail(params, field, 'is required');
	if (id === '.' || id === '..') fail(params, field, `must be an ID, not "${id}"`);
	return id;
}

export function requireText(params: ParamReader, field: string, value: unknown, { min = 1, max = Infinity } = {}): string {
	const text = requireScalarText(params, field, value);
	if (text.trim().length < min) fail(params, field, min === 1 ? 'is required' : `must be at least ${min} characters`);
	if (text.length > max) fail(params, field, `must be at most ${max} characters (got ${text.length})`);
	return text;
}

/** An optional ID (e.g. from a Filters collection): undefined when left empty, else checked as requireId does. */
export function optionalId(params: FieldContext, field: string, value: unknown): string | undefined {
	const raw = locatorValue(value);
	if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return undefined;
	return requireId(params, field, raw);
}

export function requireProgramId(params: ParamReader, field: string, value: unknown): string {
	const id = requireScalarText(params, field, locatorValue(value)).trim();
	if (!PROGRAM_ID_PATTERN.test(id)) fail(params, field, `must match ${PROGRAM_ID_PATTERN.source}, e.g. lprg_0a1b2c (got "${id}")`);
	return id;
}

export function requireIntegerInRange(params: ParamReader, field: string, value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): number {
	const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > max) {
		fail(params, field, max === Number.MAX_SAFE_INTEGER ? `must be a whole number of at least ${min} (got ${String(value)})` : `must be a whole number from ${min} to ${max} (got ${String(value)})`);
	}
	return number;
}

/** A money amount typed as a decimal (e.g. 12.5) becomes the service's integer in hundredths (1250). */
export function toMinorUnits(params: ParamReader, field: string, value: unknown): number {
	const amount = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0) {
		fail(params, field, `must be a non-negative amount (got ${String(value)})`);
	}
	const minor = Math.round(amount * 100);
	if (Math.abs(minor - amount * 100) > 1e-6) fail(params, field, `has more than two decimal places (got ${amount})`);
	return minor;
}

/** A JSON parameter (n8n gives a string or an already-parsed value) that must hold an object. */
export function parseJsonObject(params: ParamReader, field: string, value: unknown): IDataObject {
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
	return parsed as IDataObject;
}

/** A JSON parameter that must hold an array (of objects). */
export function parseJsonArray(params: ParamReader, field: string, value: unknown): IDataObject[] {
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
	return parsed as IDataObject[];
}

/** A date-time parameter (n8n's dateTime gives an ISO-like string) sent as an ISO 8601 timestamp. */
export function requireDateTime(params: ParamReader, field: string, value: unknown): string {
	const text = value instanceof Date ? value.toISOString() : String(value ?? '').trim();
	const time = text === '' ? NaN : Date.parse(text);
	if (Number.isNaN(time)) fail(params, field, `must be a date-time, e.g. 2024-01-31T12:00:00Z (got "${text}")`);
	return new Date(time).toISOString();
}

/** An update must change something: `body` empty means the user set none of the Update Fields. */
export function requireAnyField(params: ParamReader, field: string, body: IDataObject): IDataObject {
	if (Object.keys(body).length === 0) fail(params, field, 'add at least one field to update');
	return body;
}

/** An absolute http(s) URL, e.g. a webhook's target. */
export function requireHttpUrl(params: ParamReader, field: string, value: unknown): string {
	const text = String(value ?? '').trim();
	if (!text) fail(params, field, 'is required');
	let url: URL | undefined;
	try {
		url = new URL(text);
	} catch {
		// reported below
	}
	if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) fail(params, field, `must be an http:// or https:// URL (got "${text}")`);
	return text;
}

/** Like parseJsonObject, but the JSON text `null` gives null: the service's way to clear a nullable object. */
export function parseJsonObjectOrNull(params: ParamReader, field: string, value: unknown): IDataObject | null {
	if (value === null || (typeof value === 'string' && value.trim() === 'null')) return null;
	return parseJsonObject(params, field, value);
}

// Contract identifiers and typed values (the v2 beta bodies).

/** An ID that must also match the service's pattern, e.g. requirePattern(params, 'Reward ID', id, /^lrew_[a-f0-9]+$/, 'lrew_0a1b2c'). */
export function requirePattern(params: ParamReader, field: string, value: unknown, pattern: RegExp, example: string): string {
	const id = requireScalarText(params, field, locatorValue(value)).trim();
	if (!id) fail(params, field, 'is required');
	if (!pattern.test(id)) fail(params, field, `must match ${pattern.source}, e.g. ${example} (got "${id}")`);
	return id;
}

/** One of `allowed` (an options field an expression may fill), e.g. requireOneOf(params, 'Type', value, ['A', 'B']). */
export function requireOneOf<T extends string>(params: ParamReader, field: string, value: unknown, allowed: readonly T[]): T {
	if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
		fail(params, field, `must be ${allowed.length === 2 ? allowed.join(' or ') : `one of ${allowed.join(', ')}`} (got ${JSON.stringify(value ?? null)})`);
	}
	return value as T;
}

// ---- Signed amounts and points (balance adjustments: a positive number adds, a negative one subtracts) ----

/** The sign of a number or numeric text, and its magnitude as given (text stays text for the checks above). */
function splitSign(value: unknown): { negative: boolean; magnitude: unknown } {
	if (typeof value === 'number') return { negative: value < 0, magnitude: Math.abs(value) };
	if (typeof value === 'string' && value.trim().startsWith('-')) return { negative: true, magnitude: value.trim().slice(1) };
	return { negative: false, magnitude: value };
}

/** A whole number other than 0, e.g. points to add (100) or subtract (-100). */
export function requireNonZeroInteger(params: ParamReader, field: string, value: unknown): number {
	const { negative, magnitude } = splitSign(value);
	let number = 0;
	try {
		number = requireIntegerInRange(params, field, magnitude, 0);
	} catch {
		// reported below, with the signed rule
	}
	if (number === 0) fail(params, field, `must be a whole number other than 0, e.g. 100 to add or -100 to subtract (got ${String(value)})`);
	return negative ? -number : number;
}

/** A money amount other than 0 typed as a decimal (12.5 adds, -12.5 subtracts), sent in hundredths (1250, -1250). */
export function toSignedMinorUnits(params: ParamReader, field: string, value: unknown): number {
	const { negative, magnitude } = splitSign(value);
	let minor = 0;
	try {
		minor = toMinorUnits(params, field, magnitude);
	} catch {
		// reported below, with the signed rule
	}
	if (minor === 0) {
		fail(params, field, `must be an amount other than 0 with at most two decimal places, e.g. 12.50 to add or -12.50 to subtract (got ${String(value)})`);
	}
	return negative ? -minor : minor;
}

// Commerce fields (customers, orders, products, exports, imports).

/** One of a fixed set of values (an options field an expression may fill with anything). */
export function requireChoice<T extends string>(params: ParamReader, field: string, value: unknown, allowed: readonly T[]): T {
	const text = requireScalarText(params, field, value).trim();
	if (!(allowed as readonly string[]).includes(text)) fail(params, field, `must be one of ${allowed.join(', ')} (got "${text}")`);
	return text as T;
}

/** A calendar date sent as YYYY-MM-DD (e.g. a birthdate); a date-time keeps its date as written. */
export function requireDate(params: ParamReader, field: string, value: unknown): string {
	const text = value instanceof Date ? value.toISOString() : requireScalarText(params, field, value).trim();
	const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(text);
	const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : undefined;
	if (!match || !date || date.getUTCDate() !== Number(match[3]) || date.getUTCMonth() !== Number(match[2]) - 1) {
		fail(params, field, `must be a date, e.g. 1990-04-30 (got "${text}")`);
	}
	return `${match[1]}-${match[2]}-${match[3]}`;
}
