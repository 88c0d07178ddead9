import { enableDisable } from '../../shared/enableDisable';
import { path } from '../../transport/request';
import { promotionTierLocator, readTierId } from './fields';

export const [enable, disable] = enableDisable({
	noun: 'promotion tier',
	endpoint: '/v1/promotions/tiers/{promotionTierId}',
	property: promotionTierLocator('The promotion tier'),
	path: (params) => path`/v1/promotions/tiers/${readTierId(params)}`,
	offEffect: 'it no longer applies to orders until enabled',
});
