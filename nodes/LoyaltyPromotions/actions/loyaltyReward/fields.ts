import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { CatalogueKind } from '../../shared/catalogue';
import { isSet, type JsonBodyField } from '../../shared/fields';
import { fail, parseJsonArray, requireBoolean, requireIntegerInRange, requireOption, requirePattern, requireProductId, requireSkuId, requireText, toMinorUnits } from '../../shared/validate';
import { cardDefinitionOptions } from '../cardDefinition/search';
import { TRIGGER_LIMITS } from '../earningRule/fields';
import type { ParamReader } from '../types';

/** The v2 reward catalogue (`lrew_…`), a resource apart from the v1 rewards. */
export const LOYALTY_REWARD: CatalogueKind = {
	noun: 'loyalty reward',
	plural: 'loyalty rewards',
	label: 'Reward',
	collection: '/v2/loyalties/rewards',
	idName: 'rewardId',
	pattern: /^lrew_[a-f0-9]+$/,
	example: 'lrew_0a1b2c',
	searchMethod: 'searchLoyaltyRewards',
	// The service's reward list filters by id, name, type and creation date: no status filter.
	types: { DIGITAL: 'Digital', MATERIAL: 'Material' },
	activities: {
		prefix: 'vl.reward.',
		types: ['activated', 'assigned', 'created', 'deactivated', 'deleted', 'drafted', 'unassigned', 'updated'],
	},
};

const CARD_DEFINITION = /^lcdef_[a-f0-9]+$/;
const CARD_DEFINITION_EXAMPLE = 'lcdef_0a1b2c';
/** The points of a cost or a points reward: whole points, at least 1. */
const points = (params: ParamReader, field: string, value: unknown) => requireIntegerInRange(params, field, value, 1);

/** A cost as the placeholder of Costs (JSON) shows it: one spending, optional rules. */
const COSTS_SHAPE = [
	{
		spending: [{ points: 500, card_definition_id: 'lcdef_...' }],
		rules: { logic: '1', 1: { name: 'customer.segment', conditions: { $is: ['seg_...'] } } },
	},
];

/** The service takes 1 to 10 costs. */
const MAX_COSTS = 10;

export const costsJsonProperty: INodeProperties = {
	displayName: 'Costs (JSON)',
	name: 'costsJson',
	type: 'json',
	default: '[]',
	placeholder: JSON.stringify(COSTS_SHAPE),
	description:
		'The costs as the service takes them (1 to 10, each with one spending of points on a card definition and optional rules), for what Costs does not type: rules, several guarded costs',
};

export const costsProperty: INodeProperties = {
	displayName: 'Costs',
	name: 'costs',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Cost',
	default: {},
	description: 'What a member pays for the reward: points from a card of a card definition (1 to 10 costs)',
	options: [
		{
			displayName: 'Cost',
			name: 'cost',
			values: [
				cardDefinitionOptions('cardDefinitionId', 'The card definition whose card pays the points'),
				{ displayName: 'Name', name: 'name', type: 'string', default: '', description: "The spending's name (optional, at most 200 characters)" },
				{ displayName: 'Points', name: 'points', type: 'number', typeOptions: { minValue: 1, numberPrecision: 0 }, default: 100, description: 'Whole points to spend, at least 1' },
			],
		},
	],
};

