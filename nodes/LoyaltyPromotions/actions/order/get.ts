import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { orderLocator, readOrderId } from './fields';
import { SIMPLE_FIELDS } from '../../shared/simplify';

export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get an order',
	description: 'Retrieve an order by its ID or source ID',
	endpoint: 'GET /v1/orders/{orderId}',
	simplify: SIMPLE_FIELDS.order,
	properties: [orderLocator],
	build: (params) => ({ method: 'GET', path: path`/v1/orders/${readOrderId(params)}` }),
};
