import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { readVoucher, voucherLocator } from './fields';

export const getRedemptions: OperationDefinition = {
	value: 'getRedemptions',
	name: 'Get Redemptions',
	action: 'Get the redemptions of a voucher',
	description: "A voucher's redemption limit, how many times it was redeemed, and each of its redemptions and rollbacks (successful and failed), in one item",
	endpoint: 'GET /v1/vouchers/{code}/redemption',
	properties: [voucherLocator('code', 'The voucher, by its code or ID')],
	build: (params) => ({ method: 'GET', path: `${path`/v1/vouchers/${readVoucher(params)}`}/redemption` }),
};
