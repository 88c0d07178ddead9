/**
 * Referral code holders (auth A or Bearer): the holders of a referral code (a voucher of a REFERRAL_PROGRAM
 * campaign, by code or id), with the campaign in the path or without. A code's referrer holds it from the start;
 * Add upserts each customer (by id, which must exist, or by source_id) and makes them referees, all or none
 * (400 on a bad holder, 409 on a customer already holding the code); only a referee can be removed (400
 * otherwise). The list pages by `starting_after_id` (`limit` default 10, `order` id/-id, filters on
 * holder_role, customer_id and created_at).
 */
import { idCursorList, sortByOrder } from '../envelopes.cjs';
import { ApiError, invalidPayload, notFound } from '../errors.cjs';
import { noContent, ok, type Ctx, type Router } from '../router.cjs';
import type { Voucher } from '../state.cjs';
import { bodyObject, isObject, optionalString, parseDateParam, parseEnumParam, parseLimit, rejectUnknown, type Json } from '../validate.cjs';
import { customerFields, upsertCustomer } from './customers.cjs';

/** The referral code the path names, within the campaign it names (if any). */
function referralCode(ctx: Ctx): Voucher {
	const { store } = ctx.env;
	const scoped = ctx.params.campaignId;
	const campaign = scoped === undefined ? undefined : store.findCampaign(scoped);
	if (scoped !== undefined && !campaign) throw notFound('campaign', scoped);
	const code = store.findVoucher(ctx.params.memberId);
	if (!code || (campaign && code.campaign_id !== campaign.id)) throw notFound('voucher', ctx.params.memberId);
	const own = code.campaign_id ? store.campaigns.get(code.campaign_id) : undefined;
	if (own?.campaign_type !== 'REFERRAL_PROGRAM') throw invalidPayload(`Voucher ${code.code} is not a referral code`);
	return code;
}

function holdersOf(ctx: Ctx, code: Voucher): Json[] {
	let holders = ctx.env.store.referralHolders.get(code.id);
	if (!holders) {
		holders = [];
		ctx.env.store.referralHolders.set(code.id, holders);
	}
	return holders;
}

/** A holder record of the code, as the service answers it. */
export function referralHolder(code: Voucher, customerId: string, role: 'REFERRER' | 'REFEREE', id: string, createdAt: string, metadata: Json = {}): Json {
	return {
		id,
		created_at: createdAt,
		redeemable_id: code.id,
		redeemable_object: 'voucher',
		customer_id: customerId,
		holder_role: role,
		campaign_id: code.campaign_id,
		campaign_type: 'REFERRAL_PROGRAM',
		voucher_type: code.type,
		metadata,
		object: 'redeemable_holder',
	};
}

function listHolders(ctx: Ctx) {
	const code = referralCode(ctx);
	const q = ctx.query;
	const limit = parseLimit(q, 10);
	const role = parseEnumParam(q, 'filters[holder_role][conditions][$is]', ['REFEREE', 'REFERRER'] as const);
	const customer = q['filters[customer_id][conditions][$is]'];
	const before = parseDateParam(q, 'filters[created_at][conditions][$before]');
	const after = parseDateParam(q, 'filters[created_at][conditions][$after]');
	const rows = holdersOf(ctx, code).filter((h) => {
		const created = Date.parse(String(h.created_at));
		return (!role || h.holder_role === role) && (!customer || h.customer_id === customer) && (before === undefined || created < before) && (after === undefined || created > after);
	});
	const sorted = sortByOrder(rows, q, ['id', '-id'], 'id', (h) => String(h.id)) as Array<Json & { id: string }>;
	const cursor = q.starting_after_id;
	const start = cursor ? sorted.findIndex((h) => h.id === cursor) + 1 : 0;
	const page = sorted.slice(start, start + limit);
	return ok({ ...idCursorList(page, start + limit < sorted.length), total: sorted.length });
}

function addHolders(ctx: Ctx) {
	const { store } = ctx.env;
	const code = referralCode(ctx);
	const body = bodyObject(ctx.body);
	rejectUnknown(body, ['holders', 'metadata']);
	if (!Array.isArray(body.holders) || body.holders.length === 0) throw invalidPayload('Field holders must be a non-empty array of customers');
	if (body.metadata !== undefined && !isObject(body.metadata)) throw invalidPayload('Field metadata must be an object');
	const holders = holdersOf(ctx, code);
	// Every holder is checked before any is written: one bad holder refuses them all.
	const planned = body.holders.map((entry, index) => {
		if (!isObject(entry)) throw invalidPayload(`holders[${index}] must be a customer object`);
		const { id, source_id: _source, ...rest } = entry;
		const sourceId = optionalString(entry, 'source_id');
		if (typeof id !== 'string' && !sourceId) throw invalidPayload(`holders[${index}] needs an id or a source_id`);
		const existing = typeof id === 'string' ? store.customers.get(id) : sourceId ? store.findCustomer(sourceId) : undefined;
		if (typeof id === 'string' && !existing) throw notFound('customer', id);
		if (existing && holders.some((h) => h.customer_id === existing.id))
			throw new ApiError(409, 'duplicate_found', `Customer ${existing.id} already holds referral code ${code.code}`, { resource_id: existing.id, resource_type: 'customer' });
		return { sourceId: sourceId ?? null, fields: customerFields(rest), existing };
	});
	const seen = new Set<string>();
	for (const { sourceId, existing } of planned) {
		const key = existing?.id ?? `source:${sourceId}`;
		if (seen.has(key)) throw invalidPayload(`The customer ${existing?.id ?? sourceId} is listed twice`);
		seen.add(key);
	}
	const now = new Date().toISOString();
	const added = planned.map(({ sourceId, fields, existing }) => {
		const customer = upsertCustomer(ctx.env, sourceId ?? existing?.source_id ?? null, fields, existing);
		const holder = referralHolder(code, customer.id, 'REFEREE', store.newId('rh_'), now, (body.metadata as Json | undefined) ?? {});
		holders.push(holder);
		return holder;
	});
	return ok({ holders: added });
}

function removeHolder(ctx: Ctx) {
	const code = referralCode(ctx);
	const holders = holdersOf(ctx, code);
	const index = holders.findIndex((h) => h.id === ctx.params.holderId);
	if (index < 0) throw notFound('redeemable_holder', ctx.params.holderId);
	if (holders[index].holder_role !== 'REFEREE') throw invalidPayload('Only a referee can be removed from a referral code');
	holders.splice(index, 1);
	return noContent();
}

export function register(r: Router): void {
	for (const base of ['/v1/referrals/members/{memberId}/holders', '/v1/referrals/{campaignId}/members/{memberId}/holders']) {
		r.get(base, 'A|B', listHolders);
		r.post(base, 'A|B', addHolders);
		r.delete(`${base}/{holderId}`, 'A|B', removeHolder);
	}
}
