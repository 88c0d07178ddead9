import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { compact } from '../../shared/fields';
import { locatorProperty } from '../../shared/locator';
import { fail, parseJsonObject, requireOption, requireScalarText } from '../../shared/validate';
import type { ParamReader } from '../types';

/**
 * What each kind of export can hold, as data (the service's field and sort names): the Create fields are built
 * from it, one Fields and one Sort By dropdown per kind.
 */
export const EXPORTS: Record<string, { label: string; fields: string[]; orders: string[] }> = {
	customer: {
		label: 'Customers',
		fields: [
			'name', 'id', 'description', 'email', 'source_id', 'created_at', 'address_city', 'address_state', 'address_line_1', 'address_line_2',
			'address_country', 'address_postal_code', 'redemptions_total_redeemed', 'redemptions_total_failed', 'redemptions_total_succeeded',
			'redemptions_total_rolled_back', 'redemptions_total_rollback_failed', 'redemptions_total_rollback_succeeded', 'orders_total_amount',
			'orders_total_count', 'orders_average_amount', 'orders_last_order_amount', 'orders_last_order_date', 'loyalty_points',
			'loyalty_referred_customers', 'updated_at', 'phone', 'birthday', 'metadata', 'birthdate',
		],
		orders: ['name', 'id', 'email', 'source_id', 'created_at', 'updated_at'],
	},
	order: {
		label: 'Orders',
		fields: ['id', 'source_id', 'created_at', 'updated_at', 'status', 'amount', 'discount_amount', 'items_discount_amount', 'total_discount_amount', 'total_amount', 'customer_id', 'referrer_id', 'metadata'],
		orders: ['created_at', 'updated_at', 'status'],
	},
	points_expiration: {
		label: 'Points Expirations',
		fields: ['id', 'campaign_id', 'voucher_id', 'points', 'status', 'expires_at'],
		orders: ['expires_at'],
	},
	publication: {
		label: 'Publications',
		fields: ['voucher_code', 'customer_id', 'customer_source_id', 'date', 'channel', 'campaign', 'is_winner', 'metadata'],
		orders: ['id', 'voucher_code', 'tracking_id', 'customer_id', 'created_at', 'channel'],
	},
	redemption: {
		label: 'Redemptions',
		fields: [
			'id', 'object', 'date', 'voucher_code', 'campaign', 'promotion_tier_id', 'customer_id', 'customer_source_id', 'customer_name', 'tracking_id',
			'order_id', 'order_amount', 'gift_amount', 'loyalty_points', 'result', 'failure_code', 'failure_message', 'metadata',
		],
		orders: ['id', 'voucher_code', 'tracking_id', 'customer_id', 'created_at'],
	},
	voucher: {
		label: 'Vouchers',
		fields: [
			'code', 'voucher_type', 'value', 'formula', 'discount_type', 'campaign', 'category', 'start_date', 'expiration_date', 'gift_balance',
			'loyalty_balance', 'redemption_quantity', 'redemption_count', 'active', 'qr_code', 'bar_code', 'metadata', 'id', 'is_referral_code',
			'created_at', 'updated_at', 'validity_timeframe_interval', 'validity_timeframe_duration', 'validity_day_of_week', 'discount_amount_limit',
			'campaign_id', 'additional_info', 'customer_id', 'discount_effect', 'discount_unit_type', 'discount_unit_effect', 'validation_rules_id',
			'customer_source_id',
		],
		orders: ['created_at', 'updated_at', 'code'],
	},
	voucher_transactions: {
		label: 'Voucher Transactions',
		fields: ['id', 'campaign_id', 'voucher_id', 'type', 'source_id', 'reason', 'source', 'balance', 'amount', 'related_transaction_id', 'created_at', 'details'],
		orders: ['created_at'],
	},
};

