/** The 60 webhook event kinds of the spec (the `aded` spellings are part of the identifiers; see ADDED_SPELLINGS). */

export const EVENT_GROUPS: Record<string, readonly string[]> = {
	'Business validation rules': [
		'business_validation_rule.assignment.created',
		'business_validation_rule.assignment.deleted',
		'business_validation_rule.created',
		'business_validation_rule.deleted',
		'business_validation_rule.updated',
	],
	Campaigns: [
		'campaign.created',
		'campaign.deleted',
		'campaign.disabled',
		'campaign.enabled',
		'campaign.updated',
		'campaign.vouchers.aded',
		'campaign.vouchers.generation.completed',
		'campaign.vouchers.generation.failed',
		'campaign.vouchers.generation.started',
	],
	'Campaign earning rules': [
		'campaign.earning_rule.assigned',
		'campaign.earning_rule.deleted',
		'campaign.earning_rule.disabled',
		'campaign.earning_rule.enabled',
		'campaign.earning_rule.updated',
	],
	'Campaign tiers and stacks': [
		'campaign.loyalty_tier.created',
		'campaign.loyalty_tier.deleted',
		'campaign.loyalty_tier.updated',
		'campaign.promotion_stack.created',
		'campaign.promotion_stack.updated',
		'campaign.promotion_tier.created',
		'campaign.promotion_tier.deleted',
		'campaign.promotion_tier.disabled',
		'campaign.promotion_tier.enabled',
		'campaign.promotion_tier.updated',
		'campaign.referral_tier.created',
		'campaign.referral_tier.deleted',
		'campaign.referral_tier.updated',
	],
	'Campaign reward assignments': [
		'campaign.reward.assignment.created',
		'campaign.reward.assignment.deleted',
		'campaign.reward.assignment.updated',
	],
	Customers: [
		'customer.confirmed',
		'customer.created',
		'customer.deleted',
		'customer.rewarded',
		'customer.rewarded.loyalty_points',
	],
	'Publications and redemptions': [
		'publication.succeeded',
		'redemption.failed',
		'redemption.rollback.failed',
		'redemption.rollback.succeeded',
		'redemption.succeeded',
	],
	Vouchers: [
		'voucher.created',
		'voucher.deleted',
		'voucher.disabled',
		'voucher.enabled',
		'voucher.published',
		'voucher.updated',
		'voucher.gift.balance_aded',
		'voucher.gift.transaction.created',
	],
	'Loyalty cards': [
		'voucher.loyalty_card.pending_points.activated',
		'voucher.loyalty_card.pending_points.aded',
		'voucher.loyalty_card.pending_points.canceled',
		'voucher.loyalty_card.pending_points.updated',
		'voucher.loyalty_card.points_aded',
		'voucher.loyalty_card.points_expired',
		'voucher.loyalty_card.transaction.created',
	],
};

export const EVENT_KINDS: readonly string[] = Object.values(EVENT_GROUPS).flat();
const KIND_SET = new Set(EVENT_KINDS);

export function isEventKind(v: unknown): v is string {
	return typeof v === 'string' && KIND_SET.has(v);
}

/**
 * The service subscribes with the `aded` identifiers, but its published delivery types and webhook listings
 * spell these four kinds `added`: `added spelling → subscription identifier`.
 */
export const ADDED_SPELLINGS: Readonly<Record<string, string>> = {
	'campaign.vouchers.added': 'campaign.vouchers.aded',
	'voucher.gift.balance_added': 'voucher.gift.balance_aded',
	'voucher.loyalty_card.pending_points.added': 'voucher.loyalty_card.pending_points.aded',
	'voucher.loyalty_card.points_added': 'voucher.loyalty_card.points_aded',
};

/** The subscription identifier of a kind given in either spelling (unknown values unchanged). */
export function subscribedKind(type: string): string {
	return ADDED_SPELLINGS[type] ?? type;
}

/** Whether `v` names an event kind in either spelling (what `emit` accepts). */
export function isDeliveryType(v: unknown): v is string {
	return typeof v === 'string' && KIND_SET.has(subscribedKind(v));
}

/** The object an event kind is about, by its prefix. */
export function entityOf(type: string): string {
	if (type.startsWith('business_validation_rule.assignment')) return 'validation_rules_assignment';
	if (type.startsWith('business_validation_rule')) return 'validation_rule';
	if (type.startsWith('campaign.reward.assignment')) return 'reward_assignment';
	if (type.startsWith('campaign.earning_rule')) return 'earning_rule';
	if (type.startsWith('campaign.loyalty_tier')) return 'loyalty_tier';
	if (type.startsWith('campaign.promotion_stack')) return 'promotion_stack';
	if (type.startsWith('campaign.promotion_tier')) return 'promotion_tier';
	if (type.startsWith('campaign.referral_tier')) return 'referral_tier';
	if (type.startsWith('campaign')) return 'campaign';
	if (type.startsWith('customer')) return 'customer';
	if (type.startsWith('publication')) return 'publication';
	if (type.startsWith('redemption')) return 'redemption';
	return 'voucher';
}
