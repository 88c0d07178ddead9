/**
 * A project's stacking rules as the service starts them, every key the contract requires (its documented defaults;
 * no category listed): written once, for the management API's record and for what validations and qualifications
 * answer of the rules in force.
 */
export const DEFAULT_STACKING_RULES = {
	exclusive_categories: [] as string[],
	joint_categories: [] as string[],
	redeemables_limit: 30,
	applicable_redeemables_limit: 5,
	applicable_redeemables_per_category_limit: 1,
	applicable_redeemables_category_limits: {} as Record<string, number>,
	applicable_exclusive_redeemables_limit: 1,
	applicable_exclusive_redeemables_per_category_limit: 1,
	discount_calculation_mode: 'INITIAL_AMOUNT',
	initial_amount_mode_categories: [] as string[],
	discounted_amount_mode_categories: [] as string[],
	redeemables_application_mode: 'ALL',
	redeemables_sorting_rule: 'REQUESTED_ORDER',
	redeemables_products_application_mode: 'STACK',
	redeemables_no_effect_rule: 'REDEEM_ANYWAY',
	no_effect_skip_categories: [] as string[],
	no_effect_redeem_anyway_categories: [] as string[],
	redeemables_rollback_order_mode: 'WITH_ORDER',
};

/** A fresh copy of the defaults, so that no record shares (and changes) their lists. */
export const defaultStackingRules = (): typeof DEFAULT_STACKING_RULES => structuredClone(DEFAULT_STACKING_RULES);

/** The rules as a validation or a qualification answers them: the contract leaves out how discounts are calculated. */
export function answeredStackingRules() {
	const { discount_calculation_mode: _mode, initial_amount_mode_categories: _initial, discounted_amount_mode_categories: _discounted, ...answered } = defaultStackingRules();
	return answered;
}
