import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { campaignLocator } from './fields';
import { SIMPLE_FIELDS } from '../../shared/simplify';

export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a campaign',
	description: 'Retrieve a campaign with its settings and voucher count',
	endpoint: 'GET /v1/campaigns/{campaignId}',
	simplify: SIMPLE_FIELDS.campaign,
	properties: [campaignLocator('campaignId', 'The campaign')],
	build(params) {
		const campaignId = params.id('campaignId', 'Campaign');
		return { method: 'GET', path: path`/v1/campaigns/${campaignId}` };
	},
};
