import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { ParamReader } from '../actions/types';
import { customerLocator, customerRef } from './customerRef';
import { compact, metadataJsonProperty, metadataProperty, readMetadata } from './fields';
import { checkCallTotal, maxAmountPerCallProperty, maxPointsPerCallProperty, readBoundedAmount, readBoundedMinorUnits, readBoundedPoints } from './limits';
import { locatorProperty } from './locator';
import { fail, optionalId, parseJsonArray, parseJsonObject, requireId, requireIntegerInRange, requireScalarText, toMinorUnits } from './validate';

/**
 * What Validate (POST /v1/validations) and Redeem (POST /v1/redemptions) share: up to 30 redeemables (vouchers,
 * gift cards with the credits to use, loyalty cards with the reward, promotion tiers and stacks) and the
 * order, customer and metadata they are checked against. The credits and points given are bounded (Max Amount per
 * Call, Max Points per Call), in the list and in More Redeemables (JSON) alike.
 */

const MAX_REDEEMABLES = 30;

const REDEEMABLE_TYPES: Array<[label: string, value: string, object: string]> = [
	['Gift Card', 'giftCard', 'voucher'],
	['Loyalty Card', 'loyaltyCard', 'voucher'],
	['Promotion Stack', 'promotionStack', 'promotion_stack'],
	['Promotion Tier', 'promotionTier', 'promotion_tier'],
	['Voucher', 'voucher', 'voucher'],
];

const CODE_TYPES = ['voucher', 'giftCard', 'loyaltyCard'];

/** More Redeemables (JSON) as its placeholder shows it: the service's form of a redeemable. */
const REDEEMABLES_SHAPE = [
	{ object: 'voucher', id: 'SUMMER-2025' },
	{ object: 'voucher', id: 'GIFT-1', gift: { credits: 2500 } },
];

export const redeemablesProperty: INodeProperties = {
	displayName: 'Redeemables',
	name: 'redeemables',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true, sortable: true },
	placeholder: 'Add Redeemable',
	default: {},
	required: true,
	description: `The vouchers, cards and promotions to apply together (1 to ${MAX_REDEEMABLES}, each once)`,
	options: [
		{
			displayName: 'Redeemable',
			name: 'redeemable',
			values: [
				{
					displayName: 'Type',
					name: 'type',
					type: 'options',
					options: REDEEMABLE_TYPES.map(([name, value]) => ({ name, value })),
					default: 'voucher',
				},
				{
					...locatorProperty({
						name: 'code',
						displayName: 'Voucher',
						description: 'The voucher or card, by its code',
						noun: 'voucher',
						searchListMethod: 'searchVouchers',
						idPlaceholder: 'e.g. SUMMER-2025',
					}),
					displayOptions: { show: { type: CODE_TYPES } },
				},
				{
					displayName: 'Promotion ID',
					name: 'promotionId',
					type: 'string',
					default: '',
					placeholder: 'promo_… or stack_…',
					displayOptions: { show: { type: ['promotionTier', 'promotionStack'] } },
					description: 'The promotion tier or promotion stack',
				},
				{
					displayName: 'Credits',
					name: 'credits',
					type: 'number',
					typeOptions: { minValue: 0, numberPrecision: 2 },
					default: 0,
					displayOptions: { show: { type: ['giftCard'] } },
					description: "How much of the card to use, in the currency's main unit (sent ×100); 0 lets the service take what the order needs",
				},
				{
					...locatorProperty({
						name: 'reward',
						displayName: 'Reward',
						description: "The reward to get for the card's points; it must be offered in the card's campaign",
						noun: 'reward',
						searchListMethod: 'searchRewards',
						idPlaceholder: 'rew_…',
					}),
					displayOptions: { show: { type: ['loyaltyCard'] } },
				},
				{
					displayName: 'Points',
					name: 'points',
					type: 'number',
					typeOptions: { minValue: 0, numberPrecision: 0 },
					default: 0,
					displayOptions: { show: { type: ['loyaltyCard'] } },
					description: "Points to spend on a pay-with-points reward; 0 means the reward's own cost",
				},
			],
		},
	],
};

/** The bounds on the credits and points the redeemables are given; Validate checks what Redeem would send. */
export const REDEEMABLE_BOUNDS: INodeProperties[] = [maxAmountPerCallProperty, maxPointsPerCallProperty];

/** The fields of the redeemables that move money or points (OperationDefinition.bounded). */
export const BOUNDED_REDEEMABLES = { 'redeemables.redeemable.credits': 'amount', 'redeemables.redeemable.points': 'points' } as const;

