/** Named validation rules shared by the routes. Each throws an ApiError (400) naming the field and the rule. */
import { invalidParam, invalidPayload } from './errors.cjs';

export type Json = Record<string, unknown>;

export const PROGRAM_ID = /^lprg_[a-f0-9]+$/;

/**
 * `record` without those of `keys` it has no value for (null or undefined), changed in place: where the contract
 * does not let such a key be null, the service leaves it out.
 */
export function leaveOutEmpty<T extends Json>(record: T, keys: readonly string[]): T {
	for (const key of keys) if (record[key] === null || record[key] === undefined) delete record[key];
	return record;
}

export function isObject(v: unknown): v is Json {
	return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function isInt(v: unknown): v is number {
	return typeof v === 'number' && Number.isInteger(v);
}

/** The JSON body must be an object. */
export function bodyObject(body: unknown): Json {
	if (!isObject(body)) throw invalidPayload('The request body must be a JSON object');
	return body;
}

/** `limit` query parameter: integer in [1, 100]. */
export function parseLimit(query: Record<string, string>, def: number, name = 'limit'): number {
	const raw = query[name];
	if (raw === undefined || raw === '') return def;
	if (!/^-?\d+$/.test(raw)) throw invalidParam(`Query parameter ${name} must be an integer between 1 and 100`);
	const n = Number(raw);
	if (n < 1 || n > 100) throw invalidParam(`Query parameter ${name} must be between 1 and 100 (got ${n})`);
	return n;
}

/** A query parameter restricted to a set of values. */
export function parseEnumParam<T extends string>(
	query: Record<string, string>,
	name: string,
	allowed: readonly T[],
	def?: T,
): T | undefined {
	const raw = query[name];
	if (raw === undefined || raw === '') return def;
	if (!(allowed as readonly string[]).includes(raw))
		throw invalidParam(`Query parameter ${name} must be one of ${allowed.join(', ')} (got ${raw})`);
	return raw as T;
}

/** A date-time query parameter (ISO 8601) → epoch ms. */
export function parseDateParam(query: Record<string, string>, name: string): number | undefined {
	const raw = query[name];
	if (raw === undefined || raw === '') return undefined;
	const t = Date.parse(raw);
	if (Number.isNaN(t)) throw invalidParam(`Query parameter ${name} must be an ISO 8601 date-time (got ${raw})`);
	return t;
}

/** A path parameter that must match the program id pattern. */
export function checkProgramId(id: string): void {
	if (!PROGRAM_ID.test(id)) throw invalidParam(`Path parameter programId must match ${PROGRAM_ID.source} (got ${id})`);
}

export function requireString(body: Json, field: string, min = 1, max = Infinity): string {
	const v = body[field];
	if (typeof v !== 'string') throw invalidPayload(`Field ${field} is required and must be a string`);
	checkLength(field, v, min, max);
	return v;
}

export function checkLength(field: string, v: string, min: number, max: number): void {
	if (v.length < min || v.length > max)
		throw invalidPayload(`Field ${field} must be ${min} to ${max} characters long (got ${v.length})`);
}

/** An optional field: undefined is absent; null allowed when `nullable`. */
export function optionalString(body: Json, field: string, nullable = true): string | null | undefined {
	const v = body[field];
	if (v === undefined || (v === null && nullable)) return v as undefined | null;
	if (typeof v !== 'string') throw invalidPayload(`Field ${field} must be a string${nullable ? ' or null' : ''}`);
	return v;
}

export function optionalObject(body: Json, field: string, nullable = true): Json | null | undefined {
	const v = body[field];
	if (v === undefined || (v === null && nullable)) return v as undefined | null;
	if (!isObject(v)) throw invalidPayload(`Field ${field} must be an object${nullable ? ' or null' : ''}`);
	return v;
}

export function optionalInt(body: Json, field: string, min = -Infinity, nullable = true): number | null | undefined {
	const v = body[field];
	if (v === undefined || (v === null && nullable)) return v as undefined | null;
	if (!isInt(v) || v < min)
		throw invalidPayload(
			`Field ${field} must be an integer${min > -Infinity ? ` ≥ ${min}` : ''}${nullable ? ' or null' : ''}`,
		);
	return v;
}

export function optionalBoolean(body: Json, field: string): boolean | undefined {
	const v = body[field];
	if (v === undefined) return undefined;
	if (typeof v !== 'boolean') throw invalidPayload(`Field ${field} must be a boolean`);
	return v;
}

/** A timestamp field (ISO 8601) or null. */
export function optionalTimestamp(body: Json, field: string): string | null | undefined {
	const v = body[field];
	if (v === undefined || v === null) return v as undefined | null;
	if (typeof v !== 'string' || Number.isNaN(Date.parse(v)))
		throw invalidPayload(`Field ${field} must be an ISO 8601 timestamp or null`);
	return new Date(Date.parse(v)).toISOString();
}

/** Reject properties outside `allowed`. */
export function rejectUnknown(body: Json, allowed: readonly string[]): void {
	const unknown = Object.keys(body).filter((k) => !allowed.includes(k));
	if (unknown.length) throw invalidPayload(`Unknown properties: ${unknown.join(', ')}`);
}

/** At least one of `fields` must be present (null counts as present). */
export function requireOneOf(body: Json, fields: readonly string[]): void {
	if (!fields.some((f) => body[f] !== undefined))
		throw invalidPayload(`At least one of ${fields.join(', ')} must be provided`);
}

/** Array of `{day, month}` integers. */
export function checkDayMonths(field: string, v: unknown): void {
	if (!Array.isArray(v)) throw invalidPayload(`Field ${field} must be an array of {day, month}`);
	for (const e of v) {
		if (!isObject(e) || !isInt(e.day) || !isInt(e.month) || e.day < 1 || e.day > 31 || e.month < 1 || e.month > 12)
			throw invalidPayload(`Field ${field} entries must be {day: 1-31, month: 1-12} integers`);
	}
}

/** `{value: integer}` objects such as `period`. */
export function checkValue(field: string, v: unknown): void {
	if (!isObject(v) || !isInt(v.value) || v.value < 0)
		throw invalidPayload(`Field ${field} must be an object with an integer value ≥ 0`);
}

/*
 * Body rules of the published contract, as data: each Rule checks a value at a path (e.g. `point_earned.period`)
 * and throws a 400 naming the path and the rule. Objects are closed (unknown properties are refused), as the
 * contract's `additionalProperties: false`.
 */

export type Rule = (value: unknown, path: string) => void;

const shown = (v: unknown): string => (v === undefined ? 'nothing' : JSON.stringify(v));
const at = (path: string, key: string | number): string => (typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key);

export function str(o: { enum?: readonly string[]; pattern?: RegExp; min?: number; max?: number } = {}): Rule {
	return (v, path) => {
		if (typeof v !== 'string') throw invalidPayload(`Field ${path} must be a string (got ${shown(v)})`);
		if (o.enum && !o.enum.includes(v)) throw invalidPayload(`Field ${path} must be one of ${o.enum.join(', ')} (got ${shown(v)})`);
		if (o.pattern && !o.pattern.test(v)) throw invalidPayload(`Field ${path} must match ${o.pattern.source} (got ${shown(v)})`);
		checkLength(path, v, o.min ?? 0, o.max ?? Infinity);
	};
}

export function int(o: { min?: number; max?: number } = {}): Rule {
	return (v, path) => {
		const min = o.min ?? -Infinity;
		const max = o.max ?? Number.MAX_SAFE_INTEGER;
		if (!isInt(v) || v < min || v > max)
			throw invalidPayload(`Field ${path} must be an integer${min > -Infinity ? ` from ${min}` : ''}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''} (got ${shown(v)})`);
	};
}

/** A number, whole or not (the contract's `type: number`), within the bounds given and JSON's safe integers. */
export function num(o: { min?: number; max?: number } = {}): Rule {
	return (v, path) => {
		const min = o.min ?? -Number.MAX_SAFE_INTEGER;
		const max = o.max ?? Number.MAX_SAFE_INTEGER;
		if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max) throw invalidPayload(`Field ${path} must be a number from ${min} to ${max} (got ${shown(v)})`);
	};
}

