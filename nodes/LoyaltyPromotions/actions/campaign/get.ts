import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { campaignLocator } from './fields';

export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a campaign',
	description: 'Retrieve a campaign with its settings and voucher count',
	endpoint: 'GET /v1/campaigns/{campaignId}',
	properties: [campaignLocator('campaignId', 'The campaign to retrieve')],
	build(params) {
		const campaignId = params.id('campaignId', 'Campaign');
		return { method: 'GET', path: path`/v1/campaigns/${campaignId}` };
	},
};
