/** Customer activities (auth A): counted list with filters, 12 orders, `starting_after` / `starting_after_id`. */
import { countedList, lowerBound, upperBound } from '../envelopes';
import { invalidParam, notFound } from '../errors';
import { ok, Router } from '../router';
import type { ActivityMeta, CustomerActivityLog } from '../state';
import { parseDateParam, parseEnumParam, parseLimit } from '../validate';

export const ACTIVITY_ORDERS = [
	'created_at', '-created_at', 'updated_at', '-updated_at', 'type', '-type',
	'code', '-code', 'campaign', '-campaign', 'category', '-category',
] as const;
export const CAMPAIGN_TYPES = ['PROMOTION', 'GIFT_VOUCHERS', 'REFERRAL_PROGRAM', 'DISCOUNT_COUPONS', 'LOYALTY_PROGRAM'] as const;
type Order = (typeof ACTIVITY_ORDERS)[number];

interface Filters {
	campaignType?: string;
	campaignId?: string;
	productId?: string;
	start?: number;
	end?: number;
}

/** Sorted, filtered index lists, cached per (customer, length, filters, order) so paging stays O(page). */
const cache = new Map<string, { indices: number[]; position?: Map<number, number> }>();

function matches(m: ActivityMeta, f: Filters): boolean {
	return (
		(f.campaignType === undefined || m.campaign_type === f.campaignType) &&
		(f.campaignId === undefined || m.campaign_id === f.campaignId) &&
		(f.productId === undefined || m.product_id === f.productId) &&
		(f.start === undefined || m.created_at >= f.start) &&
		(f.end === undefined || m.created_at <= f.end)
	);
}

function sortKey(m: ActivityMeta, field: string): string | number {
	return field === 'campaign' ? m.campaign : (m[field as keyof ActivityMeta] as string | number) ?? '';
}

function sortedIndices(custId: string, log: CustomerActivityLog, f: Filters, order: Order) {
	const key = `${custId}|${log.length}|${JSON.stringify(f)}|${order}`;
	let hit = cache.get(key);
	if (!hit) {
		const desc = order.startsWith('-');
		const field = desc ? order.slice(1) : order;
		const idx: number[] = [];
		for (let i = 0; i < log.length; i++) if (matches(log.meta(i), f)) idx.push(i);
		if (field !== 'created_at') {
			const keys = new Map(idx.map((i) => [i, sortKey(log.meta(i), field)]));
			idx.sort((a, b) => {
				const ka = keys.get(a)!, kb = keys.get(b)!;
				return ka < kb ? -1 : ka > kb ? 1 : a - b;
			});
		}
		if (desc) idx.reverse();
		if (cache.size > 64) cache.clear();
		hit = { indices: idx };
		cache.set(key, hit);
	}
	return hit;
}

/** First index in [lo, hi) whose created_at is > t (or ≥ t when `inclusive`), activities being in created_at order. */
function firstAfter(log: CustomerActivityLog, t: number, inclusive: boolean, lo = 0, hi = log.length): number {
	while (lo < hi) {
		const mid = (lo + hi) >>> 1;
		const c = log.meta(mid).created_at;
		if (inclusive ? c < t : c <= t) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}

export function register(r: Router): void {
	r.get('/v1/customers/{customerId}/activities', 'A', (ctx) => {
		const q = ctx.query;
		const cust = ctx.env.store.findCustomer(ctx.params.customerId);
		if (!cust) throw notFound('customer', ctx.params.customerId);
		const limit = parseLimit(q, 10);
		const order = parseEnumParam(q, 'order', ACTIVITY_ORDERS, '-created_at')!;
		const f: Filters = {
			campaignType: parseEnumParam(q, 'campaign_type', CAMPAIGN_TYPES),
			campaignId: q.campaign_id || undefined,
			productId: q.product_id || undefined,
			start: parseDateParam(q, 'start_date'),
			end: parseDateParam(q, 'end_date'),
		};
		const after = parseDateParam(q, 'starting_after');
		const afterId = q.starting_after_id || undefined;
		const log = ctx.env.store.activitiesOf(cust.id);
		const desc = order.startsWith('-');
		const picked: number[] = [];
		let total: number;

		if ((order === 'created_at' || order === '-created_at') && !f.campaignType && !f.campaignId && !f.productId) {
			// Fast path: activities are stored in created_at (and id) order.
			let lo = f.start === undefined ? 0 : firstAfter(log, f.start, true);
			let hi = f.end === undefined ? log.length : firstAfter(log, f.end, false, lo);
			total = hi - lo;
			if (!desc) {
				if (afterId) lo = Math.max(lo, upperBound(log.seq, afterId, lo, hi));
				if (after !== undefined) lo = Math.max(lo, firstAfter(log, after, false, lo, hi));
				for (let i = lo; i < hi && picked.length < limit; i++) picked.push(i);
			} else {
				if (afterId) hi = Math.min(hi, lowerBound(log.seq, afterId, lo, hi));
				if (after !== undefined) hi = Math.min(hi, firstAfter(log, after, true, lo, hi));
				for (let i = hi - 1; i >= lo && picked.length < limit; i--) picked.push(i);
			}
		} else {
			const hit = sortedIndices(cust.id, log, f, order);
			total = hit.indices.length;
			let start = 0;
			if (afterId) {
				const at = lowerBound(log.seq, afterId);
				if (!posIs(log, afterId, at, at + 1)) throw invalidParam(`starting_after_id ${afterId} is not an activity of this customer`);
				hit.position ??= new Map(hit.indices.map((v, k) => [v, k]));
				const pos = hit.position.get(at);
				if (pos === undefined) throw invalidParam(`starting_after_id ${afterId} does not match the filters`);
				start = pos + 1;
			}
			for (let k = start; k < hit.indices.length && picked.length < limit; k++) {
				const i = hit.indices[k];
				const c = log.meta(i).created_at;
				if (after !== undefined && (order === '-created_at' ? c >= after : c <= after)) continue;
				picked.push(i);
			}
		}
		return ok(countedList(picked.map((i) => log.seq.at(i)), total));
	});
}

function posIs(log: CustomerActivityLog, id: string, lo: number, hi: number): boolean {
	return lo < hi && lo < log.length && log.seq.idAt(lo) === id;
}
