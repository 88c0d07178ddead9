import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { readRuleId, validationRuleLocator } from './fields';

export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a validation rule',
	description: 'Retrieve a validation rule with its conditions and assignment count',
	endpoint: 'GET /v1/validation-rules/{validationRuleId}',
	properties: [validationRuleLocator('The validation rule')],
	build: (params) => ({ method: 'GET', path: path`/v1/validation-rules/${readRuleId(params)}` }),
};
