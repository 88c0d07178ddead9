import type { IDataObject } from 'n8n-workflow';
import { enumOptions, readFilterQuery, type FilterKind } from '../../shared/fields';
import { cursorFilters, readCursorQuery } from '../loyaltyMember/fields';
import type { OperationDefinition } from '../types';
import { BIN_LIST, BIN_RESOURCE_TYPES } from './fields';

/** Filters option → [query parameter, label, kind]: the service's filter conditions on bin entries. */
const QUERY: Record<string, [param: string, label: string, kind: FilterKind]> = {
	resourceName: ['filters[resource_name][conditions][$contains]', 'Resource Name Contains', 'text'],
	resourceId: ['filters[resource_id][conditions][$is]', 'Resource ID', 'text'],
	resourceType: ['filters[resource_type][conditions][$in]', 'Resource Type', Object.keys(BIN_RESOURCE_TYPES)],
};

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many bin entries',
	description: 'List the campaigns, vouchers, products and SKUs moved to the bin, filtered by type, name or ID',
	endpoint: 'GET /v1/trash-bin',
	properties: [
		cursorFilters('id', 'ID', [
			{ displayName: 'Resource ID', name: 'resourceId', type: 'string', default: '', description: 'Only the entry of this deleted resource' },
			{ displayName: 'Resource Name Contains', name: 'resourceName', type: 'string', default: '', description: 'Only entries whose resource name contains this text' },
			{ displayName: 'Resource Type', name: 'resourceType', type: 'options', options: enumOptions(BIN_RESOURCE_TYPES), default: 'campaign', description: 'Only entries of this type' },
		]),
	],
	list: BIN_LIST,
	build(params) {
		const filters = params.get<IDataObject>('filters', {});
		return { method: 'GET', path: '/v1/trash-bin', query: { ...readFilterQuery(params, filters, QUERY), ...readCursorQuery(filters) } };
	},
};
