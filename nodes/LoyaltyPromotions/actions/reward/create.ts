import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty, compact, enumOptions, moneyProperty, nameProperty, readMetadata } from '../../shared/fields';
import { inCollection } from '../../shared/mapping';
import { fail, optionalId, requireDecimal, requireIntegerInRange, requireOption, requireText, toMinorUnits } from '../../shared/validate';
import { campaignLocator } from '../campaign/fields';
import { productLocator } from '../product/fields';
import type { OperationDefinition, ParamReader } from '../types';
import { readRewardOptions, REWARD_OPTIONS, REWARD_TYPES } from './fields';

/** The digital rewards' campaign kinds, which decide what the balance is. */
const CAMPAIGN_KINDS: Record<string, string> = {
	DISCOUNT_COUPONS: 'Discount Coupons',
	GIFT_VOUCHERS: 'Gift Vouchers',
	LOYALTY_PROGRAM: 'Loyalty Program',
};

const forType = (...type: string[]) => ({ show: { type } });
const forKind = (campaignKind: string) => ({ show: { type: ['CAMPAIGN'], campaignKind: [campaignKind] } });

/** The type's parameters: a campaign and its balance, a product, or the points-to-money ratio. */
function readParameters(params: ParamReader, type: string, fields: IDataObject): IDataObject {
	if (type === 'MATERIAL') {
		return { product: compact({ id: params.id('productId', 'Product'), sku_id: optionalId(params, 'SKU ID', fields.skuId) }) };
	}
	if (type === 'COIN') {
		const exchange = requireDecimal(params, 'Exchange Ratio', params.get('exchangeRatio'), { min: 0, decimals: 2 });
		if (exchange === 0) fail(params, 'Exchange Ratio', 'must be above 0');
		const points = requireIntegerInRange(params, 'Points Ratio', params.get('pointsRatio', 1), 1);
		// The contract types both ratios as strings.
		return { coin: { exchange_ratio: String(exchange), points_ratio: String(points) } };
	}
	const kind = requireOption(params, 'Campaign Type', params.get('campaignKind', 'DISCOUNT_COUPONS'), Object.keys(CAMPAIGN_KINDS));
	const id = params.id('campaignId', 'Campaign');
	if (kind === 'GIFT_VOUCHERS') {
		const credit = toMinorUnits(params, 'Credit', params.get('credit'));
		if (credit <= 0) fail(params, 'Credit', 'must be above 0: the amount the reward adds to the gift card');
		return { campaign: { id, balance: credit } };
	}
	if (kind === 'LOYALTY_PROGRAM') return { campaign: { id, balance: requireIntegerInRange(params, 'Points', params.get('points'), 1) } };
	return { campaign: { id } };
}

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a reward',
	description: 'Create a reward that loyalty members can get for points: a voucher, gift credit or points (digital), a product (material), or paying with points',
	endpoint: 'POST /v1/rewards',
	properties: [
		nameProperty("The reward's name", 'e.g. Free coffee'),
		{ displayName: 'Type', name: 'type', type: 'options', options: enumOptions(REWARD_TYPES), default: 'CAMPAIGN', required: true, description: 'What the member gets' },
		{
			displayName: 'Campaign Type',
			name: 'campaignKind',
			type: 'options',
			options: enumOptions(CAMPAIGN_KINDS),
			default: 'DISCOUNT_COUPONS',
			description: "The kind of the reward's campaign: a discount coupon from it, credit on a gift card, or points on a loyalty card",
			displayOptions: forType('CAMPAIGN'),
		},
		{ ...campaignLocator('campaignId', 'The campaign the reward gives from (a voucher) or tops up (gift credit, points)'), displayOptions: forType('CAMPAIGN') },
		{ ...moneyProperty('credit', 'Credit', 'The amount added to the gift card.'), required: true, displayOptions: forKind('GIFT_VOUCHERS') },
		{
			displayName: 'Points',
			name: 'points',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: 100,
			required: true,
			description: 'The points added to the loyalty card',
			displayOptions: forKind('LOYALTY_PROGRAM'),
		},
		{ ...productLocator, description: 'The product the member gets', displayOptions: forType('MATERIAL') },
		{
			displayName: 'Exchange Ratio',
			name: 'exchangeRatio',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 2 },
			default: 1,
			required: true,
			description: 'The cash amount that Points Ratio points pay for',
			displayOptions: forType('COIN'),
		},
		{
			displayName: 'Points Ratio',
			name: 'pointsRatio',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: 1,
			description: 'How many points pay for Exchange Ratio of cash',
			displayOptions: forType('COIN'),
		},
		additionalFieldsProperty([
			...REWARD_OPTIONS,
			{ displayName: 'SKU ID', name: 'skuId', type: 'string', default: '', placeholder: 'sku_…', description: "Material rewards: the product's SKU the member gets" },
		]),
	],
	// Credit and Points are both the campaign's balance, each shown for its own campaign type: named as typed.
	record: {
		name: 'name',
		type: 'type',
		credit: 'credit',
		points: 'points',
		exchange_ratio: 'exchangeRatio',
		points_ratio: 'pointsRatio',
		...inCollection('additionalFields', { description: 'description', image_url: 'imageUrl', stock: 'stock', sku_id: 'skuId', metadata: 'metadataJson' }),
	},
	build(params) {
		const type = requireOption(params, 'Type', params.get('type', 'CAMPAIGN'), Object.keys(REWARD_TYPES));
		const fields = params.get<IDataObject>('additionalFields', {});
		const body = compact({
			name: requireText(params, 'Name', params.get('name', ''), { max: 200 }),
			parameters: readParameters(params, type, fields),
			...readRewardOptions(params, fields),
			metadata: readMetadata(params, fields),
		});
		if (body.stock !== undefined && type !== 'MATERIAL') fail(params, 'Stock', 'applies to material rewards only');
		return { method: 'POST', path: '/v1/rewards', body };
	},
};