/** The costs of Costs (typed) or Costs (JSON), one of them; undefined when neither is set and not `required`. */
export function readCosts(params: ParamReader, typed: IDataObject | undefined, json: unknown, required: boolean): IDataObject[] | undefined {
	const rows = ((typed?.cost ?? []) as IDataObject[]).map((row, index) => {
		const label = `Costs entry ${index + 1}`;
		const name = isSet(row.name) ? requireText(params, `${label} Name`, row.name, { max: 200 }) : undefined;
		const card = requirePattern(params, `${label} Card Definition`, row.cardDefinitionId, CARD_DEFINITION, CARD_DEFINITION_EXAMPLE);
		return { spending: [{ ...(name === undefined ? {} : { name }), points: points(params, `${label} Points`, row.points ?? 0), card_definition_id: card }] };
	});
	const raw = json === undefined ? [] : parseJsonArray(params, 'Costs (JSON)', json);
	if (rows.length && raw.length) fail(params, 'Costs (JSON)', 'cannot be combined with Costs: give the costs one way');
	raw.forEach((entry, index) => {
		const label = `Costs (JSON) entry ${index + 1}`;
		const spending = entry.spending;
		if (!Array.isArray(spending) || spending.length !== 1) fail(params, `${label} spending`, 'must be a list of exactly 1 spending');
		const one = spending[0] as IDataObject | null;
		if (one === null || typeof one !== 'object') fail(params, `${label} spending`, 'must hold an object with points and card_definition_id');
		points(params, `${label} spending points`, one.points);
		requirePattern(params, `${label} spending card_definition_id`, one.card_definition_id, CARD_DEFINITION, CARD_DEFINITION_EXAMPLE);
	});
	const costs = rows.length ? rows : raw;
	if (costs.length > MAX_COSTS) fail(params, 'Costs', `takes at most ${MAX_COSTS} costs (got ${costs.length})`);
	if (costs.length === 0) {
		if (required) fail(params, 'Costs', 'needs at least one cost (or Costs (JSON))');
		return undefined;
	}
	return costs;
}

/** Purchase limits: a cooldown and a frequency, as the earning rules' trigger limits (same shape and rules). */
export const PURCHASE_LIMITS: JsonBodyField = {
	...TRIGGER_LIMITS,
	name: 'purchaseLimits',
	key: 'purchase_limits',
	displayName: 'Purchase Limits (JSON)',
	description:
		'How often a member may purchase the reward: a cooldown ({"type": "NO_COOLDOWN"} or {"type": "FIXED_COOLDOWN", "fixed_cooldown": {"period": {"value": 1, "unit": "DAY"}}}) and a frequency ({"type": "NO_LIMIT"} or LIMITED with one TIME_BASED limit)',
	shape: {
		cooldown: { type: 'FIXED_COOLDOWN', fixed_cooldown: { period: { value: 7, unit: 'DAY' } } },
		frequency: { type: 'LIMITED', limits: [{ type: 'TIME_BASED', period: { type: 'CURRENT_PERIOD', current_period: { unit: 'MONTH' } }, triggers: { max: 2 } }] },
	},
};

/** Refundable, as the service's refund policy; undefined when not set. */
export function readRefunds(params: ParamReader, fields: IDataObject): IDataObject | undefined {
	if (fields.refundable === undefined) return undefined;
	return { type: requireBoolean(params, 'Refundable', fields.refundable) ? 'REFUNDABLE' : 'NONE' };
}

export const refundableProperty: INodeProperties = {
	displayName: 'Refundable',
	name: 'refundable',
	type: 'boolean',
	default: false,
	description: 'Whether purchases of the reward can be refunded (the points go back to the card)',
};

/** The dates a reward is available between (Start Date and End Date, read by readDates). */
export const DATE_OPTIONS: INodeProperties[] = [
	{ displayName: 'End Date', name: 'endDate', type: 'dateTime', default: '', description: 'When the reward stops being available' },
	{ displayName: 'Start Date', name: 'startDate', type: 'dateTime', default: '', description: 'When the reward becomes available' },
];

// What the reward gives.

export const REWARD_TYPES = { DIGITAL: 'Digital', MATERIAL: 'Material' };
export const DIGITAL_TYPES = { DISCOUNT_COUPONS: 'Discount Coupons', GIFT_VOUCHERS: 'Gift Vouchers', LOYALTY_CARD_POINTS: 'Loyalty Card Points' };

const CAMPAIGN_ID = /^camp_[a-zA-Z0-9]+/;

