import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { readFilterQuery, type FilterKind } from '../../shared/fields';
import { path } from '../../transport/request';
import { cursorFilters, ID_CURSOR_LIST, readCursorQuery } from '../loyaltyMember/fields';
import type { OperationDefinition } from '../types';
import { customerLocator, readCustomerId } from './fields';

const CAMPAIGN_TYPES = { DISCOUNT_COUPONS: 'Discount Coupons', GIFT_VOUCHERS: 'Gift Vouchers', LOYALTY_PROGRAM: 'Loyalty Program', REFERRAL_PROGRAM: 'Referral Program' };
const VOUCHER_TYPES = { DISCOUNT_VOUCHER: 'Discount Voucher', GIFT_VOUCHER: 'Gift Card', LOYALTY_CARD: 'Loyalty Card' };
const HOLDER_ROLES = { OWNER: 'Owner', REFEREE: 'Referee', REFERRER: 'Referrer' };

const options = (values: Record<string, string>) => Object.entries(values).map(([value, name]) => ({ name, value })).sort((a, b) => a.name.localeCompare(b.name));

/** Filters option → [query parameter, label, kind]: the service's filter conditions on a customer's redeemables. */
const QUERY: Record<string, [param: string, label: string, kind: FilterKind]> = {
	campaignId: ['filters[campaign_id][conditions][$is]', 'Campaign ID', 'text'],
	campaignType: ['filters[campaign_type][conditions][$is]', 'Campaign Type', Object.keys(CAMPAIGN_TYPES)],
	voucherType: ['filters[voucher_type][conditions][$is]', 'Voucher Type', Object.keys(VOUCHER_TYPES)],
	holderRole: ['filters[holder_role][conditions][$is]', 'Holder Role', Object.keys(HOLDER_ROLES)],
};

const EXTRA: INodeProperties[] = [
	{ displayName: 'Campaign ID', name: 'campaignId', type: 'string', default: '', placeholder: 'camp_…', description: 'Only redeemables of this campaign' },
	{ displayName: 'Campaign Type', name: 'campaignType', type: 'options', options: options(CAMPAIGN_TYPES), default: 'DISCOUNT_COUPONS', description: 'Only redeemables of campaigns of this type' },
	{ displayName: 'Holder Role', name: 'holderRole', type: 'options', options: options(HOLDER_ROLES), default: 'OWNER', description: 'Only redeemables the customer holds in this role' },
	{ displayName: 'Voucher Type', name: 'voucherType', type: 'options', options: options(VOUCHER_TYPES), default: 'DISCOUNT_VOUCHER', description: 'Only redeemables of this voucher type' },
];

export const getRedeemables: OperationDefinition = {
	value: 'getRedeemables',
	name: 'Get Redeemables',
	action: 'Get the redeemables of a customer',
	description: 'List the vouchers, gift cards, loyalty cards and referral codes a customer holds, filtered by campaign, voucher type or holder role',
	endpoint: 'GET /v1/customers/{customerId}/redeemables',
	properties: [customerLocator, cursorFilters('id', 'ID', EXTRA)],
	list: ID_CURSOR_LIST,
	build(params) {
		const filters = params.get<IDataObject>('filters', {});
		return {
			method: 'GET',
			path: `${path`/v1/customers/${readCustomerId(params)}`}/redeemables`,
			query: { ...readFilterQuery(params, filters, QUERY), ...readCursorQuery(filters) },
		};
	},
};
