import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { readVoucher, voucherProperty } from './fields';

export const deleteVoucher: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a voucher',
	description: 'Delete a voucher: to the bin, or for good so that its code can be used again',
	endpoint: 'DELETE /v1/vouchers/{code}',
	properties: [
		voucherProperty,
		{
			displayName: 'Delete Permanently',
			name: 'permanently',
			type: 'boolean',
			default: false,
			description: 'Whether to delete the voucher for good (its code can then be created again) instead of moving it to the bin',
		},
	],
	build: (params) => ({
		method: 'DELETE',
		path: path`/v1/vouchers/${readVoucher(params)}`,
		query: params.get<boolean>('permanently', false) === true ? { force: true } : {},
	}),
	// The service answers 204 with no body.
	output: (_response, params) => [{ deleted: true, code: readVoucher(params) }],
};
