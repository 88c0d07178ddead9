import { additionalFieldsProperty } from '../../shared/fields';
import { BOUNDED_REDEEMABLES, readStackableBody, REDEEMABLE_BOUNDS, redeemablesProperty, STACKABLE_OPTIONS, takesLock } from '../../shared/stackable';
import type { OperationDefinition } from '../types';
import { SIMPLE_FIELDS } from '../../shared/simplify';

export const validate: OperationDefinition = {
	value: 'validate',
	name: 'Validate',
	action: 'Validate vouchers and promotions',
	description: 'Check whether vouchers, cards and promotions can be applied together to an order, and what they take off, without using them',
	endpoint: 'POST /v1/validations',
	simplify: SIMPLE_FIELDS.validation,
	safeToRepeat: true,
	properties: [
		redeemablesProperty,
		...REDEEMABLE_BOUNDS,
		additionalFieldsProperty(STACKABLE_OPTIONS),
		{
			displayName:
				"A validation with a session LOCK (Additional Fields → Session (JSON)) is not safe to repeat: each request without a session key takes a new lock. The node never sends it twice; leave n8n's Retry On Fail (node Settings) off for it.",
			name: 'sessionLockNotice',
			type: 'notice',
			default: '',
		},
	],
	// a session lock holds the credits for a later redemption: the same bounds as Redeem
	bounded: BOUNDED_REDEEMABLES,
	// A validation changes nothing, so a repeat is harmless, unless it takes a session lock.
	build: (params) => {
		const body = readStackableBody(params);
		return { method: 'POST', path: '/v1/validations', body, safeToRepeat: !takesLock(body) };
	},
};
