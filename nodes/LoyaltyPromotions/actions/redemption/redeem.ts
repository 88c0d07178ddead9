import { additionalFieldsProperty } from '../../shared/fields';
import { readStackableBody, redeemablesProperty, STACKABLE_OPTIONS } from '../../shared/stackable';
import type { OperationDefinition } from '../types';

export const redeem: OperationDefinition = {
	value: 'redeem',
	name: 'Redeem',
	action: 'Redeem vouchers and promotions',
	description: 'Use vouchers, cards and promotions together on an order; all of them apply or none does',
	endpoint: 'POST /v1/redemptions',
	properties: [redeemablesProperty, additionalFieldsProperty(STACKABLE_OPTIONS)],
	// Not safe to repeat: a second request would redeem again (another use, more credits or points).
	build: (params) => ({ method: 'POST', path: '/v1/redemptions', body: readStackableBody(params) }),
};
