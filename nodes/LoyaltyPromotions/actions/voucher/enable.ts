import { enableDisable } from '../../shared/enableDisable';
import { path } from '../../transport/request';
import { readVoucher, voucherProperty } from './fields';

export const [enable, disable] = enableDisable({
	noun: 'voucher',
	endpoint: '/v1/vouchers/{code}',
	property: voucherProperty,
	path: (params) => path`/v1/vouchers/${readVoucher(params)}`,
	offEffect: 'it fails validation and redemption until enabled',
});
