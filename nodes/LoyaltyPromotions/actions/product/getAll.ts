import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { compact } from '../../shared/fields';
import { requireChoice, requireDateTime } from '../../shared/validate';
import { pagedListSpec } from '../../transport/paginate';
import type { OperationDefinition, ParamReader } from '../types';

export const DATE_ORDERS = ['created_at', '-created_at', 'updated_at', '-updated_at'] as const;

/** Created At / Updated At, each ascending and descending: the sort orders of the paged product and SKU lists. */
export const dateOrderOption: INodeProperties = {
	displayName: 'Order',
	name: 'order',
	type: 'options',
	options: [
		{ name: 'Created At Ascending', value: 'created_at' },
		{ name: 'Created At Descending', value: '-created_at' },
		{ name: 'Updated At Ascending', value: 'updated_at' },
		{ name: 'Updated At Descending', value: '-updated_at' },
	],
	default: '-created_at',
	description: 'How to sort the results',
};

const filters: INodeProperties = {
	displayName: 'Filters',
	name: 'filters',
	type: 'collection',
	placeholder: 'Add Filter',
	default: {},
	options: [
		{ displayName: 'Created From', name: 'startDate', type: 'dateTime', default: '', description: 'Only products created at or after this moment' },
		{ displayName: 'Created Until', name: 'endDate', type: 'dateTime', default: '', description: 'Only products created at or before this moment' },
		dateOrderOption,
	],
};

function readQuery(params: ParamReader, chosen: IDataObject): IDataObject {
	const date = (value: unknown, label: string) => (value === undefined || value === '' ? undefined : requireDateTime(params, label, value));
	return compact({
		order: chosen.order === undefined ? undefined : requireChoice(params, 'Order', chosen.order, DATE_ORDERS),
		start_date: date(chosen.startDate, 'Created From'),
		end_date: date(chosen.endDate, 'Created Until'),
	});
}

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many products',
	description: 'List the products of the catalogue, with their SKUs',
	endpoint: 'GET /v1/products',
	properties: [filters],
	list: pagedListSpec(100),
	build: (params) => ({ method: 'GET', path: '/v1/products', query: readQuery(params, params.get<IDataObject>('filters', {})) }),
};
