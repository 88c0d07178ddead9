import type { IDataObject } from 'n8n-workflow';
import { updateFieldsProperty } from '../../shared/fields';
import { requireAnyField } from '../../shared/validate';
import type { OperationDefinition } from '../types';
import { promotionStackLocator, readStackBody, stackCampaignProperty, stackCategoryOption, stackPath, tierIdsProperty } from './fields';

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a promotion stack',
	description: "Rename a promotion stack, change its tiers or their order, or its category; the fields left out keep their values",
	endpoint: 'PUT /v1/promotions/{campaignId}/stacks/{stackId}',
	properties: [
		stackCampaignProperty,
		promotionStackLocator('The promotion stack'),
		updateFieldsProperty([
			stackCategoryOption,
			{ displayName: 'Name', name: 'name', type: 'string', default: '', description: "The stack's new name" },
			{ ...tierIdsProperty, description: `${tierIdsProperty.description}; they replace the stack's tiers` },
		]),
	],
	build(params) {
		const fields = params.get<IDataObject>('updateFields', {});
		const body = requireAnyField(params, 'Update Fields', readStackBody(params, fields, fields));
		// The service changes only the fields sent, so a repeated PUT has the same effect.
		return { method: 'PUT', path: stackPath(params), body };
	},
};
