/**
 * Campaigns (auth A or Bearer): create (unique names; generates its vouchers), list (paged, 100 pages), get by id
 * or name, update, delete (with its vouchers; 202 and an async action), enable/disable, summary, add vouchers
 * (one code, or many), the cards' transactions (id-cursor) and their export.
 */
import { campaignSummary } from '../campaignSummary.cjs';
import { sortByOrder } from '../envelopes.cjs';
import { ApiError, invalidParam, invalidPayload, notFound } from '../errors.cjs';
import { Ctx, ok, Router } from '../router.cjs';
import type { Campaign, Store } from '../state.cjs';
import { bodyObject, isInt, isObject, optionalObject, parseEnumParam, rejectUnknown, type Json } from '../validate.cjs';
import { addVoucher, DEFAULT_CODE_CONFIG, makeVoucher, voucherTypeOf, listPage } from '../voucherEngine.cjs';
import { CAMPAIGN_TYPES } from './customers.cjs';
import { newExport, view as exportView } from './exports.cjs';
import { addTier } from './promotions.cjs';
import { checkRedemptionLimit, readBaseFields, transactionsPage } from './vouchers.cjs';

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

const KINDS = ['AUTO_UPDATE', 'STATIC', 'STANDALONE'];
/** What a campaign update may change (the type of campaign and its vouchers stay as created). */
const UPDATE_FIELDS = [
	'description', 'type', 'join_once', 'auto_join', 'start_date', 'expiration_date', 'validity_timeframe', 'validity_day_of_week', 'validity_hours',
	'activity_duration_after_publishing', 'category_id', 'category', 'metadata', 'validation_rules', 'unset_metadata_fields', 'access_settings', 'discount',
];
const CREATE_FIELDS = [...UPDATE_FIELDS, 'name', 'campaign_type', 'voucher', 'promotion', 'vouchers_count', 'use_voucher_metadata_schema', 'referral_program', 'loyalty_tiers_expiration'];
const VOUCHER_TYPES: Record<string, string> = { DISCOUNT_COUPONS: 'DISCOUNT_VOUCHER', REFERRAL_PROGRAM: 'DISCOUNT_VOUCHER', GIFT_VOUCHERS: 'GIFT_VOUCHER', LOYALTY_PROGRAM: 'LOYALTY_CARD' };

/** The settings a create or update sends, checked as the service checks them. */
function checkSettings(body: Json): void {
	if (body.type !== undefined && !KINDS.includes(String(body.type))) throw invalidPayload(`Field type must be one of ${KINDS.join(', ')}`);
	for (const field of ['join_once', 'auto_join'])
		if (body[field] !== undefined && typeof body[field] !== 'boolean') throw invalidPayload(`Field ${field} must be a boolean`);
	for (const field of ['start_date', 'expiration_date'])
		if (body[field] !== undefined && body[field] !== null && Number.isNaN(Date.parse(String(body[field])))) throw invalidPayload(`Field ${field} must be an ISO 8601 date-time`);
	if (body.metadata !== undefined && !isObject(body.metadata)) throw invalidPayload('Field metadata must be an object');
	if (body.validation_rules !== undefined && (!Array.isArray(body.validation_rules) || body.validation_rules.some((id) => typeof id !== 'string')))
		throw invalidPayload('Field validation_rules must be an array of validation rule ids');
}

/** The campaign's voucher template as the service keeps it: the body's, with the redemption limit and code config it defaults. */
function voucherTemplate(voucher: Json, campaignType: string): Json {
	const codeConfig = { ...DEFAULT_CODE_CONFIG, ...(isObject(voucher.code_config) ? voucher.code_config : {}) };
	return { redemption: { quantity: null }, ...voucher, code_config: codeConfig, is_referral_code: campaignType === 'REFERRAL_PROGRAM' };
}

