import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty, compact, nameProperty } from '../../shared/fields';
import { SIMPLE_FIELDS } from '../../shared/simplify';
import { maxCardsPerCallProperty, readBoundedAmount, readBoundedCount, readBoundedPoints } from '../../shared/limits';
import { fail, parseJsonObject, requireIntegerInRange, requireOption, requireScalarText, requireText } from '../../shared/validate';
import type { OperationDefinition } from '../types';
import { CARD_VALUE_RECORD, DISCOUNT_RECORD, cardValueProperties, codeConfigOption, discountJsonOption, discountProperties, readDiscount, voucherPaths } from '../voucher/fields';
import { inCollection } from '../../shared/mapping';
import { CAMPAIGN_BODY_OPTIONS, CAMPAIGN_RECORD, CAMPAIGN_TYPES, CAMPAIGN_VOUCHER_OPTIONS, readCampaignBody } from './fields';

/** The campaign types whose vouchers carry a discount. */
const DISCOUNT_CAMPAIGNS = ['DISCOUNT_COUPONS', 'REFERRAL_PROGRAM'];
const VOUCHER_CAMPAIGNS = ['DISCOUNT_COUPONS', 'REFERRAL_PROGRAM', 'GIFT_VOUCHERS', 'LOYALTY_PROGRAM'];
const MAX_VOUCHERS = 10000;

