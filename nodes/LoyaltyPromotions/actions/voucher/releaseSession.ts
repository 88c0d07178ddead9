import { requireId } from '../../shared/validate';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { readVoucher, voucherLocator } from './fields';

export const releaseSession: OperationDefinition = {
	value: 'releaseSession',
	name: 'Release Session',
	action: 'Release a validation session of a voucher',
	description: 'Unlock a validation session (session type LOCK) held on a voucher, so that its locked amount or redemption is free again',
	endpoint: 'DELETE /v1/vouchers/{code}/sessions/{sessionKey}',
	properties: [
		voucherLocator('code', 'The voucher the session was locked on, by its code or ID'),
		{
			displayName: 'Session Key',
			name: 'sessionKey',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. ssn_yQGMTeKBSw8OOuFPwlBEjzGy8d8VA9Ts',
			description: "The session's key, as the validation that locked it answered (session.key)",
		},
	],
	build: (params) => ({
		method: 'DELETE',
		path: path`/v1/vouchers/${readVoucher(params)}/sessions/${requireId(params, 'Session Key', params.get('sessionKey', ''))}`,
	}),
	// The service answers 204 with no body.
	output: (_response, params) => [{ deleted: true, code: readVoucher(params), sessionKey: requireId(params, 'Session Key', params.get('sessionKey', '')) }],
};
