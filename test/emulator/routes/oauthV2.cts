/**
 * OAuth v2 (announced 22 July 2026): POST /v2/oauth/token buys a 15-minute bearer token with an OAuth service
 * key. Known: grant_type=client_credentials, the key as HTTP Basic (app_id:app_secret), required scope and
 * project_id, fine-grained scopes (e.g. vouchers.read) within the key's role in that project. Not published, so
 * the emulator's own: the answer is shaped like v1's token, and the refusals are 401 (the key), 400 (the body),
 * 404 (a project the key does not serve) and 403 (a scope outside its role).
 */
import { issueToken, tokenView } from '../auth.cjs';
import { ApiError, invalidPayload, notFound, unauthorized } from '../errors.cjs';
import { serviceKeyRole } from '../projectAccess.cjs';
import { ok, type Ctx, type Router } from '../router.cjs';
import { oauthForm } from './auth.cjs';

/** The service's lifetime of a v2 token: 15 minutes. */
export const SERVICE_TOKEN_LIFETIME_SECONDS = 900;

/** A fine-grained permission code: a resource and an action, e.g. vouchers.read. */
const PERMISSION_CODE = /^[a-z][a-z0-9_-]*\.[a-z][a-z0-9_-]*$/;

/** 401 unless the request carries the service key as HTTP Basic. */
function requireServiceKey(ctx: Ctx): string {
	const basic = /^Basic\s+(\S+)\s*$/i.exec(String(ctx.headers.authorization ?? ''))?.[1];
	if (!basic) throw unauthorized('Missing Basic authorization with the OAuth service key (app_id:app_secret)');
	const decoded = Buffer.from(basic, 'base64').toString('utf8');
	const colon = decoded.indexOf(':');
	const { serviceKeyId, serviceKeySecret } = ctx.env.creds;
	if (colon < 0 || decoded.slice(0, colon) !== serviceKeyId || decoded.slice(colon + 1) !== serviceKeySecret)
		throw unauthorized('Invalid OAuth service key');
	return serviceKeyId;
}

function fineGrainedScopes(raw: unknown): string[] {
	if (typeof raw !== 'string' || raw.trim() === '') throw invalidPayload('Field scope is required (space-separated permission codes)');
	if (raw.includes(',')) throw invalidPayload('Field scope must be space-separated, not comma-separated');
	const names = raw.trim().split(/\s+/);
	const malformed = names.filter((name) => !PERMISSION_CODE.test(name));
	if (malformed.length) throw new ApiError(400, 'invalid_scope', `Not a permission code: ${malformed.join(', ')}`);
	return names;
}

export function register(r: Router): void {
	r.post('/v2/oauth/token', 'none', (ctx) => {
		const clientId = requireServiceKey(ctx);
		const body = oauthForm(ctx);
		if (body.grant_type === undefined) throw invalidPayload('Field grant_type is required');
		if (body.grant_type !== 'client_credentials')
			throw new ApiError(400, 'unsupported_grant_type', `grant_type must be client_credentials (got ${String(body.grant_type)})`);
		const scopes = fineGrainedScopes(body.scope);
		if (typeof body.project_id !== 'string' || body.project_id.trim() === '') throw invalidPayload('Field project_id is required');
		const role = serviceKeyRole(ctx, body.project_id);
		if (role === undefined) throw notFound('project', body.project_id);
		const outside = role === null ? [] : scopes.filter((scope) => !role.includes(scope));
		if (outside.length)
			throw new ApiError(403, 'scope_outside_role', `The key's role in this project does not grant: ${outside.join(', ')}`);
		const lifetime = Math.min(SERVICE_TOKEN_LIFETIME_SECONDS, ctx.env.settings.tokenLifetimeSeconds);
		const token = issueToken(ctx.env.store, clientId, scopes.join(' '), lifetime);
		token.project_id = body.project_id;
		ctx.env.counters.tokensIssued++;
		return ok(tokenView(token));
	});
}