export const bool: Rule = (v, path) => {
	if (typeof v !== 'boolean') throw invalidPayload(`Field ${path} must be a boolean (got ${shown(v)})`);
};

export const anyObject: Rule = (v, path) => {
	if (!isObject(v)) throw invalidPayload(`Field ${path} must be an object (got ${shown(v)})`);
};

export function nullable(rule: Rule): Rule {
	return (v, path) => {
		if (v !== null) rule(v, path);
	};
}

export function arr(item: Rule, o: { min?: number; max?: number; unique?: boolean } = {}): Rule {
	return (v, path) => {
		if (!Array.isArray(v)) throw invalidPayload(`Field ${path} must be an array (got ${shown(v)})`);
		if (v.length < (o.min ?? 0)) throw invalidPayload(`Field ${path} needs at least ${o.min} entries (got ${v.length})`);
		if (v.length > (o.max ?? Infinity)) throw invalidPayload(`Field ${path} accepts at most ${o.max} entries (got ${v.length})`);
		v.forEach((e, i) => item(e, at(path, i)));
		if (o.unique && new Set(v.map((e) => JSON.stringify(e))).size !== v.length) throw invalidPayload(`Field ${path} must not repeat an entry`);
	};
}

/** A closed object: `props` are its only properties, `required` must be present, `check` adds rules across them. */
export function obj(props: Record<string, Rule>, required: readonly string[] = [], check?: (o: Json, path: string) => void): Rule {
	return (v, path) => {
		const where = path || 'body';
		if (!isObject(v)) throw invalidPayload(`Field ${where} must be an object (got ${shown(v)})`);
		const unknown = Object.keys(v).filter((k) => !(k in props));
		if (unknown.length) throw invalidPayload(`Unknown properties in ${where}: ${unknown.join(', ')}`);
		for (const k of required) if (v[k] === undefined) throw invalidPayload(`Field ${at(path, k)} is required`);
		for (const [k, rule] of Object.entries(props)) if (v[k] !== undefined) rule(v[k], at(path, k));
		check?.(v, path);
	};
}

