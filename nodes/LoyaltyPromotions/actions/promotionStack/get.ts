import type { OperationDefinition } from '../types';
import { promotionStackLocator, stackCampaignProperty, stackPath } from './fields';

export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a promotion stack',
	description: 'Retrieve a promotion stack with its tiers in order',
	endpoint: 'GET /v1/promotions/{campaignId}/stacks/{stackId}',
	properties: [stackCampaignProperty, promotionStackLocator('The promotion stack')],
	build: (params) => ({ method: 'GET', path: stackPath(params) }),
};
