/** Named validation rules shared by the routes. Each throws an ApiError (400) naming the field and the rule. */
import { invalidParam, invalidPayload } from './errors';

export type Json = Record<string, unknown>;

export const PROGRAM_ID = /^lprg_[a-f0-9]+$/;

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
