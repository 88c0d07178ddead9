import type { IDataObject } from 'n8n-workflow';
import { requireChoice } from '../../shared/validate';
import { pagedListSpec } from '../../transport/paginate';
import { DATE_ORDERS, dateOrderOption } from '../product/getAll';
import type { OperationDefinition } from '../types';

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many orders',
	description: 'List the orders, newest first unless sorted otherwise',
	endpoint: 'GET /v1/orders',
	properties: [{ displayName: 'Filters', name: 'filters', type: 'collection', placeholder: 'Add Filter', default: {}, options: [dateOrderOption] }],
	list: pagedListSpec(100),
	build(params) {
		const { order } = params.get<IDataObject>('filters', {});
		return { method: 'GET', path: '/v1/orders', query: order === undefined ? {} : { order: requireChoice(params, 'Order', order, DATE_ORDERS) } };
	},
};
