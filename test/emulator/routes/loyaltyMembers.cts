/**
 * v1 loyalty programs and their members (auth A or Bearer): list the loyalty campaigns (paged, 100 pages),
 * add a member (a loyalty card published to a customer), get one, list a campaign's members (paged, 100
 * pages), adjust points, redeem a reward and list a card's transactions (id-cursor). A member is a loyalty
 * card addressed by its code; the `{campaignId}` variants also check that the card is in that campaign.
 */
import { ArraySeq, dateRangeFilter } from '../envelopes.cjs';
import { ApiError, invalidPayload, notFound } from '../errors.cjs';
import { Ctx, ok, Router } from '../router.cjs';
import type { Campaign, Voucher } from '../state.cjs';
import { bodyObject, isObject, optionalObject, optionalString, optionalTimestamp, rejectUnknown, type Json } from '../validate.cjs';
import { applyRedemption, changeBalance, evaluate, publicationView, publish, resolveCustomer, listPage } from '../voucherEngine.cjs';
import { campaignOr404, listCampaigns } from './campaigns.cjs';
import { listVouchers, transactionsPage } from './vouchers.cjs';

const EXPIRATION_TYPES = ['PROGRAM_RULES', 'CUSTOM_DATE', 'NON_EXPIRING'];

function loyaltyCampaign(ctx: Ctx): Campaign {
	const campaign = campaignOr404(ctx.env.store, ctx.params.campaignId);
	if (campaign.campaign_type !== 'LOYALTY_PROGRAM')
		throw new ApiError(400, 'invalid_campaign_type', `Campaign ${campaign.name} is a ${campaign.campaign_type}, not a loyalty program`, { resource_id: campaign.id, resource_type: 'campaign' });
	return campaign;
}

/** The loyalty card `memberId` names (in `campaignId` when the path has one), or 404. */
function member(ctx: Ctx): Voucher {
	const { memberId, campaignId } = ctx.params;
	const campaign = campaignId === undefined ? undefined : loyaltyCampaign(ctx);
	const v = ctx.env.store.findVoucher(memberId);
	if (!v || v.type !== 'LOYALTY_CARD' || (campaign && v.campaign_id !== campaign.id)) throw notFound('voucher', memberId, 'loyalty card');
	return v;
}

function adjustPoints(ctx: Ctx) {
	const v = member(ctx);
	const body = bodyObject(ctx.body);
	rejectUnknown(body, ['points', 'expiration_type', 'expiration_date', 'reason', 'source_id']);
	const points = body.points;
	if (typeof points !== 'number' || !Number.isInteger(points) || points === 0) throw invalidPayload('Field points is required and must be a non-zero integer (negative subtracts)');
	const type = optionalString(body, 'expiration_type');
	if (type !== undefined && type !== null && !EXPIRATION_TYPES.includes(type)) throw invalidPayload(`Field expiration_type must be one of ${EXPIRATION_TYPES.join(', ')}`);
	const date = optionalTimestamp(body, 'expiration_date');
	if (type === 'CUSTOM_DATE' && !date) throw invalidPayload('Field expiration_date is required when expiration_type is CUSTOM_DATE');
	if (date && type !== 'CUSTOM_DATE') throw invalidPayload('Field expiration_date goes with expiration_type CUSTOM_DATE only');
	ctx.env.noteCreate(ctx.path, body);
	const balance = changeBalance(ctx.env, v, {
		amount: points,
		reason: optionalString(body, 'reason'),
		sourceId: optionalString(body, 'source_id'),
		details: type ? { expiration: { type, date: date ?? null } } : undefined,
	});
	return ok(balance);
}

