import type { IDataObject } from 'n8n-workflow';
import { path } from '../../transport/request';
import { cursorFilters, ID_CURSOR_LIST, readCursorQuery } from '../loyaltyMember/fields';
import type { OperationDefinition } from '../types';
import { readVoucher, voucherLocator } from './fields';

export const getManyTransactions: OperationDefinition = {
	value: 'getManyTransactions',
	name: 'Get Many Transactions',
	action: 'Get many transactions of a gift or loyalty card',
	description: 'List the credit or point movements of a gift card or loyalty card',
	endpoint: 'GET /v1/vouchers/{code}/transactions',
	properties: [voucherLocator('code', 'The gift card or loyalty card, by its code or ID', 'Card'), cursorFilters('id', 'ID')],
	list: ID_CURSOR_LIST,
	build(params) {
		return {
			method: 'GET',
			path: path`/v1/vouchers/${readVoucher(params, 'Card')}/transactions`,
			query: readCursorQuery(params.get<IDataObject>('filters', {})),
		};
	},
};
