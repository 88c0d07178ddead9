import type { IDataObject } from 'n8n-workflow';
import { updateFieldsProperty } from '../../shared/fields';
import { requireAnyField } from '../../shared/validate';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { readRuleBody, readRuleId, RULE_BODY_OPTIONS, validationRuleLocator } from './fields';

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a validation rule',
	description: "Change a validation rule's name, conditions or message; the fields left out keep their values",
	endpoint: 'PUT /v1/validation-rules/{validationRuleId}',
	properties: [
		validationRuleLocator('The validation rule'),
		updateFieldsProperty([...RULE_BODY_OPTIONS, { displayName: 'Name', name: 'name', type: 'string', default: '', description: "The rule's new name" }]),
	],
	build(params) {
		const body = requireAnyField(params, 'Update Fields', readRuleBody(params, params.get<IDataObject>('updateFields', {})));
		// The service changes only the fields sent, so a repeated PUT has the same effect.
		return { method: 'PUT', path: path`/v1/validation-rules/${readRuleId(params)}`, body };
	},
};
