import { additionalFieldsProperty } from '../../shared/fields';
import { readTransactionsExport, TRANSACTION_EXPORT_FIELDS, transactionsExportOptions } from '../../shared/transactionsExport';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { campaignLocator } from './fields';

export const exportTransactions: OperationDefinition = {
	value: 'exportTransactions',
	name: 'Export Transactions',
	action: 'Export the transactions of a campaign',
	description: "Start a CSV export of the card transactions of a gift card or loyalty campaign; the Export resource's Download fetches the file",
	endpoint: 'POST /v1/campaigns/{campaignId}/transactions/export',
	// An export changes nothing: a repeat after a lost answer only schedules a second file.
	safeToRepeat: true,
	properties: [campaignLocator('campaignId', 'The gift card or loyalty campaign'), additionalFieldsProperty(transactionsExportOptions(TRANSACTION_EXPORT_FIELDS, true))],
	build(params) {
		return {
			method: 'POST',
			path: `${path`/v1/campaigns/${params.id('campaignId', 'Campaign')}`}/transactions/export`,
			body: readTransactionsExport(params, TRANSACTION_EXPORT_FIELDS),
		};
	},
};
