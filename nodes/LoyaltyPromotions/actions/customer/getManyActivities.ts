import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { filtersProperty, readFilterQuery, sortOrderFilter, sortOrderValues, startingAfterIdOption, type FilterKind } from '../../shared/fields';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { CAMPAIGN_TYPES, customerLocator, readCustomerId } from './fields';

/** The 12 sort orders of customer activities: each field ascending and descending. */
const ORDER_FIELDS: Array<[label: string, field: string]> = [
	['Campaign', 'campaign'],
	['Category', 'category'],
	['Code', 'code'],
	['Created At', 'created_at'],
	['Type', 'type'],
	['Updated At', 'updated_at'],
];

/** Filters field → [query parameter, label shown in errors, kind]. */
const QUERY: Record<string, [param: string, label: string, kind: FilterKind]> = {
	order: ['order', 'Order', sortOrderValues(ORDER_FIELDS)],
	startingAfter: ['starting_after', 'Starting After', 'dateTime'],
	startingAfterId: ['starting_after_id', 'Starting After ID', 'text'],
	campaignType: ['campaign_type', 'Campaign Type', 'text'],
	campaignId: ['campaign_id', 'Campaign ID', 'text'],
	productId: ['product_id', 'Product ID', 'text'],
	startDate: ['start_date', 'Start Date', 'dateTime'],
	endDate: ['end_date', 'End Date', 'dateTime'],
};

const filters: INodeProperties = filtersProperty([
	{
		displayName: 'Campaign ID',
		name: 'campaignId',
		type: 'string',
		default: '',
		description: 'Only activities of this campaign',
	},
	{
		displayName: 'Campaign Type',
		name: 'campaignType',
		type: 'options',
		options: CAMPAIGN_TYPES.map(([name, value]) => ({ name, value })),
		default: 'LOYALTY_PROGRAM',
		description: 'Only activities of campaigns of this type',
	},
	{
		displayName: 'End Date',
		name: 'endDate',
		type: 'dateTime',
		default: '',
		description: 'Only activities created at or before this moment',
	},
	sortOrderFilter(ORDER_FIELDS, '-created_at', 'How to sort the activities'),
	{
		displayName: 'Product ID',
		name: 'productId',
		type: 'string',
		default: '',
		description: 'Only activities concerning this product',
	},
	{
		displayName: 'Start Date',
		name: 'startDate',
		type: 'dateTime',
		default: '',
		description: 'Only activities created at or after this moment',
	},
	{
		displayName: 'Starting After',
		name: 'startingAfter',
		type: 'dateTime',
		default: '',
		description: 'Start the results after activities created at this moment, in the direction of the order',
	},
	startingAfterIdOption,
]);

export const getManyActivities: OperationDefinition = {
	value: 'getManyActivities',
	// The service has deprecated /activities for /activity (Get Many Activities): the value stays for saved workflows.
	name: 'Get Many Activities (Legacy)',
	action: 'Get many activities of a customer (legacy)',
	description: "List a customer's activities, filtered by campaign, product or period",
	endpoint: 'GET /v1/customers/{customerId}/activities',
	deprecated: 'Customer → Get Many Activities (GET /v1/customers/{customerId}/activity)',
	properties: [
		customerLocator,
		filters,
	],
	list: { envelope: 'counted', pageSizeParam: 'limit', cursorParam: 'starting_after_id', maxPageSize: 100 },
	build(params) {
		const customerId = readCustomerId(params);
		return {
			method: 'GET',
			path: path`/v1/customers/${customerId}/activities`,
			query: readFilterQuery(params, params.get<IDataObject>('filters', {}), QUERY),
		};
	},
};
