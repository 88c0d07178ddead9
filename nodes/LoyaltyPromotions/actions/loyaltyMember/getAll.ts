import type { IDataObject } from 'n8n-workflow';
import { compact } from '../../shared/fields';
import { customerLocator } from '../../shared/customerRef';
import { filtersProperty, pagedList } from '../../shared/listFilters';
import { optionalId, requireScalarText } from '../../shared/validate';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { voucherListFilters } from '../voucher/fields';
import { loyaltyCampaignLocator, V1_LOYALTY_DEPRECATED_SINCE } from './fields';
import { SIMPLE_FIELDS } from '../../shared/simplify';

const common = voucherListFilters('members');

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many members of a v1 loyalty campaign',
	description: "List a loyalty program's members (their loyalty cards), filtered by customer, code or dates",
	endpoint: 'GET /v1/loyalties/{campaignId}/members',
	deprecated: 'Program Member → Get Many (Loyalty v2)',
	deprecatedSince: V1_LOYALTY_DEPRECATED_SINCE,
	simplify: SIMPLE_FIELDS.loyaltyMember,
	properties: [
		loyaltyCampaignLocator('campaignId', 'The loyalty program whose members to list'),
		filtersProperty([
			{
				displayName: 'Card Code',
				name: 'code',
				type: 'string',
				default: '',
				description: 'Only the card with this code',
			},
			customerLocator('customer', 'Only the cards of this customer', false),
			...common.options,
		]),
	],
	list: pagedList(100),
	build(params) {
		const campaignId = params.id('campaignId', 'Loyalty Program');
		const filters = params.get<IDataObject>('filters', {});
		return {
			method: 'GET',
			path: path`/v1/loyalties/${campaignId}/members`,
			query: compact({
				customer: optionalId(params, 'Customer', filters.customer),
				code: filters.code === undefined ? undefined : requireScalarText(params, 'Card Code', filters.code).trim(),
				...common.read(params, filters),
			}),
		};
	},
};