/** POST /v1/campaigns; also a campaign set up from a template (`given`: the template's settings and the request's). */
export function createCampaign(ctx: Ctx, given?: Json) {
	const store = ctx.env.store;
	const body = given ?? bodyObject(ctx.body);
	rejectUnknown(body, CREATE_FIELDS);
	if (typeof body.name !== 'string' || !body.name.trim()) throw invalidPayload('Property name is required');
	if (!(CAMPAIGN_TYPES as readonly string[]).includes(String(body.campaign_type))) throw invalidPayload(`Field campaign_type must be one of ${CAMPAIGN_TYPES.join(', ')}`);
	checkSettings(body);
	if (store.findCampaign(body.name)) throw new ApiError(409, 'duplicate_found', `A campaign named ${body.name} already exists`, { resource_id: body.name, resource_type: 'campaign' });
	const type = String(body.campaign_type);
	if (type === 'PROMOTION') {
		if (!isObject(body.promotion) || !Array.isArray(body.promotion.tiers)) throw invalidPayload('Field promotion.tiers is required for a PROMOTION campaign');
	} else {
		const voucher = body.voucher;
		if (!isObject(voucher) || voucher.type !== VOUCHER_TYPES[type]) throw invalidPayload(`Field voucher is required and its type must be ${VOUCHER_TYPES[type]} for a ${type} campaign`);
		if (voucher.type === 'DISCOUNT_VOUCHER' && !isObject(voucher.discount)) throw invalidPayload('Field voucher.discount is required');
		if (voucher.type === 'GIFT_VOUCHER' && !(isObject(voucher.gift) && isInt(voucher.gift.amount) && voucher.gift.amount >= 0)) throw invalidPayload('Field voucher.gift.amount must be an integer (hundredths)');
		if (voucher.type === 'LOYALTY_CARD' && !(isObject(voucher.loyalty_card) && isInt(voucher.loyalty_card.points))) throw invalidPayload('Field voucher.loyalty_card.points is required');
		// since 21 May 2026: a STANDALONE (generic) campaign is created with its one code
		if (body.type === 'STANDALONE') {
			if (typeof voucher.code !== 'string' || !voucher.code.trim()) throw invalidPayload('Field voucher.code is required for a STANDALONE campaign');
			if (store.vouchersByCode.has(voucher.code))
				throw new ApiError(409, 'duplicate_found', `A voucher with code ${voucher.code} already exists`, { resource_id: voucher.code, resource_type: 'voucher' });
		}
	}
	const count = body.vouchers_count ?? 0;
	if (!isInt(count) || count < 0 || count > 10000) throw invalidPayload('Field vouchers_count must be an integer from 0 to 10000');
	const { promotion, vouchers_count: _count, ...settings } = body;
	const now = new Date().toISOString();
	const category = typeof settings.category_id === 'string' ? store.categories.get(settings.category_id) : undefined;
	const campaign: Campaign = {
		type: 'AUTO_UPDATE', join_once: false, auto_join: false, start_date: null, expiration_date: null, metadata: {}, validation_rules: [],
		use_voucher_metadata_schema: false, protected: false, category_id: null,
		...settings,
		categories: category ? [category] : [],
		...(isObject(settings.voucher) ? { voucher: voucherTemplate(settings.voucher, type) } : {}),
		id: store.newId('camp_'), name: body.name, campaign_type: type, active: true, creation_status: 'DONE', vouchers_generation_status: 'DONE',
		created_at: now, updated_at: null, object: 'campaign',
	};
	if (promotion !== undefined) campaign.promotion = { object: 'list', data_ref: 'tiers', tiers: (promotion as Json).tiers, total: ((promotion as Json).tiers as unknown[]).length };
	store.campaigns.set(campaign.id, campaign);
	// Each tier of a promotion is a promotion tier of its own (GET /v1/promotions/{campaignId}/tiers).
	if (isObject(promotion)) for (const tier of promotion.tiers as unknown[]) if (isObject(tier)) addTier(ctx, campaign, tier, false);
	const voucherType = voucherTypeOf(campaign);
	const voucherFields: Json = isObject(body.voucher) && isObject(body.voucher.redemption) ? { redemption: body.voucher.redemption } : {};
	const standaloneCode = campaign.type === 'STANDALONE' && isObject(body.voucher) ? String(body.voucher.code) : undefined;
	if (voucherType && standaloneCode) addVoucher(ctx.env, makeVoucher(store, { code: standaloneCode, type: voucherType, campaign, fields: voucherFields }));
	else if (voucherType) for (let i = 0; i < count; i++) addVoucher(ctx.env, makeVoucher(store, { type: voucherType, campaign, fields: voucherFields }));
	ctx.env.noteCreate(ctx.path, body);
	ctx.env.emit('campaign.created', campaignView(store, campaign), campaign.id);
	return ok(campaignView(store, campaign));
}

function updateCampaign(ctx: Ctx) {
	const store = ctx.env.store;
	const campaign = campaignOr404(store, ctx.params.campaignId);
	const body = bodyObject(ctx.body);
	rejectUnknown(body, UPDATE_FIELDS);
	checkSettings(body);
	Object.assign(campaign, body, { updated_at: new Date().toISOString() });
	ctx.env.emit('campaign.updated', campaignView(store, campaign), campaign.id);
	return ok(campaignView(store, campaign));
}

