import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { promotionTierLocator, readTierId } from './fields';

export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a promotion tier',
	description: 'Retrieve a promotion tier with its discount, dates and campaign',
	endpoint: 'GET /v1/promotions/tiers/{promotionTierId}',
	properties: [promotionTierLocator('The promotion tier')],
	build: (params) => ({ method: 'GET', path: path`/v1/promotions/tiers/${readTierId(params)}` }),
};
