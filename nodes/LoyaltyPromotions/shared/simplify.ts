import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { addedIn, removedIn } from '../actions/versions';

/**
 * Simplify, n8n's toggle for large answers: the fields most workflows use instead of the whole object. The
 * fields are key paths: "loyalty_card.points" keeps that one nested value, "redeemables[].id" that value of
 * every entry of a list.
 */
export const simplifyProperty: INodeProperties = addedIn(
	2,
	removedIn(3, {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description: 'Whether to return a simplified version of the response instead of the raw data',
	}),
);

/**
 * Version 3's Output, n8n's choice for large answers (and what an AI agent's tool returns): Simplified (the
 * fields most workflows use), Raw (the whole answer), or Selected Fields (key paths the user names).
 */
export const outputProperties: INodeProperties[] = [
	addedIn(3, {
		displayName: 'Output',
		name: 'output',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Raw', value: 'raw', description: "The service's whole answer" },
			{ name: 'Selected Fields', value: 'selected', description: 'Only the fields named below' },
			{ name: 'Simplified', value: 'simplified', description: 'The fields most workflows use' },
		],
		default: 'simplified',
	}),
	addedIn(3, {
		displayName: 'Fields',
		name: 'outputFields',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'code, loyalty_card.points',
		description: 'Key paths to keep, comma-separated: "a.b" is a nested value, "list[].name" that value of every entry',
		displayOptions: { show: { output: ['selected'] } },
	}),
];

/** The key paths an Output of Selected Fields names, checked: empty entries dropped. */
export function selectedFields(text: unknown): string[] {
	return String(text ?? '')
		.split(',')
		.map((field) => field.trim())
		.filter((field) => field.length > 0);
}

function pickPath(source: unknown, path: string[], target: IDataObject): void {
	if (source === null || typeof source !== 'object' || path.length === 0) return;
	const [head, ...rest] = path;
	const many = head.endsWith('[]');
	const key = many ? head.slice(0, -2) : head;
	const value = (source as IDataObject)[key];
	if (value === undefined) return;
	if (many && Array.isArray(value)) {
		const existing = (Array.isArray(target[key]) ? target[key] : value.map(() => ({}))) as IDataObject[];
		value.forEach((entry, index) => {
			if (rest.length === 0) existing[index] = entry as IDataObject;
			else pickPath(entry, rest, existing[index]);
		});
		target[key] = existing;
	} else if (rest.length === 0 || value === null || typeof value !== 'object') {
		target[key] = value as IDataObject;
	} else {
		const nested = (target[key] && typeof target[key] === 'object' ? target[key] : {}) as IDataObject;
		pickPath(value, rest, nested);
		target[key] = nested;
	}
}

/** The object with only the given key paths (those it has). */
export function simplify(entry: IDataObject, fields: readonly string[]): IDataObject {
	const result: IDataObject = {};
	for (const field of fields) pickPath(entry, field.split('.'), result);
	return result;
}

/** The fields Simplify keeps, per kind of object. */
export const SIMPLE_FIELDS = {
	voucher: ['id', 'code', 'campaign', 'campaign_id', 'category', 'type', 'discount', 'gift', 'loyalty_card', 'start_date', 'expiration_date', 'active', 'holder_id', 'redemption.quantity', 'redemption.redeemed_quantity', 'metadata', 'created_at', 'updated_at'],
	customer: ['id', 'source_id', 'name', 'email', 'phone', 'address', 'birthdate', 'metadata', 'summary.orders.total_amount', 'summary.orders.total_count', 'loyalty.points', 'created_at', 'updated_at'],
	order: ['id', 'source_id', 'status', 'amount', 'discount_amount', 'total_discount_amount', 'total_amount', 'customer_id', 'customer.id', 'customer.source_id', 'items[].sku_id', 'items[].product_id', 'items[].source_id', 'items[].quantity', 'items[].amount', 'metadata', 'created_at', 'updated_at'],
	redemption: ['id', 'date', 'result', 'status', 'failure_code', 'failure_message', 'amount', 'customer_id', 'tracking_id', 'voucher.code', 'voucher.id', 'promotion_tier.id', 'order.id', 'order.source_id', 'order.amount', 'order.total_amount', 'parent_redemption_id', 'metadata'],
	validation: ['valid', 'tracking_id', 'session', 'order.amount', 'order.discount_amount', 'order.total_discount_amount', 'order.total_amount', 'redeemables[].object', 'redeemables[].id', 'redeemables[].status', 'redeemables[].result', 'inapplicable_redeemables[].object', 'inapplicable_redeemables[].id', 'inapplicable_redeemables[].status', 'inapplicable_redeemables[].result'],
	campaign: ['id', 'name', 'description', 'campaign_type', 'type', 'active', 'start_date', 'expiration_date', 'vouchers_count', 'category', 'voucher.type', 'metadata', 'created_at', 'updated_at'],
	loyaltyMember: ['id', 'code', 'campaign', 'campaign_id', 'holder_id', 'customer_id', 'loyalty_card.points', 'loyalty_card.balance', 'loyalty_card.pending_points', 'active', 'metadata', 'created_at', 'updated_at'],
	project: ['id', 'name', 'description', 'timezone', 'currency', 'dial_code', 'cluster_id', 'case_sensitive_codes', 'is_sandbox', 'webhook_version', 'api_version', 'client_trusted_domains', 'created_at'],
} as const satisfies Record<string, readonly string[]>;