function vouchersOf(store: Store, campaign: Campaign) {
	return [...store.vouchers.values()].filter((v) => v.campaign_id === campaign.id);
}

function setActive(ctx: Ctx, active: boolean) {
	const store = ctx.env.store;
	const campaign = campaignOr404(store, ctx.params.campaignId);
	campaign.active = active;
	campaign.updated_at = new Date().toISOString();
	ctx.env.emit(active ? 'campaign.enabled' : 'campaign.disabled', campaignView(store, campaign), campaign.id);
	return ok(campaignView(store, campaign));
}

/** The campaign's figures from the store, within the days asked (start_date/end_date: YYYY-MM-DD). */
function summary(ctx: Ctx) {
	const store = ctx.env.store;
	const campaign = campaignOr404(store, ctx.params.campaignId);
	const day = (name: string) => {
		const value = ctx.query[name];
		if (value !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(value)) throw invalidParam(`Query parameter ${name} must be a date YYYY-MM-DD (got ${value})`);
		return value;
	};
	const from = day('start_date');
	const to = day('end_date');
	const inRange = (date: unknown) => {
		const when = String(date ?? '').slice(0, 10);
		return (!from || when >= from) && (!to || when <= to);
	};
	return ok(campaignSummary(store, campaign, campaignView(store, campaign), inRange));
}

export function register(r: Router): void {
	r.post('/v1/campaigns', 'A|B', (ctx) => createCampaign(ctx));
	r.put('/v1/campaigns/{campaignId}', 'A|B', updateCampaign);
	r.delete('/v1/campaigns/{campaignId}', 'A|B', (ctx) => {
		const store = ctx.env.store;
		const campaign = campaignOr404(store, ctx.params.campaignId);
		const force = parseEnumParam(ctx.query, 'force', ['true', 'false'] as const);
		for (const v of vouchersOf(store, campaign)) store.removeVoucher(v);
		store.campaigns.delete(campaign.id);
		ctx.env.emit('campaign.deleted', { ...campaignView(store, campaign), deleted_permanently: force === 'true' }, campaign.id);
		return { status: 202, body: { async_action_id: store.newId('aa_') } };
	});
	r.post('/v1/campaigns/{campaignId}/enable', 'A|B', (ctx) => setActive(ctx, true));
	r.post('/v1/campaigns/{campaignId}/disable', 'A|B', (ctx) => setActive(ctx, false));
	r.get('/v1/campaigns/{campaignId}/summary', 'A|B', summary);
	r.get('/v1/campaigns/{campaignId}/transactions', 'A|B', (ctx) => {
		const campaign = campaignOr404(ctx.env.store, ctx.params.campaignId);
		return ok(transactionsPage(ctx, vouchersOf(ctx.env.store, campaign)));
	});
	r.post('/v1/campaigns/{campaignId}/transactions/export', 'A|B', (ctx) => {
		const campaign = campaignOr404(ctx.env.store, ctx.params.campaignId);
		const body = ctx.body === undefined ? {} : bodyObject(ctx.body);
		rejectUnknown(body, ['parameters']);
		const parameters = optionalObject(body, 'parameters', false) ?? {};
		rejectUnknown(parameters, ['order', 'fields', 'filters']);
		if (parameters.order !== undefined && !['created_at', '-created_at'].includes(String(parameters.order))) throw invalidPayload('Field parameters.order must be created_at or -created_at');
		if (parameters.fields !== undefined && (!Array.isArray(parameters.fields) || parameters.fields.some((f) => typeof f !== 'string')))
			throw invalidPayload('Field parameters.fields must be an array of field names');
		const job = newExport(ctx.env.store, 'voucher_transactions', { ...parameters, campaign_id: campaign.id }, Date.now() + ctx.env.settings.exportDelayMs);
		return ok(exportView(job));
	});
	r.get('/v1/campaigns', 'A|B', (ctx) => ok(listPage('campaigns', listCampaigns(ctx), ctx.query, 100)));
	r.get('/v1/campaigns/{campaignId}', 'A|B', (ctx) => ok(campaignView(ctx.env.store, campaignOr404(ctx.env.store, ctx.params.campaignId))));
	r.post('/v1/campaigns/{campaignId}/vouchers', 'A|B', (ctx) => addVouchers(ctx, undefined));
	r.post('/v1/campaigns/{campaignId}/vouchers/{code}', 'A|B', (ctx) => addVouchers(ctx, ctx.params.code));
}
