import type { IDataObject } from 'n8n-workflow';
import { compact, filtersProperty } from '../../shared/fields';
import { orderOption } from '../../shared/listFilters';
import { requireBoolean } from '../../shared/validate';
import type { OperationDefinition } from '../types';
import { TIER_LIST } from './fields';

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many promotion tiers',
	description: 'List the promotion tiers of every campaign of the project',
	endpoint: 'GET /v1/promotions/tiers',
	properties: [
		filtersProperty([
			{
				displayName: 'Available Now Only',
				name: 'isAvailable',
				type: 'boolean',
				default: true,
				description: 'Whether to keep only the tiers that are active and not expired at the moment',
			},
			orderOption(
				[
					['Created At', 'created_at'],
					['Updated At', 'updated_at'],
				],
				'-created_at',
				'tiers',
			),
		]),
	],
	list: TIER_LIST,
	build(params) {
		const filters = params.get<IDataObject>('filters', {});
		return {
			method: 'GET',
			path: '/v1/promotions/tiers',
			query: compact({
				is_available: filters.isAvailable === undefined ? undefined : String(requireBoolean(params, 'Available Now Only', filters.isAvailable)),
				order: filters.order as string | undefined,
			}),
		};
	},
};
