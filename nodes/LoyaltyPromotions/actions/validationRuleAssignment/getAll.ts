import type { IDataObject } from 'n8n-workflow';
import { compact, filtersProperty } from '../../shared/fields';
import { orderOption } from '../../shared/listFilters';
import { optionalId } from '../../shared/validate';
import type { OperationDefinition } from '../types';
import { RULE_LIST, validationRuleLocator } from '../validationRule/fields';

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many validation rule assignments',
	description: 'List the assignments of all validation rules, e.g. every rule a voucher or campaign must pass',
	endpoint: 'GET /v1/validation-rules-assignments',
	properties: [
		filtersProperty([
			orderOption([['Created At', 'created_at']], '-created_at', 'assignments'),
			{
				displayName: 'Related Object ID',
				name: 'relatedObjectId',
				type: 'string',
				default: '',
				placeholder: 'e.g. v_…, camp_…, promo_…',
				description: 'Only the assignments to this voucher, campaign, tier or other object',
			},
			validationRuleLocator('Only the assignments of this rule', false),
		]),
	],
	list: RULE_LIST,
	build(params) {
		const filters = params.get<IDataObject>('filters', {});
		return {
			method: 'GET',
			path: '/v1/validation-rules-assignments',
			query: compact({
				related_object_id: optionalId(params, 'Related Object ID', filters.relatedObjectId),
				rule: optionalId(params, 'Validation Rule', filters.validationRuleId),
				order: filters.order as string | undefined,
			}),
		};
	},
};
