import type { INodeParameters } from 'n8n-workflow';
import { FIXTURES } from '../emulator/index.cjs';
import { useEmulator } from './v2/helpers.cjs';
import { MINIMAL } from './minimal.cjs';

/**
 * The enums (and required keys) inside the JSON fields the node documents are checked against the published
 * contract before anything is sent: the error names the field, the key path and the allowed values. One table
 * (shared/jsonFieldRules.ts) drives the check for every field.
 */

const ctx = useEmulator();

const op = (key: string, extra: INodeParameters): INodeParameters => {
	const [resource, operation] = key.split('.');
	const minimal = MINIMAL[key] ?? {};
	const additionalFields = { ...((minimal.additionalFields as INodeParameters) ?? {}), ...((extra.additionalFields as INodeParameters) ?? {}) };
	return { resource, operation, ...minimal, ...extra, additionalFields };
};

const CASES: Array<[string, INodeParameters, string, RegExp]> = [
	[
		'loyaltyMember.redeemReward',
		{ additionalFields: { orderJson: '{"status": "PAYED"}' } },
		'Order (JSON): status',
		/must be one of "CREATED", "PAID", "CANCELED", "FULFILLED" \(got "PAYED"\)/,
	],
	[
		'redemption.rollback',
		{ additionalFields: { orderJson: '{"items": [{"related_object": "product", "product_id": "p1"}, {"related_object": "SKU"}]}' } },
		'Order (JSON): items[1].related_object',
		/must be one of "product", "sku" \(got "SKU"\)/,
	],
	['order.create', { additionalFields: { sourceId: 'o-1', itemsJson: '[{"related_object": "variant"}]' } }, 'Items (JSON): [0].related_object', /must be one of "product", "sku"/],
	['voucher.create', { additionalFields: { discountJson: '{"type": "PERCENTAGE", "percent_off": 10}' } }, 'Discount (JSON): type', /must be one of "AMOUNT", "PERCENT", "FIXED", "UNIT" \(got "PERCENTAGE"\)/],
	[
		'voucher.create',
		{ additionalFields: { discountJson: '{"type": "UNIT", "units": [{"unit_type": "p1", "effect": "ADD_ONE_ITEM"}]}' } },
		'Discount (JSON): units[0].effect',
		/must be one of "ADD_NEW_ITEMS", "ADD_MISSING_ITEMS" \(got "ADD_ONE_ITEM"\)/,
	],
	['voucher.create', { additionalFields: { validityHours: '{"daily": [{"days_of_week": [1, 7], "start_time": "09:00", "expiration_time": "17:00"}]}' } }, 'Validity Hours (JSON): daily[0].days_of_week[1]', /must be one of 0, 1, 2, 3, 4, 5, 6 \(got 7\)/],
	[
		'campaign.create',
		{ campaignType: 'PROMOTION', promotionJson: '{"tiers": [{"name": "10% off", "action": {"discount": {"type": "PERCENT", "percent_off": 10, "effect": "APPLY_TO_EVERYTHING"}}}]}' },
		'Promotion Tiers (JSON): tiers[0].action.discount.effect',
		/must be one of "APPLY_TO_ORDER", .*"ADD_SAME_ITEMS" \(got "APPLY_TO_EVERYTHING"\)/,
	],
	['campaign.create', { campaignType: 'PROMOTION', promotionJson: '{"tiers": [{"banner": "no name"}]}' }, 'Promotion Tiers (JSON): tiers[0]', /needs name \(the service requires it\)/],
	['export.create', { filtersJson: '{"junction": "AND"}' }, 'Filters (JSON): junction', /must be one of "and", "or" \(got "AND"\)/],
	['campaign.exportTransactions', { additionalFields: { filtersJson: '{"junction": "xor"}' } }, 'Filters (JSON): junction', /must be one of "and", "or"/],
	[
		'qualification.checkEligibility',
		{ additionalFields: { customer: FIXTURES.customerId, filtersJson: '{"resource_type": {"conditions": {"$in": ["campaign", "vouchers"]}}}' } },
		'Filters (JSON): resource_type.conditions.$in[1]',
		/must be one of "campaign", "voucher", "promotion_tier" \(got "vouchers"\)/,
	],
	['rewardAssignment.create', { additionalFields: { parametersJson: '{"points": 10}' } }, 'Parameters (JSON)', /needs loyalty \(the service requires it\)/],
];

it.each(CASES.map(([key, extra, field, rule]) => ({ key, extra, field, rule })))('$key: $field is refused before anything is sent', async ({ key, extra, field, rule }) => {
	await ctx.expectInvalid(op(key, extra), field, rule);
});

it('values the contract allows go through (the table does not refuse what the service takes)', async () => {
	const { error } = await ctx.run(op('export.create', { filtersJson: '{"junction": "and"}' }));
	expect(error).toBeUndefined();
	expect(ctx.sent()[0].body).toMatchObject({ parameters: { filters: { junction: 'and' } } });
});

describe('the rules are keyed by operation and field, not by label', () => {
	it.each([
		['campaign', { campaign: { id: 'camp_1', balance: 100 } }],
		['product', { product: { id: 'prod_1', sku_id: null } }],
		['coin', { coin: { exchange_ratio: '1', points_ratio: '10' } }],
	])("Reward → Update's Parameters (JSON) takes the contract's %s shape (Reward Assignment's field of that label needs loyalty)", async (_shape, parameters) => {
		const { error } = await ctx.run(op('reward.update', { updateFields: { parametersJson: JSON.stringify(parameters) } }));
		// the emulator may refuse a shape of another type than the fixture reward's; the node sent it as given
		expect(error?.message ?? '').not.toMatch(/^Parameters \(JSON\)/);
		expect(ctx.sent()[0].body).toEqual({ parameters });
	});
});
