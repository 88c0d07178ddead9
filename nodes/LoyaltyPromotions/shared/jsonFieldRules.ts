/**
 * What the published contract says inside the JSON fields the node documents, as data: per field (its operation
 * and its label, jsonFieldKey), the key paths whose values must be among the contract's enum, and the objects
 * whose keys the contract requires. checkJsonField (shared/validate/json.ts) applies them to every JSON field as it is parsed, before anything
 * is sent. A path is read from the field's own JSON: `a.b` keys, `[]` every entry of an array.
 *
 * Fields with nothing to check here: Customer Fields, Code Config, Validity Timeframe, Metadata and Attributes
 * (no enums in the contract); More Redeemables, Session's ttl and key, Loyalty, Assign, Rewards, Users and the v2
 * settings (Points Expiration, Pending Points, limits, refunds, Expiration) are checked by their operations.
 */
export interface JsonFieldRule {
	path: string;
	/** The contract's enum for the value at `path`. */
	allowed?: ReadonlyArray<string | number>;
	/** Keys the contract requires in the object at `path` (when that object is there). */
	required?: readonly string[];
}

const ORDER_STATUSES = ['CREATED', 'PAID', 'CANCELED', 'FULFILLED'];
const RELATED_OBJECTS = ['product', 'sku'];
const DISCOUNT_TYPES = ['AMOUNT', 'PERCENT', 'FIXED', 'UNIT'];
/** The effects of all discount types together (each type takes some of them). */
const DISCOUNT_EFFECTS = [
	'APPLY_TO_ORDER',
	'APPLY_TO_ITEMS',
	'APPLY_TO_ITEMS_PROPORTIONALLY',
	'APPLY_TO_ITEMS_PROPORTIONALLY_BY_QUANTITY',
	'APPLY_TO_ITEMS_BY_QUANTITY',
	'ADD_MISSING_ITEMS',
	'ADD_NEW_ITEMS',
	'ADD_MANY_ITEMS',
	'ADD_SAME_ITEMS',
];
const UNIT_EFFECTS = ['ADD_NEW_ITEMS', 'ADD_MISSING_ITEMS'];
const DAYS_OF_WEEK = [0, 1, 2, 3, 4, 5, 6];
const CONDITIONS = ['$in', '$is', '$is_not', '$not_in'];

/** The rules of a discount object found at `at` (Discount (JSON) itself, or a promotion tier's action). */
function discountRules(at: string): JsonFieldRule[] {
	return [
		{ path: `${at}type`, allowed: DISCOUNT_TYPES },
		{ path: `${at}effect`, allowed: DISCOUNT_EFFECTS },
		{ path: `${at}units[].effect`, allowed: UNIT_EFFECTS },
	];
}

/** Qualification filters: `<key>.conditions.<$in|$is|…>[]` take the contract's values for that key. */
function conditionRules(key: string, allowed: string[]): JsonFieldRule[] {
	return CONDITIONS.map((condition) => ({ path: `${key}.conditions.${condition}[]`, allowed }));
}

/** The same rules for a field of the same label on each of `operations` (`resource.operation`). */
function onOperations(operations: readonly string[], label: string, rules: readonly JsonFieldRule[]): Array<[string, readonly JsonFieldRule[]]> {
	return operations.map((operation) => [jsonFieldKey(operation, label), rules]);
}

/**
 * A field's key in JSON_FIELD_RULES: its operation and its label (`redemption.redeem Order (JSON)`). One label
 * may be two body parts on two operations (Reward → Update's Parameters are the reward's type settings,
 * Reward Assignment → Create's its points), so no rule is shared by label alone.
 */
export function jsonFieldKey(operation: string, label: string): string {
	return `${operation} ${label}`;
}

const FILTER_RULES: JsonFieldRule[] = [
	{ path: 'junction', allowed: ['and', 'or'] },
	...conditionRules('resource_type', ['campaign', 'voucher', 'promotion_tier']),
	...conditionRules('campaign_type', ['PROMOTION', 'GIFT_VOUCHERS', 'REFERRAL_PROGRAM', 'DISCOUNT_COUPONS', 'LOYALTY_PROGRAM']),
	...conditionRules('holder_role', ['OWNER', 'REFERRER', 'REFEREE']),
];

export const JSON_FIELD_RULES: Readonly<Record<string, readonly JsonFieldRule[]>> = Object.fromEntries([
	// the contract's Order (Examine's order is another, closed part: its own checks)
	...onOperations(['validation.validate', 'qualification.checkEligibility', 'redemption.redeem', 'redemption.rollback', 'loyaltyMember.redeemReward'], 'Order (JSON)', [
		{ path: 'status', allowed: ORDER_STATUSES },
		{ path: 'items[].related_object', allowed: RELATED_OBJECTS },
	]),
	...onOperations(['order.create', 'order.import', 'order.update'], 'Items (JSON)', [{ path: '[].related_object', allowed: RELATED_OBJECTS }]),
	// the contract's Session
	...onOperations(['validation.validate', 'redemption.redeem'], 'Session (JSON)', [
		{ path: 'type', allowed: ['LOCK'] },
		{ path: 'ttl_unit', allowed: ['DAYS', 'HOURS', 'MICROSECONDS', 'MILLISECONDS', 'MINUTES', 'NANOSECONDS', 'SECONDS'] },
	]),
	...onOperations(['voucher.create', 'voucher.update', 'campaign.create', 'promotionTier.create', 'promotionTier.update'], 'Discount (JSON)', discountRules('')),
	...onOperations(
		[
			'voucher.create',
			'voucher.update',
			'campaign.create',
			'campaign.update',
			'campaignTemplate.setUpCampaign',
			'campaignTemplate.setUpTier',
			'promotionTier.create',
			'promotionTier.update',
			'program.create',
			'program.update',
			'earningRule.create',
			'earningRule.update',
			'loyaltyReward.create',
			'loyaltyReward.update',
		],
		'Validity Hours (JSON)',
		[{ path: 'daily[].days_of_week[]', allowed: DAYS_OF_WEEK }],
	),
	...onOperations(['campaign.create'], 'Promotion Tiers (JSON)', [
		{ path: 'tiers[]', required: ['name'] },
		...discountRules('tiers[].action.discount.'),
		{ path: 'tiers[].validity_day_of_week[]', allowed: DAYS_OF_WEEK },
		{ path: 'tiers[].validity_hours.daily[].days_of_week[]', allowed: DAYS_OF_WEEK },
	]),
	// Export → Create and Order → Export (the export's filters), Campaign → Export Transactions (its junction),
	// Qualification → Check Eligibility (these keys too)
	...onOperations(['export.create', 'order.export', 'campaign.exportTransactions', 'qualification.checkEligibility'], 'Filters (JSON)', FILTER_RULES),
	// Reward Assignment → Create: the points assignment (Reward → Update's Parameters are the reward's own, unchecked here)
	...onOperations(['rewardAssignment.create'], 'Parameters (JSON)', [{ path: '', required: ['loyalty'] }]),
]);
