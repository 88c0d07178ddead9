import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { compact, isSet, metadataJsonProperty, metadataProperty, moneyProperty, readMetadata } from '../../shared/fields';
import { locatorProperty } from '../../shared/locator';
import { parseJsonObject, toMinorUnits } from '../../shared/validate';
import { inCollection } from '../../shared/mapping';
import { pagedListSpec, type ListSpec } from '../../transport/paginate';
import type { ParamReader, RecordMap } from '../types';
import { productLocator, readImageUrl, readProductId } from '../product/fields';

/** The SKU fields Create, Update and Create or Update share, and how they become the request body. */

export const productIdProperty: INodeProperties = { ...productLocator, description: "The SKU's product, picked from the catalogue or given by its ID or source ID" };

export { readProductId };

/** The Source ID of Create or Update and Import: the SKU is matched by it. */
export const skuSourceIdProperty: INodeProperties = {
	displayName: 'Source ID',
	name: 'sourceId',
	type: 'string',
	default: '',
	required: true,
	description: "The SKU's ID in your inventory, unique across the catalogue: a SKU with this source ID is updated, otherwise one is created",
};

/** A product's SKUs: paged by page number; the contract's list says data_ref "data" and carries them under `skus`. */
export const SKU_LIST: ListSpec = { ...pagedListSpec(100), entriesKey: 'skus' };

/** The SKU locator: From List shows the SKUs of the product chosen above. */
export const skuLocator = locatorProperty({
	name: 'skuId',
	displayName: 'SKU',
	description: "The SKU, picked from the product's SKUs or given by its ID or source ID",
	noun: 'SKU',
	searchListMethod: 'searchSkus',
	idPlaceholder: 'sku_... or your source ID',
});

export function readSkuId(params: ParamReader): string {
	return params.id('skuId', 'SKU');
}

const byDisplayName = (a: INodeProperties, b: INodeProperties) => a.displayName.localeCompare(b.displayName);

/** The body fields every SKU write accepts (sku, price, currency, attributes, image_url, metadata). */
const SKU_BODY_OPTIONS: INodeProperties[] = [
	{
		displayName: 'SKU',
		name: 'sku',
		type: 'string',
		default: '',
		description: 'Unique name of the SKU, e.g. "Blue, size M"',
	},
	moneyProperty('price', 'Price', "The SKU's price."),
	{
		displayName: 'Currency',
		name: 'currency',
		type: 'string',
		default: '',
		placeholder: 'EUR',
		description: 'ISO 4217 currency code of the price',
	},
	{
		displayName: 'Attributes (JSON)',
		name: 'attributes',
		type: 'json',
		default: '{}',
		placeholder: '{ "color": "blue", "size": "M" }',
		description: "Values of the parent product's attributes for this SKU, as a JSON object",
	},
	{
		displayName: 'Image URL',
		name: 'imageUrl',
		type: 'string',
		default: '',
		placeholder: 'https://example.com/sku.png',
		description: 'HTTPS address of a .png or .jpg image of the SKU',
	},
	metadataProperty,
	metadataJsonProperty,
];

/** The ID and Source ID a SKU can be created with (POST only). */
const SKU_IDENTITY_OPTIONS: INodeProperties[] = [
	{
		displayName: 'ID',
		name: 'id',
		type: 'string',
		default: '',
		description: 'ID to give the SKU; an existing ID updates that SKU instead',
	},
	{
		displayName: 'Source ID',
		name: 'sourceId',
		type: 'string',
		default: '',
		description: 'The SKU\'s ID in your inventory; an existing source ID updates that SKU instead',
	},
];

function collection(name: string, displayName: string, placeholder: string, options: INodeProperties[]): INodeProperties {
	return { displayName, name, type: 'collection', placeholder, default: {}, options: [...options].sort(byDisplayName) };
}

export const additionalFieldsWithIdentity = collection('additionalFields', 'Additional Fields', 'Add Field', [
	...SKU_IDENTITY_OPTIONS,
	...SKU_BODY_OPTIONS,
]);

/** The SKU body fields, for operations that build their own collection (e.g. Import). */
export const SKU_FIELDS = SKU_BODY_OPTIONS;

export const additionalFields = collection('additionalFields', 'Additional Fields', 'Add Field', SKU_BODY_OPTIONS);

export const updateFields = collection('updateFields', 'Update Fields', 'Add Field', SKU_BODY_OPTIONS);


/** The request body from a SKU collection; fields left empty are left out. */
export function readSkuBody(params: ParamReader, fields: IDataObject): IDataObject {
	const imageUrl = fields.imageUrl === undefined ? undefined : readImageUrl(params, fields.imageUrl);
	return compact({
		id: isSet(fields.id) ? String(fields.id).trim() : undefined,
		source_id: isSet(fields.sourceId) ? String(fields.sourceId).trim() : undefined,
		sku: isSet(fields.sku) ? String(fields.sku) : undefined,
		price: isSet(fields.price) ? toMinorUnits(params, 'Price', fields.price) : undefined,
		currency: isSet(fields.currency) ? String(fields.currency).trim() : undefined,
		attributes: fields.attributes !== undefined ? parseJsonObject(params, 'Attributes (JSON)', fields.attributes) : undefined,
		image_url: imageUrl,
		metadata: readMetadata(params, fields),
	});
}

/** The SKU record as input items name it (Map Input Fields): the service's field → the option of `collection`. */
export function skuRecord(collection: string, withIdentity = false, withCurrency = true): RecordMap {
	return inCollection(collection, {
		...(withIdentity ? { id: 'id', source_id: 'sourceId' } : {}),
		sku: 'sku',
		price: 'price',
		currency: withCurrency ? 'currency' : undefined,
		attributes: 'attributes',
		image_url: 'imageUrl',
		metadata: 'metadataJson',
	});
}
