import { NodeOperationError, type IDataObject, type INodeProperties, type INodePropertyCollection, type INodePropertyOptions } from 'n8n-workflow';
import { redactUrlCredentials } from '../../../credentials/location';
import type { ParamReader } from '../actions/types';
import { LONE_SURROGATE } from '../transport/encoding';
import { JSON_FIELD_RULES } from './jsonFieldRules';
import { hasOwn, ownValue, putOwn } from './own';

/**
 * Named rules checked before any request is sent. Each failure names the field (as the user sees it) and the
 * rule, so the user can fix it without reading the API docs.
 */

/** What a rule needs to report a failure: the node and the item (a ParamReader, or a trigger's hook context). */
export type FieldContext = Pick<ParamReader, 'node' | 'itemIndex'> & Partial<Pick<ParamReader, 'context'>>;

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
 * The text of an ID or a code (a record's ID, a source ID, a voucher code): as requireScalarText, but a number
 * only when its decimal text is the ID exactly, a whole number within ±Number.MAX_SAFE_INTEGER. A larger one has
 * already been rounded by the time it is a number (a 19-digit CRM ID 12345678901234567890 is
 * 12345678901234567000), a fraction (0.1 + 0.2) or -0 has no exact text, and 1e21's text is "1e+21": sent, each
 * would read, change or delete another record. The error tells the user to pass the ID as text.
 */
export function requireIdText(params: FieldContext, field: string, value: unknown): string {
	if (typeof value === 'number' && Number.isFinite(value) && (!Number.isSafeInteger(value) || Object.is(value, -0))) {
		const why = Object.is(value, -0)
			? '-0, which would be sent as 0'
			: `${String(value)}, which ${Number.isInteger(value) ? `is beyond ${Number.MAX_SAFE_INTEGER}, so it is no longer exact` : 'is not a whole number'}`;
		fail(params, field, `must be text, not the number ${why}; an ID or a code is text: pass it as text (in quotes in JSON, or from a text field), e.g. "12345678901234567890"`);
	}
	return requireScalarText(params, field, value);
}

/**
 * Whether a text parameter holds an ID or a code (by its name or label: "Source ID", "Customer IDs", "Card
 * Code"), whose value requireIdText checks.
 */
export function isIdOrCode(property: Pick<INodeProperties, 'name' | 'displayName' | 'type'>): boolean {
	return (
		property.type === 'resourceLocator' ||
		/(?:^|\s)(?:IDs?|Codes?)$/.test(property.displayName) ||
		/(?:^(?:id|code|customer)|Ids?|Codes?)$/.test(property.name)
	);
}

/**
 * An ID that goes into the request's path as one segment: text (requireIdText), trimmed, not empty, and not "."
 * or "..", which URL parsers collapse (even when encoded), sending the request to another endpoint.
 */
export function requireId(params: FieldContext, field: string, value: unknown): string {
	const id = requireIdText(params, field, locatorValue(value)).trim();
	if (!id) fail(params, field, 'is required');
	if (id === '.' || id === '..') fail(params, field, `must be an ID, not "${id}"`);
	if (LONE_SURROGATE.test(id)) fail(params, field, 'holds a broken Unicode character (half of a surrogate pair), which cannot be sent in an address');
	requireLengthWithin(params, field, id, ID_LENGTH);
	return id;
}

export function requireText(params: FieldContext, field: string, value: unknown, { min = 1, max = Infinity } = {}): string {
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

export function requireProgramId(params: FieldContext, field: string, value: unknown): string {
	const id = requireIdText(params, field, locatorValue(value)).trim();
	if (!PROGRAM_ID_PATTERN.test(id)) fail(params, field, `must match ${PROGRAM_ID_PATTERN.source}, e.g. lprg_0a1b2c (got "${id}")`);
	return id;
}

export function requireIntegerInRange(params: FieldContext, field: string, value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): number {
	const number = wholeNumber(value, min < 0);
	const low = Math.max(min, -Number.MAX_SAFE_INTEGER);
	const high = Math.min(max, Number.MAX_SAFE_INTEGER);
	if (number === undefined || number < low || number > high) {
		const range =
			high < Number.MAX_SAFE_INTEGER ? ` from ${low} to ${high}` : low > -Number.MAX_SAFE_INTEGER ? ` of at least ${low}` : '';
		const beyond = number !== undefined && Math.abs(number) > Number.MAX_SAFE_INTEGER ? ` and at most ${Number.MAX_SAFE_INTEGER} in size` : '';
		fail(params, field, `must be a whole number${range}${beyond}${numberHint(value)}`);
	}
	return number;
}

/** A money amount typed as a decimal (e.g. 12.5) becomes the service's integer in hundredths (1250). */
export function toMinorUnits(params: FieldContext, field: string, value: unknown): number {
	return Math.round(requireAmount(params, field, value) * 100);
}

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
	checkJsonField(params, field, parsed);
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
	checkJsonField(params, field, parsed);
	return parsed as IDataObject[];
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

/**
 * A JSON field's content against the contract's rules for it (JSON_FIELD_RULES, by the field's label): each
 * enum at its key path, and the keys the contract requires. The error names the field, the key path and the
 * allowed values. An empty object counts as the field left empty.
 */
export function checkJsonField(params: FieldContext, field: string, value: unknown): void {
	const rules = hasOwn(JSON_FIELD_RULES, field) ? JSON_FIELD_RULES[field] : undefined;
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

/**
 * A date-time parameter sent as an ISO 8601 UTC timestamp. Only ISO 8601 is read (see requireIsoDateTime): a
 * date alone or a date-time without an offset is in the workflow's time zone, as n8n's date picker means it.
 */
export function requireDateTime(params: FieldContext, field: string, value: unknown): string {
	return requireIsoDateTime(params, field, value);
}

/** An update must change something: `body` empty means the user set none of the Update Fields. */
export function requireAnyField(params: FieldContext, field: string, body: IDataObject): IDataObject {
	if (Object.keys(body).length === 0) fail(params, field, 'add at least one field to update');
	return body;
}

/** An absolute http(s) URL, e.g. a webhook's target. */
export function requireHttpUrl(params: FieldContext, field: string, value: unknown): string {
	const text = requireScalarText(params, field, value).trim();
	if (!text) fail(params, field, 'is required');
	let url: URL | undefined;
	try {
		url = new URL(text);
	} catch {
		// reported below
	}
	if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) fail(params, field, `must be an http:// or https:// URL (got "${redactUrlCredentials(text)}")`);
	return text;
}

/** Like parseJsonObject, but the JSON text `null` gives null: the service's way to clear a nullable object. */
export function parseJsonObjectOrNull(params: FieldContext, field: string, value: unknown): IDataObject | null {
	if (value === null || (typeof value === 'string' && value.trim() === 'null')) return null;
	return parseJsonObject(params, field, value);
}

// Contract identifiers and typed values (the v2 beta bodies).

/** An ID that must also match the service's pattern, e.g. requirePattern(params, 'Reward ID', id, /^lrew_[a-f0-9]+$/, 'lrew_0a1b2c'). */
export function requirePattern(params: FieldContext, field: string, value: unknown, pattern: RegExp, example: string): string {
	const id = requireIdText(params, field, locatorValue(value)).trim();
	if (!id) fail(params, field, 'is required');
	if (!pattern.test(id)) fail(params, field, `must match ${pattern.source}, e.g. ${example} (got "${id}")`);
	return id;
}

/**
 * Product and SKU IDs in the Loyalty v2 bodies (benefits, rewards, earning rules): the contract's patterns as it
 * writes them, anchored at the start only, so that an ID such as prod_3ttSkdxGuAfcv3 passes as the service takes it.
 */
export const PRODUCT_ID_PATTERN = /^prod_[a-f0-9]+/;
export const SKU_ID_PATTERN = /^sku_[a-f0-9]+/;

export function requireProductId(params: FieldContext, field: string, value: unknown): string {
	return requirePattern(params, field, value, PRODUCT_ID_PATTERN, 'prod_0a1b2c');
}

export function requireSkuId(params: FieldContext, field: string, value: unknown): string {
	return requirePattern(params, field, value, SKU_ID_PATTERN, 'sku_0a1b2c');
}

/**
 * IDs matching the service's pattern, as a list or text separated by commas or spaces (as an expression may
 * give), at most `max`, none twice, e.g. the earning rules a program is created with.
 */
export function requirePatternList(params: FieldContext, field: string, value: unknown, pattern: RegExp, example: string, max: number): string[] {
	const list = typeof value === 'string' ? value.split(/[\s,]+/).filter(Boolean) : value;
	if (!Array.isArray(list)) return fail(params, field, `must be a list of IDs like ${example} (got ${shown(value)})`);
	const ids = list.map((entry) => requirePattern(params, field, entry, pattern, example));
	if (ids.length > max) fail(params, field, `takes at most ${max} IDs (got ${ids.length})`);
	const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
	if (repeated !== undefined) fail(params, field, `names ${repeated} twice`);
	return ids;
}

// ---- Signed amounts and points (balance adjustments: a positive number adds, a negative one subtracts) ----

/** The sign of a number or numeric text, and its magnitude as given (text stays text for the checks above). */
function splitSign(value: unknown): { negative: boolean; magnitude: unknown } {
	if (typeof value === 'number') return { negative: value < 0, magnitude: Math.abs(value) };
	if (typeof value === 'string' && value.trim().startsWith('-')) return { negative: true, magnitude: value.trim().slice(1) };
	return { negative: false, magnitude: value };
}

/** A whole number other than 0, e.g. points to add (100) or subtract (-100). */
export function requireNonZeroInteger(params: FieldContext, field: string, value: unknown): number {
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
export function toSignedMinorUnits(params: FieldContext, field: string, value: unknown): number {
	const { negative, magnitude } = splitSign(value);
	if ((decimalNumber(magnitude) ?? 0) > MAX_EXACT_AMOUNT) {
		fail(params, field, `must be at most ${MAX_EXACT_AMOUNT} in size: larger amounts do not reach the service exact to the cent (got ${String(value)})`);
	}
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


/**
 * A calendar date sent as YYYY-MM-DD (e.g. a birthdate, a points expiration date): text keeps its date as
 * written (n8n's date picker gives 1990-04-30T00:00:00), and a Date or Luxon DateTime from an expression gives
 * its date in the workflow's time zone, so that no date becomes the previous day east of UTC.
 */
export function requireDate(params: FieldContext, field: string, value: unknown): string {
	const instant =
		value instanceof Date
			? value.getTime()
			: value !== null && typeof value === 'object' && (value as { isLuxonDateTime?: unknown }).isLuxonDateTime === true
				? (value as { toMillis(): number }).toMillis()
				: undefined;
	const text = instant !== undefined && Number.isFinite(instant) ? calendarDate(instant, workflowTimeZone(params)) : requireScalarText(params, field, value).trim();
	const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$)/.exec(text);
	const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : undefined;
	// A time after the date is not sent, but it is checked as Created After checks it: 25:00 is no time of that day.
	const time = match?.[4] === undefined ? undefined : { hour: Number(match[4]), minute: Number(match[5]), second: Number(match[6] ?? 0), offset: match[7] };
	if (!match || !date || date.getUTCDate() !== Number(match[3]) || date.getUTCMonth() !== Number(match[2]) - 1 || (time && !isClockTime(time))) {
		fail(params, field, `must be a date, e.g. 1990-04-30 (got "${text}")`);
	}
	return `${match[1]}-${match[2]}-${match[3]}`;
}

/** Whether a time of day (and its UTC offset, if any) exists: 00:00:00 to 23:59:59, offsets up to ±14:59. */
function isClockTime({ hour, minute, second, offset }: { hour: number; minute: number; second: number; offset?: string }): boolean {
	if (hour > 23 || minute > 59 || second > 59) return false;
	if (offset === undefined || offset === 'Z') return true;
	const [offsetHours, offsetMinutes] = offset.slice(1).split(':').map(Number);
	return offsetHours <= 14 && offsetMinutes <= 59;
}

/** The YYYY-MM-DD date of an instant in a time zone. */
function calendarDate(instant: number, timeZone: string): string {
	const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(instant));
	const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
	return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

/** typeOptions of a `dateTime` property whose value the service takes as a calendar date (YYYY-MM-DD). */
export const DATE_ONLY = { dateOnly: true };

// ---------------------------------------------------------------------------------------------------------------
// Parameter types. An expression can put any value in any field: an object in a text field, "0x10" in a number,
// "01/02/2024" in a date, "yes" in a switch, a value outside a dropdown's list. Every value an operation reads
// through params.get() is checked here against the type its property declares (checkParameter), before anything
// is sent; the rules are also usable one by one.
// ---------------------------------------------------------------------------------------------------------------

const INTEGER_TEXT = /^[+-]?\d+$/;
const DECIMAL_TEXT = /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)$/;

/** How a refused value is shown in an error: short, quoted text; never the contents of an object or a list. */
export function shown(value: unknown): string {
	if (value === undefined) return 'nothing';
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'a list';
	if (typeof value === 'object') return 'an object';
	if (typeof value === 'string') return `"${value.length > 60 ? `${value.slice(0, 57)}...` : value}"`;
	return String(value);
}

/** ' (got …)', with a hint when a number was written in a form other than plain decimal digits. */
function numberHint(value: unknown): string {
	const odd = typeof value === 'string' && value.trim() !== '' && !DECIMAL_TEXT.test(value.trim());
	return ` (got ${shown(value)}${odd ? '; write it in plain decimal digits' : ''})`;
}

/**
 * A whole number from a number or from decimal digits (a sign only where negatives are allowed); undefined for
 * anything else ("0x10", "1e3", "12.5", an object). It may lie beyond Number.MAX_SAFE_INTEGER: callers check.
 */
function wholeNumber(value: unknown, signed: boolean): number | undefined {
	let number: number;
	if (typeof value === 'number') number = value;
	else if (typeof value === 'string' && INTEGER_TEXT.test(value.trim()) && (signed || /^\d/.test(value.trim()))) number = Number(value.trim());
	else return undefined;
	return Number.isInteger(number) ? number : undefined;
}

/** A decimal from a finite number or from decimal text ("12.50"); undefined for anything else. */
function decimalNumber(value: unknown): number | undefined {
	let number: number;
	if (typeof value === 'number') number = value;
	else if (typeof value === 'string' && DECIMAL_TEXT.test(value.trim())) number = Number(value.trim());
	else return undefined;
	return Number.isFinite(number) ? number : undefined;
}

/**
 * Whether a decimal has more than `decimals` decimal places: as written, for text; for a number, beyond what
 * floating-point noise explains (12.3 * 3 is 36.900000000000006, which is 36.90).
 */
function tooManyDecimals(value: unknown, number: number, decimals: number): boolean {
	if (!Number.isFinite(decimals)) return false;
	if (typeof value === 'string') return (value.trim().split('.')[1]?.length ?? 0) > decimals;
	const scaled = number * 10 ** decimals;
	return Math.abs(Math.round(scaled) - scaled) > 1e-6;
}

/** A decimal number with at most `decimals` decimal places, within [min, max]. */
export function requireDecimal(
	params: FieldContext,
	field: string,
	value: unknown,
	{ min = -Number.MAX_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER, decimals = Infinity }: { min?: number; max?: number; decimals?: number } = {},
): number {
	const number = decimalNumber(value);
	if (number === undefined) fail(params, field, `must be a number, e.g. 12.5${numberHint(value)}`);
	if (number < min) fail(params, field, min === 0 ? `must be a non-negative amount (got ${shown(value)})` : `must be at least ${min} (got ${shown(value)})`);
	if (number > max) fail(params, field, `must be at most ${max} (got ${shown(value)})`);
	if (tooManyDecimals(value, number, decimals)) fail(params, field, `has more than ${decimals === 2 ? 'two' : decimals} decimal places (got ${shown(value)})`);
	return number;
}

/**
 * The largest amount (in the main unit) that reaches the service exact to the cent: beyond about 2^44 a number
 * no longer tells the cents apart (70000000000000.01 became …0.02).
 */
export const MAX_EXACT_AMOUNT = 10_000_000_000_000;

/** A money amount in the currency's main unit: decimal digits with at most two decimal places, not negative. */
export function requireAmount(params: FieldContext, field: string, value: unknown): number {
	return requireDecimal(params, field, value, { min: 0, max: MAX_EXACT_AMOUNT, decimals: 2 });
}

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

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** Milliseconds since the epoch of a wall-clock time in UTC, for any 4-digit year. */
function utcMillis(year: number, month: number, day: number, hour: number, minute: number, second: number, ms: number): number {
	const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second, ms));
	date.setUTCFullYear(year, month - 1, day);
	return date.getTime();
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant` (ms); 0 for an unknown zone. */
function zoneOffsetMs(timeZone: string, instant: number): number {
	let parts: Intl.DateTimeFormatPart[];
	try {
		parts = new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: 'numeric',
			day: 'numeric',
			hour: 'numeric',
			minute: 'numeric',
			second: 'numeric',
		}).formatToParts(new Date(instant));
	} catch {
		return 0;
	}
	const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
	const wall = utcMillis(part('year'), part('month'), part('day'), part('hour'), part('minute'), part('second'), 0);
	return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant of a wall-clock time in `timeZone`. A time that a clock change skips (02:30 when clocks jump from
 * 02:00 to 03:00) moves forward with the clock (03:30); a time that occurs twice is the first occurrence.
 */
function zonedMillis(wall: number, timeZone: string): number {
	const first = wall - zoneOffsetMs(timeZone, wall);
	const offset = zoneOffsetMs(timeZone, first);
	const second = wall - offset;
	if (second === first || zoneOffsetMs(timeZone, second) === offset) return second;
	return Math.max(first, second);
}

/** The workflow's time zone (n8n's Settings → Timezone, else the instance's), or UTC outside an execution. */
function workflowTimeZone(params: FieldContext): string {
	const context = params.context as unknown as { getTimezone?: () => string } | undefined;
	return typeof context?.getTimezone === 'function' ? context.getTimezone() : 'UTC';
}

/**
 * An ISO 8601 date or date-time, sent as a UTC timestamp (2024-01-31T11:00:00.000Z). Accepted:
 * - `YYYY-MM-DDTHH:MM[:SS[.sss]]Z` or with an offset `±HH:MM`: that instant;
 * - `YYYY-MM-DDTHH:MM[:SS[.sss]]` without an offset (what n8n's date picker gives): that time in the workflow's
 *   time zone;
 * - `YYYY-MM-DD`: the start of that day (00:00) in the workflow's time zone;
 * - a Luxon DateTime (n8n's `$now`, `DateTime.fromISO(...)`) or a JavaScript Date from an expression.
 * Anything else ("01/02/2024", "1", "hello 2020", a number) is refused rather than guessed.
 */
export function requireIsoDateTime(params: FieldContext, field: string, value: unknown): string {
	const example = 'e.g. 2024-01-31T12:00:00Z, 2024-01-31T12:00:00+01:00 or 2024-01-31';
	const refuse = (): never => fail(params, field, `must be a date-time in ISO 8601 form, ${example} (got ${shown(value)})`);
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? refuse() : value.toISOString();
	if (value !== null && typeof value === 'object' && (value as { isLuxonDateTime?: unknown }).isLuxonDateTime === true) {
		const luxon = value as { isValid?: boolean; toMillis(): number };
		return luxon.isValid === false ? refuse() : new Date(luxon.toMillis()).toISOString();
	}
	if (typeof value !== 'string') return refuse();
	const match = ISO_DATE_TIME.exec(value.trim());
	if (!match) return refuse();
	const [year, month, day, hour = 0, minute = 0, second = 0] = match.slice(1, 7).map((part) => Number(part ?? 0));
	const ms = Number((match[7] ?? '').padEnd(3, '0').slice(0, 3));
	const wall = utcMillis(year, month, day, hour, minute, second, ms);
	const parsed = new Date(wall);
	const offset = match[8];
	if (month < 1 || month > 12 || parsed.getUTCDate() !== day || parsed.getUTCMonth() !== month - 1 || !isClockTime({ hour, minute, second, offset })) return refuse();
	if (offset === undefined) return new Date(zonedMillis(wall, workflowTimeZone(params))).toISOString();
	if (offset === 'Z') return new Date(wall).toISOString();
	const [offsetHours, offsetMinutes] = offset.slice(1).split(':').map(Number);
	const sign = offset.startsWith('-') ? -1 : 1;
	return new Date(wall - sign * (offsetHours * 60 + offsetMinutes) * 60_000).toISOString();
}

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
			const text = isIdOrCode(property) ? requireIdText(params, label, value) : requireScalarText(params, label, value);
			if (LONE_SURROGATE.test(text)) fail(params, label, 'holds a broken Unicode character (half of a surrogate pair), which cannot be sent');
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
			if (typeOptions.loadOptionsMethod) return requireScalarText(params, label, value);
			return requireOption(params, label, value, optionValues(property));
		case 'multiOptions':
			if (typeOptions.loadOptionsMethod) return value;
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

// Length bounds of IDs, codes and emails. The published contract gives none (its maxLength covers names,
// events and reasons only), so these are generous bounds far above any real value: a 200 KB code pasted by
// mistake is refused naming the field and the limit, instead of being sent (and repeated) until the service or a
// proxy drops the connection.

/** What an ID or a code may hold at most, in characters: real ones are tens of characters; an address holds a few KB. */
export const ID_LENGTH = { max: 1_000, what: 'IDs and codes' } as const;

/** What an email address may hold at most: RFC 5321's limit on an address in a mail path (254 characters). */
export const EMAIL_LENGTH = { max: 254, what: 'email addresses' } as const;

export interface LengthBound {
	max: number;
	/** What is bounded, for the message: "IDs and codes". */
	what: string;
}

/**
 * The length bound of a text parameter, by its name or label: an email (`email`, "Customer Email"…), or one ID or
 * code (`id`, `customerId`, "Voucher Code", "Unit Product ID"…). Lists of them ("Customer IDs") and other text
 * have none here.
 */
export function lengthBoundOf(property: Pick<INodeProperties, 'name' | 'displayName'>): LengthBound | undefined {
	if (/^email$|Email$/.test(property.name) || /(?:^|\s)Email$/.test(property.displayName)) return EMAIL_LENGTH;
	if (/^(?:id|code)$|[a-z](?:Id|Code)$/.test(property.name) || /(?:^|\s)(?:ID|Code)$/.test(property.displayName)) return ID_LENGTH;
	return undefined;
}

/** Refuses text longer than the bound, naming the field and the limit; else gives it back. */
export function requireLengthWithin(params: FieldContext, field: string, text: string, bound: LengthBound): string {
	if (text.length > bound.max) {
		fail(params, field, `must be at most ${bound.max.toLocaleString('en-US')} characters, as ${bound.what} are (got ${text.length.toLocaleString('en-US')})`);
	}
	return text;
}

/** A text parameter's value within the length bound its name gives (lengthBoundOf). */
function boundedText(params: FieldContext, property: INodeProperties, label: string, text: string): string {
	const bound = lengthBoundOf(property);
	return bound ? requireLengthWithin(params, label, text, bound) : text;
}
