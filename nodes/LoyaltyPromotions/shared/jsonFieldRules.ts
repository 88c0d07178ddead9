/**
 * What the published contract says inside the JSON fields the node documents, as data: per field (its label),
 * the key paths whose values must be among the contract's enum, and the objects whose keys the contract
 * requires. checkJsonField (shared/validate/json.ts) applies them to every JSON field as it is parsed, before anything
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

export const JSON_FIELD_RULES: Readonly<Record<string, readonly JsonFieldRule[]>> = {
	// Validate, Redeem, Redeem Reward, Roll Back (the contract's Order)
	'Order (JSON)': [
		{ path: 'status', allowed: ORDER_STATUSES },
		{ path: 'items[].related_object', allowed: RELATED_OBJECTS },
	],
	// Order → Create / Update
	'Items (JSON)': [{ path: '[].related_object', allowed: RELATED_OBJECTS }],
	// Validate, Redeem (the contract's Session)
	'Session (JSON)': [
		{ path: 'type', allowed: ['LOCK'] },
		{ path: 'ttl_unit', allowed: ['DAYS', 'HOURS', 'MICROSECONDS', 'MILLISECONDS', 'MINUTES', 'NANOSECONDS', 'SECONDS'] },
	],
	// Voucher → Create / Update, Campaign → Create
	'Discount (JSON)': discountRules(''),
	'Validity Hours (JSON)': [{ path: 'daily[].days_of_week[]', allowed: DAYS_OF_WEEK }],
	// Campaign → Create (PROMOTION)
	'Promotion Tiers (JSON)': [
		{ path: 'tiers[]', required: ['name'] },
		...discountRules('tiers[].action.discount.'),
		{ path: 'tiers[].validity_day_of_week[]', allowed: DAYS_OF_WEEK },
		{ path: 'tiers[].validity_hours.daily[].days_of_week[]', allowed: DAYS_OF_WEEK },
	],
	// Export → Create, Campaign → Export Transactions (junction); Qualification → Check Eligibility (also these keys)
	'Filters (JSON)': [
		{ path: 'junction', allowed: ['and', 'or'] },
		...conditionRules('resource_type', ['campaign', 'voucher', 'promotion_tier']),
		...conditionRules('campaign_type', ['PROMOTION', 'GIFT_VOUCHERS', 'REFERRAL_PROGRAM', 'DISCOUNT_COUPONS', 'LOYALTY_PROGRAM']),
		...conditionRules('holder_role', ['OWNER', 'REFERRER', 'REFEREE']),
	],
	// Reward Assignment → Create
	'Parameters (JSON)': [{ path: '', required: ['loyalty'] }],
};
