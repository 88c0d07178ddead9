import { startStatusProperty } from '../../shared/catalogue';
import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty, compact, enumOptions, jsonBodyProperties, metadataJsonProperty, metadataProperty, moneyProperty, nameProperty, readJsonBodyFields, readMetadata } from '../../shared/fields';
import { jsonFieldsIn } from '../../shared/mapping';
import { requireOption, requireText } from '../../shared/validate';
import { cardDefinitionOptions } from '../cardDefinition/search';
import { readDates } from '../earningRule/fields';
import { VALIDITY_HOURS } from '../program/fields';
import type { OperationDefinition } from '../types';
import {
	costsJsonProperty,
	costsProperty,
	DATE_OPTIONS,
	DIGITAL_TYPES,
	GIVEN_OBJECT_PATHS,
	PURCHASE_LIMITS,
	readCosts,
	readDigital,
	readMaterial,
	readRefunds,
	refundableProperty,
	REWARD_TYPES,
} from './fields';

const material = { show: { rewardType: ['MATERIAL'] } };
const digital = (...digitalType: string[]) => ({ show: { rewardType: ['DIGITAL'], digitalType } });

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a loyalty reward',
	description:
		'Create a reward members buy with points: a product or SKU, a coupon or gift voucher from a campaign, or points on a loyalty card, with its points costs. Assign it to a program (Program Reward) to offer it.',
	endpoint: 'POST /v2/loyalties/rewards',
	repeatHint: 'Each run creates another reward.',
	properties: [
		nameProperty("The reward's name, 1 to 200 characters"),
		{ displayName: 'Type', name: 'rewardType', type: 'options', options: enumOptions(REWARD_TYPES), default: 'DIGITAL', description: 'What the reward gives: a product or SKU (Material), or a coupon, gift voucher or points (Digital)' },
		{ displayName: 'Digital Type', name: 'digitalType', type: 'options', options: enumOptions(DIGITAL_TYPES), default: 'DISCOUNT_COUPONS', description: 'What the digital reward gives', displayOptions: { show: { rewardType: ['DIGITAL'] } } },
		{ displayName: 'Campaign ID', name: 'campaignId', type: 'string', required: true, default: '', placeholder: 'camp_...', description: 'The campaign the coupon or gift voucher comes from', displayOptions: digital('DISCOUNT_COUPONS', 'GIFT_VOUCHERS') },
		{ ...moneyProperty('giftBalance', 'Gift Balance', 'The balance credited to the gift voucher.'), displayOptions: digital('GIFT_VOUCHERS') },
		{ ...cardDefinitionOptions('cardDefinitionId', 'The card definition whose card receives the points'), displayOptions: digital('LOYALTY_CARD_POINTS') },
		{ displayName: 'Points', name: 'points', type: 'number', typeOptions: { minValue: 1, numberPrecision: 0 }, default: 100, description: 'Whole points credited to the card, at least 1', displayOptions: digital('LOYALTY_CARD_POINTS') },
		{ displayName: 'Product ID', name: 'productId', type: 'string', required: true, default: '', placeholder: 'prod_...', description: "The product given (or the SKU's product)", displayOptions: material },
		{ displayName: 'SKU ID', name: 'skuId', type: 'string', default: '', placeholder: 'sku_...', description: 'The SKU given, when not the whole product', displayOptions: material },
		costsProperty,
		additionalFieldsProperty([
			costsJsonProperty,
			...DATE_OPTIONS,
			metadataProperty,
			metadataJsonProperty,
			refundableProperty,
			startStatusProperty('The status the reward starts in (default Draft)'),
			...jsonBodyProperties([{ ...VALIDITY_HOURS, description: 'When the reward can be purchased: {"type": "ANY_TIME"}, or {"type": "DAILY"} with its daily windows (days 0 = Sunday to 6 = Saturday, times as HH:mm).', nullable: false }, { ...PURCHASE_LIMITS, nullable: false }]),
		]),
	],
	// The type's settings by their names in its digital or material object.
	record: {
		name: 'name',
		type: 'rewardType',
		campaign_id: 'campaignId',
		balance: 'giftBalance',
		card_definition_id: 'cardDefinitionId',
		points: 'points',
		product_id: 'productId',
		sku_id: 'skuId',
		start_date: 'additionalFields.startDate',
		end_date: 'additionalFields.endDate',
		status: 'additionalFields.status',
		...jsonFieldsIn('additionalFields', [VALIDITY_HOURS, PURCHASE_LIMITS]),
		metadata: 'additionalFields.metadataJson',
	},
	// The same settings where a reward as the service returns it nests them (its digital or material object).
	recordPaths: { ...GIVEN_OBJECT_PATHS, 'digital.loyalty_card_points.points': 'points', 'digital.loyalty_card_points.card_definition_id': 'card_definition_id' },
	build: (params) => {
		const name = requireText(params, 'Name', params.get('name', ''), { max: 200 });
		const type = requireOption(params, 'Type', params.get('rewardType', 'DIGITAL'), Object.keys(REWARD_TYPES));
		const fields = params.get<IDataObject>('additionalFields', {});
		const given =
			type === 'MATERIAL'
				? { material: readMaterial(params, params.get('productId', ''), params.get('skuId', '')) }
				: {
						digital: readDigital(params, {
							kind: params.get('digitalType', 'DISCOUNT_COUPONS'),
							campaignId: params.get('campaignId', ''),
							giftBalance: params.get('giftBalance', 0),
							points: params.get('points', 100),
							cardDefinitionId: params.get('cardDefinitionId', ''),
						}),
					};
		const settings = readJsonBodyFields(params, fields, [VALIDITY_HOURS, PURCHASE_LIMITS]);
		const body = compact({
			name,
			type,
			...given,
			costs: readCosts(params, params.get<IDataObject>('costs', {}), fields.costsJson, true),
			status: fields.status === undefined ? undefined : requireOption(params, 'Status', fields.status, ['ACTIVE', 'DRAFT']),
			...readDates(params, fields),
			refunds: readRefunds(params, fields),
			validity_hours: settings.validity_hours,
			purchase_limits: settings.purchase_limits,
			metadata: readMetadata(params, fields),
		});
		return { method: 'POST', path: '/v2/loyalties/rewards', body };
	},
};
