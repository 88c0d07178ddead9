import type { IDataObject } from 'n8n-workflow';
import { compact } from '../../shared/fields';
import { filtersProperty, orderOption } from '../../shared/listFilters';
import type { OperationDefinition } from '../types';
import { CAMPAIGN_LIST, CAMPAIGN_TYPES } from './fields';
import { SIMPLE_FIELDS } from '../../shared/simplify';

const STATUSES: Array<[label: string, value: string]> = [
	['Done', 'DONE'],
	['Draft', 'DRAFT'],
	['Failed', 'FAILED'],
	['In Progress', 'IN_PROGRESS'],
	['Modifying', 'MODIFYING'],
];

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many campaigns',
	description: "List the project's campaigns, newest first unless sorted otherwise",
	endpoint: 'GET /v1/campaigns',
	simplify: SIMPLE_FIELDS.campaign,
	properties: [
		filtersProperty([
			{
				displayName: 'Campaign Type',
				name: 'campaignType',
				type: 'options',
				options: CAMPAIGN_TYPES.map(([name, value]) => ({ name, value })),
				default: 'DISCOUNT_COUPONS',
				description: 'Only campaigns of this type',
			},
			{
				displayName: 'Include Category Details',
				name: 'expandCategory',
				type: 'boolean',
				default: false,
				description: "Whether to include each campaign's categories in full (expand=category)",
			},
			{
				displayName: 'Referral Campaigns',
				name: 'isReferralCode',
				type: 'options',
				options: [
					{ name: 'Only Referral Campaigns', value: 'true' },
					{ name: 'No Referral Campaigns', value: 'false' },
				],
				default: 'true',
				description: 'Whether to keep only the campaigns that issue referral codes, or only the others',
			},
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: STATUSES.map(([name, value]) => ({ name, value })),
				default: 'DONE',
				description: "Only campaigns in this state of their setup (DONE: the campaign's codes are generated)",
			},
			orderOption(
				[
					['Created At', 'created_at'],
					['Updated At', 'updated_at'],
				],
				'-created_at',
				'campaigns',
			),
		]),
	],
	list: CAMPAIGN_LIST,
	build(params) {
		const filters = params.get<IDataObject>('filters', {});
		return {
			method: 'GET',
			path: '/v1/campaigns',
			query: compact({
				campaign_type: filters.campaignType as string | undefined,
				campaign_status: filters.status as string | undefined,
				is_referral_code: filters.isReferralCode as string | undefined,
				order: filters.order as string | undefined,
				expand: filters.expandCategory === true ? 'category' : undefined,
			}),
		};
	},
};
