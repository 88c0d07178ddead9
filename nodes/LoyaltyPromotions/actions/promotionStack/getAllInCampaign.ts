import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { CAMPAIGN_STACK_LIST, stackCampaignProperty } from './fields';

export const getAllInCampaign: OperationDefinition = {
	value: 'getAllInCampaign',
	name: 'Get Many in Campaign',
	action: 'Get many promotion stacks of a campaign',
	description: 'List the promotion stacks of one promotion campaign',
	endpoint: 'GET /v1/promotions/{campaignId}/stacks',
	properties: [stackCampaignProperty],
	list: CAMPAIGN_STACK_LIST,
	build: (params) => ({ method: 'GET', path: `${path`/v1/promotions/${params.id('campaignId', 'Campaign')}`}/stacks` }),
};
