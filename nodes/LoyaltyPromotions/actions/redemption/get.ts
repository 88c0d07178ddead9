import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { redemptionProperty } from './fields';

export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a redemption',
	description: 'Retrieve a redemption or a rollback, with its order, customer and voucher',
	endpoint: 'GET /v1/redemptions/{redemptionId}',
	properties: [redemptionProperty],
	build: (params) => ({ method: 'GET', path: path`/v1/redemptions/${params.id('redemptionId', 'Redemption')}` }),
};
