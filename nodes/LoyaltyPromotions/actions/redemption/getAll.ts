import type { IDataObject } from 'n8n-workflow';
import { compact } from '../../shared/fields';
import { customerLocator } from '../../shared/customerRef';
import { dateRange, filtersProperty, orderOption, pagedList } from '../../shared/listFilters';
import { locatorValue, optionalId, requireScalarText } from '../../shared/validate';
import { campaignNameFilter } from '../campaign/fields';
import type { OperationDefinition } from '../types';
import { voucherLocator } from '../voucher/fields';

const created = dateRange('Created', 'created_at', 'redemptions');

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many redemptions',
	description: 'List redemptions and rollbacks, filtered by result, campaign, customer, voucher or date',
	endpoint: 'GET /v1/redemptions',
	properties: [
		filtersProperty([
			campaignNameFilter,
			customerLocator('customer', 'Only redemptions by this customer', false),
			...created.options,
			{
				displayName: 'Result',
				name: 'result',
				type: 'options',
				options: [
					{ name: 'Failure', value: 'FAILURE' },
					{ name: 'Success', value: 'SUCCESS' },
				],
				default: 'SUCCESS',
				description: 'Only redemptions that succeeded, or only attempts that failed',
			},
			{ ...voucherLocator('voucher', 'Only redemptions of this voucher'), required: false },
			orderOption(
				[
					['Created At', 'created_at'],
					['Customer ID', 'customer_id'],
					['ID', 'id'],
					['Tracking ID', 'tracking_id'],
					['Voucher Code', 'voucher_code'],
				],
				'-created_at',
				'redemptions',
			),
		]),
	],
	list: pagedList(99),
	build(params) {
		const filters = params.get<IDataObject>('filters', {});
		const campaign = locatorValue(filters.campaign);
		return {
			method: 'GET',
			path: '/v1/redemptions',
			query: compact({
				result: filters.result as string | undefined,
				campaign: campaign === undefined ? undefined : requireScalarText(params, 'Campaign', campaign).trim(),
				customer: optionalId(params, 'Customer', filters.customer),
				'filters[voucher_code][conditions][$is]': optionalId(params, 'Voucher', filters.voucher),
				order: filters.order as string | undefined,
				...created.read(params, filters),
			}),
		};
	},
};
