/** Campaigns (auth A or Bearer): list (paged, 100 pages), get by id or name, add vouchers (one code, or many). */
import { sortByOrder } from '../envelopes';
import { ApiError, invalidParam, invalidPayload, notFound } from '../errors';
import { Ctx, ok, Router } from '../router';
import type { Campaign, Store } from '../state';
import { bodyObject, optionalObject, parseEnumParam, rejectUnknown, type Json } from '../validate';
import { addVoucher, makeVoucher, voucherTypeOf, listPage } from '../voucherEngine';
import { CAMPAIGN_TYPES } from './customers';
import { checkRedemptionLimit, readBaseFields } from './vouchers';

export const CAMPAIGN_ORDERS = ['created_at', '-created_at', 'updated_at', '-updated_at'] as const;
const ADD_FIELDS = ['category', 'category_id', 'metadata', 'redemption', 'additional_info', 'start_date', 'expiration_date'];

/** A campaign as the service shows it: with its current voucher count. */
export function campaignView(store: Store, c: Campaign): Json {
	let count = 0;
	for (const v of store.vouchers.values()) if (v.campaign_id === c.id) count++;
	return { ...c, vouchers_count: count };
}

export function campaignOr404(store: Store, idOrName: string): Campaign {
	const c = store.findCampaign(idOrName);
	if (!c) throw notFound('campaign', idOrName);
	return c;
}

/** The campaigns a list query selects (type, referral flag), sorted (default newest first). */
export function listCampaigns(ctx: Ctx, only?: string): Json[] {
	const q = ctx.query;
	const type = only ?? parseEnumParam(q, 'campaign_type', CAMPAIGN_TYPES);
	const referral = parseEnumParam(q, 'is_referral_code', ['true', 'false'] as const);
	const selected = [...ctx.env.store.campaigns.values()].filter(
		(c) => (type === undefined || c.campaign_type === type) && (referral === undefined || String(c.campaign_type === 'REFERRAL_PROGRAM') === referral),
	);
	return sortByOrder(selected, q, CAMPAIGN_ORDERS, '-created_at', (c, field) => (c[field] as string | null) ?? String(c.created_at)).map((c) =>
		campaignView(ctx.env.store, c),
	);
}

/** The per-voucher fields a request may set on vouchers it adds to a campaign. */
function addedFields(ctx: Ctx, body: Json): Json {
	rejectUnknown(body, [...ADD_FIELDS, 'code', 'code_config']);
	const fields = readBaseFields(ctx, body);
	checkRedemptionLimit(body);
	if (body.redemption !== undefined) fields.redemption = body.redemption;
	return fields;
}

function addVouchers(ctx: Ctx, code: string | undefined) {
	const store = ctx.env.store;
	const campaign = campaignOr404(store, ctx.params.campaignId);
	const type = voucherTypeOf(campaign);
	if (!type) throw new ApiError(400, 'invalid_campaign_type', `Campaign ${campaign.name} (${campaign.campaign_type}) has no vouchers`, { resource_id: campaign.id, resource_type: 'campaign' });
	const body = ctx.body === undefined ? {} : bodyObject(ctx.body);
	const fields = addedFields(ctx, body);
	const raw = ctx.query.vouchers_count;
	let count = 1;
	if (code === undefined && raw !== undefined && raw !== '') {
		if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 10000) throw invalidParam(`Query parameter vouchers_count must be an integer from 1 to 10000 (got ${raw})`);
		count = Number(raw);
	}
	code ??= typeof body.code === 'string' && body.code ? body.code : undefined;
	if (code !== undefined && count > 1) throw invalidPayload('Field code names one voucher: leave it out to add more than one');
	if (code !== undefined && store.vouchersByCode.has(code))
		throw new ApiError(409, 'duplicate_found', `A voucher with code ${code} already exists`, { resource_id: code, resource_type: 'voucher' });
	const codeConfig = optionalObject(body, 'code_config') ?? undefined;
	ctx.env.noteCreate(ctx.path, { query: ctx.query, body });
	const added = Array.from({ length: count }, () => addVoucher(ctx.env, makeVoucher(store, { code, type, campaign, fields }, codeConfig)));
	if (count === 1) return ok(added[0]);
	ctx.env.emit('campaign.vouchers.aded', { campaign: campaignView(store, campaign), count }, campaign.id);
	// The service generates many codes in the background and answers with the async action's id.
	return { status: 202, body: { async_action_id: store.newId('aa_') } };
}

export function register(r: Router): void {
	r.get('/v1/campaigns', 'A|B', (ctx) => ok(listPage('campaigns', listCampaigns(ctx), ctx.query, 100)));
	r.get('/v1/campaigns/{campaignId}', 'A|B', (ctx) => ok(campaignView(ctx.env.store, campaignOr404(ctx.env.store, ctx.params.campaignId))));
	r.post('/v1/campaigns/{campaignId}/vouchers', 'A|B', (ctx) => addVouchers(ctx, undefined));
	r.post('/v1/campaigns/{campaignId}/vouchers/{code}', 'A|B', (ctx) => addVouchers(ctx, ctx.params.code));
}
