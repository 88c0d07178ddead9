import { enableDisable } from '../../shared/enableDisable';
import { SIMPLE_FIELDS } from '../../shared/simplify';
import { path } from '../../transport/request';
import { campaignLocator } from './fields';

export const [enable, disable] = enableDisable({
	noun: 'campaign',
	endpoint: '/v1/campaigns/{campaignId}',
	property: campaignLocator('campaignId', 'The campaign'),
	path: (params) => path`/v1/campaigns/${params.id('campaignId', 'Campaign')}`,
	offEffect: 'its vouchers fail validation and redemption until enabled',
	simplify: SIMPLE_FIELDS.campaign,
});
