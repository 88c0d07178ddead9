import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty } from '../../shared/fields';
import { readImportMetadata, sendImport, waitSecondsProperty, type ImportRow, type ImportSpec } from '../../shared/import';
import { requireText } from '../../shared/validate';
import type { OperationDefinition } from '../types';
import { inCollection } from '../../shared/mapping';
import { bulkSourceIdProperty, CUSTOMER_BODY_OPTIONS, CUSTOMER_RECORD, readCustomerBody } from './fields';

/** The service's standard columns (its spelling), by the key readCustomerBody gives them (address parts by theirs). */
const COLUMNS: Record<string, string> = {
	source_id: 'Source_id',
	name: 'Name',
	email: 'Email',
	phone: 'Phone',
	birthdate: 'Birthdate',
	description: 'Description',
	line_1: 'Address_line_1',
	line_2: 'Address_line_2',
	postal_code: 'Address_Postal_Code',
	city: 'Address_City',
	state: 'Address_State',
	country: 'Address_Country',
};

const CUSTOMER_IMPORT: ImportSpec = {
	noun: 'customer',
	path: '/v1/customers/importCSV',
	fileName: 'customers.csv',
	columns: Object.values(COLUMNS),
	// Every row carries its source ID, which the service matches: a file sent again updates the same customers.
	safeToRepeat: () => true,
};

export const importCustomers: OperationDefinition = {
	value: 'import',
	name: 'Import',
	action: 'Import customers',
	description:
		'Create or update the customers of all input items (matched by source ID) in one CSV import of up to 10 MB a file, waiting until the service has finished it. Failed rows come out as items paired with their input. Safe to repeat: it is an upsert.',
	endpoint: 'POST /v1/customers/importCSV then GET /v1/async-actions/{asyncActionId}',
	safeToRepeat: true,
	properties: [bulkSourceIdProperty, additionalFieldsProperty(CUSTOMER_BODY_OPTIONS), waitSecondsProperty],
	record: { source_id: 'sourceId', ...inCollection('additionalFields', CUSTOMER_RECORD) },
	batch: {
		readRow(params): ImportRow {
			const fields = params.get<IDataObject>('additionalFields', {});
			// metadata goes in columns of its own (readImportMetadata), not in the fixed columns
			const body = readCustomerBody(params, fields);
			const address = body.address;
			delete body.address;
			delete body.metadata;
			const values: IDataObject = { source_id: requireText(params, 'Source ID', params.get('sourceId', '')).trim(), ...body, ...(address as IDataObject) };
			const cells: Record<string, string> = {};
			for (const [key, value] of Object.entries(values)) cells[COLUMNS[key]] = String(value);
			return { cells, metadata: readImportMetadata(params, fields, CUSTOMER_IMPORT.columns) };
		},
		send: async (rows, params, client) => await sendImport(CUSTOMER_IMPORT, rows, params, client),
	},
};
