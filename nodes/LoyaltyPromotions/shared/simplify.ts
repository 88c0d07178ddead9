import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { addedIn, removedIn } from '../actions/versions';
import { hasOwn, ownValue, PROTOTYPE_KEYS, putOwn } from './own';

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
	// n8n picks a schema preview by resource, operation and version only: it previews Simplified whatever Output says
	addedIn(3, {
		displayName: "Before this node has run, the next node's schema preview shows the Simplified output's fields, not this Output's: run the node once to see and map these",
		name: 'outputPreviewNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { output: ['raw', 'selected'] } },
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

/** One step of a key path: a key, and whether `[]` follows it (every entry of the list under that key). */
interface Step {
	key: string;
	many: boolean;
}

const STEP = /^([^.[\]]+)(\[\])?$/;

/** At most this many characters of a path or a key in a message: a user or an answer can make one of any length. */
const MAX_QUOTED = 100;

/** A path or a key, quoted for a message, its middle cut when it is long. */
export function quoted(text: string): string {
	if (text.length <= MAX_QUOTED) return `"${text}"`;
	const half = Math.floor(MAX_QUOTED / 2);
	return `"${text.slice(0, half)}…${text.slice(-half)}" (${text.length} characters)`;
}

/**
 * Why a key path cannot be followed as written, or undefined when it can: every step is a key, or a key with
 * `[]`; a list index (`b[0]`) or an empty step (`a..b`) is not. A key n8n drops from every item it copies
 * (`__proto__`, `constructor`, `prototype`) could never be shown, and is refused too.
 */
export function fieldPathProblem(field: string): string | undefined {
	for (const step of field.split('.')) {
		const match = STEP.exec(step);
		if (!match) {
			return step === ''
				? 'has an empty step (two dots, or a dot at an end)'
				: `${quoted(step)} is not a key: a step is a key, or a key followed by [] for that value of every entry of a list (e.g. ${quoted(`${step.replace(/\[.*$/, '')}[]`)})`;
		}
		if (PROTOTYPE_KEYS.includes(match[1])) return `"${match[1]}" cannot be kept: n8n drops keys named ${PROTOTYPE_KEYS.join(', ')} from every item`;
	}
	return undefined;
}

function stepsOf(field: string): Step[] {
	return field.split('.').map((step) => (step.endsWith('[]') ? { key: step.slice(0, -2), many: true } : { key: step, many: false }));
}

/** What a value is, for a path that cannot go through it. */
function kindOf(value: unknown): string {
	if (Array.isArray(value)) return 'a list';
	if (typeof value === 'string') return 'text';
	if (typeof value === 'object') return 'an object';
	return `a ${typeof value}`;
}

const isObject = (value: unknown): value is IDataObject => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Copies the value at `steps` from `source` into `target`, own keys only on both sides: a key the answer does
 * not have itself is left out (never one every object inherits), and every key is written as the target's own,
 * so no step reaches a prototype. A step that cannot go on (into text, or into a list without `[]`) is reported
 * and its value left out, rather than kept as something else. Gives whether anything was kept: an object or a
 * list is only written when something in it is.
 */
function pickPath(source: IDataObject, steps: Step[], target: IDataObject, trail: string, report: (problem: string) => void): boolean {
	const [{ key, many }, ...rest] = steps;
	if (!hasOwn(source, key)) return false;
	const value = source[key];
	const at = trail ? `${trail}.${key}` : key;
	if (value === undefined) return false;
	if (value === null || (rest.length === 0 && !many)) {
		putOwn(target, key, value);
		return true;
	}
	if (many) {
		if (!Array.isArray(value)) {
			report(`${quoted(at)} is ${kindOf(value)}, not a list, so ${quoted(`${key}[]`)} does not apply`);
			return false;
		}
		const kept = ownValue(target, key);
		const entries: unknown[] = Array.isArray(kept) ? kept : value.map(() => ({}));
		let any = value.length === 0 || Array.isArray(kept);
		value.forEach((entry, index) => {
			if (rest.length === 0 || entry === null) {
				entries[index] = entry;
				any = true;
			} else if (isObject(entry)) {
				if (!isObject(entries[index])) entries[index] = {};
				if (pickPath(entry, rest, entries[index] as IDataObject, `${at}[${index}]`, report)) any = true;
			} else report(`${quoted(`${at}[${index}]`)} is ${kindOf(entry)}, which has no key ${quoted(rest[0].key)}`);
		});
		if (any) putOwn(target, key, entries as IDataObject[]);
		return any;
	}
	if (Array.isArray(value)) {
		report(`${quoted(at)} is a list: write ${quoted(`${key}[]`)} to keep that value of every entry`);
		return false;
	}
	if (!isObject(value)) {
		report(`${quoted(at)} is ${kindOf(value)}, which has no key ${quoted(rest[0].key)}`);
		return false;
	}
	const kept = ownValue(target, key);
	const nested = isObject(kept) ? kept : {};
	if (!pickPath(value, rest, nested, at, report)) return isObject(kept);
	putOwn(target, key, nested);
	return true;
}

/**
 * The object with only the given key paths (those it has). A path that meets something it cannot go through
 * is left out and, when `report` is given, reported with the path as written (e.g. for an execution hint).
 */
export function simplify(entry: IDataObject, fields: readonly string[], report?: (field: string, problem: string) => void): IDataObject {
	const result: IDataObject = {};
	for (const field of fields) pickPath(entry, stepsOf(field), result, '', (problem) => report?.(field, problem));
	return result;
}

/**
 * The Selected Fields paths a run could not follow, one hint per path however many list entries or items met it
 * (the first problem, and how many more places): a path through 5,000 entries is one hint, not 5,000.
 */
export class UnfollowedPaths {
	private readonly paths = new Map<string, { problem: string; more: number }>();

	readonly report = (field: string, problem: string): void => {
		const known = this.paths.get(field);
		if (known) known.more++;
		else this.paths.set(field, { problem, more: 0 });
	};

	messages(): string[] {
		return [...this.paths].map(
			([field, { problem, more }]) =>
				`Fields: ${quoted(field)} was left out where it cannot be followed: ${problem}${more > 0 ? ` (and in ${more} more ${more === 1 ? 'place' : 'places'})` : ''}`,
		);
	}
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