/** An object whose `type` picks its rule (the contract's discriminated oneOf). */
export function byType(variants: Record<string, Rule>): Rule {
	return (v, path) => {
		if (!isObject(v)) throw invalidPayload(`Field ${path} must be an object (got ${shown(v)})`);
		const rule = variants[v.type as string];
		if (!rule) throw invalidPayload(`Field ${at(path, 'type')} must be one of ${Object.keys(variants).join(', ')} (got ${shown(v.type)})`);
		rule(v, path);
	};
}

/**
 * An object whose `type` names which one of its sub-objects is required (non-null); the other sub-objects must be
 * null or absent. `types` maps each type to its sub-object's key, or to null when it has none.
 */
export function typed(types: Record<string, string | null>, subs: Record<string, Rule>): Rule {
	const props: Record<string, Rule> = { type: str({ enum: Object.keys(types) }) };
	for (const [k, rule] of Object.entries(subs)) props[k] = nullable(rule);
	return obj(props, ['type'], (o, path) => {
		const wanted = types[o.type as string];
		for (const k of Object.keys(subs)) {
			if (k === wanted && (o[k] === undefined || o[k] === null)) throw invalidPayload(`Field ${at(path, k)} is required when ${at(path, 'type')} is ${o.type}`);
			if (k !== wanted && o[k] !== undefined && o[k] !== null) throw invalidPayload(`Field ${at(path, k)} must be null or absent when ${at(path, 'type')} is ${o.type}`);
		}
	});
}

