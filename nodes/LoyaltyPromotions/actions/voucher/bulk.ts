import type { INodeProperties } from 'n8n-workflow';
import type { BulkSpec } from '../../shared/bulk';

/** The voucher bulk operations' shared parts: the code field, and how the service reports on codes. */

export const bulkCodeProperty: INodeProperties = {
	displayName: 'Code',
	name: 'code',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'SUMMER-2026-X7Q',
	description: "The voucher's code, usually an expression reading it from each input item. Vouchers are not created: an unknown code fails as its own item.",
};

/** Setting the same metadata again changes nothing more: both voucher endpoints are safe to repeat. */
export function voucherBulkSpec(kind: 'bulk' | 'metadata'): BulkSpec {
	return kind === 'bulk'
		? { noun: 'voucher bulk update', path: '/v1/vouchers/bulk/async', key: 'code', safeToRepeat: true, failures: 'errors' }
		: { noun: 'voucher metadata update', path: '/v1/vouchers/metadata/async', key: 'code', idsKey: 'codes', safeToRepeat: true, failures: 'errors' };
}
