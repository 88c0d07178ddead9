import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty, compact } from '../../shared/fields';
import { readBoundedAmount, readBoundedPoints } from '../../shared/limits';
import { fail, optionalId, parseJsonObject, requireIntegerInRange } from '../../shared/validate';
import { path } from '../../transport/request';
import { campaignLocator } from '../campaign/fields';
import type { OperationDefinition } from '../types';
import { CARD_VALUE_RECORD, DISCOUNT_RECORD, cardValueProperties, codeConfigOption, discountJsonOption, discountProperties, readDiscount, readValidationRules, readVoucherBody, redemptionLimitOption, VOUCHER_BODY_OPTIONS, VOUCHER_RECORD, voucherPaths } from './fields';
import { inCollection } from '../../shared/mapping';

const TYPES: Array<[label: string, value: string, description: string]> = [
	['Discount Voucher', 'DISCOUNT_VOUCHER', 'A code that takes an amount or a percentage off'],
	['Gift Card', 'GIFT_VOUCHER', 'A card holding credits to pay with'],
	['Loyalty Card', 'LOYALTY_CARD', 'A card collecting points'],
];

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a voucher',
	description: 'Create a discount voucher, gift card or loyalty card, with your own code or a generated one',
	endpoint: 'POST /v1/vouchers/{code} or POST /v1/vouchers',
	repeatHint: 'With a code you choose it is safe to repeat (the service refuses the same code twice).',
	properties: [
		{
			displayName: 'Type',
			name: 'type',
			type: 'options',
			options: TYPES.map(([name, value, description]) => ({ name, value, description })),
			default: 'DISCOUNT_VOUCHER',
			required: true,
		},
		{
			displayName: 'Code',
			name: 'code',
			type: 'string',
			default: '',
			placeholder: 'e.g. SUMMER-2025',
			description: 'The code customers type. Leave empty to have one generated (see Code Config in Additional Fields).',
		},
		...discountProperties({ type: ['DISCOUNT_VOUCHER'] }),
		...cardValueProperties('type', 'GIFT_VOUCHER', 'LOYALTY_CARD', 'the card'),
		additionalFieldsProperty([
			...VOUCHER_BODY_OPTIONS,
			campaignLocator('campaign', 'The campaign the voucher belongs to', false),
			codeConfigOption,
			{ ...discountJsonOption, displayOptions: { show: { '/type': ['DISCOUNT_VOUCHER'] } } },
			redemptionLimitOption,
			{
				displayName: 'Validation Rule IDs',
				name: 'validationRules',
				type: 'string',
				default: '',
				placeholder: 'val_…, val_…',
				description: 'Validation rules the voucher must pass, comma-separated (or a JSON array)',
			},
		]),
	],
	record: { code: 'code', ...DISCOUNT_RECORD, ...CARD_VALUE_RECORD, ...inCollection('additionalFields', { ...VOUCHER_RECORD, validation_rules: 'validationRules' }) },
	recordPaths: voucherPaths(),
	bounded: { giftAmount: 'amount', points: 'points' },
	build(params) {
		const type = params.get<string>('type', 'DISCOUNT_VOUCHER');
		const code = optionalId(params, 'Code', params.get('code', ''));
		const fields = params.get<IDataObject>('additionalFields', {});
		const body: IDataObject = { type, ...readVoucherBody(params, fields) };
		if (type === 'DISCOUNT_VOUCHER') body.discount = readDiscount(params, fields.discountJson);
		else if (type === 'GIFT_VOUCHER') body.gift = { amount: readBoundedAmount(params, 'Gift Amount', params.get('giftAmount', 0)) };
		else if (type === 'LOYALTY_CARD') body.loyalty_card = { points: readBoundedPoints(params, 'Points', params.get('points', 0)) };
		else fail(params, 'Type', `must be one of ${TYPES.map(([, value]) => value).join(', ')} (got ${String(type)})`);
		Object.assign(
			body,
			compact({
				campaign_id: optionalId(params, 'Campaign', fields.campaign),
				redemption: fields.redemptionLimit !== undefined ? { quantity: requireIntegerInRange(params, 'Redemption Limit', fields.redemptionLimit, 1) } : undefined,
				validation_rules: readValidationRules(params, fields.validationRules),
			}),
		);
		if (code) {
			// A repeat cannot create a second voucher: the service refuses a code that exists.
			return { method: 'POST', path: path`/v1/vouchers/${code}`, body, safeToRepeat: true };
		}
		if (fields.codeConfig !== undefined) {
			const config = parseJsonObject(params, 'Code Config (JSON)', fields.codeConfig);
			if (Object.keys(config).length > 0) body.code_config = config;
		}
		return { method: 'POST', path: '/v1/vouchers', body };
	},
};
