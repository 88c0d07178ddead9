import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty } from '../../shared/fields';
import { allowedChangesProperty, maxAmountPerCallProperty, maxPointsPerCallProperty, readAmountChange, readPointsChange } from '../../shared/limits';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { readTransactionNote, readVoucher, TRANSACTION_NOTE_OPTIONS, voucherLocator } from './fields';

export const adjustBalance: OperationDefinition = {
	value: 'adjustBalance',
	name: 'Adjust Balance',
	action: 'Adjust the balance of a gift or loyalty card',
	description: 'Add credits to a gift card or points to a loyalty card, or take them off; the balance cannot go below zero',
	endpoint: 'POST /v1/vouchers/{code}/balance',
	properties: [
		voucherLocator('code', 'The gift card or loyalty card, by its code or ID', 'Card'),
		{
			displayName: 'Card Type',
			name: 'cardType',
			type: 'options',
			options: [
				{ name: 'Gift Card', value: 'gift', description: 'Adjust credits, in money' },
				{ name: 'Loyalty Card', value: 'loyalty', description: 'Adjust points' },
			],
			default: 'gift',
		},
		{
			displayName: 'Amount',
			name: 'amount',
			type: 'number',
			typeOptions: { numberPrecision: 2 },
			default: 0,
			required: true,
			displayOptions: { show: { cardType: ['gift'] } },
			description: "Credits to add (e.g. 25.00) or, negative, to take off (-25.00), in the currency's main unit; sent ×100",
		},
		{
			displayName: 'Points',
			name: 'points',
			type: 'number',
			typeOptions: { numberPrecision: 0 },
			default: 0,
			required: true,
			displayOptions: { show: { cardType: ['loyalty'] } },
			description: 'Points to add (e.g. 100) or, negative, to take off (-100)',
		},
		{ ...maxAmountPerCallProperty, displayOptions: { show: { cardType: ['gift'] } } },
		{ ...maxPointsPerCallProperty, displayOptions: { show: { cardType: ['loyalty'] } } },
		allowedChangesProperty,
		additionalFieldsProperty(TRANSACTION_NOTE_OPTIONS),
	],
	bounded: { amount: 'amount', points: 'points' },
	build(params) {
		const code = readVoucher(params, 'Card');
		const amount =
			params.get<string>('cardType', 'gift') === 'loyalty'
				? readPointsChange(params, 'Points', params.get('points', 0))
				: readAmountChange(params, 'Amount', params.get('amount', 0));
		const fields = params.get<IDataObject>('additionalFields', {});
		const body = { amount, ...readTransactionNote(params, fields) };
		// Not safe to repeat: a second request would change the balance twice.
		return { method: 'POST', path: path`/v1/vouchers/${code}/balance`, body };
	},
};
