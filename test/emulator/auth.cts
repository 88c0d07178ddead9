/** The auth schemes (A app keys, M management keys, B and A|B app keys or a Bearer token) and the token store. */
import { randomBytes } from 'crypto';
import type { IncomingHttpHeaders } from 'http';
import { paymentRequired, unauthorized } from './errors.cjs';
import type { Store, Token } from './state.cjs';
import type { EmulatorCredentials } from './types.cjs';

/**
 * `A|B`: app keys, or a Bearer token (with or without app keys); a Bearer, if sent, must be valid. `B`, the
 * Loyalty v2 routes' scheme, is the same rule: the contract gives every v2 operation
 * `security: [{X-App-Id, X-App-Token}, {bearerAuth}]`, either one alone.
 */
export type AuthScheme = 'A' | 'M' | 'B' | 'A|B' | 'none';

export interface AuthEnv {
	store: Store;
	creds: EmulatorCredentials;
	settings: { managementFeature: boolean };
}

const header = (h: IncomingHttpHeaders, name: string): string | undefined => {
	const v = h[name];
	return Array.isArray(v) ? v[0] : v;
};

function appKeysValid(h: IncomingHttpHeaders, creds: EmulatorCredentials): boolean {
	return header(h, 'x-app-id') === creds.appId && header(h, 'x-app-token') === creds.appToken;
}

function bearer(h: IncomingHttpHeaders): string | undefined {
	const v = header(h, 'authorization');
	if (!v) return undefined;
	const m = /^Bearer\s+(\S+)\s*$/i.exec(v);
	return m ? m[1] : '';
}

/** The token, if it exists, is not revoked and has not expired. */
export function activeToken(store: Store, value: string, now = Date.now()): Token | undefined {
	const t = store.tokens.get(value);
	return t && !t.revoked && t.expiresAtMs > now ? t : undefined;
}

/** Throws 401 / 402 unless the request satisfies `scheme`. */
export function authenticate(scheme: AuthScheme, h: IncomingHttpHeaders, env: AuthEnv): void {
	switch (scheme) {
		case 'none':
			return;
		case 'A':
			if (!appKeysValid(h, env.creds)) throw unauthorized('Missing or invalid X-App-Id / X-App-Token');
			return;
		case 'M':
			if (header(h, 'x-management-id') !== env.creds.managementId || header(h, 'x-management-token') !== env.creds.managementToken)
				throw unauthorized('Missing or invalid X-Management-Id / X-Management-Token');
			if (!env.settings.managementFeature) throw paymentRequired();
			return;
		case 'B':
		case 'A|B': {
			const t = bearer(h);
			if (t !== undefined) {
				if (!t || !activeToken(env.store, t)) throw unauthorized('The access token is invalid, expired or revoked');
				return;
			}
			if (!appKeysValid(h, env.creds)) throw unauthorized('Missing or invalid X-App-Id / X-App-Token');
		}
	}
}

export function issueToken(store: Store, clientId: string, scope: string, lifetimeSeconds: number): Token {
	const now = Date.now();
	const token: Token = {
		access_token: randomBytes(24).toString('hex'),
		client_id: clientId,
		scope,
		issuedAt: now,
		expiresAtMs: now + lifetimeSeconds * 1000,
		revoked: false,
	};
	store.tokens.set(token.access_token, token);
	return token;
}

/** The OAuth token resource as returned by /token and /introspect. */
export function tokenView(t: Token, now = Date.now()) {
	return {
		access_token: t.access_token,
		client_id: t.client_id,
		expires_at: Math.floor(t.expiresAtMs / 1000),
		expires_in: Math.max(0, Math.ceil((t.expiresAtMs - now) / 1000)),
		scope: t.scope,
		token_type: 'Bearer' as const,
	};
}

/** Header names whose values the request log masks. */
export const SECRET_HEADERS = new Set(['x-app-token', 'x-management-token', 'authorization']);
