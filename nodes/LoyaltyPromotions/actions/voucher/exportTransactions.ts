import { additionalFieldsProperty } from '../../shared/fields';
import { readTransactionsExport, TRANSACTION_EXPORT_FIELDS, transactionsExportOptions } from '../../shared/transactionsExport';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { readVoucher, voucherLocator } from './fields';

/** A card's export adds the campaign's ID to the columns a campaign's export offers. */
const COLUMNS = [...TRANSACTION_EXPORT_FIELDS, 'campaign_id'];

export const exportTransactions: OperationDefinition = {
	value: 'exportTransactions',
	name: 'Export Transactions',
	action: 'Export the transactions of a gift or loyalty card',
	description: "Start a CSV export of the credit or point movements of one gift card or loyalty card; the Export resource's Download fetches the file",
	endpoint: 'POST /v1/vouchers/{code}/transactions/export',
	// An export changes nothing: a repeat after a lost answer only schedules a second file.
	safeToRepeat: true,
	properties: [voucherLocator('code', 'The gift card or loyalty card, by its code or ID', 'Card'), additionalFieldsProperty(transactionsExportOptions(COLUMNS, false))],
	build: (params) => ({ method: 'POST', path: `${path`/v1/vouchers/${readVoucher(params, 'Card')}`}/transactions/export`, body: readTransactionsExport(params, COLUMNS) }),
};