/** The Additional Fields both operations offer. */
export const STACKABLE_OPTIONS: INodeProperties[] = [
	customerLocator('customer', 'The customer using the redeemables; a source ID the service does not know creates the customer', false),
	{
		displayName: 'Customer Fields (JSON)',
		name: 'customerJson',
		type: 'json',
		default: '{}',
		placeholder: '{ "name": "Jane Doe", "email": "jane@example.com", "metadata": { "tier": "gold" } }',
		description: 'More fields of the customer, for rules that check them; Customer always wins',
	},
	{
		displayName: 'Expand',
		name: 'expand',
		type: 'multiOptions',
		options: [
			{ name: 'Category', value: 'category', description: 'Each redeemable’s categories in full' },
			{ name: 'Order', value: 'order', description: 'The order with the discounts applied, in each redeemable' },
			{ name: 'Redeemable', value: 'redeemable', description: 'Each redeemable’s metadata and campaign' },
			{ name: 'Redemption', value: 'redemption', description: 'The redemption’s metadata' },
		],
		default: [],
		description: 'What to add to the answer (options.expand)',
	},
	metadataProperty,
	metadataJsonProperty,
	{
		displayName: 'More Redeemables (JSON)',
		name: 'redeemablesJson',
		type: 'json',
		default: '[]',
		placeholder: JSON.stringify(REDEEMABLES_SHAPE),
		description: `Redeemables added after those above, e.g. from an earlier node, in the service's form (a code key works in place of the ID key). Shape: ${JSON.stringify([{ object: 'voucher|promotion_tier|promotion_stack', id: 'voucher code or promotion ID' }])}.`,
	},
	{
		displayName: 'Order Amount',
		name: 'orderAmount',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 2 },
		default: 0,
		description: "The order's total before discounts, in the currency's main unit (sent ×100 as order.amount)",
	},
	{
		displayName: 'Order (JSON)',
		name: 'orderJson',
		type: 'json',
		default: '{}',
		placeholder: '{ "source_id": "ORD-1001", "items": [{ "product_id": "prod_…", "quantity": 2, "price": 1500 }] }',
		description: 'The order as the service takes it (items, source_id, metadata; amounts in hundredths); Order Amount, when set, wins',
	},
	{
		displayName: 'Session (JSON)',
		name: 'sessionJson',
		type: 'json',
		default: '{}',
		placeholder: '{ "type": "LOCK", "key": "checkout-42", "ttl": 10, "ttl_unit": "MINUTES" }',
		description: 'Locks the validated credits and discounts for a while, so a later redemption gets them. Shape: {"type": "LOCK", "key": "string", "ttl": 7, "ttl_unit": "DAYS"}.',
	},
	{
		displayName: 'Tracking ID',
		name: 'trackingId',
		type: 'string',
		default: '',
		description: "The customer's source ID, when no customer is given",
	},
];

const objectOf = (type: string) => REDEEMABLE_TYPES.find(([, value]) => value === type)?.[2];

/** One redeemable of the Redeemables list, as the service takes it. */
function readRedeemable(params: ParamReader, entry: IDataObject, position: number): IDataObject {
	const field = `Redeemables entry ${position}`;
	const type = String(entry.type ?? 'voucher');
	const object = objectOf(type);
	if (!object) fail(params, field, `has an unknown type "${type}"`);
	if (!CODE_TYPES.includes(type)) return { object, id: requireId(params, `${field}: Promotion ID`, entry.promotionId) };
	const redeemable: IDataObject = { object, id: requireId(params, `${field}: Voucher`, entry.code) };
	if (type === 'giftCard') {
		const credits = entry.credits === undefined ? 0 : readBoundedAmount(params, `${field}: Credits`, entry.credits);
		if (credits > 0) redeemable.gift = { credits };
	}
	if (type === 'loyaltyCard') {
		const reward = optionalId(params, `${field}: Reward`, entry.reward);
		const points = entry.points === undefined ? 0 : readBoundedPoints(params, `${field}: Points`, entry.points);
		if (reward || points > 0) redeemable.reward = compact({ id: reward, points: points > 0 ? points : undefined });
	}
	return redeemable;
}

/** The keys the contract's redeemables take (RedeemVoucher, RedeemGiftCard, RedeemLoyaltyCard, RedeemPromotionTier/Stack), and `code` for `id`. */
const JSON_REDEEMABLE_KEYS: Record<string, readonly string[]> = {
	entry: ['object', 'id', 'code', 'gift', 'reward'],
	gift: ['credits'],
	reward: ['id', 'points'],
};

