import type { IDataObject } from 'n8n-workflow';
import { compact, filtersProperty } from '../../shared/fields';
import { orderOption } from '../../shared/listFilters';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { readRuleId, RULE_LIST, validationRuleLocator } from '../validationRule/fields';

export const getAllOfRule: OperationDefinition = {
	value: 'getAllOfRule',
	name: 'Get Many of Rule',
	action: 'Get many assignments of a validation rule',
	description: 'List what one validation rule is assigned to',
	endpoint: 'GET /v1/validation-rules/{validationRuleId}/assignments',
	properties: [validationRuleLocator('The validation rule whose assignments to list'), filtersProperty([orderOption([['Created At', 'created_at']], '-created_at', 'assignments')])],
	list: RULE_LIST,
	build(params) {
		const filters = params.get<IDataObject>('filters', {});
		return {
			method: 'GET',
			path: `${path`/v1/validation-rules/${readRuleId(params)}`}/assignments`,
			query: compact({ order: filters.order as string | undefined }),
		};
	},
};
