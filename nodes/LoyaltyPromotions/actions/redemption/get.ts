import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { redemptionProperty } from './fields';
import { SIMPLE_FIELDS } from '../../shared/simplify';

export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a redemption',
	description: 'Retrieve a redemption or a rollback, with its order, customer and voucher',
	endpoint: 'GET /v1/redemptions/{redemptionId}',
	simplify: SIMPLE_FIELDS.redemption,
	properties: [redemptionProperty],
	build: (params) => ({ method: 'GET', path: path`/v1/redemptions/${params.id('redemptionId', 'Redemption')}` }),
};
