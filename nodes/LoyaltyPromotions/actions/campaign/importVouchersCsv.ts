import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty } from '../../shared/fields';
import { readImportMetadata, sendImport, type ImportRow, type ImportSpec } from '../../shared/import';
import { waitSecondsProperty } from '../../shared/jobs';
import { path } from '../../transport/request';
import type { OperationDefinition } from '../types';
import { importCodeProperty, readImportCode, readImportSettings } from '../voucher/bulk';
import { CAMPAIGN_IMPORT_OPTIONS, CARD_VALUE_BOUNDS, campaignImportRecord, importCampaignProperty, readCardValue, readImportCampaign } from './fields';

/** The columns a campaign's CSV import takes (any other column becomes metadata, so only these options are offered). */
const OPTIONS = CAMPAIGN_IMPORT_OPTIONS.filter((option) => ['active', 'categoryName', 'giftAmount', 'loyaltyPoints', 'metadata', 'metadataJson'].includes(option.name));

const COLUMNS = ['Code', 'Category', 'Active', 'Gift Amount', 'Loyalty Points'];

const CAMPAIGN_CSV_IMPORT: Omit<ImportSpec, 'path'> = {
	noun: 'campaign voucher',
	fileName: 'vouchers.csv',
	columns: COLUMNS,
	// Codes are unique in a project: a file sent again would fail every code it had imported.
	safeToRepeat: () => false,
};

export const importVouchersCsv: OperationDefinition = {
	value: 'importVouchersCsv',
	name: 'Import Vouchers CSV',
	action: 'Import vouchers into a campaign from CSV',
	description:
		"Add the vouchers of all input items, with your codes, to an existing campaign in one CSV import of up to 10 MB a file, waiting until the service has finished it; they take the campaign's type and settings. Failed rows come out as items paired with their input.",
	endpoint: 'POST /v1/campaigns/{campaignId}/importCSV then GET /v1/async-actions/{asyncActionId}',
	repeatHint: 'Sent again, every code it had imported would fail as a duplicate: check the async action first.',
	properties: [importCampaignProperty, importCodeProperty, additionalFieldsProperty(OPTIONS), ...CARD_VALUE_BOUNDS, waitSecondsProperty],
	record: campaignImportRecord(OPTIONS),
	bounded: { 'additionalFields.giftAmount': 'amount', 'additionalFields.loyaltyPoints': 'points' },
	batch: {
		readRow(params): ImportRow {
			readImportCampaign(params);
			const fields = params.get<IDataObject>('additionalFields', {});
			const { category, active } = readImportSettings(params, fields);
			const { gift, loyalty_card: card } = readCardValue(params, fields) as Record<string, IDataObject | undefined>;
			const values = [readImportCode(params), category, active, gift?.amount, card?.points];
			const cells: Record<string, string> = {};
			values.forEach((value, i) => {
				if (value !== undefined) cells[COLUMNS[i]] = String(value);
			});
			return { cells, metadata: readImportMetadata(params, fields, COLUMNS) };
		},
		send: async (rows, params, client) =>
			await sendImport({ ...CAMPAIGN_CSV_IMPORT, path: path`/v1/campaigns/${readImportCampaign(params)}/importCSV` }, rows, params, client),
	},
};
