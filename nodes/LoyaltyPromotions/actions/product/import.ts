import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty, nameProperty } from '../../shared/fields';
import { readImportMetadata, sendImport, waitSecondsProperty, type ImportRow, type ImportSpec } from '../../shared/import';
import { requireScalarText, requireText, toMinorUnits } from '../../shared/validate';
import type { OperationDefinition } from '../types';
import { inCollection } from '../../shared/mapping';
import { PRODUCT_BODY_OPTIONS, PRODUCT_RECORD, readAttributeNames, readImageUrl } from './fields';

const PRODUCT_IMPORT: ImportSpec = {
	noun: 'product',
	path: '/v1/products/importCSV',
	fileName: 'products.csv',
	columns: ['name', 'source_id', 'price', 'attributes', 'image_url'],
	// A row without a source ID would be created again by a second file.
	safeToRepeat: (rows) => rows.every((row) => row.cells.source_id !== undefined),
};

export const importProducts: OperationDefinition = {
	value: 'import',
	name: 'Import',
	action: 'Import products',
	description:
		'Create products from all input items in one CSV import, waiting until the service has finished it. Products whose source ID exists get the new name (the only change an import makes). Failed rows come out as items.',
	endpoint: 'POST /v1/products/importCSV then GET /v1/async-actions/{asyncActionId}',
	repeatHint: 'When every item has a Source ID it is safe to repeat (the service updates the products it finds).',
	properties: [
		nameProperty("The product's name; usually an expression reading it from each input item"),
		additionalFieldsProperty([
			{
				displayName: 'Source ID',
				name: 'sourceId',
				type: 'string',
				default: '',
				description: "The product's ID in your catalogue: an existing one is renamed, and the row can be imported again without creating a second product",
			},
			...PRODUCT_BODY_OPTIONS.filter((option) => option.name !== 'name'),
		]),
		waitSecondsProperty,
	],
	record: { name: 'name', ...inCollection('additionalFields', { ...PRODUCT_RECORD, name: undefined, source_id: 'sourceId' }) },
	batch: {
		readRow(params): ImportRow {
			const fields = params.get<IDataObject>('additionalFields', {});
			const set = (value: unknown) => value !== undefined && value !== null && String(value).trim() !== '';
			const cells: Record<string, string> = { name: requireText(params, 'Name', params.get('name', '')).trim() };
			if (set(fields.sourceId)) cells.source_id = requireScalarText(params, 'Source ID', fields.sourceId).trim();
			if (set(fields.price)) cells.price = String(toMinorUnits(params, 'Price', fields.price));
			const attributes = readAttributeNames(params, fields.attributes);
			if (attributes?.length) cells.attributes = attributes.join(',');
			const imageUrl = fields.imageUrl === undefined ? undefined : readImageUrl(params, fields.imageUrl);
			if (imageUrl) cells.image_url = imageUrl;
			return { cells, metadata: readImportMetadata(params, fields, PRODUCT_IMPORT.columns) };
		},
		send: async (rows, params, client) => await sendImport(PRODUCT_IMPORT, rows, params, client),
	},
};
