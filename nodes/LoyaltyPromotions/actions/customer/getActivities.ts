import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { filtersProperty, readFilterQuery, sortOrderFilter, sortOrderValues, startingAfterIdOption, type FilterKind } from '../../shared/fields';
import { path } from '../../transport/request';
import { ID_CURSOR_LIST } from '../loyaltyMember/fields';
import type { OperationDefinition } from '../types';
import { CAMPAIGN_TYPES, customerLocator, readCustomerId } from './fields';

/** The activity types the current list filters by (the contract's enum, each after "customer."). */
const TYPES = [
	'confirmed',
	'created',
	'updated',
	'deleted',
	'referred',
	'custom_event',
	'segment.entered',
	'segment.left',
	'sms.sent',
	'sms.recovered',
	'sms.failed',
	'email.sent',
	'email.recovered',
	'email.failed',
	'activecampaign.sent',
	'activecampaign.recovered',
	'activecampaign.failed',
	'braze.sent',
	'braze.recovered',
	'braze.failed',
	'mailchimp.sent',
	'mailchimp.recovered',
	'mailchimp.failed',
	'intercom.sent',
	'intercom.recovered',
	'intercom.failed',
	'shopify.sent',
	'shopify.recovered',
	'shopify.failed',
	'klaviyo.sent',
	'klaviyo.recovered',
	'klaviyo.failed',
	'batch.sent',
	'batch.recovered',
	'batch.failed',
	'rewarded',
	'rewarded.loyalty_points',
	'voucher.gift.balance_added',
	'voucher.loyalty_card.points_added',
	'voucher.loyalty_card.points_transferred',
	'voucher.loyalty_card.points_expired',
	'voucher.deleted',
	'publication.succeeded',
	'publication.failed',
	'validation.succeeded',
	'validation.failed',
	'redemption.failed',
	'redemption.succeeded',
	'redemption.rollback.failed',
	'redemption.rollback.succeeded',
	'order.canceled',
	'order.created',
	'order.fulfilled',
	'order.paid',
	'order.processing',
	'order.updated',
	'reward_redemptions.created',
	'reward_redemptions.pending',
	'reward_redemptions.completed',
	'reward_redemptions.rolledback',
	'loyalty.updated',
	'loyalty.tier.upgraded',
	'loyalty.tier.downgraded',
	'loyalty.tier.prolonged',
	'loyalty.tier.expiration.changed',
	'loyalty.tier.joined',
	'loyalty.tier.left',
].map((type) => `customer.${type}`);

/** 'customer.voucher.gift.balance_added' → 'Voucher Gift Balance Added'. */
const typeLabel = (type: string) =>
	type
		.slice('customer.'.length)
		.split(/[._]/)
		.map((word) => word[0].toUpperCase() + word.slice(1))
		.join(' ');

const ORDERS: Array<[label: string, field: string]> = [['Created At', 'created_at']];

/** Filters field → [query parameter, label shown in errors, kind]. */
const QUERY: Record<string, [param: string, label: string, kind: FilterKind]> = {
	order: ['order', 'Order', sortOrderValues(ORDERS)],
	startingAfterId: ['starting_after_id', 'Starting After ID', 'text'],
	campaignType: ['campaign_type', 'Campaign Type', CAMPAIGN_TYPES.map(([, value]) => value)],
	campaignId: ['campaign_id', 'Campaign ID', 'text'],
	category: ['category', 'Category', ['ACTION', 'EFFECT']],
	type: ['type', 'Type', TYPES],
	startDate: ['start_date', 'Start Date', 'dateTime'],
	endDate: ['end_date', 'End Date', 'dateTime'],
};

const filters: INodeProperties = filtersProperty([
	{ displayName: 'Campaign ID', name: 'campaignId', type: 'string', default: '', description: 'Only activities of this campaign' },
	{
		displayName: 'Campaign Type',
		name: 'campaignType',
		type: 'options',
		options: CAMPAIGN_TYPES.map(([name, value]) => ({ name, value })),
		default: 'LOYALTY_PROGRAM',
		description: 'Only activities of campaigns of this type',
	},
	{
		displayName: 'Category',
		name: 'category',
		type: 'options',
		options: [
			{ name: 'Action', value: 'ACTION' },
			{ name: 'Effect', value: 'EFFECT' },
		],
		default: 'ACTION',
		description: "Only the customer's actions, or only their effects",
	},
	{ displayName: 'End Date', name: 'endDate', type: 'dateTime', default: '', description: 'Only activities created at or before this moment' },
	sortOrderFilter(ORDERS, '-created_at', 'How to sort the activities (newest first unless chosen otherwise)'),
	{ displayName: 'Start Date', name: 'startDate', type: 'dateTime', default: '', description: 'Only activities created at or after this moment' },
	startingAfterIdOption,
	{
		displayName: 'Type',
		name: 'type',
		type: 'options',
		options: TYPES.map((value) => ({ name: typeLabel(value), value })).sort((a, b) => a.name.localeCompare(b.name)),
		default: 'customer.created',
		description: 'Only activities of this type',
	},
]);

/** The current list of a customer's activities (the deprecated one, Get Many Activities (Legacy), is /activities). */
export const getActivities: OperationDefinition = {
	value: 'getActivities',
	name: 'Get Many Activities',
	action: 'Get many activities of a customer',
	description: "List a customer's activities, filtered by period, campaign, category or type",
	endpoint: 'GET /v1/customers/{customerId}/activity',
	properties: [customerLocator, filters],
	list: ID_CURSOR_LIST,
	build: (params) => ({
		method: 'GET',
		path: `${path`/v1/customers/${readCustomerId(params)}`}/activity`,
		query: readFilterQuery(params, params.get<IDataObject>('filters', {}), QUERY),
	}),
};
