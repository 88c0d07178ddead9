/** OAuth: token (client_credentials), introspect, revoke. All take app keys and a form body. */
import { activeToken, issueToken, tokenView } from '../auth.cjs';
import { ApiError, invalidPayload } from '../errors.cjs';
import { Ctx, noContent, ok, Router } from '../router.cjs';
import type { Json } from '../validate.cjs';

export const SCOPES: readonly string[] = [
	'api', 'client_api',
	'assets', 'async-actions', 'campaigns', 'categories', 'consents', 'customers', 'events', 'exports', 'locations',
	'loyalties', 'metadata-schemas', 'orders', 'product-collections', 'products', 'promotions', 'publications',
	'qualifications', 'redemptions', 'referrals', 'rewards', 'segments', 'skus', 'task-results', 'templates',
	'trash-bin', 'validation-rules-assignments', 'validation-rules', 'validations', 'vouchers',
	'client_consents', 'client_customers', 'client_events', 'client_promotions', 'client_publish',
	'client_qualifications', 'client_redeem', 'client_redemptions', 'client_validate', 'client_validations',
	'client_vouchers',
];
const SCOPE_SET = new Set(SCOPES);

/** The body of the OAuth endpoints must be form-urlencoded. */
export function oauthForm(ctx: Ctx): Json {
	if (!ctx.contentType.startsWith('application/x-www-form-urlencoded'))
		throw new ApiError(400, 'invalid_content_type', 'Content-Type must be application/x-www-form-urlencoded');
	return (ctx.body ?? {}) as Json;
}

function parseScope(raw: unknown): string {
	if (typeof raw !== 'string' || raw.trim() === '') throw invalidPayload('Field scope is required (space-separated scope names)');
	if (raw.includes(',')) throw invalidPayload('Field scope must be space-separated, not comma-separated');
	const names = raw.trim().split(/\s+/);
	const unknown = names.filter((n) => !SCOPE_SET.has(n));
	if (unknown.length) throw invalidPayload(`Unknown scope: ${unknown.join(', ')}`);
	return names.join(' ');
}

export function register(r: Router): void {
	r.post('/v1/oauth/token', 'A', (ctx) => {
		const body = oauthForm(ctx);
		if (body.grant_type === undefined) throw invalidPayload('Field grant_type is required');
		if (body.grant_type !== 'client_credentials')
			throw new ApiError(400, 'unsupported_grant_type', `grant_type must be client_credentials (got ${String(body.grant_type)})`);
		const scope = parseScope(body.scope);
		const t = issueToken(ctx.env.store, ctx.env.creds.appId, scope, ctx.env.settings.tokenLifetimeSeconds);
		ctx.env.counters.tokensIssued++;
		return ok(tokenView(t));
	});

	r.post('/v1/oauth/introspect', 'A', (ctx) => {
		const body = oauthForm(ctx);
		if (typeof body.access_token !== 'string' || !body.access_token) throw invalidPayload('Field access_token is required');
		const stored = ctx.env.store.tokens.get(body.access_token);
		if (!stored)
			return ok({ access_token: body.access_token, client_id: ctx.env.creds.appId, expires_at: 0, expires_in: 0, scope: '', token_type: 'Bearer', active: false });
		return ok({ ...tokenView(stored), active: !!activeToken(ctx.env.store, stored.access_token) });
	});

	r.post('/v1/oauth/token/revoke', 'A', (ctx) => {
		const body = oauthForm(ctx);
		if (typeof body.access_token !== 'string' || !body.access_token) throw invalidPayload('Field access_token is required');
		const t = ctx.env.store.tokens.get(body.access_token);
		if (t) t.revoked = true;
		return noContent();
	});
}
