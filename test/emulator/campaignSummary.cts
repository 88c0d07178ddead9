/**
 * A campaign's summary as the contract gives it: flat counters of what the store holds for the campaign (its
 * vouchers, publications, validations, redemptions and rollbacks, and its cards' transactions), within an optional
 * range of days, plus the counters of the campaign's kind (discounts, gift credits, loyalty points, referees).
 */
import type { Campaign, Redemption, Store, Voucher, VoucherTransaction } from './state.cjs';
import { isInt, isObject, type Json } from './validate.cjs';

/** Whether a record's date (ISO) falls within the range of days (YYYY-MM-DD, both inclusive). */
export type InRange = (date: unknown) => boolean;

const sum = <T,>(items: T[], value: (item: T) => number): number => items.reduce((total, item) => total + value(item), 0);

/** A counter of records and its succeeded and failed parts, as `<name>`, `<name>_succeeded`, `<name>_failed`. */
function outcomes(name: string, results: string[]): Json {
	const succeeded = results.filter((result) => result === 'SUCCESS').length;
	return { [name]: results.length, [`${name}_succeeded`]: succeeded, [`${name}_failed`]: results.length - succeeded };
}

/** The campaign a redemption or rollback counts for: that of the voucher or promotion tier it used. */
function campaignOf(store: Store, r: Redemption): unknown {
	const used = isObject(r.voucher) ? r.voucher : isObject(r.promotion_tier) ? r.promotion_tier : undefined;
	return used?.campaign_id ?? store.vouchers.get(r.related_object_id)?.campaign_id;
}

/** The order amount of each distinct order (a stacked redemption's redeemables share one). */
function ordersAmount(redemptions: Redemption[]): number {
	const byOrder = new Map<unknown, number>();
	redemptions.forEach((r, i) => {
		if (isObject(r.order) && isInt(r.order.amount)) byOrder.set(r.order.id ?? i, r.order.amount);
	});
	return sum([...byOrder.values()], (amount) => amount);
}

/** The credits or points a card's transaction moved (its balance change's amount or points, unsigned). */
function moved(t: VoucherTransaction): number {
	const balance = isObject(t.details) && isObject(t.details.balance) ? t.details.balance : {};
	return Math.abs(Number(balance.amount ?? balance.points ?? 0));
}

/** Credits (a gift campaign) or points (a loyalty campaign) per transaction type of the campaign's cards. */
function movements(store: Store, vouchers: Voucher[], inRange: InRange): Map<string, number> {
	const byType = new Map<string, number>();
	for (const v of vouchers) {
		for (const t of store.voucherTransactions.get(v.id) ?? []) {
			if (inRange(t.created_at)) byType.set(String(t.type), (byType.get(String(t.type)) ?? 0) + moved(t));
		}
	}
	return byType;
}

/** What the cards created in the range were made with: each one's amount (or points) less what was added since. */
function madeWith(store: Store, vouchers: Voucher[], inRange: InRange, addition: string): number {
	return sum(
		vouchers.filter((v) => inRange(v.created_at)),
		(v) => {
			const added = (store.voucherTransactions.get(v.id) ?? []).filter((t) => t.type === addition);
			const total = v.gift?.amount ?? v.loyalty_card?.points ?? 0;
			return Math.max(0, total - sum(added, moved));
		},
	);
}

/** The pending points of the campaign's cards: added, and activated once their day has come. */
function pendingCounters(store: Store, campaign: Campaign, inRange: InRange): Json {
	const today = new Date().toISOString().slice(0, 10);
	const pending = [...store.loyaltyCards.values()].filter((card) => card.campaign_id === campaign.id).flatMap((card) => card.pendingPoints.filter((p) => inRange(p.created_at)));
	return {
		pending_points_added: sum(pending, (p) => p.points),
		// the emulator has no way to subtract or cancel pending points
		pending_points_subtracted: 0,
		pending_points_activated: sum(pending.filter((p) => p.activates_at <= today), (p) => p.points),
		pending_points_canceled: 0,
	};
}

