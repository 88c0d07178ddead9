import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { readVoucher, voucherProperty } from './fields';
import { SIMPLE_FIELDS } from '../../shared/simplify';

export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a voucher',
	description: 'Retrieve a voucher, gift card or loyalty card with its balance and redemptions',
	endpoint: 'GET /v1/vouchers/{code}',
	simplify: SIMPLE_FIELDS.voucher,
	properties: [voucherProperty],
	build: (params) => ({ method: 'GET', path: path`/v1/vouchers/${readVoucher(params)}` }),
};
