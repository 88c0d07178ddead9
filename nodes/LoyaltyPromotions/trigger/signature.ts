import { createHmac, timingSafeEqual } from 'crypto';

/** Name of the delivery header carrying the signature (lowercase, as Node exposes headers). */
export const SIGNATURE_HEADER = 'x-voucherify-signature';

/**
 * The bytes the service signs: the JSON body serialised without whitespace outside strings, i.e.
 * `JSON.stringify(JSON.parse(rawBody))`. Falls back to the parsed body when the raw bytes are not available
 * or are not JSON.
 */
export function canonicalBody(rawBody: Buffer | string | undefined, parsedBody: unknown): string {
	if (rawBody !== undefined && rawBody.length > 0) {
		const text = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
		try {
			return JSON.stringify(JSON.parse(text));
		} catch {
			// Not JSON (JSON.parse only throws SyntaxError): check the text as received; it will not match.
			return text;
		}
	}
	return JSON.stringify(parsedBody ?? {});
}

/** Lowercase hex HMAC-SHA256 of `body` keyed with `secret`. */
export function computeSignature(body: string, secret: string): string {
	return createHmac('sha256', secret).update(body, 'utf8').digest('hex');
}

/** The header's value as one string (Node may give an array for repeated headers). */
export function headerValue(value: unknown): string | undefined {
	if (Array.isArray(value)) return value.length === 1 ? headerValue(value[0]) : undefined;
	return typeof value === 'string' ? value.trim() : undefined;
}

/** Constant-time check of a received hex signature against the expected one. */
export function signatureMatches(received: string | undefined, body: string, secret: string): boolean {
	if (!received || !/^[0-9a-fA-F]+$/.test(received)) return false;
	const expected = Buffer.from(computeSignature(body, secret), 'hex');
	const given = Buffer.from(received.toLowerCase(), 'hex');
	// timingSafeEqual throws on length mismatch; a length difference reveals nothing about the secret.
	if (given.length !== expected.length) return false;
	return timingSafeEqual(given, expected);
}