/** The counters a campaign's kind adds: credits of gift cards, points of loyalty cards, referees, else discounts. */
function kindCounters(store: Store, campaign: Campaign, inRange: InRange, made: { vouchers: Voucher[]; deleted: Store['deletedVouchers'] }, discounts: Json): Json {
	const { vouchers, deleted } = made;
	const byType = movements(store, vouchers, inRange);
	const of = (type: string) => byType.get(type) ?? 0;
	switch (campaign.campaign_type) {
		case 'GIFT_VOUCHERS':
			return {
				created_vouchers_amount: madeWith(store, vouchers, inRange, 'CREDITS_ADDITION'),
				amount_added: of('CREDITS_ADDITION'),
				amount_deleted: sum(deleted, (d) => d.balance),
				amount_redeemed: of('CREDITS_REDEMPTION'),
				amount_rolledback: of('CREDITS_REFUND'),
				amount_subtracted: of('CREDITS_REMOVAL'),
			};
		case 'LOYALTY_PROGRAM':
			return {
				created_vouchers_points: madeWith(store, vouchers, inRange, 'POINTS_ADDITION'),
				points_deleted: sum(deleted, (d) => d.balance),
				points_subtracted: of('POINTS_REMOVAL'),
				points_added: of('POINTS_ADDITION'),
				points_rewarded: of('POINTS_ACCRUAL'),
				points_redeemed: of('POINTS_REDEMPTION'),
				points_rolledback: of('POINTS_REFUND'),
				points_expired: of('POINTS_EXPIRATION'),
				points_transferred_out: of('POINTS_TRANSFER_OUT'),
				points_transferred_in: of('POINTS_TRANSFER_IN'),
				...pendingCounters(store, campaign, inRange),
			};
		case 'REFERRAL_PROGRAM': {
			const referees = vouchers.flatMap((v) => store.referralHolders.get(v.id) ?? []).filter((h) => h.holder_role === 'REFEREE' && inRange(h.created_at));
			return { referred_customers: new Set(referees.map((h) => h.customer_id)).size };
		}
		default:
			return discounts;
	}
}

/** The summary of `campaign` (whose view the summary embeds) over the records `inRange` selects. */
export function campaignSummary(store: Store, campaign: Campaign, view: Json, inRange: InRange): Json {
	const vouchers = [...store.vouchers.values()].filter((v) => v.campaign_id === campaign.id);
	// a stacked redemption's parent (and its rollback) counts nothing: its redeemables' records do
	const records = [...store.redemptions.values()].filter((r) => r.related_object_type !== 'redemption' && campaignOf(store, r) === campaign.id && inRange(r.date));
	const redemptions = records.filter((r) => r.object === 'redemption');
	const rollbacks = records.filter((r) => r.object === 'redemption_rollback');
	const succeeded = redemptions.filter((r) => r.result === 'SUCCESS');
	const rolledBack = rollbacks
		.filter((r) => r.result === 'SUCCESS')
		.map((r) => store.redemptions.get(String(r.redemption)))
		.filter((r): r is Redemption => r !== undefined);
	const discounts = { discounted_amount: sum(succeeded, (r) => r.amount ?? 0), rolledback_discounted_amount: sum(rolledBack, (r) => r.amount ?? 0) };
	const ofCampaign = <T extends { campaign_id: string | null }>(list: T[], date: (item: T) => unknown) => list.filter((item) => item.campaign_id === campaign.id && inRange(date(item)));
	const deleted = ofCampaign(store.deletedVouchers, (d) => d.deleted_at);
	return {
		object: 'campaign_summary',
		campaign: view,
		...outcomes('redemptions', redemptions.map((r) => r.result)),
		...outcomes('rollbacks', rollbacks.map((r) => r.result)),
		...outcomes('validations', ofCampaign(store.validations, (v) => v.date).map((v) => v.result)),
		// a promotion has tiers, not vouchers
		...(campaign.campaign_type === 'PROMOTION'
			? {}
			: {
					vouchers_created: vouchers.filter((v) => inRange(v.created_at)).length,
					vouchers_deleted: deleted.length,
					...outcomes('publications', ofCampaign(store.publications, (p) => p.created_at).map((p) => p.result)),
				}),
		...kindCounters(store, campaign, inRange, { vouchers, deleted }, discounts),
		orders_amount: ordersAmount(succeeded),
		orders_rolledback_amount: ordersAmount(rolledBack),
	};
}