/** 'address_line_1' → 'Address Line 1', 'id' → 'ID'. */
export function labelOf(name: string): string {
	return name
		.split('_')
		.map((word) => (word === 'id' ? 'ID' : word === 'qr' ? 'QR' : `${word[0].toUpperCase()}${word.slice(1)}`))
		.join(' ');
}

const byName = (a: INodePropertyOptions, b: INodePropertyOptions) => a.name.localeCompare(b.name);

export const exportedObjectProperty: INodeProperties = {
	displayName: 'Exported Object',
	name: 'exportedObject',
	type: 'options',
	options: Object.entries(EXPORTS)
		.map(([value, { label }]) => ({ name: label, value }))
		.sort(byName),
	default: 'customer',
	required: true,
	description: 'What to export',
};

/** The Fields multi-select and Sort By dropdown of one kind of export (shown for that kind in Create; alone in, e.g., Order → Export). */
export function kindProperties(kind: string): INodeProperties[] {
	const { label, fields, orders } = EXPORTS[kind];
	return [
		{
			displayName: 'Fields',
			name: 'fields',
			type: 'multiOptions',
			options: fields.map((field) => ({ name: labelOf(field), value: field })).sort(byName),
			default: [],
			description: `The columns of the file. None chosen: the service's default columns for ${label.toLowerCase()}.`,
		},
		{
			displayName: 'Sort By',
			name: 'order',
			type: 'options',
			options: [
				{ name: "Service's Default", value: '' },
				...orders.flatMap((order) => [
					{ name: `${labelOf(order)} Ascending`, value: order },
					{ name: `${labelOf(order)} Descending`, value: `-${order}` },
				]),
			].sort(byName),
			default: '',
			description: 'The order of the rows',
		},
	];
}

/** Per kind: the Fields multi-select and the Sort By dropdown, shown for that kind only. */
export const perKindProperties: INodeProperties[] = Object.keys(EXPORTS).flatMap((kind) =>
	kindProperties(kind).map((property) => ({ ...property, displayOptions: { show: { exportedObject: [kind] } } })),
);

export const exportLocator = locatorProperty({
	name: 'exportId',
	displayName: 'Export',
	description: 'The export, picked from the list or given by ID',
	noun: 'export',
	searchListMethod: 'searchExports',
	idPlaceholder: 'exp_...',
});

export function readExportId(params: ParamReader): string {
	return params.id('exportId', 'Export');
}

const FILTERS_SHAPE = { junction: 'and', created_at: { conditions: { $after: ['2024-01-01T00:00:00Z'] } } };

/** Filters (JSON) of an export: the records it holds, in the service's filter syntax. */
export const exportFiltersProperty: INodeProperties = {
	displayName: 'Filters (JSON)',
	name: 'filtersJson',
	type: 'json',
	default: '{}',
	placeholder: JSON.stringify(FILTERS_SHAPE, null, 2),
	description: `Which records to export, in the service's filter syntax (field → conditions). Shape: ${JSON.stringify(FILTERS_SHAPE)}.`,
};

/** An export's `parameters` for `kind`: the fields, order and filters chosen (left out when not chosen). */
export function readExportParameters(params: ParamReader, kind: string): IDataObject {
	const { fields: allowed, orders } = EXPORTS[kind];
	const fieldsValue = params.get<unknown>('fields', []);
	if (!Array.isArray(fieldsValue)) fail(params, 'Fields', 'must be a list of field names');
	const fields = (fieldsValue as unknown[]).map((field) => requireOption(params, 'Fields', field, allowed));
	const orderValue = requireScalarText(params, 'Sort By', params.get('order', '')).trim();
	const order = orderValue === '' ? undefined : requireOption(params, 'Sort By', orderValue, orders.flatMap((o) => [o, `-${o}`]));
	const filters = parseJsonObject(params, 'Filters (JSON)', params.get('filtersJson', '{}'));
	return compact({ fields: fields.length > 0 ? fields : undefined, order, filters: Object.keys(filters).length > 0 ? filters : undefined });
}
