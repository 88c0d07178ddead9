import { additionalFieldsProperty } from '../../shared/fields';
import { readStackableBody, redeemablesProperty, STACKABLE_OPTIONS } from '../../shared/stackable';
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
	properties: [redeemablesProperty, additionalFieldsProperty(STACKABLE_OPTIONS)],
	// A validation changes nothing, so a repeat is harmless.
	build: (params) => ({ method: 'POST', path: '/v1/validations', body: readStackableBody(params) }),
};
