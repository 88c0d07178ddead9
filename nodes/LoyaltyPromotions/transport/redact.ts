/** What stands in an output or an error for a secret the service's answer repeated. */
export const REDACTED = '[redacted]';

/**
 * A secret shorter than this is replaced only where a whole value equals it: replacing every occurrence of a
 * short value (an Introspect test token "a") would mangle unrelated text, and a key that short is no key.
 */
export const MIN_SUBSTRING_SECRET = 8;

/** The credential fields that hold secrets, in any of the package's credentials. */
export const SECRET_CREDENTIAL_FIELDS = ['appToken', 'managementToken', 'accessToken', 'webhookSecret'] as const;

/** The secrets one transport knows of: its credential's, and those the requests it sent carried (e.g. a token to revoke). */
export class SecretSet {
	private readonly values = new Set<string>();

	add(...values: unknown[]): void {
		for (const value of values) {
			if (typeof value === 'string' && value.trim() !== '') this.values.add(value);
		}
	}

	/** The credential's secret fields as they are now (an OAuth token is replaced in place when renewed). */
	addCredential(data: Record<string, unknown> | undefined): void {
		for (const field of SECRET_CREDENTIAL_FIELDS) this.add(data?.[field]);
	}

	get size(): number {
		return this.values.size;
	}

	/** `text` with every secret in it replaced by REDACTED. */
	text(text: string): string {
		let result = text;
		for (const secret of this.values) {
			if (secret.length >= MIN_SUBSTRING_SECRET) {
				if (result.includes(secret)) result = result.split(secret).join(REDACTED);
			} else if (result === secret || result.trim() === secret.trim()) {
				return REDACTED;
			}
		}
		return result;
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
