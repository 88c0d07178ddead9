import type { IDataObject } from 'n8n-workflow';
import { readImportMetadata, sendImport, type ImportRow, type ImportSpec } from '../../shared/import';
import { fail } from '../../shared/validate';
import type { OperationDefinition, ParamReader } from '../types';
import { readVoucherImport, VOUCHER_IMPORT_CSV_RECORD, voucherImportCsvProperties } from './bulk';
import { voucherPaths } from './fields';

/** The service's standard columns (its spelling), by the record field each comes from. */
const COLUMNS: Record<string, string> = {
	code: 'Code',
	type: 'Voucher Type',
	value: 'Value',
	discountType: 'Discount Type',
	category: 'Category',
	start_date: 'Start Date',
	expiration_date: 'Expiration Date',
	redemption: 'Redemption Limit',
	active: 'Active',
	additional_info: 'Additional Info',
};

/** Which discount field a CSV's Value column holds, by discount type (the types Import CSV offers). */
const VALUE_OF: Record<string, string> = { AMOUNT: 'amount_off', PERCENT: 'percent_off', FIXED: 'fixed_amount' };

/**
 * Units Free is not offered (the CSV has no column for the unit's product), but a workflow saved when it was may
 * hold it: refused naming the way that takes it, before anything reads the discount type by the offered ones.
 * Both are the panel's values (a mapped Type may only repeat the panel's).
 */
function refuseUnitsFree(params: ParamReader): void {
	const panel = (name: string, fallback: string) => params.context.getNodeParameter(name, params.itemIndex, fallback);
	if (panel('type', 'DISCOUNT_VOUCHER') === 'DISCOUNT_VOUCHER' && panel('discountType', 'AMOUNT') === 'UNIT') {
		fail(params, 'Discount Type', "Units Free is not offered by Import CSV: the service's CSV has no column for the unit's product. Use Import for Units Free, or choose Amount Off, Fixed Price or Percent Off");
	}
}

const VOUCHER_CSV_IMPORT: ImportSpec = {
	noun: 'voucher',
	path: '/v1/vouchers/importCSV',
	fileName: 'vouchers.csv',
	columns: Object.values(COLUMNS),
	// Every row names its code, which the service matches: a file sent again updates the same vouchers.
	safeToRepeat: () => true,
};

export const importVouchersCsv: OperationDefinition = {
	value: 'importCsv',
	name: 'Import CSV',
	action: 'Import vouchers from CSV',
	description:
		'Create or update standalone vouchers from all input items (matched by code) in one CSV import of up to 10 MB a file, waiting until the service has finished it. Failed rows come out as items paired with their input. Safe to repeat: codes the project has are updated.',
	endpoint: 'POST /v1/vouchers/importCSV then GET /v1/async-actions/{asyncActionId}',
	safeToRepeat: true,
	properties: voucherImportCsvProperties,
	record: VOUCHER_IMPORT_CSV_RECORD,
	recordPaths: voucherPaths(),
	bounded: { giftAmount: 'amount' },
	batch: {
		readRow(params): ImportRow {
			refuseUnitsFree(params);
			// Metadata goes in columns of its own (readImportMetadata); COLUMNS leaves it out of the standard ones.
			const { discount, gift, redemption, ...record } = readVoucherImport(params) as IDataObject & Record<'discount' | 'gift' | 'redemption', IDataObject | undefined>;
			const values: IDataObject = { ...record, redemption: redemption?.quantity };
			if (gift) values.value = gift.amount;
			if (discount) {
				values.discountType = discount.type;
				values.value = discount[VALUE_OF[String(discount.type)]];
			}
			const cells: Record<string, string> = {};
			for (const [key, value] of Object.entries(values)) if (value !== undefined && COLUMNS[key]) cells[COLUMNS[key]] = String(value);
			return { cells, metadata: readImportMetadata(params, params.get<IDataObject>('additionalFields', {}), VOUCHER_CSV_IMPORT.columns) };
		},
		send: async (rows, params, client) => await sendImport(VOUCHER_CSV_IMPORT, rows, params, client),
	},
};
