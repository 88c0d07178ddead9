import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { promotionTierLocator, readTierId } from './fields';

export const deleteTier: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a promotion tier',
	description: 'Delete a promotion tier from its campaign',
	endpoint: 'DELETE /v1/promotions/tiers/{promotionTierId}',
	properties: [promotionTierLocator('The promotion tier')],
	build: (params) => ({ method: 'DELETE', path: path`/v1/promotions/tiers/${readTierId(params)}` }),
	// The service answers 204 with no body.
	output: (_response, params) => [{ deleted: true, id: readTierId(params) }],
};
