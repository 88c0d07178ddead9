import type { INodeProperties, INodePropertyCollection } from 'n8n-workflow';
import { RESOURCES } from '../../nodes/LoyaltyPromotions/actions/resources';
import { BOUNDS, boundedFields } from '../../nodes/LoyaltyPromotions/shared/limits';

/**
 * The bounds cannot be forgotten: every number field of the catalogue named like points, credits, an amount or a
 * balance is either bounded by its operation (OperationDefinition.bounded, which limits.test.cts runs field by
 * field) or listed here with the reason it moves nothing in its call. A new operation with such a field fails
 * here until it says which. Every bounded operation shows the bound it declares, and only those.
 */

/** Field names that may hold points or money. */
const VALUE_LIKE = /points?|credits?|amount|balance/i;

const DISCOUNT = "a discount's size: it takes off an order when the voucher is redeemed (never more than the order), and no balance moves in this call";
const ORDER = "the order's total: what the redeemables or the rules are checked against, not a balance that moves (a gift card's Credits, bounded, is what it pays)";
const ORDER_RECORD = "an order's or an item's amount: a record of a purchase, which moves no balance";
const DEFINITION = 'what a later earning, purchase or redemption gives or costs (a rule, benefit or reward, or its price): this call moves nothing';
const THRESHOLD = "a tier's range of points: which balances qualify, moving none";
const SETTING = "a period or a month of the points' expiry or pending settings: no points";

/** Number fields like points or money that move nothing in their call, by 'resource.operation path', and why. */
const NOT_BOUNDED: Record<string, string> = {
	...Object.fromEntries(
		['voucher.create', 'voucher.import', 'voucher.importCsv', 'campaign.create', 'promotionTier.create'].flatMap((key) => [
			[`${key} amountOff`, DISCOUNT],
			[`${key} fixedAmount`, DISCOUNT],
		]),
	),
	'validation.validate additionalFields.orderAmount': ORDER,
	'redemption.redeem additionalFields.orderAmount': ORDER,
	'qualification.checkEligibility additionalFields.orderAmount': ORDER,
	'loyaltyMember.redeemReward additionalFields.orderAmount': ORDER,
	'examine.earningRules orderAmount': ORDER,
	'order.create additionalFields.amount': ORDER_RECORD,
	'order.import additionalFields.amount': ORDER_RECORD,
	'order.update updateFields.amount': ORDER_RECORD,
	'earningRule.create earnings.earning.points': DEFINITION,
	'benefit.create points': DEFINITION,
	'loyaltyReward.create giftBalance': DEFINITION,
	'loyaltyReward.create points': DEFINITION,
	'loyaltyReward.create costs.cost.points': DEFINITION,
	'reward.create credit': DEFINITION,
	'reward.create points': DEFINITION,
	'reward.create pointsRatio': DEFINITION,
	'rewardAssignment.create points': DEFINITION,
	'rewardAssignment.update updateFields.points': DEFINITION,
	'tierStructure.createTier minPoints': THRESHOLD,
	'tierStructure.createTier additionalFields.maxPoints': THRESHOLD,
	'tierStructure.updateTier updateFields.minPoints': THRESHOLD,
	'tierStructure.updateTier updateFields.maxPoints': THRESHOLD,
	'tierStructure.create pointEarnedPeriod': SETTING,
	'tierStructure.update updateFields.pointEarnedPeriod': SETTING,
	...Object.fromEntries(
		['create additionalFields', 'update updateFields'].flatMap((prefix) =>
			['pendingPointsPeriod', 'pointsExpirationPeriod', 'pointsExpirationRoundingMonth'].map((name) => [`cardDefinition.${prefix}.${name}`, SETTING]),
		),
	),
};

type Level = Array<INodeProperties | INodePropertyCollection>;

/** Every number field of an operation, by path ('points', 'additionalFields.pointsLimit', 'redeemables.redeemable.credits'). */
function numberFields(level: Level, prefix = ''): Array<{ path: string; property: INodeProperties }> {
	return level.flatMap((entry) => {
		const path = `${prefix}${entry.name}`;
		if ('values' in entry) return numberFields(entry.values, `${path}.`);
		const nested = (entry.options ?? []).filter((option): option is INodeProperties | INodePropertyCollection => 'type' in option || 'values' in option);
		if (nested.length > 0) return numberFields(nested, `${path}.`);
		return entry.type === 'number' ? [{ path, property: entry }] : [];
	});
}

const OPERATIONS = RESOURCES.flatMap((resource) => resource.operations.map((operation) => ({ key: `${resource.value}.${operation.value}`, operation })));

const BOUND_NAMES = new Set(Object.values(BOUNDS).map(({ property }) => property.name));

/** Each value-like number field of the catalogue, as 'resource.operation path', bounded or not. */
const VALUE_FIELDS = OPERATIONS.flatMap(({ key, operation }) => {
	const bounded = new Set(boundedFields(operation).map((field) => field.path));
	return numberFields(operation.properties)
		.filter(({ property }) => VALUE_LIKE.test(property.name) && !BOUND_NAMES.has(property.name))
		.map(({ path }) => ({ name: `${key} ${path}`, bounded: bounded.has(path) }));
});

it('every number field like points or money is bounded by its operation or listed with the reason it moves nothing', () => {
	expect(VALUE_FIELDS.filter((field) => !field.bounded && NOT_BOUNDED[field.name] === undefined).map((field) => field.name)).toEqual([]);
});

it('lists only fields that exist and are not bounded (the list only shrinks)', () => {
	const unbounded = new Set(VALUE_FIELDS.filter((field) => !field.bounded).map((field) => field.name));
	expect(Object.keys(NOT_BOUNDED).filter((name) => !unbounded.has(name))).toEqual([]);
});

it('every bounded field is a number whose name says points or money, within its operation', () => {
	for (const { key, operation } of OPERATIONS) {
		for (const field of boundedFields(operation)) {
			expect(`${key} ${field.path}: ${field.property.type}`).toBe(`${key} ${field.path}: number`);
			expect(field.property.name).toMatch(VALUE_LIKE);
		}
	}
});

it.each(OPERATIONS)('$key shows the bound of each kind it declares, and no other', ({ operation }) => {
	const declared = new Set(boundedFields(operation).map((field) => BOUNDS[field.kind].property.name));
	const shown = new Set(operation.properties.map((property) => property.name).filter((name) => BOUND_NAMES.has(name)));
	expect([...shown].sort()).toEqual([...declared].sort());
	// a signed change (Allowed Changes) is one the operation bounds
	if (operation.properties.some((property) => property.name === 'allowedChanges')) expect(declared.size).toBeGreaterThan(0);
});
