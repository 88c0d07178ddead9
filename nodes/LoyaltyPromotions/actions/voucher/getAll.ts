import type { IDataObject } from 'n8n-workflow';
import { compact } from '../../shared/fields';
import { customerLocator } from '../../shared/customerRef';
import { filtersProperty } from '../../shared/listFilters';
import { optionalId, requireScalarText } from '../../shared/validate';
import { campaignLocator } from '../campaign/fields';
import type { OperationDefinition } from '../types';
import { categoryOption, readCategory, VOUCHER_LIST, voucherListFilters } from './fields';
import { SIMPLE_FIELDS } from '../../shared/simplify';

const common = voucherListFilters('vouchers');

export const getAll: OperationDefinition = {
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many vouchers',
	description: 'List vouchers, gift cards and loyalty cards, filtered by campaign, category, holder or dates',
	endpoint: 'GET /v1/vouchers',
	simplify: SIMPLE_FIELDS.voucher,
	properties: [
		filtersProperty([
			campaignLocator('campaign', 'Only vouchers of this campaign', false),
			{ ...categoryOption, description: `Only vouchers in this category. ${categoryOption.description}` },
			{
				displayName: 'Code',
				name: 'code',
				type: 'string',
				default: '',
				description: 'Only vouchers whose code matches this text',
			},
			customerLocator('customer', 'Only vouchers held by this customer', false),
			...common.options,
		]),
	],
	list: VOUCHER_LIST,
	build(params) {
		const filters = params.get<IDataObject>('filters', {});
		return {
			method: 'GET',
			path: '/v1/vouchers',
			query: compact({
				campaign_id: optionalId(params, 'Campaign', filters.campaign),
				category: readCategory(params, filters),
				customer: optionalId(params, 'Customer', filters.customer),
				code: filters.code === undefined ? undefined : requireScalarText(params, 'Code', filters.code).trim(),
				...common.read(params, filters),
			}),
		};
	},
};
