import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { enumOptions, jsonObjectProperty } from '../../shared/fields';
import { fail, parseJsonObject, requireOption, requirePattern, requireText, shown } from '../../shared/validate';
import type { OperationDefinition, ParamReader } from '../types';
import { COLLECTION_TYPES, FILTER_SHAPE, JUNCTIONS } from './fields';

const PRODUCT_ID = /^prod_[A-Za-z0-9]+$/;
const SKU_ID = /^sku_[A-Za-z0-9]+$/;

/** The products and SKUs of a static collection, one row each. */
const productsProperty: INodeProperties = {
	displayName: 'Products',
	name: 'products',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Product or SKU',
	default: {},
	description: 'The products and SKUs the static collection holds',
	displayOptions: { show: { type: ['STATIC'] } },
	options: [
		{
			displayName: 'Item',
			name: 'item',
			values: [
				{ displayName: 'ID', name: 'id', type: 'string', default: '', placeholder: 'prod_… or sku_…', description: "The product's or SKU's ID" },
				{
					displayName: 'Product ID',
					name: 'productId',
					type: 'string',
					default: '',
					placeholder: 'prod_…',
					description: "For a SKU: its product's ID (optional)",
					displayOptions: { show: { object: ['sku'] } },
				},
				{
					displayName: 'Type',
					name: 'object',
					type: 'options',
					options: enumOptions({ product: 'Product', sku: 'SKU' }),
					default: 'product',
					description: 'Whether the ID names a product or a SKU',
				},
			],
		},
	],
};

/** The filter of an auto-update collection: an object with a junction of "and" or "or", then the conditions. */
export function readCollectionFilter(params: ParamReader, value: unknown): IDataObject {
	const filter = parseJsonObject(params, 'Filter (JSON)', value);
	if (Object.keys(filter).length === 0) fail(params, 'Filter (JSON)', `is required for auto-update collections: the conditions products meet, e.g. ${JSON.stringify(FILTER_SHAPE)}`);
	if (!JUNCTIONS.includes(filter.junction as string)) fail(params, 'Filter (JSON)', `needs "junction": "and" or "or" (got ${shown(filter.junction)})`);
	return filter;
}

function readProducts(params: ParamReader): IDataObject[] | undefined {
	const rows = params.get<{ item?: IDataObject[] }>('products', {}).item ?? [];
	const items = rows.map((row, index) => {
		const label = `Products (row ${index + 1})`;
		const object = requireOption(params, `${label} Type`, row.object ?? 'product', ['product', 'sku']);
		const id = object === 'sku' ? requirePattern(params, `${label} ID`, row.id, SKU_ID, 'sku_0b661e41aa426c2e3b') : requirePattern(params, `${label} ID`, row.id, PRODUCT_ID, 'prod_0b661e41aa426c2e3b');
		const item: IDataObject = { id, object };
		if (object === 'sku' && String(row.productId ?? '').trim() !== '') item.product_id = requirePattern(params, `${label} Product ID`, row.productId, PRODUCT_ID, 'prod_0b661e41aa426c2e3b');
		return item;
	});
	return items.length > 0 ? items : undefined;
}

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a product collection',
	description: 'Create a static collection of chosen products and SKUs, or an auto-update one that products enter and leave by its filter',
	endpoint: 'POST /v1/product-collections',
	properties: [
		{ displayName: 'Name', name: 'name', type: 'string', default: '', required: true, placeholder: 'e.g. Summer sale', description: "The collection's name, unique in the project" },
		{
			displayName: 'Type',
			name: 'type',
			type: 'options',
			options: enumOptions(COLLECTION_TYPES),
			default: 'STATIC',
			required: true,
			description: 'Static: the products and SKUs listed; auto-update: the products that meet the filter, as the catalogue changes',
		},
		productsProperty,
		{
			...jsonObjectProperty('filter', 'Filter (JSON)', 'The conditions products meet to be in the collection.', FILTER_SHAPE),
			required: true,
			displayOptions: { show: { type: ['AUTO_UPDATE'] } },
		},
	],
	record: { name: 'name', type: 'type', filter: 'filter' },
	build(params) {
		const type = requireOption(params, 'Type', params.get('type', 'STATIC'), Object.keys(COLLECTION_TYPES));
		const name = requireText(params, 'Name', params.get('name', ''));
		if (type === 'STATIC') {
			const products = readProducts(params);
			return { method: 'POST', path: '/v1/product-collections', body: { type, name, ...(products ? { products } : {}) } };
		}
		return { method: 'POST', path: '/v1/product-collections', body: { type, name, filter: readCollectionFilter(params, params.get('filter', '{}')) } };
	},
};
