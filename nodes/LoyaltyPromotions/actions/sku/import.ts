import type { IDataObject } from 'n8n-workflow';
import { additionalFieldsProperty } from '../../shared/fields';
import { readImportMetadata, sendImport, waitSecondsProperty, type ImportRow, type ImportSpec } from '../../shared/import';
import { parseJsonObject, requireScalarText, requireText, toMinorUnits } from '../../shared/validate';
import { readImageUrl } from '../product/fields';
import type { OperationDefinition } from '../types';
import { productIdProperty, readProductId, SKU_FIELDS, skuRecord, skuSourceIdProperty } from './fields';

const SKU_IMPORT: ImportSpec = {
	noun: 'SKU',
	path: '/v1/skus/importCSV',
	fileName: 'skus.csv',
	columns: ['product_id', 'source_id', 'sku', 'price', 'image_url', 'attributes'],
	// Every row carries its source ID, which the service matches: a file sent again updates the same SKUs.
	safeToRepeat: () => true,
};

const set = (value: unknown) => value !== undefined && value !== null && String(value).trim() !== '';

export const importSkus: OperationDefinition = {
	value: 'import',
	name: 'Import',
	action: 'Import SKUs',
	description:
		'Create or update the SKUs of all input items in one CSV import (matched by source ID), waiting until the service has finished it. Failed rows come out as items paired with their input.',
	endpoint: 'POST /v1/skus/importCSV then GET /v1/async-actions/{asyncActionId}',
	safeToRepeat: true,
	properties: [
		productIdProperty,
		skuSourceIdProperty,
		additionalFieldsProperty(SKU_FIELDS.filter((option) => option.name !== 'currency')),
		waitSecondsProperty,
	],
	record: { source_id: 'sourceId', ...skuRecord('additionalFields', false, false) },
	batch: {
		readRow(params): ImportRow {
			const fields = params.get<IDataObject>('additionalFields', {});
			const cells: Record<string, string> = {
				product_id: readProductId(params),
				source_id: requireText(params, 'Source ID', params.get('sourceId', '')).trim(),
			};
			if (set(fields.sku)) cells.sku = requireScalarText(params, 'SKU', fields.sku);
			if (set(fields.price)) cells.price = String(toMinorUnits(params, 'Price', fields.price));
			const imageUrl = fields.imageUrl === undefined ? undefined : readImageUrl(params, fields.imageUrl);
			if (imageUrl) cells.image_url = imageUrl;
			if (fields.attributes !== undefined) {
				const attributes = parseJsonObject(params, 'Attributes (JSON)', fields.attributes);
				if (Object.keys(attributes).length > 0) cells.attributes = JSON.stringify(attributes);
			}
			return { cells, metadata: readImportMetadata(params, fields, SKU_IMPORT.columns) };
		},
		send: async (rows, params, client) => await sendImport(SKU_IMPORT, rows, params, client),
	},
};
