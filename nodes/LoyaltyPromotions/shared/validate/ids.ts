import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { LONE_SURROGATE } from '../../transport/encoding';
import { fail, shown, type FieldContext } from './fail';
import { ID_LENGTH, requireLengthWithin, requireScalarText, requireVisible } from './text';

/** IDs and codes: exact text (never a rounded number), one path segment, the service's ID patterns. */

export const PROGRAM_ID_PATTERN = /^lprg_[a-f0-9]+$/;

/** n8n's resource locator value ({__rl, mode, value}) gives its value; anything else is returned as is. */
export function locatorValue(value: unknown): unknown {
	if (value !== null && typeof value === 'object' && (value as IDataObject).__rl === true) return (value as IDataObject).value;
	return value;
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
 * Whether a text parameter holds a list of IDs or codes ("Validation Rule IDs", `customerIds`): typed as text
 * separated by commas, or given as a list by an expression, each entry an ID.
 */
export function isIdList(property: Pick<INodeProperties, 'name' | 'displayName'>): boolean {
	return /(?:^|\s)(?:IDs|Codes)$/.test(property.displayName) || /(?:Ids|Codes)$/.test(property.name);
}

/**
 * An ID that goes into the request's path as one segment: text (requireIdText), trimmed, not empty, and not "."
 * or "..", which URL parsers collapse (even when encoded), sending the request to another endpoint.
 */
export function requireId(params: FieldContext, field: string, value: unknown): string {
	const id = requireIdText(params, field, locatorValue(value)).trim();
	if (!id) fail(params, field, 'is required');
	requireVisible(params, field, id);
	if (id === '.' || id === '..') fail(params, field, `must be an ID, not "${id}"`);
	if (LONE_SURROGATE.test(id)) fail(params, field, 'holds a broken Unicode character (half of a surrogate pair), which cannot be sent in an address');
	requireLengthWithin(params, field, id, ID_LENGTH);
	return id;
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
