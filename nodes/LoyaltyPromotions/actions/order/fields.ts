import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { compact, isSet, metadataJsonProperty, metadataProperty, moneyProperty, readMetadata } from '../../shared/fields';
import { locatorProperty } from '../../shared/locator';
import {
	fail,
	parseJsonArray,
	parseJsonObject,
	requireOption,
	requireDateTime,
	requireIntegerInRange,
	requireScalarText,
	toMinorUnits,
} from '../../shared/validate';
import type { ParamReader } from '../types';

/** The order locator, the order fields of Create and Update, and how they become a body. */

export const orderLocator = locatorProperty({
	name: 'orderId',
	displayName: 'Order',
	description: 'The order, picked from the list or given by its ID or source ID',
	noun: 'order',
	searchListMethod: 'searchOrders',
	idPlaceholder: 'ord_... or your source ID',
});

export function readOrderId(params: ParamReader): string {
	return params.id('orderId', 'Order');
}

export { ORDER_STATUSES } from '../../shared/stackable';
import { ORDER_STATUSES } from '../../shared/stackable';
import { customerRef } from '../../shared/customerRef';

const ITEMS_SHAPE = [{ source_id: 'sku-123', related_object: 'sku', quantity: 2, price: 1250, product: { name: 'Mug', override: true } }];

const text = (name: string, displayName: string, description: string, placeholder?: string): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	default: '',
	description,
	...(placeholder ? { placeholder } : {}),
});

/** The fields an order's Create and Update share (Create adds Source ID). */
export const ORDER_BODY_OPTIONS: INodeProperties[] = [
	moneyProperty('amount', 'Amount', 'The order total before discounts; left out, the service sums the items.'),
	{ displayName: 'Created At', name: 'createdAt', type: 'dateTime', default: '', description: 'When the order was placed, if not now' },
	text('customerId', 'Customer ID', 'The customer who placed the order: their ID (cust_…) or the source ID your system knows them by', 'cust_… or customer-123'),
	{
		displayName: 'Customer Fields (JSON)',
		name: 'customerJson',
		type: 'json',
		default: '{}',
		placeholder: '{ "name": "Jane Doe", "email": "jane@example.com" }',
		description: 'More fields of the customer as a JSON object; Customer ID and Customer Source ID, when set, win',
	},
	text('customerSourceId', 'Customer Source ID', "The customer's ID in your system; an unknown one creates the customer", 'customer-123'),
	{
		displayName: 'Items',
		name: 'items',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Item',
		default: {},
		description: 'The products or SKUs ordered (up to 500 together with Items (JSON))',
		options: [
			{
				displayName: 'Item',
				name: 'item',
				values: [
					{
						displayName: 'Price',
						name: 'price',
						type: 'number',
						typeOptions: { minValue: 0, numberPrecision: 2 },
						default: 0,
						description: "Unit price in the main unit (12.50), sent ×100. 0 sends no price: the service uses the catalogue's.",
					},
					text('productId', 'Product ID', 'The product, by its ID', 'prod_...'),
					{ displayName: 'Quantity', name: 'quantity', type: 'number', typeOptions: { minValue: 1, numberPrecision: 0 }, default: 1 },
					{
						displayName: 'Related Object',
						name: 'relatedObject',
						type: 'options',
						options: [
							{ name: 'Product', value: 'product' },
							{ name: 'SKU', value: 'sku' },
						],
						default: 'sku',
						description: 'What Source ID names',
					},
					text('skuId', 'SKU ID', 'The SKU, by its ID', 'sku_...'),
					text('sourceId', 'Source ID', 'The product or SKU by its ID in your catalogue (see Related Object)'),
				],
			},
		],
	},
	{
		displayName: 'Items (JSON)',
		name: 'itemsJson',
		type: 'json',
		default: '[]',
		placeholder: JSON.stringify(ITEMS_SHAPE, null, 2),
		description: `Further items as a JSON array, in the service's own shape (amounts in hundredths). Shape: ${JSON.stringify(ITEMS_SHAPE)}.`,
	},
	metadataProperty,
	metadataJsonProperty,
	text('referrerId', 'Referrer ID', 'The customer who referred this order', 'cust_...'),
	{
		displayName: 'Status',
		name: 'status',
		type: 'options',
		options: [
			{ name: 'Canceled', value: 'CANCELED' },
			{ name: 'Created', value: 'CREATED' },
			{ name: 'Fulfilled', value: 'FULFILLED' },
			{ name: 'Paid', value: 'PAID', description: 'Paid orders drive earning rules, e.g. loyalty points' },
		],
		default: 'CREATED',
		description: "The order's status",
	},
];