/** A key of `value` the contract does not have there is refused: a `Gift`, a top-level `credits` or a nested one would go out unchecked. */
function onlyKnownKeys(params: ParamReader, field: string, value: IDataObject, allowed: readonly string[]): void {
	const unknown = Object.keys(value).find((key) => !allowed.includes(key));
	if (unknown !== undefined) fail(params, field, `has the key "${unknown}", which the service does not take there (it takes ${allowed.join(', ')})`);
}

/** The service's own gift (credits in hundredths) and reward (id, points) of a JSON redeemable: objects of the contract's keys, within the bounds. */
function checkJsonRedeemableValues(params: ParamReader, field: string, entry: IDataObject, object: string): void {
	onlyKnownKeys(params, field, entry, JSON_REDEEMABLE_KEYS.entry);
	for (const name of ['gift', 'reward'] as const) {
		const value = entry[name];
		if (value === undefined) continue;
		if (object !== 'voucher') fail(params, `${field}: ${name}`, `is taken only by a voucher (a gift card or loyalty card), not a ${object}`);
		if (value === null || typeof value !== 'object' || Array.isArray(value)) fail(params, `${field}: ${name}`, 'must be an object');
		onlyKnownKeys(params, `${field}: ${name}`, value as IDataObject, JSON_REDEEMABLE_KEYS[name]);
	}
	const gift = entry.gift as IDataObject | undefined;
	const reward = entry.reward as IDataObject | undefined;
	if (gift?.credits !== undefined) readBoundedMinorUnits(params, `${field}: gift.credits`, gift.credits);
	if (reward?.points !== undefined) readBoundedPoints(params, `${field}: reward.points`, reward.points);
	if (reward?.id !== undefined) requireId(params, `${field}: reward.id`, reward.id);
}

/** The redeemables: the list, then More Redeemables (JSON); 1 to 30, none twice. */
export function readRedeemables(params: ParamReader, fields: IDataObject): IDataObject[] {
	const entries = ((params.get<IDataObject>('redeemables', {}).redeemable ?? []) as IDataObject[]).map((entry, i) => readRedeemable(params, entry, i + 1));
	if (fields.redeemablesJson !== undefined) {
		parseJsonArray(params, 'More Redeemables (JSON)', fields.redeemablesJson).forEach((entry, i) => {
			if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) fail(params, 'More Redeemables (JSON)', `entry ${i + 1} must be an object`);
			const object = String(entry.object ?? '');
			if (!['voucher', 'promotion_tier', 'promotion_stack'].includes(object)) fail(params, 'More Redeemables (JSON)', `entry ${i + 1} needs an object of voucher, promotion_tier or promotion_stack`);
			const { code, ...rest } = entry;
			checkJsonRedeemableValues(params, `More Redeemables (JSON) entry ${i + 1}`, entry as IDataObject, object);
			entries.push({ ...rest, object, id: requireId(params, `More Redeemables (JSON) entry ${i + 1}`, entry.id ?? code) });
		});
	}
	if (entries.length === 0) fail(params, 'Redeemables', 'add at least one voucher, card or promotion');
	if (entries.length > MAX_REDEEMABLES) fail(params, 'Redeemables', `at most ${MAX_REDEEMABLES} at once (got ${entries.length})`);
	const seen = new Set<string>();
	for (const entry of entries) {
		const key = `${String(entry.object)}:${String(entry.id)}`;
		if (seen.has(key)) fail(params, 'Redeemables', `${String(entry.id)} is listed twice; each can be applied once`);
		seen.add(key);
	}
	return entries;
}

/** The contract's order statuses (OrderBase.status). */
export const ORDER_STATUSES = ['CREATED', 'PAID', 'CANCELED', 'FULFILLED'] as const;

/** Session (JSON), checked against the contract's Session: its key and ttl (its enums by JSON_FIELD_RULES). */
function checkSession(params: ParamReader, session: IDataObject): IDataObject {
	const field = 'Session (JSON)';
	if (session.key !== undefined) requireScalarText(params, `${field}: key`, session.key);
	if (session.ttl !== undefined) requireIntegerInRange(params, `${field}: ttl`, session.ttl, 1);
	return session;
}

/** Whether a validation's body takes a session lock: each request without a key takes a new one. */
export function takesLock(body: IDataObject): boolean {
	return (body.session as IDataObject | undefined)?.type === 'LOCK';
}

