import type { IDataObject } from 'n8n-workflow';
import { compact, filtersProperty } from '../../shared/fields';
import { requireDate } from '../../shared/validate';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { campaignLocator } from './fields';

export const getSummary: OperationDefinition = {
	value: 'getSummary',
	name: 'Get Summary',
	action: 'Get the summary of a campaign',
	description: "A campaign's figures: vouchers published, validated and redeemed, amounts spent and discounts given",
	endpoint: 'GET /v1/campaigns/{campaignId}/summary',
	properties: [
		campaignLocator('campaignId', 'The campaign'),
		filtersProperty([
			{ displayName: 'End Date', name: 'endDate', type: 'dateTime', default: '', description: 'Count up to this day (inclusive), e.g. 2025-06-30' },
			{ displayName: 'Start Date', name: 'startDate', type: 'dateTime', default: '', description: 'Count from this day, e.g. 2025-06-01' },
		]),
	],
	build(params) {
		const filters = params.get<IDataObject>('filters', {});
		return {
			method: 'GET',
			path: `${path`/v1/campaigns/${params.id('campaignId', 'Campaign')}`}/summary`,
			query: compact({
				start_date: filters.startDate ? requireDate(params, 'Start Date', filters.startDate) : undefined,
				end_date: filters.endDate ? requireDate(params, 'End Date', filters.endDate) : undefined,
			}),
		};
	},
};
