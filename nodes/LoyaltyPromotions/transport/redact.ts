import { deeperThan, MAX_DEPTH } from './depth';

/** What stands in an output or an error for a secret the service's answer repeated. */
export const REDACTED = '[redacted]';

/** What stands in an error for what the service's answer nested deeper than MAX_DEPTH. */
export const NESTED_TOO_DEEP = `[nested more than ${MAX_DEPTH} levels deep]`;

/**
 * A secret shorter than this is replaced only where a whole value equals it: replacing every occurrence of a
 * short value (an Introspect test token "a") would mangle unrelated text, and a key that short is no key.
 */
export const MIN_SUBSTRING_SECRET = 8;

/** The credential fields that hold secrets, in any of the package's credentials. */
export const SECRET_CREDENTIAL_FIELDS = ['appToken', 'managementToken', 'accessToken', 'webhookSecret', 'clientSecret'] as const;

/** The credential fields that name whose a secret is, for the `id:secret` pairs of HTTP Basic authentication. */
const SECRET_OWNERS: Record<string, string> = { appToken: 'appId', managementToken: 'managementId', clientSecret: 'clientId' };

/** Every byte of `text` as `%XX`, the strictest percent-encoding. */
function percentEveryByte(text: string): string {
	return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
}

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A UTF-16 unit as JSON's `\uXXXX` escape. */
function unicodeEscape(unit: number): string {
	return `\\u${unit.toString(16).padStart(4, '0')}`;
}

/**
 * One character as it may stand in an echo: as it is, percent-encoded (each UTF-8 byte as `%XX`; a space also as
 * `+`), or escaped as inside JSON text (`\"`, `\\`, `\/`, `\n`, `\u00e9`). Encoders differ in which characters
 * they leave alone (`encodeURIComponent` keeps `!'()*~`, RFC 3986 keeps `~`, form encoders encode `~`), so each
 * character is matched in any of its forms.
 */
function characterPattern(char: string): string {
	const forms = new Set([escapeRegExp(char), escapeRegExp(percentEveryByte(char))]);
	if (char === ' ') forms.add('\\+');
	const json = JSON.stringify(char).slice(1, -1);
	if (json !== char) forms.add(escapeRegExp(json));
	if (char === '/') forms.add(escapeRegExp('\\/'));
	forms.add([...Array(char.length).keys()].map((index) => escapeRegExp(unicodeEscape(char.charCodeAt(index)))).join(''));
	return forms.size === 1 ? [...forms][0] : `(?:${[...forms].join('|')})`;
}

/**
 * Where an encoder may break a line inside base64 (MIME at 76 characters, PEM at 64, or anywhere): a line break,
 * real or JSON-escaped, and the indentation after it.
 */
const LINE_BREAK = '(?:(?:\\r?\\n|\\\\r\\\\n|\\\\n)[ \\t]*)?';

/** Base64 of `text`, in either alphabet, its padding optional, with a line break allowed between any two characters. */
function base64Pattern(text: string): string {
	const encoded = Buffer.from(text, 'utf8').toString('base64').replace(/=+$/, '');
	const alphabet: Record<string, string> = { '+': '[+-]', '/': '[/_]' };
	const padding = '='.repeat((4 - (encoded.length % 4)) % 4);
	return [...encoded].map((char) => alphabet[char] ?? char).join(LINE_BREAK) + [...padding].map((char) => `(?:${LINE_BREAK}${char})?`).join('');
}

/**
 * Every form in which a secret is sent or can come back, as regular expressions (sources): as it was given; as
 * sent (trimmed: HTTP drops the spaces around a header's value) with any of its characters percent-encoded,
 * form-encoded or JSON-escaped (so URL-, strict-RFC-3986-, form- and JSON-encoded texts, and any mix of them);
 * in hex; and in base64 of either alphabet, padded or not, broken over lines anywhere (alone, and as `id:secret`,
 * HTTP Basic's form). Matched whatever the case.
 */
function secretPatterns(secret: string, owner?: string): string[] {
	const sent = secret.trim();
	const binary = (text: string) => [base64Pattern(text), Buffer.from(text, 'utf8').toString('hex')];
	return [
		escapeRegExp(secret),
		[...sent].map(characterPattern).join(''),
		...binary(sent),
		...(owner ? [...new Set([owner, owner.trim()])].flatMap((id) => binary(`${id}:${sent}`)) : []),
	];
}

/** The secrets one transport knows of: its credential's, and those the requests it sent carried (e.g. a token to revoke). */
export class SecretSet {
	/** Each secret (as given) and whose it is, when a credential pairs it with an ID. */
	private readonly values = new Map<string, string | undefined>();

