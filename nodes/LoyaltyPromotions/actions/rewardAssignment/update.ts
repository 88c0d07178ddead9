import type { IDataObject } from 'n8n-workflow';
import { compact, updateFieldsProperty } from '../../shared/fields';
import { requireAnyField, requireBoolean, requireIntegerInRange } from '../../shared/validate';
import type { OperationDefinition } from '../types';
import { rewardLocator } from '../reward/fields';
import { assignmentLocator, assignmentPath } from './fields';

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a reward assignment',
	description: "Change a reward's points cost in a campaign, or whether it is redeemed automatically",
	endpoint: 'PUT /v1/rewards/{rewardId}/assignments/{assignmentId}',
	properties: [
		rewardLocator('The reward whose assignment'),
		assignmentLocator('The assignment'),
		updateFieldsProperty([
			{
				displayName: 'Auto Redeem',
				name: 'autoRedeem',
				type: 'boolean',
				default: false,
				description: 'Whether the reward is redeemed for the member as soon as their card has the points',
			},
			{
				displayName: 'Points',
				name: 'points',
				type: 'number',
				typeOptions: { minValue: 1, numberPrecision: 0 },
				default: 1,
				description: 'What the reward costs, in loyalty points (a whole number, 1 or more)',
			},
		]),
	],
	build(params) {
		const fields = params.get<IDataObject>('updateFields', {});
		const loyalty = requireAnyField(
			params,
			'Update Fields',
			compact({
				points: fields.points === undefined ? undefined : requireIntegerInRange(params, 'Points', fields.points, 1),
				auto_redeem: fields.autoRedeem === undefined ? undefined : requireBoolean(params, 'Auto Redeem', fields.autoRedeem),
			}),
		);
		// The service changes only the fields sent, so a repeated PUT has the same effect.
		return { method: 'PUT', path: assignmentPath(params), body: { parameters: { loyalty } } };
	},
};