/** The items typed one by one and those of Items (JSON), at most 500 in all. */
function readItems(params: ParamReader, fields: IDataObject): IDataObject[] | undefined {
	const typed = ((fields.items as IDataObject | undefined)?.item ?? []) as IDataObject[];
	const items = typed.map((entry, index) => {
		const label = `Item ${index + 1}`;
		const textOf = (name: string, field: string) => (isSet(entry[name]) ? requireScalarText(params, `${label}: ${field}`, entry[name]).trim() : undefined);
		const sourceId = textOf('sourceId', 'Source ID');
		const item = compact({
			product_id: textOf('productId', 'Product ID'),
			sku_id: textOf('skuId', 'SKU ID'),
			source_id: sourceId,
			related_object: sourceId ? requireOption(params, `${label}: Related Object`, entry.relatedObject ?? 'sku', ['product', 'sku']) : undefined,
			quantity: isSet(entry.quantity) ? requireIntegerInRange(params, `${label}: Quantity`, entry.quantity, 1) : undefined,
			// The field's default 0 means "not typed": an item without a price takes the catalogue's.
			price: isSet(entry.price) && Number(entry.price) !== 0 ? toMinorUnits(params, `${label}: Price`, entry.price) : undefined,
		});
		if (!item.product_id && !item.sku_id && !item.source_id) fail(params, label, 'set its Product ID, SKU ID or Source ID');
		return item;
	});
	if (fields.itemsJson !== undefined) {
		parseJsonArray(params, 'Items (JSON)', fields.itemsJson).forEach((entry, index) => {
			if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) fail(params, `Items (JSON) entry ${index + 1}`, 'must be an object');
			items.push(entry);
		});
	}
	if (items.length > 500) fail(params, 'Items', `accepts at most 500 items, counting Items (JSON) (got ${items.length})`);
	return fields.items === undefined && fields.itemsJson === undefined ? undefined : items;
}

/** The customer object: the JSON fields, then Customer ID or Customer Source ID (not both). */
function readCustomer(params: ParamReader, fields: IDataObject): IDataObject | undefined {
	const json = fields.customerJson === undefined ? {} : parseJsonObject(params, 'Customer Fields (JSON)', fields.customerJson);
	// Customer ID takes a source ID too, as the other customer fields do.
	const ref = isSet(fields.customerId) ? customerRef(params, 'Customer ID', fields.customerId) : {};
	const sourceId = isSet(fields.customerSourceId) ? requireScalarText(params, 'Customer Source ID', fields.customerSourceId).trim() : undefined;
	if (isSet(fields.customerId) && sourceId) fail(params, 'Customer ID', 'set either it or Customer Source ID, not both');
	const customer = { ...json, ...compact({ ...ref, source_id: ref.source_id ?? sourceId }) };
	return Object.keys(customer).length > 0 ? customer : undefined;
}

/** The request body from an order collection; fields left empty are left out. */
export function readOrderBody(params: ParamReader, fields: IDataObject): IDataObject {
	return compact({
		source_id: isSet(fields.sourceId) ? requireScalarText(params, 'Source ID', fields.sourceId).trim() : undefined,
		status: fields.status === undefined ? undefined : requireOption(params, 'Status', fields.status, ORDER_STATUSES),
		amount: isSet(fields.amount) ? toMinorUnits(params, 'Amount', fields.amount) : undefined,
		items: readItems(params, fields),
		customer: readCustomer(params, fields),
		referrer_id: isSet(fields.referrerId) ? requireScalarText(params, 'Referrer ID', fields.referrerId).trim() : undefined,
		created_at: isSet(fields.createdAt) ? requireDateTime(params, 'Created At', fields.createdAt) : undefined,
		metadata: readMetadata(params, fields),
	});
}

/** The order record as input items name it (Map Input Fields): the service's field → the collection option. */
export const ORDER_RECORD = {
	status: 'status',
	amount: 'amount',
	items: 'itemsJson',
	customer_id: 'customerId',
	customer_source_id: 'customerSourceId',
	referrer_id: 'referrerId',
	created_at: 'createdAt',
	metadata: 'metadataJson',
};
