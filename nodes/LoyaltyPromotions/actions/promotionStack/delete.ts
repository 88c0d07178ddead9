import type { OperationDefinition } from '../types';
import { promotionStackLocator, stackCampaignProperty, stackPath } from './fields';

export const deleteStack: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a promotion stack',
	description: 'Delete a promotion stack; its tiers stay in the campaign',
	endpoint: 'DELETE /v1/promotions/{campaignId}/stacks/{stackId}',
	properties: [stackCampaignProperty, promotionStackLocator('The promotion stack')],
	build: (params) => ({ method: 'DELETE', path: stackPath(params) }),
	// The service answers 204 with no body.
	output: (_response, params) => [{ deleted: true, id: params.id('stackId', 'Promotion Stack') }],
};
