import type { IDataObject } from 'n8n-workflow';
import { jsonBodyProperties, readUpdateBody, updateFieldsProperty, updateNameProperty } from '../../shared/fields';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { PARAMETERS_FIELD, readRewardId, readRewardOptions, REWARD_OPTIONS, rewardLocator } from './fields';

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a reward',
	description: "Change a reward's name, settings, stock, image or metadata; it keeps its type, and the fields left out keep their values",
	endpoint: 'PUT /v1/rewards/{rewardId}',
	properties: [rewardLocator('The reward'), updateFieldsProperty([...REWARD_OPTIONS, ...jsonBodyProperties([PARAMETERS_FIELD]), updateNameProperty('reward')])],
	build(params) {
		const fields = params.get<IDataObject>('updateFields', {});
		const body = readUpdateBody(params, fields, [PARAMETERS_FIELD], readRewardOptions(params, fields));
		// The service changes only the fields sent, so a repeated PUT has the same effect.
		return { method: 'PUT', path: path`/v1/rewards/${readRewardId(params)}`, body };
	},
};
