import type { IDataObject } from 'n8n-workflow';
import { compact } from '../../shared/fields';
import { customerLocator } from '../../shared/customerRef';
import { ATTEMPT_ORDER_FIELDS, filtersProperty, orderOption, pagedList, resultOption } from '../../shared/listFilters';
import { optionalId, requireScalarText } from '../../shared/validate';
import { campaignNameFilter, readCampaignName } from '../campaign/fields';
import type { OperationDefinition } from '../types';
import { voucherLocator } from '../voucher/fields';

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many publications',
	description: 'List which vouchers went to which customers, filtered by campaign, customer, voucher or result',
	endpoint: 'GET /v1/publications',
	properties: [
		filtersProperty([
			campaignNameFilter,
			customerLocator('customer', 'Only publications to this customer', false),
			{
				displayName: 'Referral Codes Only',
				name: 'isReferralCode',
				type: 'boolean',
				default: true,
				description: 'Whether to keep only publications of referral codes',
			},
			resultOption('publications', 'those'),
			{
				displayName: 'Source ID',
				name: 'sourceId',
				type: 'string',
				default: '',
				description: 'Only the publication sent with this source ID',
			},
			{ ...voucherLocator('voucher', 'Only publications of this voucher'), required: false },
			{
				displayName: 'Voucher Type',
				name: 'voucherType',
				type: 'options',
				options: [
					{ name: 'Discount', value: 'discount' },
					{ name: 'Loyalty', value: 'loyalty' },
				],
				default: 'discount',
				description: 'Only publications of discount vouchers, or only of loyalty cards',
			},
			orderOption([...ATTEMPT_ORDER_FIELDS, ['Channel', 'channel']], '-created_at', 'publications'),
		]),
	],
	list: pagedList(100),
	build(params) {
		const filters = params.get<IDataObject>('filters', {});
		return {
			method: 'GET',
			path: '/v1/publications',
			query: compact({
				campaign: readCampaignName(params, filters),
				customer: optionalId(params, 'Customer', filters.customer),
				voucher: optionalId(params, 'Voucher', filters.voucher),
				result: filters.result as string | undefined,
				voucher_type: filters.voucherType as string | undefined,
				is_referral_code: filters.isReferralCode === true ? true : undefined,
				source_id: filters.sourceId === undefined ? undefined : requireScalarText(params, 'Source ID', filters.sourceId).trim(),
				order: filters.order as string | undefined,
			}),
		};
	},
};
