import type { IDataObject } from 'n8n-workflow';
import { requireChoice } from '../../shared/validate';
import { pagedListSpec } from '../../transport/paginate';
import type { OperationDefinition } from '../types';

const ORDERS = ['created_at', '-created_at', 'status', '-status'] as const;

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many exports',
	description: "List the project's exports, newest first unless sorted otherwise",
	endpoint: 'GET /v1/exports',
	properties: [
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
			options: [
				{
					displayName: 'Order',
					name: 'order',
					type: 'options',
					options: [
						{ name: 'Created At Ascending', value: 'created_at' },
						{ name: 'Created At Descending', value: '-created_at' },
						{ name: 'Status Ascending', value: 'status' },
						{ name: 'Status Descending', value: '-status' },
					],
					default: '-created_at',
					description: 'How to sort the exports',
				},
			],
		},
	],
	list: pagedListSpec(100),
	build(params) {
		const { order } = params.get<IDataObject>('filters', {});
		return { method: 'GET', path: '/v1/exports', query: order === undefined ? {} : { order: requireChoice(params, 'Order', order, ORDERS) } };
	},
};
