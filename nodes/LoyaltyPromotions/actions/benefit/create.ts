import { startStatusProperty } from '../../shared/catalogue';
import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty, compact, enumOptions, isSet, jsonObjectProperty, moneyProperty, nameProperty } from '../../shared/fields';
import { parseJsonObject, requireIntegerInRange, requireOption, requirePattern, requireProductId, requireSkuId, requireText } from '../../shared/validate';
import { cardDefinitionOptions } from '../cardDefinition/search';
import { giftBalance, GIVEN_OBJECT_PATHS } from '../loyaltyReward/fields';
import type { OperationDefinition, ParamReader } from '../types';
import { readStock, STOCK_OPTIONS } from './fields';

const TYPES = { DIGITAL: 'Digital', MATERIAL: 'Material', POINTS: 'Points', POINTS_PROPORTIONAL: 'Points Proportional' };
const show = (...benefitType: string[]) => ({ show: { benefitType } });
const CARD_DEFINITION = /^lcdef_[a-f0-9]+$/;

/** The type's settings object, from the fields shown for it. */
function readSettings(params: ParamReader, type: string): IDataObject {
	const card = () => requirePattern(params, 'Card Definition', params.get('cardDefinitionId', ''), CARD_DEFINITION, 'lcdef_0a1b2c');
	switch (type) {
		case 'POINTS':
			return { points: { value: requireIntegerInRange(params, 'Points', params.get('points', 0), 0), card_definition_id: card() } };
		case 'POINTS_PROPORTIONAL': {
			const settings = parseJsonObject(params, 'Points Proportional (JSON)', params.get('pointsProportional', '{}'));
			requireOption(params, 'Points Proportional (JSON) calculation_type', settings.calculation_type, PROPORTIONAL_TYPES);
			return { points_proportional: { ...settings, card_definition_id: card() } };
		}
		case 'MATERIAL': {
			const skuValue = params.get('materialSkuId', '');
			const sku = isSet(skuValue) ? requireSkuId(params, 'SKU ID', skuValue) : undefined;
			const product = requireProductId(params, 'Product ID', params.get('materialProductId', ''));
			return { material: sku ? { type: 'SKU', sku: { id: sku, product_id: product } } : { type: 'PRODUCT', product: { id: product } } };
		}
		default: {
			const kind = requireOption(params, 'Campaign Type', params.get('digitalType', 'DISCOUNT_COUPONS'), ['DISCOUNT_COUPONS', 'GIFT_VOUCHERS']);
			const balance = kind === 'GIFT_VOUCHERS' ? giftBalance(params, params.get('giftBalance', 0)) : undefined;
			const campaign_id = requirePattern(params, 'Campaign ID', params.get('digitalCampaignId', ''), /^camp_[a-zA-Z0-9]+$/, 'camp_0a1b2c');
			return { digital: balance === undefined ? { type: kind, discount_coupons: { campaign_id } } : { type: kind, gift_vouchers: { campaign_id, balance } } };
		}
	}
}

const PROPORTIONAL_TYPES = [
	'CUSTOM_EVENT_METADATA_VALUE',
	'CUSTOMER_METADATA_VALUE',
	'ORDER_ITEMS_QUANTITY',
	'ORDER_METADATA_VALUE',
	'POST_DISCOUNT_ORDER_AMOUNT',
	'POST_DISCOUNT_ORDER_ITEMS_AMOUNT',
	'PRE_DISCOUNT_ORDER_AMOUNT',
	'PRE_DISCOUNT_ORDER_ITEMS_AMOUNT',
];

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a benefit',
	description:
		'Create a benefit an earning rule can give: fixed or proportional points on a card, a product or SKU, or a coupon or gift voucher from a campaign. Benefit names are unique in the project.',
	endpoint: 'POST /v2/loyalties/benefits',
	repeatHint: 'Each run creates another benefit (a repeated name is refused).',
	properties: [
		nameProperty("The benefit's name, 1 to 200 characters, unique in the project"),
		{ displayName: 'Type', name: 'benefitType', type: 'options', options: enumOptions(TYPES), default: 'POINTS', description: 'What the benefit gives' },
		{ ...cardDefinitionOptions('cardDefinitionId', 'The card definition whose cards receive the points (it must be active)'), displayOptions: show('POINTS', 'POINTS_PROPORTIONAL') },
		{ displayName: 'Points', name: 'points', type: 'number', typeOptions: { minValue: 0, numberPrecision: 0 }, default: 0, description: 'Whole points to add', displayOptions: show('POINTS') },
		{
			...jsonObjectProperty('pointsProportional', 'Points Proportional (JSON)', 'How the points are calculated: calculation_type and its settings (e.g. per order amount)', {
				calculation_type: 'PRE_DISCOUNT_ORDER_AMOUNT',
				order: { amount: { every: 100, value: 1 } },
			}),
			displayOptions: show('POINTS_PROPORTIONAL'),
		},
		{ displayName: 'Product ID', name: 'materialProductId', type: 'string', required: true, default: '', placeholder: 'prod_...', description: 'The product given (or the SKU\'s product)', displayOptions: show('MATERIAL') },
		{ displayName: 'SKU ID', name: 'materialSkuId', type: 'string', default: '', placeholder: 'sku_...', description: 'The SKU given, when not the whole product', displayOptions: show('MATERIAL') },
		{
			displayName: 'Campaign Type',
			name: 'digitalType',
			type: 'options',
			options: enumOptions({ DISCOUNT_COUPONS: 'Discount Coupons', GIFT_VOUCHERS: 'Gift Vouchers' }),
			default: 'DISCOUNT_COUPONS',
			description: 'What the campaign gives',
			displayOptions: show('DIGITAL'),
		},
		{ displayName: 'Campaign ID', name: 'digitalCampaignId', type: 'string', required: true, default: '', placeholder: 'camp_...', description: 'The campaign the coupon or gift voucher comes from', displayOptions: show('DIGITAL') },
		{ ...moneyProperty('giftBalance', 'Gift Balance', 'The balance loaded onto each gift voucher the benefit gives.'), displayOptions: { show: { benefitType: ['DIGITAL'], digitalType: ['GIFT_VOUCHERS'] } } },
		additionalFieldsProperty([
			...STOCK_OPTIONS,
			startStatusProperty('The status the benefit starts in (default Draft)'),
		]),
	],
	// The type's settings by their names in its object (points.value is points; digital.type is digital_type).
	record: {
		name: 'name',
		type: 'benefitType',
		card_definition_id: 'cardDefinitionId',
		points: 'points',
		points_proportional: 'pointsProportional',
		product_id: 'materialProductId',
		sku_id: 'materialSkuId',
		digital_type: 'digitalType',
		campaign_id: 'digitalCampaignId',
		balance: 'giftBalance',
		status: 'additionalFields.status',
	},
	// a benefit as the service returns it: what it gives in the object its type names
	recordPaths: { ...GIVEN_OBJECT_PATHS, 'points.value': 'points', 'points.card_definition_id': 'card_definition_id', 'digital.type': 'digital_type' },
	build: (params) => {
		const name = requireText(params, 'Name', params.get('name', ''), { max: 200 });
		const type = requireOption(params, 'Type', params.get('benefitType', 'POINTS'), Object.keys(TYPES));
		const fields = params.get<IDataObject>('additionalFields', {});
		const body = compact({
			name,
			type,
			...readSettings(params, type),
			status: fields.status === undefined ? undefined : requireOption(params, 'Status', fields.status, ['ACTIVE', 'DRAFT']),
			stock: readStock(params, fields),
		});
		return { method: 'POST', path: '/v2/loyalties/benefits', body };
	},
};
