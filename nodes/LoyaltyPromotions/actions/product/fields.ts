import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { compact, isSet, metadataJsonProperty, metadataProperty, moneyProperty, readMetadata } from '../../shared/fields';
import { locatorProperty } from '../../shared/locator';
import { fail, requireScalarText, toMinorUnits } from '../../shared/validate';
import type { ParamReader } from '../types';

/** The product locator (also the parent of SKUs), the product fields, and how they become a request body. */

export const productLocator = locatorProperty({
	name: 'productId',
	displayName: 'Product',
	description: 'The product, picked from the catalogue or given by its ID or source ID',
	noun: 'product',
	searchListMethod: 'searchProducts',
	idPlaceholder: 'prod_... or your source ID',
});

export function readProductId(params: ParamReader): string {
	return params.id('productId', 'Product');
}

export const sourceIdProperty: INodeProperties = {
	displayName: 'Source ID',
	name: 'sourceId',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'product-123',
	description: "The product's ID in your catalogue: a product with this source ID is updated, otherwise one is created",
};

/** An https address of a .png or .jpg image (SKU and product images). */
export function readImageUrl(params: ParamReader, value: unknown): string | undefined {
	const url = requireScalarText(params, 'Image URL', value).trim();
	if (url === '') return undefined;
	if (!/^https:\/\/\S+$/i.test(url)) fail(params, 'Image URL', `must be an HTTPS address, e.g. https://example.com/image.png (got "${url}")`);
	return url;
}

/** Attribute names typed as a comma-separated list (or given as a list by an expression). */
export function readAttributeNames(params: ParamReader, value: unknown): string[] | undefined {
	if (value === undefined) return undefined;
	const names = Array.isArray(value) ? value.map((entry) => requireScalarText(params, 'Attributes', entry)) : requireScalarText(params, 'Attributes', value).split(',');
	return names.map((name) => name.trim()).filter((name) => name !== '');
}

export const PRODUCT_BODY_OPTIONS: INodeProperties[] = [
	{
		displayName: 'Attributes',
		name: 'attributes',
		type: 'string',
		default: '',
		placeholder: 'color, size',
		description: "Names of the attributes the product's SKUs vary by, separated by commas",
	},
	{
		displayName: 'Image URL',
		name: 'imageUrl',
		type: 'string',
		default: '',
		placeholder: 'https://example.com/product.png',
		description: 'HTTPS address of a .png or .jpg image of the product',
	},
	metadataProperty,
	metadataJsonProperty,
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		description: "The product's name",
	},
	moneyProperty('price', 'Price', "The product's price."),
];


/** The request body from a product collection; fields left empty are left out. */
export function readProductBody(params: ParamReader, fields: IDataObject): IDataObject {
	return compact({
		name: isSet(fields.name) ? requireScalarText(params, 'Name', fields.name) : undefined,
		price: isSet(fields.price) ? toMinorUnits(params, 'Price', fields.price) : undefined,
		attributes: fields.attributes !== undefined ? readAttributeNames(params, fields.attributes) : undefined,
		image_url: fields.imageUrl !== undefined ? readImageUrl(params, fields.imageUrl) : undefined,
		metadata: readMetadata(params, fields),
	});
}

/** The product record as input items name it (Map Input Fields): the service's field → the collection option. */
export const PRODUCT_RECORD = { name: 'name', price: 'price', attributes: 'attributes', image_url: 'imageUrl', metadata: 'metadataJson' };
