import { sendBulk } from '../../shared/bulk';
import type { OperationDefinition } from '../types';
import { readVoucherImport, VOUCHER_IMPORT_RECORD, voucherImportProperties } from './bulk';
import { voucherPaths } from './fields';

export const importVouchers: OperationDefinition = {
	value: 'import',
	name: 'Import',
	action: 'Import vouchers',
	description:
		'Create standalone discount vouchers and gift cards from all input items in as few requests as the 10 MB limit allows, waiting until the service has imported each; failed codes (e.g. a code the project has) come out as items paired with their input',
	endpoint: 'POST /v1/vouchers/import then GET /v1/async-actions/{asyncActionId}',
	repeatHint: 'Import CSV is: the service updates the codes it has.',
	properties: voucherImportProperties,
	record: VOUCHER_IMPORT_RECORD,
	recordPaths: voucherPaths(),
	bounded: { giftAmount: 'amount' },
	batch: {
		readRow: readVoucherImport,
		// Not an upsert: sent again, every code it had imported would fail as a duplicate.
		send: async (rows, params, client) =>
			await sendBulk({ noun: 'voucher import', path: '/v1/vouchers/import', key: 'code', safeToRepeat: false, failures: 'failed', maxRecords: Infinity, record: 'voucher' }, rows, params, client),
	},
};
