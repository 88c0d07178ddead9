import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { enumProperty, putOwn } from '../../shared/fields';
import { fail, parseJsonObject, requireIntegerInRange, requireOption, requireScalarText } from '../../shared/validate';
import type { ProjectCollection } from '../project/collection';
import type { ParamReader } from '../types';

/** What the stacking rules operations share: the collection and the rules' fields, as data, with one reader. */

export const STACKING_RULES: ProjectCollection = {
	segment: 'stacking-rules',
	idParam: 'stackingRulesId',
	displayName: 'Stacking Rules',
	noun: ['stacking rules set', 'stacking rules'],
	searchMethod: 'searchStackingRules',
	idPlaceholder: 'stck_...',
};

type Rule =
	| { kind: 'limit'; key: string; name: string; displayName: string; description: string; max: number }
	| { kind: 'categories'; key: string; name: string; displayName: string; description: string }
	| { kind: 'enum'; key: string; name: string; displayName: string; description: string; values: Record<string, string> };

/** The rules a stacking rules set holds: body key, parameter, label, help and its bounds or values (from the contract). */
const RULES: Rule[] = [
	{ kind: 'limit', key: 'redeemables_limit', name: 'redeemablesLimit', displayName: 'Redeemables Limit', description: 'How many redeemables one request may carry (1 to 30)', max: 30 },
	{ kind: 'limit', key: 'applicable_redeemables_limit', name: 'applicableRedeemablesLimit', displayName: 'Applicable Redeemables Limit', description: 'How many redeemables may apply to one request (1 to 30)', max: 30 },
	{ kind: 'limit', key: 'applicable_redeemables_per_category_limit', name: 'applicableRedeemablesPerCategoryLimit', displayName: 'Applicable Redeemables Per Category Limit', description: 'How many redeemables of one category may apply (1 to 30)', max: 30 },
	{ kind: 'limit', key: 'applicable_exclusive_redeemables_limit', name: 'applicableExclusiveRedeemablesLimit', displayName: 'Applicable Exclusive Redeemables Limit', description: 'How many exclusive redeemables may apply (1 to 5)', max: 5 },
	{ kind: 'limit', key: 'applicable_exclusive_redeemables_per_category_limit', name: 'applicableExclusiveRedeemablesPerCategoryLimit', displayName: 'Applicable Exclusive Redeemables Per Category Limit', description: 'How many exclusive redeemables of one category may apply (1 to 30)', max: 30 },
	{ kind: 'categories', key: 'exclusive_categories', name: 'exclusiveCategories', displayName: 'Exclusive Categories', description: 'IDs of the categories whose redeemables apply alone, separated by commas' },
	{ kind: 'categories', key: 'joint_categories', name: 'jointCategories', displayName: 'Joint Categories', description: 'IDs of the categories whose redeemables apply together with exclusive ones, separated by commas' },
	{ kind: 'categories', key: 'initial_amount_mode_categories', name: 'initialAmountModeCategories', displayName: 'Initial Amount Mode Categories', description: 'IDs of the categories discounted from the initial amount, separated by commas' },
	{ kind: 'categories', key: 'discounted_amount_mode_categories', name: 'discountedAmountModeCategories', displayName: 'Discounted Amount Mode Categories', description: 'IDs of the categories discounted from the already discounted amount, separated by commas' },
	{ kind: 'categories', key: 'no_effect_skip_categories', name: 'noEffectSkipCategories', displayName: 'No Effect Skip Categories', description: 'IDs of the categories whose redeemables without effect are skipped, separated by commas' },
	{ kind: 'categories', key: 'no_effect_redeem_anyway_categories', name: 'noEffectRedeemAnywayCategories', displayName: 'No Effect Redeem Anyway Categories', description: 'IDs of the categories whose redeemables without effect are redeemed anyway, separated by commas' },
	{ kind: 'enum', key: 'discount_calculation_mode', name: 'discountCalculationMode', displayName: 'Discount Calculation Mode', description: 'Which amount each further discount is calculated from', values: { INITIAL_AMOUNT: 'Initial Amount', DISCOUNTED_AMOUNT: 'Discounted Amount' } },
	{ kind: 'enum', key: 'redeemables_application_mode', name: 'redeemablesApplicationMode', displayName: 'Redeemables Application Mode', description: 'Whether all redeemables of a request must apply, or those that can', values: { ALL: 'All', PARTIAL: 'Partial' } },
	{ kind: 'enum', key: 'redeemables_sorting_rule', name: 'redeemablesSortingRule', displayName: 'Redeemables Sorting Rule', description: 'The order redeemables are applied in', values: { CATEGORY_HIERARCHY: 'Category Hierarchy', REQUESTED_ORDER: 'Requested Order' } },
	{ kind: 'enum', key: 'redeemables_products_application_mode', name: 'redeemablesProductsApplicationMode', displayName: 'Redeemables Products Application Mode', description: 'Whether product discounts stack on one product or apply once', values: { STACK: 'Stack', ONCE: 'Once' } },
	{ kind: 'enum', key: 'redeemables_no_effect_rule', name: 'redeemablesNoEffectRule', displayName: 'Redeemables No Effect Rule', description: 'What happens to a redeemable that has no effect', values: { REDEEM_ANYWAY: 'Redeem Anyway', SKIP: 'Skip' } },
	{ kind: 'enum', key: 'redeemables_rollback_order_mode', name: 'redeemablesRollbackOrderMode', displayName: 'Redeemables Rollback Order Mode', description: 'Whether a rollback also rolls back the order', values: { WITH_ORDER: 'With Order', WITHOUT_ORDER: 'Without Order' } },
];

