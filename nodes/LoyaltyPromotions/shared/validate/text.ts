import type { INodeProperties } from 'n8n-workflow';
import { redactUrlCredentials } from '../../../../credentials/location';
import { inexactNumberRule } from '../../transport/exactNumbers';
import { fail, type FieldContext } from './fail';

/** Text fields: any scalar as text, required text, http(s) URLs, and the length bounds of IDs, codes and emails. */

/**
 * Text from a parameter an expression may have filled: a string, or a finite number as its decimal text.
 * An object, an array or a boolean (e.g. `{{ $json.customer }}` naming an object) is refused rather than sent
 * as "[object Object]" or "a,b", and so is a number past 2^53 - 1, whose digits are already lost (its text would
 * be another value's). Undefined and null give ''.
 */
export function requireScalarText(params: FieldContext, field: string, value: unknown): string {
	if (value === undefined || value === null) return '';
	if (typeof value === 'string') return value;
	if (typeof value === 'number' && Number.isFinite(value)) {
		const inexact = inexactNumberRule(value);
		if (inexact) fail(params, field, inexact);
		return String(value);
	}
	const got = Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
	return fail(params, field, `must be text, not ${got} (check the expression that fills it)`);
}

export function requireText(params: FieldContext, field: string, value: unknown, { min = 1, max = Infinity } = {}): string {
	const text = requireScalarText(params, field, value);
	if (text.trim().length < min) fail(params, field, min === 1 ? 'is required' : `must be at least ${min} characters`);
	if (text.length > max) fail(params, field, `must be at most ${max} characters (got ${text.length})`);
	return text;
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

/** Characters of text as a person counts them: code points, not UTF-16 units (an emoji is one, not two). */
export function characterCount(text: string): number {
	return Array.from(text).length;
}

/**
 * Text that shows nothing: only whitespace, format characters (zero-width space and joiners, the byte order mark,
 * soft hyphen, word joiner, direction marks), other characters Unicode says to ignore when shown (Hangul fillers,
 * variation selectors) and the braille blank.
 */
const INVISIBLE_ONLY = /^[\s\p{Zs}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]+$/u;

/** Text that shows nothing yet is not blank: blank text is the required check's to refuse, with its own message. */
export function isInvisibleOnly(text: string): boolean {
	return !/^\p{White_Space}*$/u.test(text) && INVISIBLE_ONLY.test(text);
}

/**
 * Refuses text longer than the bound, naming the field and the limit; else gives it back. The bound counts the
 * characters of the trimmed text (what is sent once trimmed), as code points.
 */
export function requireLengthWithin(params: FieldContext, field: string, text: string, bound: LengthBound): string {
	const length = characterCount(text.trim());
	if (length > bound.max) {
		fail(params, field, `must be at most ${bound.max.toLocaleString('en-US')} characters, as ${bound.what} are (got ${length.toLocaleString('en-US')})`);
	}
	return text;
}

/** Refuses an ID or a code made only of invisible characters (a zero-width space, a BOM): it names no record. */
export function requireVisible(params: FieldContext, field: string, text: string): string {
	if (isInvisibleOnly(text)) fail(params, field, 'holds only invisible characters (such as zero-width spaces or a byte order mark); an ID or a code must show what it names');
	return text;
}

/**
 * A text parameter's value within the length bound its name gives (lengthBoundOf); an ID or a code given but
 * made only of invisible characters is refused.
 */
export function boundedText(params: FieldContext, property: INodeProperties, label: string, text: string): string {
	const bound = lengthBoundOf(property);
	if (!bound) return text;
	if (bound === ID_LENGTH && text !== '') requireVisible(params, label, text);
	return requireLengthWithin(params, label, text, bound);
}

/** A name or an email parameter, by its name or label ("name", "customerName", "Customer Email"). */
export function isNameOrEmail(property: Pick<INodeProperties, 'name' | 'displayName'>): boolean {
	return /^(?:name|email)$|[a-z](?:Name|Email)$/.test(property.name) || /(?:^|\s)(?:Name|Email)$/.test(property.displayName);
}

/**
 * Refuses the word "null" (any case, trimmed) as a name or an email: it is what an expression gives for a missing
 * value turned into text (`{{ String($json.name) }}`), and sent it would become a customer called "null".
 */
export function requireNotNullWord(params: FieldContext, field: string, text: string): string {
	if (text.trim().toLowerCase() === 'null') fail(params, field, `must be a real value, not the text "${text.trim()}" (check the expression that fills it: the value it reads is probably missing)`);
	return text;
}