const TIERS_SHAPE = {
	tiers: [{ name: '10% off orders over 100', banner: '10% off', action: { discount: { type: 'PERCENT', percent_off: 10 } }, validation_rules: ['val_…'] }],
};

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a campaign',
	description: 'Create a campaign of discount coupons, gift cards, loyalty cards, referral codes or promotion tiers',
	endpoint: 'POST /v1/campaigns',
	repeatHint: 'Campaign names are unique in a project: a repeat after a lost answer is refused as a duplicate rather than creating a second campaign.',
	simplify: SIMPLE_FIELDS.campaign,
	properties: [
		nameProperty("The campaign's name, unique in the project", 'e.g. Summer Sale 2025'),
		{
			displayName: 'Campaign Type',
			name: 'campaignType',
			type: 'options',
			options: CAMPAIGN_TYPES.map(([name, value]) => ({ name, value })),
			default: 'DISCOUNT_COUPONS',
			required: true,
			description: 'What the campaign hands out',
		},
		...discountProperties({ campaignType: DISCOUNT_CAMPAIGNS }),
		...cardValueProperties('campaignType', 'GIFT_VOUCHERS', 'LOYALTY_PROGRAM', 'each card'),
		{
			displayName: 'Promotion Tiers (JSON)',
			name: 'promotionJson',
			type: 'json',
			default: '{ "tiers": [] }',
			required: true,
			placeholder: JSON.stringify(TIERS_SHAPE, null, 2),
			displayOptions: { show: { campaignType: ['PROMOTION'] } },
			description: `The promotion's tiers, each a discount applied without a code; amounts here are in hundredths. Shape: ${JSON.stringify(TIERS_SHAPE)}.`,
		},
		additionalFieldsProperty([
			...CAMPAIGN_BODY_OPTIONS,
			...CAMPAIGN_VOUCHER_OPTIONS,
			{ ...codeConfigOption, displayOptions: { show: { '/campaignType': VOUCHER_CAMPAIGNS } } },
			{ ...discountJsonOption, displayOptions: { show: { '/campaignType': DISCOUNT_CAMPAIGNS } } },
			{
				displayName: 'Standalone Code',
				name: 'standaloneCode',
				type: 'string',
				default: '',
				placeholder: 'e.g. SUMMER-2026',
				displayOptions: { show: { '/campaignType': VOUCHER_CAMPAIGNS } },
				description: 'The one code of a campaign of Type Standalone, which needs it',
			},
			{
				displayName: 'Redemption Limit',
				name: 'redemptionLimit',
				type: 'number',
				typeOptions: { minValue: 1, numberPrecision: 0 },
				default: 1,
				displayOptions: { show: { '/campaignType': VOUCHER_CAMPAIGNS } },
				description: 'How many times each voucher can be redeemed; leave the field out for no limit',
			},
			{
				displayName: 'Vouchers Count',
				name: 'vouchersCount',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_VOUCHERS, numberPrecision: 0 },
				default: 1,
				displayOptions: { show: { '/campaignType': VOUCHER_CAMPAIGNS } },
				description: `How many vouchers to generate when the campaign is created (1 to ${MAX_VOUCHERS})`,
			},
		]),
		maxCardsPerCallProperty,
	],
	record: {
		name: 'name',
		...DISCOUNT_RECORD,
		...CARD_VALUE_RECORD,
		promotion: 'promotionJson',
		...inCollection('additionalFields', { ...CAMPAIGN_RECORD, vouchers_count: 'vouchersCount', code: 'standaloneCode' }),
	},
	recordPaths: voucherPaths('voucher.'),
	bounded: { giftAmount: 'amount', points: 'points', 'additionalFields.vouchersCount': 'cards' },
	build(params) {
		const name = requireText(params, 'Name', params.get('name', ''), { max: 200 });
		const campaignType = requireOption(params, 'Campaign Type', params.get('campaignType', 'DISCOUNT_COUPONS'), CAMPAIGN_TYPES.map(([, value]) => value));
		const fields = params.get<IDataObject>('additionalFields', {});
		const body: IDataObject = { name, campaign_type: campaignType, ...readCampaignBody(params, fields) };
		if (campaignType === 'PROMOTION') {
			const promotion = parseJsonObject(params, 'Promotion Tiers (JSON)', params.get('promotionJson', '{}'));
			if (!Array.isArray(promotion.tiers)) fail(params, 'Promotion Tiers (JSON)', 'must hold a "tiers" list');
			body.promotion = promotion;
			return { method: 'POST', path: '/v1/campaigns', body };
		}
		const voucher: IDataObject = compact({
			redemption: fields.redemptionLimit !== undefined ? { quantity: requireIntegerInRange(params, 'Redemption Limit', fields.redemptionLimit, 1) } : undefined,
		});
		if (DISCOUNT_CAMPAIGNS.includes(campaignType)) Object.assign(voucher, { type: 'DISCOUNT_VOUCHER', discount: readDiscount(params, fields.discountJson) });
		else if (campaignType === 'GIFT_VOUCHERS') Object.assign(voucher, { type: 'GIFT_VOUCHER', gift: { amount: readBoundedAmount(params, 'Gift Amount', params.get('giftAmount', 0)) } });
		else Object.assign(voucher, { type: 'LOYALTY_CARD', loyalty_card: { points: readBoundedPoints(params, 'Points', params.get('points', 0)) } });
		if (fields.codeConfig !== undefined) {
			const config = parseJsonObject(params, 'Code Config (JSON)', fields.codeConfig);
			if (Object.keys(config).length > 0) voucher.code_config = config;
		}
		// a STANDALONE campaign is one code shared by everyone: the service needs it as voucher.code (since 21 May 2026)
		const code = fields.standaloneCode === undefined ? '' : requireScalarText(params, 'Standalone Code', fields.standaloneCode).trim();
		if (body.type === 'STANDALONE' && !code) fail(params, 'Standalone Code', 'is required with Type Standalone (the campaign\'s one code)');
		if (body.type !== 'STANDALONE' && code) fail(params, 'Standalone Code', 'is only for Type Standalone');
		if (code) voucher.code = code;
		body.voucher = voucher;
		if (fields.vouchersCount !== undefined) body.vouchers_count = readBoundedCount(params, 'Vouchers Count', requireIntegerInRange(params, 'Vouchers Count', fields.vouchersCount, 1, MAX_VOUCHERS));
		return { method: 'POST', path: '/v1/campaigns', body };
	},
};