/** `{value, unit}` with value from 1 to the unit's maximum (no key: no maximum). */
export function period(maxByUnit: Record<string, number | undefined>): Rule {
	return obj({ value: int({ min: 1 }), unit: str({ enum: Object.keys(maxByUnit) }) }, ['value', 'unit'], (o, path) => {
		const max = maxByUnit[o.unit as string];
		if (max !== undefined && (o.value as number) > max) throw invalidPayload(`Field ${at(path, 'value')} must be at most ${max} when unit is ${o.unit} (got ${o.value})`);
	});
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A recurring `{day, month}`; the day must exist in the month (29 February at most). */
export const calendarDate: Rule = obj({ day: int({ min: 1, max: 31 }), month: int({ min: 1, max: 12 }) }, ['day', 'month'], (o, path) => {
	const max = DAYS_IN_MONTH[(o.month as number) - 1];
	if ((o.day as number) > max) throw invalidPayload(`Field ${at(path, 'day')} must be at most ${max} in month ${o.month} (got ${o.day})`);
});

/** `{type: NO_LIMIT | LIMITED, limits}` (or NONE | REFUNDABLE with `methods`): none when off, `count` when on. */
export function switched(off: string, on: string, listKey: string, item: Rule, count: { min: number; max?: number }): Rule {
	return obj({ type: str({ enum: [off, on] }), [listKey]: nullable(arr(item, { max: count.max })) }, ['type'], (o, path) => {
		const list = (o[listKey] ?? []) as unknown[];
		if (o.type === off && list.length) throw invalidPayload(`Field ${at(path, listKey)} must be empty or null when ${at(path, 'type')} is ${off}`);
		if (o.type === on && (list.length < count.min || list.length > (count.max ?? Infinity)))
			throw invalidPayload(`Field ${at(path, listKey)} needs ${count.max === count.min ? `exactly ${count.min}` : `at least ${count.min}`} entr${count.min === 1 ? 'y' : 'ies'} when ${at(path, 'type')} is ${on} (got ${list.length})`);
	});
}

/** `page` query parameter of the paged v1 lists: integer in [1, max]. */
export function parsePage(query: Record<string, string>, max: number): number {
	const raw = query.page;
	if (raw === undefined || raw === '') return 1;
	if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > max)
		throw invalidParam(`Query parameter page must be an integer between 1 and ${max} (got ${raw})`);
	return Number(raw);
}

/** One page (1-based) of `entries` with `limit` per page. */
export function pageOf<T>(entries: T[], page: number, limit: number): T[] {
	return entries.slice((page - 1) * limit, page * limit);
}

/** A calendar date (YYYY-MM-DD) field, or null. */
export function optionalDate(body: Json, field: string): string | null | undefined {
	const v = body[field];
	if (v === undefined || v === null) return v as undefined | null;
	if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(v)))
		throw invalidPayload(`Field ${field} must be a date (YYYY-MM-DD) or null`);
	return v;
}

/**
 * The files of a multipart/form-data body (field name → file name and text). A body that is not multipart, or has
 * no boundary, gives an empty map.
 */
export function multipartFiles(raw: unknown, contentType: string): Map<string, { filename: string; content: string }> {
	const files = new Map<string, { filename: string; content: string }>();
	const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
	if (!contentType.toLowerCase().startsWith('multipart/form-data') || !boundary || typeof raw !== 'string') return files;
	const marker = `--${(boundary[1] ?? boundary[2]).trim()}`;
	for (const part of raw.split(marker).slice(1)) {
		if (part.startsWith('--')) break;
		const headerEnd = part.indexOf('\r\n\r\n');
		if (headerEnd < 0) continue;
		const headers = part.slice(0, headerEnd);
		const name = /name="([^"]*)"/i.exec(headers)?.[1];
		const filename = /filename="([^"]*)"/i.exec(headers)?.[1] ?? '';
		let content = part.slice(headerEnd + 4);
		if (content.endsWith('\r\n')) content = content.slice(0, -2);
		if (name) files.set(name, { filename, content });
	}
	return files;
}

/** RFC 4180 CSV text → rows of fields; throws (400) on an unterminated quoted field. */
export function parseCsv(text: string): string[][] {
	const rows: string[][] = [];
	let row: string[] = [];
	let field = '';
	let quoted = false;
	let i = 0;
	const endField = () => {
		row.push(field);
		field = '';
	};
	const endRow = () => {
		endField();
		if (!(row.length === 1 && row[0] === '')) rows.push(row);
		row = [];
	};
	while (i < text.length) {
		const ch = text[i];
		if (quoted) {
			if (ch === '"' && text[i + 1] === '"') {
				field += '"';
				i += 2;
				continue;
			}
			if (ch === '"') quoted = false;
			else field += ch;
			i++;
			continue;
		}
		if (ch === '"' && field === '') quoted = true;
		else if (ch === ',') endField();
		else if (ch === '\r' && text[i + 1] === '\n') {
			endRow();
			i++;
		} else if (ch === '\n') endRow();
		else field += ch;
		i++;
	}
	if (quoted) throw invalidPayload('The CSV file has an unterminated quoted field');
	if (field !== '' || row.length > 0) endRow();
	return rows;
}
