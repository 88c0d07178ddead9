/** What stands in an output or an error for a secret the service's answer repeated. */
export const REDACTED = '[redacted]';

/**
 * A secret shorter than this is replaced only where a whole value equals it: replacing every occurrence of a
 * short value (an Introspect test token "a") would mangle unrelated text, and a key that short is no key.
 */
export const MIN_SUBSTRING_SECRET = 8;

/** The credential fields that hold secrets, in any of the package's credentials. */
export const SECRET_CREDENTIAL_FIELDS = ['appToken', 'managementToken', 'accessToken', 'webhookSecret'] as const;

/** The credential fields that name whose a secret is, for the `id:secret` pairs of HTTP Basic authentication. */
const SECRET_OWNERS: Record<string, string> = { appToken: 'appId', managementToken: 'managementId' };

/** Base64 with and without its `=` padding (an echo may drop it), in the standard and the URL-safe alphabet. */
function base64Forms(text: string): string[] {
	const bytes = Buffer.from(text, 'utf8');
	const padded = bytes.toString('base64');
	return [padded, padded.replace(/=+$/, ''), bytes.toString('base64url')];
}

/**
 * Every form in which a secret is sent or can come back: as it was given, as sent (trimmed: HTTP drops the
 * spaces around a header's value), URL-encoded (a path or query), form-encoded (a form body: spaces as `+`), as
 * JSON escapes it, and in base64 (alone, and as `id:secret`, HTTP Basic's form). Matched whatever the case.
 */
export function secretForms(secret: string, owner?: string): string[] {
	const sent = secret.trim();
	const forms = [
		secret,
		sent,
		encodeURIComponent(sent),
		new URLSearchParams({ s: sent }).toString().slice(2),
		JSON.stringify(sent).slice(1, -1),
		...base64Forms(sent),
		...(owner ? [owner, owner.trim()].flatMap((id) => base64Forms(`${id}:${sent}`)) : []),
	];
	return [...new Set(forms)];
}

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
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
		const forms = new Set<string>();
		const short = new Set<string>();
		for (const [secret, owner] of this.values) {
			if (secret.trim().length < MIN_SUBSTRING_SECRET) {
				short.add(secret.trim().toLowerCase());
				continue;
			}
			for (const form of secretForms(secret, owner)) if (form.length >= MIN_SUBSTRING_SECRET) forms.add(form);
		}
		// Longest first: a form that contains another (the secret as given, with its spaces) is replaced whole.
		const alternatives = [...forms].sort((a, b) => b.length - a.length).map(escapeRegExp);
		this.matcher = { pattern: alternatives.length > 0 ? new RegExp(alternatives.join('|'), 'gi') : undefined, short };
		return this.matcher;
	}

	/** `text` with every secret in it, in any of its forms (secretForms), replaced by REDACTED. */
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
	 * where it must be and returned. Bytes and streams are passed as they are.
	 */
	value<T>(value: T, seen = new WeakSet<object>()): T {
		if (this.values.size === 0) return value;
		if (typeof value === 'string') return this.text(value) as T;
		if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || seen.has(value)) return value;
		if (typeof (value as { pipe?: unknown }).pipe === 'function') return value;
		seen.add(value);
		if (Array.isArray(value)) {
			for (let index = 0; index < value.length; index++) value[index] = this.value(value[index], seen);
			return value;
		}
		const object = value as Record<string, unknown>;
		for (const key of Object.keys(object)) {
			const redactedKey = this.text(key);
			const child = this.value(object[key], seen);
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
		if (this.values.size === 0 || error === null || typeof error !== 'object' || seen.has(error)) return error;
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
