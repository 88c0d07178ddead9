import type { IDataObject } from 'n8n-workflow';
import { compact, filtersProperty } from '../../shared/fields';
import { orderOption } from '../../shared/listFilters';
import { requireDateTime } from '../../shared/validate';
import type { OperationDefinition } from '../types';
import { RULE_LIST } from './fields';

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many validation rules',
	description: "List the project's validation rules",
	endpoint: 'GET /v1/validation-rules',
	properties: [
		filtersProperty([
			{ displayName: 'End Date', name: 'endDate', type: 'dateTime', default: '', description: 'Only rules created up to this moment' },
			orderOption(
				[
					['Created At', 'created_at'],
					['Name', 'name'],
					['Updated At', 'updated_at'],
				],
				'-created_at',
				'rules',
			),
			{ displayName: 'Start Date', name: 'startDate', type: 'dateTime', default: '', description: 'Only rules created from this moment' },
		]),
	],
	list: RULE_LIST,
	build(params) {
		const filters = params.get<IDataObject>('filters', {});
		return {
			method: 'GET',
			path: '/v1/validation-rules',
			query: compact({
				order: filters.order as string | undefined,
				start_date: filters.startDate ? requireDateTime(params, 'Start Date', filters.startDate) : undefined,
				end_date: filters.endDate ? requireDateTime(params, 'End Date', filters.endDate) : undefined,
			}),
		};
	},
};
