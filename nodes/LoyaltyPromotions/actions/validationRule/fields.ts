import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { compact, jsonObjectProperty, readJsonOption } from '../../shared/fields';
import { pagedList } from '../../shared/listFilters';
import { locatorProperty } from '../../shared/locator';
import { parseJsonObjectOrNull, requireOption, requireScalarText, requireText } from '../../shared/validate';
import type { ParamReader } from '../types';

/** What the validation rule and validation rule assignment operations share. */

/** The paged lists of rules and of assignments: page numbers up to 100. */
export const RULE_LIST = pagedList(100);

/** A validation rule, picked from the project's rules or given by ID. */
export function validationRuleLocator(description: string, required = true): INodeProperties {
	return locatorProperty({
		name: 'validationRuleId',
		displayName: 'Validation Rule',
		description,
		noun: 'validation rule',
		searchListMethod: 'searchValidationRules',
		idPlaceholder: 'val_…',
		required,
	});
}

export function readRuleId(params: ParamReader): string {
	return params.id('validationRuleId', 'Validation Rule');
}

/** Where a rule applies, as the contract lists the contexts. */
const CONTEXT_TYPES = [
	'campaign.discount_coupons',
	'campaign.discount_coupons.discount.apply_to_items',
	'campaign.discount_coupons.discount.apply_to_items_by_quantity',
	'campaign.discount_coupons.discount.apply_to_items_proportionally',
	'campaign.discount_coupons.discount.apply_to_items_proportionally_by_quantity',
	'campaign.discount_coupons.discount.apply_to_order',
	'campaign.discount_coupons.discount.fixed.apply_to_items',
	'campaign.discount_coupons.discount.percent.apply_to_items',
	'campaign.gift_vouchers',
	'campaign.gift_vouchers.gift.apply_to_items',
	'campaign.gift_vouchers.gift.apply_to_order',
	'campaign.loyalty_program',
	'campaign.promotion',
	'campaign.promotion.discount.apply_to_items',
	'campaign.promotion.discount.apply_to_items_by_quantity',
	'campaign.promotion.discount.apply_to_items_proportionally',
	'campaign.promotion.discount.apply_to_items_proportionally_by_quantity',
	'campaign.promotion.discount.apply_to_order',
	'campaign.promotion.discount.fixed.apply_to_items',
	'campaign.promotion.discount.percent.apply_to_items',
	'campaign.referral_program',
	'campaign.referral_program.discount.apply_to_items',
	'campaign.referral_program.discount.apply_to_items_by_quantity',
	'campaign.referral_program.discount.apply_to_items_proportionally',
	'campaign.referral_program.discount.apply_to_items_proportionally_by_quantity',
	'campaign.referral_program.discount.apply_to_order',
	'campaign.referral_program.discount.fixed.apply_to_items',
	'campaign.referral_program.discount.percent.apply_to_items',
	'distribution.custom_event',
	'distribution.order.canceled',
	'distribution.order.created',
	'distribution.order.paid',
	'distribution.order.updated',
	'earning_rule.custom_event',
	'earning_rule.customer.segment.entered',
	'earning_rule.customer.tier.downgraded',
	'earning_rule.customer.tier.joined',
	'earning_rule.customer.tier.left',
	'earning_rule.customer.tier.prolonged',
	'earning_rule.customer.tier.upgraded',
	'earning_rule.order.paid',
	'global',
	'reward_assignment.pay_with_points',
	'voucher.discount_voucher',
	'voucher.discount_voucher.discount.apply_to_items',
	'voucher.discount_voucher.discount.apply_to_items_by_quantity',
	'voucher.discount_voucher.discount.apply_to_items_proportionally',
	'voucher.discount_voucher.discount.apply_to_items_proportionally_by_quantity',
	'voucher.discount_voucher.discount.apply_to_order',
	'voucher.discount_voucher.discount.fixed.apply_to_items',
	'voucher.discount_voucher.discount.percent.apply_to_items',
	'voucher.gift_voucher',
	'voucher.gift_voucher.gift.apply_to_items',
	'voucher.gift_voucher.gift.apply_to_order',
	'voucher.loyalty_card',
];

const RULE_TYPES = ['advanced', 'basic', 'complex', 'expression'];

const RULES_SHAPE = { '1': { name: 'order.amount', conditions: { $more_than: [10000] }, rules: {} }, logic: '1' };
const APPLICABLE_SHAPE = { included: [{ object: 'product', id: 'prod_…', effect: 'APPLY_TO_EVERY' }], excluded: [], included_all: false };
const BUNDLE_SHAPE = { '1': { name: 'order.items.any', conditions: { $is: [{ id: 'prod_…', type: 'product_or_sku', object: 'product' }] }, rules: {} }, limit: 1 };

/** The rule fields a create and an update share (Additional Fields or Update Fields). */
export const RULE_BODY_OPTIONS: INodeProperties[] = [
	jsonObjectProperty('applicableTo', 'Applicable To (JSON)', 'The order items the discount applies to, or leaves out; prices in hundredths.', APPLICABLE_SHAPE),
	jsonObjectProperty('bundleRules', 'Bundle Rules (JSON)', 'The product bundles an order must hold; enter null on an update to remove them.', BUNDLE_SHAPE),
	{
		displayName: 'Context Type',
		name: 'contextType',
		type: 'options',
		options: CONTEXT_TYPES.map((value) => ({ name: value, value })),
		default: 'global',
		description: 'What the rule may be assigned to, e.g. campaign.promotion for promotion tiers; global fits everything',
	},
	{
		displayName: 'Error Message',
		name: 'errorMessage',
		type: 'string',
		default: '',
		description: 'The message the service returns when a validation or redemption fails this rule',
	},
	jsonObjectProperty('rules', 'Rules (JSON)', 'The conditions, numbered from 1, and the logic between them; amounts in hundredths.', RULES_SHAPE),
	{
		displayName: 'Type',
		name: 'type',
		type: 'options',
		options: RULE_TYPES.map((value) => ({ name: value[0].toUpperCase() + value.slice(1), value })),
		default: 'expression',
		description: 'How the service builds the rule (expression is the default)',
	},
];

/** The body fields of RULE_BODY_OPTIONS; what is left empty is left out. */
export function readRuleBody(params: ParamReader, fields: IDataObject): IDataObject {
	const json = (name: string, label: string) => readJsonOption(params, fields, name, label);
	const bundle = fields.bundleRules === undefined ? undefined : parseJsonObjectOrNull(params, 'Bundle Rules (JSON)', fields.bundleRules);
	return compact({
		name: fields.name === undefined ? undefined : requireText(params, 'Name', fields.name, { max: 200 }),
		rules: json('rules', 'Rules (JSON)'),
		applicable_to: json('applicableTo', 'Applicable To (JSON)'),
		bundle_rules: bundle === null || (bundle !== undefined && Object.keys(bundle).length > 0) ? bundle : undefined,
		error: fields.errorMessage === undefined ? undefined : { message: requireScalarText(params, 'Error Message', fields.errorMessage) },
		type: fields.type === undefined ? undefined : requireOption(params, 'Type', fields.type, RULE_TYPES),
		context_type: fields.contextType === undefined ? undefined : requireOption(params, 'Context Type', fields.contextType, CONTEXT_TYPES),
	});
}
