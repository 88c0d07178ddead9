import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty } from '../../shared/fields';
import { inCollection } from '../../shared/mapping';
import type { OperationDefinition } from '../types';
import { readRuleBody, RULE_BODY_OPTIONS } from './fields';

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a validation rule',
	description: 'Create a set of conditions (customer, order, products, budget) that vouchers, tiers or campaigns can be made to pass',
	endpoint: 'POST /v1/validation-rules',
	properties: [
		{ displayName: 'Name', name: 'name', type: 'string', default: '', required: true, placeholder: 'e.g. Orders over 100', description: "The rule's name" },
		additionalFieldsProperty(RULE_BODY_OPTIONS),
	],
	record: { name: 'name', ...inCollection('additionalFields', { type: 'type', context_type: 'contextType', rules: 'rules', applicable_to: 'applicableTo', bundle_rules: 'bundleRules' }) },
	build(params) {
		const fields = params.get<IDataObject>('additionalFields', {});
		return { method: 'POST', path: '/v1/validation-rules', body: readRuleBody(params, { ...fields, name: params.get('name', '') }) };
	},
};