/** The material object of a product, or of a SKU of that product. */
export function readMaterial(params: ParamReader, productValue: unknown, skuValue: unknown): IDataObject {
	const product = requireProductId(params, 'Product ID', productValue);
	if (!isSet(skuValue)) return { type: 'PRODUCT', product: { id: product } };
	return { type: 'SKU', sku: { id: requireSkuId(params, 'SKU ID', skuValue), product_id: product } };
}

/**
 * Where a reward or a benefit as the service returns it nests what it gives (its material or digital object), by
 * the record's names (an operation's recordPaths): a reward or benefit read back is written as it was.
 */
export const GIVEN_OBJECT_PATHS = {
	'material.product.id': 'product_id',
	'material.sku.id': 'sku_id',
	'material.sku.product_id': 'product_id',
	'digital.discount_coupons.campaign_id': 'campaign_id',
	'digital.gift_vouchers.campaign_id': 'campaign_id',
	'digital.gift_vouchers.balance': 'balance',
};

/** A gift voucher's balance in hundredths, more than 0: a gift of 0 gives nothing (a reward's or a benefit's). */
export function giftBalance(params: ParamReader, value: unknown): number {
	const balance = toMinorUnits(params, 'Gift Balance', value ?? 0);
	if (balance === 0) fail(params, 'Gift Balance', 'must be more than 0: it is what each gift voucher given is loaded with');
	return balance;
}

/** The digital object of its kind: a coupon or gift voucher from a campaign (a gift with its balance), or points. */
export function readDigital(params: ParamReader, settings: { kind: unknown; campaignId: unknown; giftBalance: unknown; points: unknown; cardDefinitionId: unknown }): IDataObject {
	const kind = requireOption(params, 'Digital Type', settings.kind ?? 'DISCOUNT_COUPONS', Object.keys(DIGITAL_TYPES));
	if (kind === 'LOYALTY_CARD_POINTS')
		return {
			type: kind,
			loyalty_card_points: {
				points: points(params, 'Points', settings.points ?? 0),
				card_definition_id: requirePattern(params, 'Card Definition', settings.cardDefinitionId, CARD_DEFINITION, CARD_DEFINITION_EXAMPLE),
			},
		};
	const campaign_id = requirePattern(params, 'Campaign ID', settings.campaignId, CAMPAIGN_ID, 'camp_0a1b2c');
	if (kind === 'DISCOUNT_COUPONS') return { type: kind, discount_coupons: { campaign_id } };
	return { type: kind, gift_vouchers: { campaign_id, balance: giftBalance(params, settings.giftBalance) } };
}

/** A JSON object given instead of a typed one (Material (JSON), Digital (JSON)), checked for its type. */
function typedJson(name: string, key: string, displayName: string, description: string, shape: IDataObject, types: readonly string[]): JsonBodyField {
	return {
		name,
		key,
		displayName,
		description,
		shape,
		check: (params, field, value) => {
			const type = requireOption(params, `${field} type`, value.type, types);
			const own = String(type).toLowerCase();
			if (value[own] === undefined || value[own] === null || typeof value[own] !== 'object') fail(params, field, `needs ${own} as an object when type is ${type}`);
			return value;
		},
	};
}

/** What a DRAFT reward gives, changed on Update (the service takes these only while the reward is DRAFT). */
export const MATERIAL_JSON = typedJson(
	'materialJson',
	'material',
	'Material (JSON)',
	'Make the reward give a product or a SKU (only while it is DRAFT)',
	{ type: 'SKU', sku: { id: 'sku_...', product_id: 'prod_...' } },
	['PRODUCT', 'SKU'],
);
export const DIGITAL_JSON = typedJson(
	'digitalJson',
	'digital',
	'Digital (JSON)',
	'Make the reward give a coupon, a gift voucher (balance in minor units) or points (only while it is DRAFT)',
	{ type: 'GIFT_VOUCHERS', gift_vouchers: { campaign_id: 'camp_...', balance: 1000 } },
	Object.keys(DIGITAL_TYPES),
);

