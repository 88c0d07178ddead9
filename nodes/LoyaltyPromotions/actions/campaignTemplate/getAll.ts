import type { IDataObject } from 'n8n-workflow';
import { enumOptions, readFilterQuery, type FilterKind } from '../../shared/fields';
import { cursorFilters, readCursorQuery } from '../loyaltyMember/fields';
import type { OperationDefinition } from '../types';
import { TEMPLATE_CAMPAIGN_TYPES, TEMPLATE_LIST } from './fields';

/** Filters option → [query parameter, label, kind]: the service's filter conditions on templates. */
const QUERY: Record<string, [param: string, label: string, kind: FilterKind]> = {
	name: ['filters[name][conditions][$contains]', 'Name Contains', 'text'],
	campaignType: ['filters[campaign_type][conditions][$is]', 'Campaign Type', Object.keys(TEMPLATE_CAMPAIGN_TYPES)],
};

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many campaign templates',
	description: "List the project's campaign templates, filtered by name or campaign type",
	endpoint: 'GET /v1/templates/campaigns',
	properties: [
		cursorFilters('id', 'ID', [
			{ displayName: 'Campaign Type', name: 'campaignType', type: 'options', options: enumOptions(TEMPLATE_CAMPAIGN_TYPES), default: 'DISCOUNT_COUPONS', description: 'Only templates of this campaign type' },
			{ displayName: 'Name Contains', name: 'name', type: 'string', default: '', description: 'Only templates whose name contains this text' },
		]),
	],
	list: TEMPLATE_LIST,
	build(params) {
		const filters = params.get<IDataObject>('filters', {});
		return { method: 'GET', path: '/v1/templates/campaigns', query: { ...readFilterQuery(params, filters, QUERY), ...readCursorQuery(filters) } };
	},
};
