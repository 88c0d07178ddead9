/**
 * What the OAuth credential throws when it cannot get an access token. It carries only what a user may see:
 * the HTTP status, the service's error object, the rate-limit headers and the socket error code. Never the
 * HTTP client's error itself, whose request config holds the app keys.
 */
export class OAuthTokenError extends Error {
	/** Marks a failure of the token request (not of the request the token was for), for the transport. */
	readonly oauthTokenRequest = true;

	readonly response?: { status: number; data: Record<string, unknown>; headers: Record<string, string> };

	readonly code?: string;

	constructor(
		message: string,
		details: { status?: number; data?: Record<string, unknown>; headers?: Record<string, string>; code?: string } = {},
	) {
		super(message);
		this.name = 'OAuthTokenError';
		if (details.status !== undefined) {
			this.response = { status: details.status, data: details.data ?? {}, headers: details.headers ?? {} };
		}
		if (details.code !== undefined) this.code = details.code;
	}
}

const ERROR_FIELDS = ['code', 'message', 'key', 'details', 'request_id', 'resource_id', 'resource_type'];
const KEPT_HEADERS = ['retry-after', 'x-rate-limit-limit', 'x-rate-limit-remaining', 'x-rate-limit-retry', 'x-rate-limit-type'];

/** Rebuilds whatever the token request threw as an OAuthTokenError, keeping only safe fields. */
export function toOAuthTokenError(error: unknown): OAuthTokenError {
	if (error instanceof OAuthTokenError) return error;
	const failed = (error ?? {}) as {
		message?: unknown;
		code?: unknown;
		response?: { status?: unknown; data?: unknown; headers?: unknown };
	};
	const status = Number(failed.response?.status);
	const rawData = failed.response?.data;
	const data: Record<string, unknown> = {};
	if (rawData && typeof rawData === 'object') {
		for (const field of ERROR_FIELDS) {
			const value = (rawData as Record<string, unknown>)[field];
			if (value !== undefined && value !== null && typeof value !== 'object') data[field] = value;
		}
		const rule = (rawData as { error?: { message?: unknown } }).error;
		if (typeof rule?.message === 'string') data.error = { message: rule.message };
	}
	const headers: Record<string, string> = {};
	const rawHeaders = failed.response?.headers;
	if (rawHeaders && typeof rawHeaders === 'object') {
		for (const [name, value] of Object.entries(rawHeaders as Record<string, unknown>)) {
			if (KEPT_HEADERS.includes(name.toLowerCase()) && value !== undefined && value !== null) {
				headers[name.toLowerCase()] = String(value);
			}
		}
	}
	const code = typeof failed.code === 'string' ? failed.code : undefined;
	if (Number.isFinite(status) && status > 0) {
		const serviceMessage = typeof data.message === 'string' ? data.message : `HTTP ${status}`;
		return new OAuthTokenError(`Could not get an OAuth access token: ${serviceMessage}`, { status, data, headers, code });
	}
	return new OAuthTokenError(
		`Could not get an OAuth access token${code ? ` (${code})` : ''}`,
		{ code },
	);
}
