import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty, compact } from '../../shared/fields';
import { readStackableContext, STACKABLE_OPTIONS } from '../../shared/stackable';
import { parseJsonObject, requireDateTime, requireIntegerInRange } from '../../shared/validate';
import type { OperationDefinition } from '../types';

const MAX_LIMIT = 50;

const SCENARIOS: Array<[label: string, value: string, description: string]> = [
	['All', 'ALL', 'Everything the customer and order qualify for'],
	['Audience Only', 'AUDIENCE_ONLY', 'What the customer qualifies for, judged by their profile alone'],
	['Customer Wallet', 'CUSTOMER_WALLET', "The customer's own vouchers that fit the order"],
	['Products', 'PRODUCTS', "Promotions that discount or require the order's products"],
	['Products by Customer', 'PRODUCTS_BY_CUSTOMER', "Like Products, for this customer"],
	['Products Discount', 'PRODUCTS_DISCOUNT', "Promotions that discount the order's products"],
	['Products Discount by Customer', 'PRODUCTS_DISCOUNT_BY_CUSTOMER', 'Like Products Discount, for this customer'],
	['Promotion Stacks', 'PROMOTION_STACKS', 'The promotion stacks that apply'],
];

const COMMON = STACKABLE_OPTIONS.filter((option) => ['customer', 'customerJson', 'metadata', 'metadataJson', 'orderAmount', 'orderJson', 'trackingId'].includes(option.name));

export const checkEligibility: OperationDefinition = {
	value: 'checkEligibility',
	name: 'Check Eligibility',
	action: 'Check which vouchers and promotions a customer qualifies for',
	description: 'List the vouchers, campaigns and promotions a customer or an order qualifies for',
	endpoint: 'POST /v1/qualifications',
	safeToRepeat: true,
	properties: [
		{
			displayName: 'Scenario',
			name: 'scenario',
			type: 'options',
			options: SCENARIOS.map(([name, value, description]) => ({ name, value, description })),
			default: 'ALL',
			description: 'Which kinds of redeemables to look for',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: MAX_LIMIT },
			default: 50,
			description: 'Max number of results to return',
		},
		additionalFieldsProperty([
			...COMMON,
			{
				displayName: 'Filters (JSON)',
				name: 'filtersJson',
				type: 'json',
				default: '{}',
				placeholder: '{ "resource_type": { "conditions": { "$in": ["voucher"] } } }',
				description: 'Narrow the redeemables by campaign, category, type and more (options.filters). Shape: {"campaign_type": {"conditions": {"$in": ["DISCOUNT_COUPONS"]}}}.',
			},
			{
				displayName: 'Sorting Rule',
				name: 'sortingRule',
				type: 'options',
				options: [
					{ name: 'Best Deal First', value: 'BEST_DEAL' },
					{ name: 'Default', value: 'DEFAULT' },
					{ name: 'Least Deal First', value: 'LEAST_DEAL' },
				],
				default: 'DEFAULT',
				description: 'How the redeemables are ordered (options.sorting_rule)',
			},
			{
				displayName: 'Starting After',
				name: 'startingAfter',
				type: 'dateTime',
				default: '',
				description: "Continue a previous answer: its redeemables.more_starting_after (options.starting_after)",
			},
		]),
	],
	build(params) {
		const fields = params.get<IDataObject>('additionalFields', {});
		const filters = fields.filtersJson === undefined ? {} : parseJsonObject(params, 'Filters (JSON)', fields.filtersJson);
		const options = compact({
			limit: requireIntegerInRange(params, 'Limit', params.get('limit', 50), 1, MAX_LIMIT),
			starting_after: fields.startingAfter ? requireDateTime(params, 'Starting After', fields.startingAfter) : undefined,
			filters: Object.keys(filters).length > 0 ? filters : undefined,
			sorting_rule: fields.sortingRule as string | undefined,
		});
		// Expand is not offered here: the qualification options are built above.
		const context = readStackableContext(params, fields);
		delete context.options;
		return {
			method: 'POST',
			path: '/v1/qualifications',
			body: { scenario: params.get<string>('scenario', 'ALL'), ...context, options },
			// A qualification changes nothing, so a repeat is harmless.
		};
	},
};
