import type { IDataObject } from 'n8n-workflow';
import { budgetProperties, checkAmountBudgets, settleAmountBudgets } from '../../shared/budgets';
import { additionalFieldsProperty } from '../../shared/fields';
import { BOUNDED_REDEEMABLES, readStackableCall, REDEEMABLE_BOUNDS, redeemablesProperty, STACKABLE_OPTIONS } from '../../shared/stackable';
import type { OperationDefinition } from '../types';

export const redeem: OperationDefinition = {
	value: 'redeem',
	name: 'Redeem',
	action: 'Redeem vouchers and promotions',
	description: 'Use vouchers, cards and promotions together on an order; all of them apply or none does',
	endpoint: 'POST /v1/redemptions',
	properties: [redeemablesProperty, ...REDEEMABLE_BOUNDS, ...budgetProperties(['customerAmount', 'totalAmount']), additionalFieldsProperty(STACKABLE_OPTIONS)],
	bounded: BOUNDED_REDEEMABLES,
	budgeted: ['customerAmount', 'totalAmount'],
	// Not safe to repeat: a second request would redeem again (another use, more credits or points).
	build: async (params) => {
		const { body, amount } = readStackableCall(params);
		await checkAmountBudgets(params, body.customer as IDataObject | undefined, amount);
		return { method: 'POST', path: '/v1/redemptions', body };
	},
	// after the redemption: past the budget in the service's order (calls at the same moment), it is rolled back at once
	follow: async (response, params) => {
		await settleAmountBudgets(params, readStackableCall(params).body.customer as IDataObject | undefined, response);
		return [{ json: response }];
	},
};
