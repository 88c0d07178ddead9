import type { IDataObject } from 'n8n-workflow';
import { compact } from '../../shared/fields';
import { customerLocator } from '../../shared/customerRef';
import { ATTEMPT_ORDER_FIELDS, dateRange, filtersProperty, orderOption, pagedList, resultOption } from '../../shared/listFilters';
import { optionalId } from '../../shared/validate';
import { campaignNameFilter, readCampaignName } from '../campaign/fields';
import type { OperationDefinition } from '../types';
import { voucherLocator } from '../voucher/fields';
import { SIMPLE_FIELDS } from '../../shared/simplify';

const created = dateRange('Created', 'created_at', 'redemptions');

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many redemptions',
	description: 'List redemptions and rollbacks, filtered by result, campaign, customer, voucher or date',
	endpoint: 'GET /v1/redemptions',
	simplify: SIMPLE_FIELDS.redemption,
	properties: [
		filtersProperty([
			campaignNameFilter,
			customerLocator('customer', 'Only redemptions by this customer', false),
			...created.options,
			resultOption('redemptions', 'attempts'),
			{ ...voucherLocator('voucher', 'Only redemptions of this voucher'), required: false },
			orderOption(ATTEMPT_ORDER_FIELDS, '-created_at', 'redemptions'),
		]),
	],
	list: pagedList(99),
	build(params) {
		const filters = params.get<IDataObject>('filters', {});
		return {
			method: 'GET',
			path: '/v1/redemptions',
			query: compact({
				result: filters.result as string | undefined,
				campaign: readCampaignName(params, filters),
				customer: optionalId(params, 'Customer', filters.customer),
				'filters[voucher_code][conditions][$is]': optionalId(params, 'Voucher', filters.voucher),
				order: filters.order as string | undefined,
				...created.read(params, filters),
			}),
		};
	},
};
