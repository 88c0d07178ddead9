/** Publications (auth A or Bearer): give a customer a voucher (of a campaign, or a given one); list them (paged, 100 pages). */
import { sortByOrder } from '../envelopes.cjs';
import { invalidPayload, notFound } from '../errors.cjs';
import { Ctx, ok, Router } from '../router.cjs';
import type { Publication, Voucher } from '../state.cjs';
import { bodyObject, isInt, isObject, optionalObject, optionalString, parseEnumParam, rejectUnknown, type Json } from '../validate.cjs';
import { publicationView, publish, resolveCustomer, listPage } from '../voucherEngine.cjs';

const PUBLICATION_ORDERS = [
	'id', '-id', 'voucher_code', '-voucher_code', 'tracking_id', '-tracking_id', 'customer_id', '-customer_id', 'created_at', '-created_at', 'channel', '-channel',
] as const;

/** A deep-object query (campaign[name]=…, customer[address][city]=…) as the object the POST's body would be. */
function deepObject(query: Record<string, string>): Json {
	const body: Json = {};
	for (const [key, value] of Object.entries(query)) {
		const path = key.replace(/\]/g, '').split('[');
		let at = body;
		path.slice(0, -1).forEach((part) => {
			if (!isObject(at[part])) at[part] = {};
			at = at[part] as Json;
		});
		at[path[path.length - 1]] = value;
	}
	const campaign = body.campaign;
	if (isObject(campaign) && typeof campaign.count === 'string') campaign.count = Number(campaign.count);
	return body;
}

/** POST /v1/publications (the body) and its GET form /v1/publications/create (the same fields as a deep-object query). */
function createPublication(ctx: Ctx, body: Json) {
	const store = ctx.env.store;
	rejectUnknown(body, ['voucher', 'campaign', 'customer', 'source_id', 'channel', 'metadata']);
	const joinOnce = parseEnumParam(ctx.query, 'join_once', ['true', 'false'] as const, 'false') === 'true';
	const code = optionalString(body, 'voucher', false);
	if ((code === undefined) === (body.campaign === undefined)) throw invalidPayload('Give exactly one of voucher (a code) or campaign ({name, count})');
	let campaign;
	let count: number | undefined;
	if (body.campaign !== undefined) {
		const c = body.campaign;
		if (!isObject(c) || typeof c.name !== 'string' || !c.name) throw invalidPayload('Field campaign.name is required (the campaign name or ID)');
		if (c.count !== undefined && (!isInt(c.count) || c.count < 1 || c.count > 50)) throw invalidPayload('Field campaign.count must be an integer from 1 to 50');
		campaign = store.findCampaign(c.name);
		if (!campaign) throw notFound('campaign', c.name);
		count = c.count as number | undefined;
	}
	const voucher = code === undefined ? undefined : store.findVoucher(code ?? '');
	if (code !== undefined && !voucher) throw notFound('voucher', String(code));
	const sourceId = optionalString(body, 'source_id') ?? null;
	if (sourceId && count !== undefined && count > 1) throw invalidPayload('With a source_id only one voucher can be published per request');
	const channel = optionalString(body, 'channel') ?? null;
	const metadata = optionalObject(body, 'metadata') ?? {};
	const customer = resolveCustomer(ctx.env, body.customer);
	const result = publish(ctx.env, { customer, voucher, campaign, count, joinOnce, sourceId, channel, metadata });
	if (!result.repeated) ctx.env.noteCreate(ctx.path, body);
	return ok(publicationView(store, result.publication, result.count));
}

export function register(r: Router): void {
	r.post('/v1/publications', 'A|B', (ctx) => createPublication(ctx, bodyObject(ctx.body)));
	r.get('/v1/publications/create', 'A|B', (ctx) => {
		const { join_once: _joinOnce, ...fields } = ctx.query;
		return createPublication(ctx, deepObject(fields));
	});

	r.get('/v1/publications', 'A|B', (ctx) => {
		const q = ctx.query;
		const store = ctx.env.store;
		const result = parseEnumParam(q, 'result', ['SUCCESS', 'FAILURE'] as const);
		const voucherType = parseEnumParam(q, 'voucher_type', ['discount', 'loyalty'] as const);
		const referral = parseEnumParam(q, 'is_referral_code', ['true', 'false'] as const);
		const customerId = q.customer ? store.findCustomer(q.customer)?.id ?? `unknown:${q.customer}` : undefined;
		const selected = store.publications.filter((p: Publication) => {
			const v = store.vouchers.get(p.vouchers_id[0]);
			const campaign = p.campaign_id ? store.campaigns.get(p.campaign_id) : undefined;
			if (q.campaign && campaign?.name !== q.campaign) return false;
			if (customerId !== undefined && p.customer_id !== customerId) return false;
			if (q.voucher && p.voucher_code !== q.voucher) return false;
			if (result && p.result !== result) return false;
			if (voucherType && (v?.type === 'LOYALTY_CARD' ? 'loyalty' : 'discount') !== voucherType) return false;
			if (referral === 'true' && !v?.is_referral_code) return false;
			if (q.source_id && p.source_id !== q.source_id) return false;
			return true;
		});
		const sorted = sortByOrder(selected, q, PUBLICATION_ORDERS, '-created_at', (p, field) =>
			field === 'voucher_code' ? p.voucher_code : ((p[field] as string | null) ?? ''),
		);
		const views = sorted.map((p) => {
			// a publication of several vouchers lists their codes (`vouchers`), as the contract's list item does
			const { voucher, ...rest } = publicationView(store, p, p.vouchers_id.length) as { voucher: Voucher | null } & Record<string, unknown>;
			if (!voucher) return rest;
			// the list's voucher summary carries only the value its type has (the contract's example: a card's loyalty_card)
			const { code, campaign, gift, loyalty_card, discount, is_referral_code } = voucher;
			const value = Object.fromEntries(Object.entries({ gift, loyalty_card, discount }).filter(([, held]) => held !== null && held !== undefined));
			return { ...rest, voucher: { code, object: 'voucher', campaign, ...value, is_referral_code } };
		});
		return ok(listPage('publications', views, q, 100));
	});
}
