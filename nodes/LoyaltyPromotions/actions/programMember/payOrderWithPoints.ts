import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty, isSet, moneyProperty } from '../../shared/fields';
import { maxAmountPerCallProperty, maxPointsPerCallProperty, readBoundedAmount, readBoundedPoints } from '../../shared/limits';
import { fail } from '../../shared/validate';
import { cardLocator, readCardId } from '../loyaltyCard/fields';
import { orderLocator, readOrderId } from '../order/fields';
import { programLocator } from '../program/search';
import type { OperationDefinition } from '../types';
import { dryRunProperty, memberPath, readDryRun } from './fields';
import { memberLocator } from './search';

const ORDER_ID = /^ord_[a-f0-9]+$/;

export const payOrderWithPoints: OperationDefinition = {
	value: 'payOrderWithPoints',
	name: 'Pay Order with Points',
	action: "Pay an order with a member's points",
	description:
		"Pay an existing order with points from a member's card, at the card definition's exchange ratio, up to the card balance, the order's total and the optional limit. The service processes the payment in the background: Get Many Order Payments shows whether it was APPROVED or REJECTED. Dry Run only prices it.",
	endpoint: 'POST /v2/loyalties/programs/{programId}/members/{memberId}/orders/payments',
	repeatHint: 'Each run pays the order again and spends the points again (Dry Run is safe).',
	properties: [
		programLocator,
		memberLocator,
		cardLocator,
		orderLocator,
		dryRunProperty('payment'),
		maxAmountPerCallProperty,
		maxPointsPerCallProperty,
		additionalFieldsProperty([
			moneyProperty('amountLimit', 'Amount Limit', 'The most the points may pay of the order (at least 0.01).'),
			{
				displayName: 'Points Limit',
				name: 'pointsLimit',
				type: 'number',
				typeOptions: { minValue: 1, numberPrecision: 0 },
				default: 1,
				description: 'The most points to spend (a whole number, at least 1). Without a limit the card balance is the cap.',
			},
		]),
	],
	// without a limit the service takes what the order's total and the card's balance allow
	bounded: { 'additionalFields.pointsLimit': 'points', 'additionalFields.amountLimit': 'amount' },
	build: (params) => {
		const path = `${memberPath(params)}/orders/payments`;
		const cardId = readCardId(params);
		const order = readOrderId(params);
		const fields = params.get<IDataObject>('additionalFields', {});
		if (isSet(fields.amountLimit) && isSet(fields.pointsLimit)) fail(params, 'Amount Limit', 'cannot be combined with Points Limit: the service takes one payment limit');
		let limit: IDataObject | undefined;
		if (isSet(fields.pointsLimit)) limit = { type: 'POINTS_LIMIT', points_limit: { max: readBoundedPoints(params, 'Points Limit', fields.pointsLimit, 1) } };
		if (isSet(fields.amountLimit)) {
			const max = readBoundedAmount(params, 'Amount Limit', fields.amountLimit);
			if (max < 1) fail(params, 'Amount Limit', 'must be at least 0.01');
			limit = { type: 'AMOUNT_LIMIT', amount_limit: { max } };
		}
		const { mode, safeToRepeat } = readDryRun(params);
		const body: IDataObject = { card_id: cardId, order: ORDER_ID.test(order) ? { id: order } : { source_id: order }, ...(limit ? { payment_limit: limit } : {}), ...mode };
		return { method: 'POST', path, body, safeToRepeat };
	},
};