const CATEGORY_LIMITS: INodeProperties = {
	displayName: 'Applicable Redeemables Category Limits (JSON)',
	name: 'applicableRedeemablesCategoryLimits',
	type: 'json',
	default: '{}',
	placeholder: '{ "cat_0b6152ce12414820dc": 2 }',
	description: 'How many redeemables of each category may apply: category ID → 1 to 10',
};

/** The rules as optional fields (for Additional Fields and Update Fields). */
export const ruleProperties: INodeProperties[] = [
	...RULES.map((rule): INodeProperties => {
		if (rule.kind === 'enum') return enumProperty(rule.name, rule.displayName, rule.description, rule.values);
		if (rule.kind === 'limit') return { displayName: rule.displayName, name: rule.name, type: 'number', typeOptions: { minValue: 1, maxValue: rule.max, numberPrecision: 0 }, default: 1, description: rule.description };
		return { displayName: rule.displayName, name: rule.name, type: 'string', default: '', placeholder: 'cat_0b6152ce12414820dc, cat_0b6152ce12414820dd', description: rule.description };
	}),
	CATEGORY_LIMITS,
];

/** The rules the user set in `fields`, in the service's keys, each checked against its bounds or values. */
export function readRules(params: ParamReader, fields: IDataObject): IDataObject {
	const body: IDataObject = {};
	for (const rule of RULES) {
		const value = fields[rule.name];
		if (value === undefined) continue;
		if (rule.kind === 'limit') body[rule.key] = requireIntegerInRange(params, rule.displayName, value, 1, rule.max);
		else if (rule.kind === 'enum') body[rule.key] = requireOption(params, rule.displayName, value, Object.keys(rule.values));
		else body[rule.key] = requireScalarText(params, rule.displayName, value).split(',').map((id) => id.trim()).filter(Boolean);
	}
	if (fields.applicableRedeemablesCategoryLimits !== undefined) {
		const limits: IDataObject = {};
		for (const [category, limit] of Object.entries(parseJsonObject(params, CATEGORY_LIMITS.displayName, fields.applicableRedeemablesCategoryLimits))) {
			if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > 10) fail(params, CATEGORY_LIMITS.displayName, `"${category}" must be a whole number from 1 to 10 (got ${JSON.stringify(limit)})`);
			putOwn(limits, category, limit);
		}
		if (Object.keys(limits).length > 0) body.applicable_redeemables_category_limits = limits;
	}
	return body;
}