/** The order, customer, session and metadata of the body, from the Additional Fields. */
export function readStackableContext(params: ParamReader, fields: IDataObject): IDataObject {
	const json = (name: string, label: string) => (fields[name] === undefined ? {} : parseJsonObject(params, label, fields[name]));
	const order = fields.orderJson === undefined ? {} : parseJsonObject(params, 'Order (JSON)', fields.orderJson);
	if (fields.orderAmount !== undefined) order.amount = toMinorUnits(params, 'Order Amount', fields.orderAmount);
	const customerId = optionalId(params, 'Customer', fields.customer);
	const customerJson = json('customerJson', 'Customer Fields (JSON)');
	const customer = customerId ? { ...customerJson, ...customerRef(params, 'Customer', customerId) } : customerJson;
	const session = checkSession(params, json('sessionJson', 'Session (JSON)'));
	const expand = Array.isArray(fields.expand) ? (fields.expand as string[]) : [];
	return compact({
		order: Object.keys(order).length > 0 ? order : undefined,
		customer: Object.keys(customer).length > 0 ? customer : undefined,
		session: Object.keys(session).length > 0 ? session : undefined,
		tracking_id: fields.trackingId === undefined ? undefined : requireScalarText(params, 'Tracking ID', fields.trackingId).trim(),
		metadata: readMetadata(params, fields),
		options: expand.length > 0 ? { expand } : undefined,
	});
}

/** An order's amount in hundredths as the service reads it (its amount, else the sum of its items), or undefined when the request does not tell it. */
function orderAmountOf(order: IDataObject | undefined): number | undefined {
	if (order === undefined) return 0;
	const whole = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined);
	if (order.amount !== undefined) return whole(order.amount);
	if (order.items === undefined) return 0;
	if (!Array.isArray(order.items)) return undefined;
	let sum = 0;
	for (const item of order.items as unknown[]) {
		if (item === null || typeof item !== 'object') return undefined;
		const { amount, price, quantity } = item as IDataObject;
		const line = whole(amount) ?? (whole(price) === undefined ? undefined : (whole(price) as number) * (quantity === undefined ? 1 : (whole(quantity) ?? NaN)));
		if (line === undefined || Number.isNaN(line)) return undefined;
		sum += line;
	}
	return sum;
}

/**
 * What one call moves, summed over all its redeemables: the credits given (hundredths) and the points given, each
 * within its bound. A voucher given no credits (and no reward) may be a gift card, which pays what the order
 * needs (up to its balance): the order's amount then counts too, so it must be known from the request. Returns
 * the most money (hundredths) the call may take, what a customer's budget counts.
 */
function checkCallMoves(params: ParamReader, redeemables: IDataObject[], order: IDataObject | undefined): number {
	let credits = 0;
	let points = 0;
	let open = 0;
	for (const redeemable of redeemables) {
		if (redeemable.object !== 'voucher') continue;
		const gift = redeemable.gift as IDataObject | undefined;
		const reward = redeemable.reward as IDataObject | undefined;
		if (typeof gift?.credits === 'number' && gift.credits > 0) credits += gift.credits;
		else if (reward === undefined) open += 1;
		if (typeof reward?.points === 'number') points += reward.points;
	}
	checkCallTotal(params, 'Redeemables', 'points', points, `the points of ${redeemables.length} redeemables`, 'give fewer points,');
	const needed = open > 0 ? orderAmountOf(order) : 0;
	if (needed === undefined) {
		fail(params, 'Order (JSON)', 'needs an amount, or each item\'s amount or price, when a voucher is given no Credits: a gift card then pays what the order needs, and Max Amount per Call bounds it');
	}
	const what = [credits > 0 ? `credits ${(credits / 100).toFixed(2)}` : '', needed > 0 ? `the order's ${(needed / 100).toFixed(2)}, which a gift card given no Credits pays` : '']
		.filter(Boolean)
		.join(' and ');
	checkCallTotal(params, 'Redeemables', 'amount', credits + needed, what, open > 0 ? "give each gift card's Credits," : 'give less,');
	return credits + needed;
}

/** The whole body of a validation or redemption, within the bounds on what one call moves, and the most money (hundredths) it may take. */
export function readStackableCall(params: ParamReader): { body: IDataObject; amount: number } {
	const fields = params.get<IDataObject>('additionalFields', {});
	const redeemables = readRedeemables(params, fields);
	const context = readStackableContext(params, fields);
	const amount = checkCallMoves(params, redeemables, context.order as IDataObject | undefined);
	return { body: { redeemables, ...context }, amount };
}

/** The whole body of a validation or redemption, within the bounds on what one call moves. */
export function readStackableBody(params: ParamReader): IDataObject {
	return readStackableCall(params).body;
}
