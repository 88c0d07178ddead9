import type { IDataObject } from 'n8n-workflow';
import { filtersProperty } from '../../shared/fields';
import { dateRange, orderOption } from '../../shared/listFilters';
import type { OperationDefinition } from '../types';
import { STACK_LIST } from './fields';

const created = dateRange('Created', 'created_at', 'stacks');
const updated = dateRange('Updated', 'updated_at', 'stacks');

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many promotion stacks',
	description: 'List the promotion stacks of every campaign of the project',
	endpoint: 'GET /v1/promotions/stacks',
	properties: [
		filtersProperty([
			...created.options,
			...updated.options,
			orderOption(
				[
					['Created At', 'created_at'],
					['Name', 'name'],
					['Updated At', 'updated_at'],
				],
				'-created_at',
				'stacks',
			),
		]),
	],
	list: STACK_LIST,
	build(params) {
		const filters = params.get<IDataObject>('filters', {});
		const query: IDataObject = { ...created.read(params, filters), ...updated.read(params, filters) };
		if (filters.order !== undefined) query.order = filters.order;
		return { method: 'GET', path: '/v1/promotions/stacks', query };
	},
};
