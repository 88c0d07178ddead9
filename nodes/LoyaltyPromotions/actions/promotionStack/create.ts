import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty } from '../../shared/fields';
import { inCollection } from '../../shared/mapping';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { readStackBody, stackCampaignProperty, stackCategoryOption, tierIdsProperty } from './fields';

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a promotion stack',
	description: "Group a campaign's promotion tiers into a stack that is validated and redeemed as one",
	endpoint: 'POST /v1/promotions/{campaignId}/stacks',
	properties: [
		stackCampaignProperty,
		{ displayName: 'Name', name: 'name', type: 'string', default: '', required: true, placeholder: 'e.g. Weekend bundle', description: "The stack's name" },
		{ ...tierIdsProperty, required: true },
		additionalFieldsProperty([stackCategoryOption]),
	],
	record: { name: 'name', ...inCollection('additionalFields', { category_id: 'category' }) },
	build(params) {
		const fields = params.get<IDataObject>('additionalFields', {});
		const body = readStackBody(params, { name: params.get('name', ''), tierIds: params.get('tierIds', '') }, fields);
		return { method: 'POST', path: `${path`/v1/promotions/${params.id('campaignId', 'Campaign')}`}/stacks`, body };
	},
};
