import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { readVoucher, voucherProperty } from './fields';

/** Enable and Disable: the same request but for the last word; both are safe to repeat. */
function setActive(active: boolean): OperationDefinition {
	const verb = active ? 'enable' : 'disable';
	return {
		value: verb,
		name: active ? 'Enable' : 'Disable',
		action: `${active ? 'Enable' : 'Disable'} a voucher`,
		description: active ? 'Turn a disabled voucher back on' : 'Turn a voucher off: it fails validation and redemption until enabled',
		endpoint: `POST /v1/vouchers/{code}/${verb}`,
		safeToRepeat: true,
		properties: [voucherProperty],
		build: (params) => ({ method: 'POST', path: `${path`/v1/vouchers/${readVoucher(params)}`}/${verb}` }),
	};
}

export const enable = setActive(true);
export const disable = setActive(false);
