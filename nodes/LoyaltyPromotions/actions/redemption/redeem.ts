import { additionalFieldsProperty } from '../../shared/fields';
import { BOUNDED_REDEEMABLES, readStackableBody, REDEEMABLE_BOUNDS, redeemablesProperty, STACKABLE_OPTIONS } from '../../shared/stackable';
import type { OperationDefinition } from '../types';

export const redeem: OperationDefinition = {
	value: 'redeem',
	name: 'Redeem',
	action: 'Redeem vouchers and promotions',
	description: 'Use vouchers, cards and promotions together on an order; all of them apply or none does',
	endpoint: 'POST /v1/redemptions',
	properties: [redeemablesProperty, ...REDEEMABLE_BOUNDS, additionalFieldsProperty(STACKABLE_OPTIONS)],
	bounded: BOUNDED_REDEEMABLES,
	// Not safe to repeat: a second request would redeem again (another use, more credits or points).
	build: (params) => ({ method: 'POST', path: '/v1/redemptions', body: readStackableBody(params) }),
};