	/** All forms of the long secrets as one case-insensitive pattern, and the short ones, made again when a secret is added. */
	private matcher?: { pattern?: RegExp; short: Set<string> };

	add(...values: unknown[]): void {
		for (const value of values) this.addOwned(value);
	}

	private addOwned(value: unknown, owner?: unknown): void {
		if (typeof value !== 'string' || value.trim() === '') return;
		const id = typeof owner === 'string' && owner.trim() !== '' ? owner : undefined;
		if (this.values.has(value) && (id === undefined || this.values.get(value) === id)) return;
		this.values.set(value, id);
		this.matcher = undefined;
	}

	/** The credential's secret fields as they are now (an OAuth token is replaced in place when renewed). */
	addCredential(data: Record<string, unknown> | undefined): void {
		for (const field of SECRET_CREDENTIAL_FIELDS) {
			const owner = SECRET_OWNERS[field];
			this.addOwned(data?.[field], owner ? data?.[owner] : undefined);
		}
	}

	get size(): number {
		return this.values.size;
	}

	/** The secrets as redaction looks for them, made again when a secret is added. */
	private compiled(): { pattern?: RegExp; short: Set<string> } {
		if (this.matcher) return this.matcher;
		const alternatives = new Set<string>();
		const short = new Set<string>();
		// Longest first: a secret that contains another (a renewed token, the secret as given with its spaces) is replaced whole.
		for (const [secret, owner] of [...this.values].sort(([a], [b]) => b.length - a.length)) {
			if (secret.trim().length < MIN_SUBSTRING_SECRET) {
				short.add(secret.trim().toLowerCase());
				continue;
			}
			for (const pattern of secretPatterns(secret, owner)) alternatives.add(pattern);
		}
		this.matcher = { pattern: alternatives.size > 0 ? new RegExp([...alternatives].join('|'), 'gi') : undefined, short };
		return this.matcher;
	}

	/** `text` with every secret in it, in any of its forms (secretPatterns), replaced by REDACTED. */
	text(text: string): string {
		const { pattern, short } = this.compiled();
		// A short secret counts only as a whole value (spaces around it and its case aside).
		if (short.size > 0 && text.length <= MIN_SUBSTRING_SECRET * 4 && short.has(text.trim().toLowerCase())) return REDACTED;
		if (!pattern) return text;
		// Most texts hold no secret: a test is several times cheaper than a replace that finds nothing.
		pattern.lastIndex = 0;
		if (!pattern.test(text)) return text;
		pattern.lastIndex = 0;
		return text.replace(pattern, REDACTED);
	}

	/**
	 * A value (parsed JSON) with every secret in its strings and keys replaced; the value is changed in place
	 * where it must be and returned. Bytes and streams are passed as they are. What nests deeper than MAX_DEPTH
	 * (an error answer's details: a 2xx that deep is refused before) is replaced by NESTED_TOO_DEEP: it could be
	 * neither read nor shown.
	 */
	value<T>(value: T, seen = new WeakSet<object>(), depth = 0): T {
		if (this.values.size === 0 && depth === 0 && !deeperThan(value)) return value;
		if (typeof value === 'string') return this.text(value) as T;
		if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || seen.has(value)) return value;
		if (typeof (value as { pipe?: unknown }).pipe === 'function') return value;
		if (depth >= MAX_DEPTH) return NESTED_TOO_DEEP as T;
		seen.add(value);
		if (Array.isArray(value)) {
			for (let index = 0; index < value.length; index++) value[index] = this.value(value[index], seen, depth + 1);
			return value;
		}
		const object = value as Record<string, unknown>;
		for (const key of Object.keys(object)) {
			const redactedKey = this.text(key);
			const child = this.value(object[key], seen, depth + 1);
			if (redactedKey !== key) {
				delete object[key];
				object[redactedKey] = child;
			} else if (child !== object[key]) object[key] = child;
		}
		return value;
	}

	/**
	 * An error with every secret taken out of whatever of it can be shown or stored: message, description, stack,
	 * n8n's messages, its context (the service's error fields) and the error object it was built from.
	 */
	error<T>(error: T, seen = new WeakSet<object>()): T {
		if (error === null || typeof error !== 'object' || seen.has(error)) return error;
		seen.add(error);
		const target = error as unknown as Record<string, unknown>;
		for (const field of ['message', 'description', 'stack']) {
			if (typeof target[field] === 'string') target[field] = this.text(target[field] as string);
		}
		for (const field of ['messages', 'context', 'errorResponse']) {
			if (target[field] !== null && typeof target[field] === 'object') this.value(target[field], seen);
		}
		const cause = target.cause;
		if (cause !== null && typeof cause === 'object') {
			if (cause instanceof Error) this.error(cause, seen);
			else this.value(cause, seen);
		}
		return error;
	}
}
