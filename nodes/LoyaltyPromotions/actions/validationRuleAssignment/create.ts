import { additionalFieldsProperty } from '../../shared/fields';
import { requireBoolean, requireId, requireOption } from '../../shared/validate';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { readRuleId, validationRuleLocator } from '../validationRule/fields';

/** What a rule can be assigned to, as the contract lists them. */
const RELATED_TYPES: Array<[label: string, value: string]> = [
	['Campaign', 'campaign'],
	['Distribution', 'distribution'],
	['Earning Rule', 'earning_rule'],
	['Promotion Tier', 'promotion_tier'],
	['Reward Assignment', 'reward_assignment'],
	['Voucher', 'voucher'],
];

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Assign a validation rule',
	description: 'Assign a validation rule to a voucher, campaign, promotion tier, earning rule, distribution or reward assignment',
	endpoint: 'POST /v1/validation-rules/{validationRuleId}/assignments',
	repeatHint: 'A repeat after a lost answer is refused as a duplicate assignment (409) rather than assigning the rule twice.',
	properties: [
		validationRuleLocator('The validation rule to assign'),
		{
			displayName: 'Related Object Type',
			name: 'relatedObjectType',
			type: 'options',
			options: RELATED_TYPES.map(([name, value]) => ({ name, value })),
			default: 'voucher',
			required: true,
			description: 'What the rule is assigned to',
		},
		{
			displayName: 'Related Object ID',
			name: 'relatedObjectId',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. v_…, camp_…, promo_…',
			description: 'The ID of the voucher, campaign, tier or other object that must pass the rule',
		},
		additionalFieldsProperty([
			{
				displayName: 'Replace Existing',
				name: 'force',
				type: 'boolean',
				default: false,
				description: 'Whether to replace an assignment of the rule to the same object instead of failing as a duplicate',
			},
		]),
	],
	record: { related_object_type: 'relatedObjectType', related_object_id: 'relatedObjectId' },
	build(params) {
		const fields = params.get<{ force?: unknown }>('additionalFields', {});
		const force = fields.force === undefined ? false : requireBoolean(params, 'Replace Existing', fields.force);
		return {
			method: 'POST',
			path: `${path`/v1/validation-rules/${readRuleId(params)}`}/assignments`,
			query: force ? { force: true } : {},
			body: {
				related_object_type: requireOption(params, 'Related Object Type', params.get('relatedObjectType', 'voucher'), RELATED_TYPES.map(([, value]) => value)),
				related_object_id: requireId(params, 'Related Object ID', params.get('relatedObjectId', '')),
			},
		};
	},
};
