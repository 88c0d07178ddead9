import { path } from '../../transport/request';
import { campaignLocator } from '../campaign/fields';
import type { OperationDefinition } from '../types';
import { CAMPAIGN_TIER_LIST } from './fields';

export const getAllInCampaign: OperationDefinition = {
	value: 'getAllInCampaign',
	name: 'Get Many in Campaign',
	action: 'Get many promotion tiers of a campaign',
	description: 'List the tiers of one promotion campaign, in the order of their hierarchy',
	endpoint: 'GET /v1/promotions/{campaignId}/tiers',
	properties: [campaignLocator('campaignId', 'The promotion campaign whose tiers to list')],
	list: CAMPAIGN_TIER_LIST,
	build: (params) => ({ method: 'GET', path: `${path`/v1/promotions/${params.id('campaignId', 'Campaign')}`}/tiers` }),
};