function redeemReward(ctx: Ctx) {
	const v = member(ctx);
	const body = bodyObject(ctx.body);
	rejectUnknown(body, ['reward', 'order', 'metadata']);
	if (!isObject(body.reward) || typeof body.reward.id !== 'string' || !body.reward.id)
		throw new ApiError(400, 'missing_reward', 'Field reward.id is required: the reward to redeem');
	const metadata = (optionalObject(body, 'metadata') as Json | null | undefined) ?? null;
	const customer = v.holder_id ? ctx.env.store.customers.get(v.holder_id) : undefined;
	const { evaluated, amount } = evaluate(ctx.env.store, { redeemables: [{ object: 'voucher', id: v.code, reward: body.reward }], order: body.order }, customer);
	const e = evaluated[0];
	if (!e.applicable) {
		const error = e.error!;
		throw new ApiError(error.code, error.key, error.details, { message: error.message, resource_id: v.code, resource_type: 'voucher' });
	}
	ctx.env.noteCreate(ctx.path, body);
	const order = { ...(isObject(body.order) ? body.order : {}), amount, object: 'order' };
	const redemption = applyRedemption(ctx.env, e, { customer, trackingId: customer?.source_id ?? null, metadata, order, parentId: null });
	return ok(redemption);
}

export function register(r: Router): void {
	r.get('/v1/loyalties', 'A|B', (ctx) => ok(listPage('campaigns', listCampaigns(ctx, 'LOYALTY_PROGRAM'), ctx.query, 100)));

	r.post('/v1/loyalties/{campaignId}/members', 'A|B', (ctx) => {
		const store = ctx.env.store;
		const campaign = loyaltyCampaign(ctx);
		const body = bodyObject(ctx.body);
		rejectUnknown(body, ['voucher', 'customer', 'source_id', 'channel', 'metadata']);
		const code = optionalString(body, 'voucher', false);
		const voucher = code ? store.findVoucher(code) : undefined;
		if (code !== undefined && (!voucher || voucher.type !== 'LOYALTY_CARD' || voucher.campaign_id !== campaign.id)) throw notFound('voucher', String(code), 'loyalty card');
		const customer = resolveCustomer(ctx.env, body.customer);
		const result = publish(ctx.env, {
			customer,
			voucher,
			campaign: voucher ? undefined : campaign,
			joinOnce: campaign.join_once === true,
			sourceId: optionalString(body, 'source_id') ?? null,
			channel: optionalString(body, 'channel') ?? null,
			metadata: optionalObject(body, 'metadata') ?? {},
		});
		if (!result.repeated) ctx.env.noteCreate(ctx.path, body);
		const card = store.vouchers.get(result.publication.vouchers_id[0])!;
		// The v1 pending-points and activity routes read cards from loyaltyCards: a new member gets one there too.
		if (!store.cardsByCode.has(card.code)) {
			store.loyaltyCards.set(card.id, { id: card.id, code: card.code, campaign_id: campaign.id, customer_id: customer.id, pendingPoints: [], activity: new ArraySeq([]) });
			store.cardsByCode.set(card.code, card.id);
		}
		const view = publicationView(store, result.publication);
		return ok({ ...card, publish: { ...card.publish, entries: [{ id: view.id, customer_id: customer.id, created_at: view.created_at }] } });
	});

	r.get('/v1/loyalties/{campaignId}/members', 'A|B', (ctx) => {
		const campaign = loyaltyCampaign(ctx);
		const cards = [...ctx.env.store.vouchers.values()].filter((v) => v.campaign_id === campaign.id && v.type === 'LOYALTY_CARD');
		const created = dateRangeFilter(ctx.query, 'created_at');
		return ok(listPage('vouchers', listVouchers(ctx, cards).filter((v) => created(v.created_at)), ctx.query, 100));
	});

	r.get('/v1/loyalties/members/{memberId}', 'A|B', (ctx) => ok(member(ctx)));
	r.get('/v1/loyalties/{campaignId}/members/{memberId}', 'A|B', (ctx) => ok(member(ctx)));

	r.post('/v1/loyalties/members/{memberId}/balance', 'A|B', adjustPoints);
	r.post('/v1/loyalties/{campaignId}/members/{memberId}/balance', 'A|B', adjustPoints);

	r.post('/v1/loyalties/members/{memberId}/redemption', 'A|B', redeemReward);
	r.post('/v1/loyalties/{campaignId}/members/{memberId}/redemption', 'A|B', redeemReward);

	r.get('/v1/loyalties/members/{memberId}/transactions', 'A|B', (ctx) => ok(transactionsPage(ctx, member(ctx))));
	r.get('/v1/loyalties/{campaignId}/members/{memberId}/transactions', 'A|B', (ctx) => ok(transactionsPage(ctx, member(ctx))));
}
