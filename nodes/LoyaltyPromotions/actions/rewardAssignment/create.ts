import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty, idProperty } from '../../shared/fields';
import { parseJsonObject, requireIntegerInRange, requireText } from '../../shared/validate';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a reward assignment',
	description: 'Offer a reward in a campaign at a points cost',
	endpoint: 'POST /v1/rewards/{rewardId}/assignments',
	properties: [
		idProperty('rewardId', 'Reward ID', 'The reward to assign', 'rew_…'),
		idProperty('campaign', 'Campaign ID', 'The loyalty campaign to offer the reward in', 'camp_…'),
		{
			displayName: 'Points',
			name: 'points',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 0 },
			default: 0,
			required: true,
			description: 'What the reward costs, in loyalty points (a whole number, 0 or more); sent as parameters.loyalty.points',
		},
		additionalFieldsProperty([
				{
					displayName: 'Parameters (JSON)',
					name: 'parametersJson',
					type: 'json',
					default: '{}',
					placeholder: '{ "loyalty": { "points": 100 } }',
					description: 'The whole parameters object as JSON; its top-level keys replace those built from Points',
				},
			]),
	],
	build(params) {
		const rewardId = params.id('rewardId', 'Reward ID');
		const campaign = requireText(params, 'Campaign ID', params.get('campaign', '')).trim();
		const points = requireIntegerInRange(params, 'Points', params.get('points'), 0);
		const additionalFields = params.get<IDataObject>('additionalFields', {});
		const override =
			additionalFields.parametersJson === undefined
				? {}
				: parseJsonObject(params, 'Parameters (JSON)', additionalFields.parametersJson);
		return {
			method: 'POST',
			path: path`/v1/rewards/${rewardId}/assignments`,
			body: { campaign, parameters: { loyalty: { points }, ...override } },
		};
	},
};
