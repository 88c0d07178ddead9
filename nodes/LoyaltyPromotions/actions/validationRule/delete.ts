import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { readRuleId, validationRuleLocator } from './fields';

export const deleteRule: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a validation rule',
	description: 'Delete a validation rule; what it was assigned to no longer has to pass it',
	endpoint: 'DELETE /v1/validation-rules/{validationRuleId}',
	properties: [validationRuleLocator('The validation rule')],
	build: (params) => ({ method: 'DELETE', path: path`/v1/validation-rules/${readRuleId(params)}` }),
	// The service answers 204 with no body.
	output: (_response, params) => [{ deleted: true, id: readRuleId(params) }],
};
