import type { IDataObject } from 'n8n-workflow';
import { filtersProperty, readFilterQuery } from '../../shared/fields';
import { pagedListSpec } from '../../transport/paginate';
import { dateOrderOption, dateOrderQuery } from '../product/getAll';
import type { OperationDefinition } from '../types';
import { SIMPLE_FIELDS } from '../../shared/simplify';

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many orders',
	description: 'List the orders, newest first unless sorted otherwise',
	endpoint: 'GET /v1/orders',
	simplify: SIMPLE_FIELDS.order,
	properties: [filtersProperty([dateOrderOption])],
	list: pagedListSpec(100),
	build: (params) => ({ method: 'GET', path: '/v1/orders', query: readFilterQuery(params, params.get<IDataObject>('filters', {}), dateOrderQuery) }),
};
