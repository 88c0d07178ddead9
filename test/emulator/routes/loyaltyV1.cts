/** v1 loyalty (auth A or Bearer): pending points and activity of a card (each with its campaign variant). Id-cursor lists. */
import { ArraySeq, idCursorPage } from '../envelopes.cjs';
import { notFound } from '../errors.cjs';
import { Ctx, ok, Router } from '../router.cjs';
import type { LoyaltyCard } from '../state.cjs';
import { parseEnumParam, parseLimit } from '../validate.cjs';

function card(ctx: Ctx): LoyaltyCard {
	const { memberId, campaignId } = ctx.params;
	if (campaignId !== undefined && !ctx.env.store.campaigns.has(campaignId)) throw notFound('campaign', campaignId);
	const c = ctx.env.store.findLoyaltyCard(memberId);
	if (!c || (campaignId !== undefined && c.campaign_id !== campaignId)) throw notFound('voucher', memberId, 'loyalty card');
	return c;
}

function pendingPoints(ctx: Ctx) {
	const c = card(ctx);
	const limit = parseLimit(ctx.query, 10);
	const order = parseEnumParam(ctx.query, 'order', ['id', '-id'] as const, 'id');
	const today = new Date().toISOString().slice(0, 10);
	// Entries leave the list once their points are added (activation date reached).
	const pending = new ArraySeq(c.pendingPoints.filter((p) => p.activates_at > today));
	return ok(idCursorPage(pending, { limit, desc: order === '-id', startingAfterId: ctx.query.starting_after_id || undefined }));
}

function activity(ctx: Ctx) {
	const c = card(ctx);
	const limit = parseLimit(ctx.query, 10);
	const order = parseEnumParam(ctx.query, 'order', ['created_at', '-created_at'] as const, 'created_at');
	// Ids grow with created_at, so the id order is the created_at order.
	return ok(idCursorPage(c.activity, { limit, desc: order === '-created_at', startingAfterId: ctx.query.starting_after_id || undefined }));
}

export function register(r: Router): void {
	r.get('/v1/loyalties/members/{memberId}/pending-points', 'A|B', pendingPoints);
	r.get('/v1/loyalties/{campaignId}/members/{memberId}/pending-points', 'A|B', pendingPoints);

	r.get('/v1/loyalties/members/{memberId}/activity', 'A|B', activity);
	r.get('/v1/loyalties/{campaignId}/members/{memberId}/activity', 'A|B', activity);
}
