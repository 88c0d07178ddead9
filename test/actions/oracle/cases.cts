import { NodeHelpers, type IDataObject, type INode, type INodeParameters, type INodeProperties, type INodePropertyOptions } from 'n8n-workflow';
import type { OperationDefinition, ResourceDefinition } from '../../../nodes/LoyaltyPromotions/actions/types';
import { BUDGETS } from '../../../nodes/LoyaltyPromotions/shared/budgets';
import { FIXTURES } from '../../emulator/index.cjs';
import { ACTION_NODE_TYPE, nodeTypeFor } from '../../harness/types.cjs';
import { MINIMAL, OPERATIONS } from '../minimal.cjs';
import { DEFAULT_MAX_AMOUNT_PER_CALL, DEFAULT_MAX_CARDS_PER_CALL, DEFAULT_MAX_POINTS_PER_CALL } from '../../../nodes/LoyaltyPromotions/shared/limits';

/**
 * The oracle's cases, generated from the operation catalogue: for each operation, its minimal parameters (the
 * values that make it send a request the emulator accepts, test/actions/minimal.cts) with every field of its
 * record filled in; and for each field other fields depend on (a controlling field: `type`, `source`…), one case
 * per value it offers, with the fields that value shows and requires filled in. Values come from each field's
 * type and name (FIELD_VALUES); an operation or a case that needs another value says so in CASE_VALUES.
 */

export interface OracleCase {
	/** 'resource.operation', with ' type=STATIC' for a controlling field's value. */
	name: string;
	key: string;
	resource: ResourceDefinition;
	operation: OperationDefinition;
	/** Version 3's typed parameters (resource and operation included). */
	parameters: INodeParameters;
}

/** Values for fields by name, where the type alone would give a value the field's rules refuse. */
const FIELD_VALUES: Record<string, unknown> = {
	// the bounds at their defaults, above the made-up points and amounts
	maxPointsPerCall: DEFAULT_MAX_POINTS_PER_CALL,
	maxAmountPerCall: DEFAULT_MAX_AMOUNT_PER_CALL,
	maxCardsPerCall: DEFAULT_MAX_CARDS_PER_CALL,
	// the budgets off, their default: a budget first reads the service's history, which is the budgets' tests' to prove
	...Object.fromEntries(Object.values(BUDGETS).map(({ property }) => [property.name, 0])),
	email: 'oracle@example.com',
	phone: '+48 600 000 000',
	imageUrl: 'https://example.com/oracle.png',
	currency: 'EUR',
	customerId: FIXTURES.customerId,
	customerSourceId: 'customer-1',
	referrerId: FIXTURES.customerId,
	validationRules: FIXTURES.validationRuleIds[0],
	activityDurationAfterPublishing: 'P24D',
	categoryName: 'Electronics',
	metadataJson: '{"oracle": "yes", "batch": 2}',
	itemsJson: JSON.stringify([{ product_id: FIXTURES.productId, quantity: 2, price: 500 }]),
	customerIds: FIXTURES.customerId,
	filter: '{"junction": "and", "name": {"conditions": {"$is": ["Oracle"]}}}',
	customEventSchemaId: FIXTURES.customEventSchemaIds[0],
	segmentId: FIXTURES.segmentIds[0],
	examineMemberId: FIXTURES.memberId,
	materialProductId: FIXTURES.productId,
	productId: FIXTURES.productId,
	skuId: FIXTURES.skuId,
	rewardId: FIXTURES.programRewardUnlimitedId,
	benefitId: FIXTURES.benefitId,
	cardDefinitionId: FIXTURES.cardDefinitionActive,
	materialSkuId: FIXTURES.skuId,
	promotionTierId: FIXTURES.promotionTierIds[0],
	pointsProportional: '{"calculation_type": "PRE_DISCOUNT_ORDER_AMOUNT", "order": {"amount": {"every": 100, "value": 1}}}',
};

/**
 * Optional fields (a field, or a collection's option, by name; 'prefix*' for all that start so) an operation's
 * cases leave empty: each rules out a field that is filled in, as the operation's checks say.
 */
const LEFT_OUT: Record<string, string[]> = {
	// the campaign's one code is for Type Standalone only; the made-up type is another
	'campaign.create': ['standaloneCode'],
	// a period and a rounding need Rolling Expiration or Period Based pending points; the made-up types are the first ones
	'cardDefinition.create': ['pointsExpiration*', 'pendingPoints*'],
	'cardDefinition.update': ['pointsExpiration*', 'pendingPoints*'],
	// one payment limit: the points' (the minimal parameters')
	'programMember.payOrderWithPoints': ['amountLimit'],
	// metadata or Clear Metadata: the metadata
	'programMember.update': ['clearMetadata'],
	// a stock is for material rewards only
	'reward.create': ['stock'],
	// the Point Earned settings are for Point Earned structures only; the fixture's is Point Balance
	'tierStructure.update': ['pointEarned*'],
	// a segment is for Points and Segment tiers only
	'tierStructure.updateTier': ['segmentId'],
};

/**
 * Values an operation (or one case of it, 'key field=value') needs beyond the generated ones: set after them.
 * `undefined` leaves a generated field out.
 */
const CASE_VALUES: Record<string, IDataObject> = {
	'sku.create': { additionalFields: { id: undefined } },
	'order.create': { additionalFields: { customerId: undefined, createdAt: undefined } },
	'order.update': { updateFields: { customerId: undefined } },
	'order.import': { additionalFields: { customerId: undefined } },
	// the settings objects (JSON fields the record maps), as the fixture's card definition and rewards hold them
	'cardDefinition.create': {
		additionalFields: {
			codeConfig: '{"pattern": "LC-########", "charset": "0123456789"}',
			earningLimits: '{"global": {"type": "NO_LIMIT"}, "transactions": {"type": "LIMITED", "limits": [{"type": "POINTS", "max": 500}]}}',
			spendingLimits: '{"global": {"type": "NO_LIMIT"}, "transactions": {"type": "LIMITED", "limits": [{"type": "POINTS", "max": 1000}]}}',
			refunds: '{"earned_points": {"type": "NONE"}, "spent_points": {"type": "REFUNDABLE", "methods": [{"type": "RETURN_POINTS", "mode": "REFUND_ALL"}]}}',
			payWithPoints: '{"type": "NO_PAYMENTS"}',
		},
	},
	'loyaltyReward.create': { additionalFields: { validityHours: '{"type": "ANY_TIME"}', purchaseLimits: '{"cooldown": {"type": "NO_COOLDOWN"}, "frequency": {"type": "NO_LIMIT"}}' } },
	'campaign.create campaignType=DISCOUNT_COUPONS': { amountOff: 5 },
	'benefit.create benefitType=DIGITAL': { digitalCampaignId: FIXTURES.discountCampaignId },
	'benefit.create digitalType=DISCOUNT_COUPONS': { digitalCampaignId: FIXTURES.discountCampaignId },
	'benefit.create digitalType=GIFT_VOUCHERS': { digitalCampaignId: FIXTURES.giftCampaignId, giftBalance: 25 },
	'loyaltyReward.create digitalType=DISCOUNT_COUPONS': { campaignId: FIXTURES.discountCampaignId },
	'loyaltyReward.create digitalType=GIFT_VOUCHERS': { campaignId: FIXTURES.giftCampaignId },
	'examine.rewards examineFor=customer': { customer: FIXTURES.customerId },
	'examine.earningRules examineFor=customer': { customer: FIXTURES.customerId },
	'publication.create source=voucher': { voucher: FIXTURES.discountCodes[0] },
	'publication.createViaGet source=voucher': { voucher: FIXTURES.discountCodes[0] },
	'reward.create type=CAMPAIGN': { campaignId: FIXTURES.giftCampaignId, campaignKind: 'GIFT_VOUCHERS', credit: 5 },
	'reward.create campaignKind=DISCOUNT_COUPONS': { campaignId: FIXTURES.discountCampaignId },
	'reward.create campaignKind=GIFT_VOUCHERS': { campaignId: FIXTURES.giftCampaignId },
	'reward.create campaignKind=LOYALTY_PROGRAM': { campaignId: FIXTURES.campaignId },
	'reward.create type=MATERIAL': { productId: FIXTURES.productId },
	'tierStructure.createTier qualificationType=POINTS_AND_SEGMENT': { segmentId: FIXTURES.segmentIds[0] },
};

/** Values an entry of a fixed collection needs in one case ('key collection.group.field=value'): set after the generated ones. */
const ENTRY_VALUES: Record<string, IDataObject> = {
	...Object.fromEntries(
		['validation.validate', 'redemption.redeem'].flatMap((key) => [
			[`${key} redeemables.redeemable.type=giftCard`, { code: FIXTURES.giftCode, credits: 5 }],
			[`${key} redeemables.redeemable.type=loyaltyCard`, { code: FIXTURES.memberEmpty, reward: FIXTURES.loyaltyRewardId, points: 0 }],
			[`${key} redeemables.redeemable.type=promotionStack`, { promotionId: FIXTURES.promotionStackId }],
			[`${key} redeemables.redeemable.type=promotionTier`, { promotionId: FIXTURES.promotionTierIds[0] }],
			[`${key} redeemables.redeemable.type=voucher`, { code: FIXTURES.percentCode }],
		]),
	),
	'programReward.batch assign.rewards.stockType=LIMITED': { rewardId: FIXTURES.v2RewardIds[5], stockQuantity: 100 },
	'programReward.batch assign.rewards.stockType=UNLIMITED': { rewardId: FIXTURES.v2RewardIds[5] },
	'productCollection.create products.item.object=product': { id: FIXTURES.productId },
	'productCollection.create products.item.object=sku': { id: FIXTURES.skuId, productId: FIXTURES.productId },
};

const description = nodeTypeFor(ACTION_NODE_TYPE, 3).description;
const node = (parameters: INodeParameters): INode => ({ id: 'o', name: 'Oracle', type: ACTION_NODE_TYPE, typeVersion: 3, position: [0, 0], parameters });

/** Whether `property` shows with these parameters (version 3's description, n8n's own rule). */
export function shown(parameters: INodeParameters, property: INodeProperties): boolean {
	const conditions = Object.entries(property.displayOptions?.show ?? {}).filter(([name]) => name !== 'resource' && name !== 'operation');
	const own = { ...property, displayOptions: { ...property.displayOptions, show: Object.fromEntries(conditions) } };
	return NodeHelpers.displayParameter(parameters, own, node(parameters), description);
}

const options = (property: INodeProperties) => ((property.options ?? []) as INodePropertyOptions[]).map((option) => option.value);

/** A value the field's rules accept, from its name and type; undefined when none can be made up. */
export function valueFor(property: INodeProperties): unknown {
	if (property.name in FIELD_VALUES) return FIELD_VALUES[property.name];
	const typeOptions = property.typeOptions ?? {};
	switch (property.type) {
		case 'string': {
			if (/date/i.test(property.name)) return '1990-02-03';
			if (/Url$/.test(property.name)) return 'https://example.com/oracle';
			const example = /^e\.g\. (.+)$/.exec(String(property.placeholder ?? ''))?.[1];
			return example && !example.includes('…') ? example : `Oracle ${property.displayName}`;
		}
		case 'number': {
			const min = typeof typeOptions.minValue === 'number' ? typeOptions.minValue : 1;
			const max = typeof typeOptions.maxValue === 'number' ? typeOptions.maxValue : Infinity;
			return Math.min(Math.max(min, 3), max);
		}
		case 'boolean':
			return !property.default;
		case 'options': {
			const values = options(property).filter((value) => value !== '');
			return values.includes(property.default as string) ? property.default : values[0];
		}
		case 'multiOptions':
			return options(property).slice(0, 1);
		case 'dateTime':
			if (typeOptions.dateOnly) return '1990-02-03';
			return /expir|end/i.test(property.name) ? '2026-12-31T00:00:00.000Z' : '2026-06-01T00:00:00.000Z';
		case 'json':
			return typeof property.default === 'string' && property.default.length > 2 ? property.default : '{"oracle": "yes"}';
		default:
			return undefined;
	}
}

/** Sets every value of `values` over `target` (one level into collections); undefined deletes. */
function assign(target: IDataObject, values: IDataObject): void {
	for (const [name, value] of Object.entries(values)) {
		if (value === undefined) delete target[name];
		else if (value && typeof value === 'object' && !Array.isArray(value) && !('__rl' in value) && target[name] && typeof target[name] === 'object') {
			target[name] = { ...(target[name] as IDataObject) };
			assign(target[name] as IDataObject, value as IDataObject);
		} else target[name] = value;
	}
}

/** The fields LEFT_OUT names for the operation of `parameters`. */
function leftOutOf(parameters: IDataObject): { has: (name: string) => boolean } {
	const patterns = LEFT_OUT[`${String(parameters.resource)}.${String(parameters.operation)}`] ?? [];
	return { has: (name: string) => patterns.some((pattern) => (pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern)) };
}

/** The operation's record fields, filled in where the minimal parameters leave them empty (LEFT_OUT's left out). */
function fillRecord(operation: OperationDefinition, parameters: IDataObject): void {
	const leftOut = leftOutOf(parameters);
	for (const path of Object.values(operation.record ?? {})) {
		const [top, option] = path.split('.');
		if (leftOut.has(option ?? top)) continue;
		const property = operation.properties.find((candidate) => candidate.name === top && shown(parameters as INodeParameters, candidate));
		if (!property) continue;
		if (option === undefined) {
			if (parameters[top] === undefined || parameters[top] === '') {
				const value = valueFor(property);
				if (value !== undefined) parameters[top] = value as IDataObject[string];
			}
			continue;
		}
		const field = ((property.options ?? []) as INodeProperties[]).find((candidate) => candidate.name === option);
		const collection = { ...((parameters[top] ?? {}) as IDataObject) };
		if (field && collection[option] === undefined) {
			const value = valueFor(field);
			if (value !== undefined) collection[option] = value as IDataObject[string];
		}
		parameters[top] = collection;
	}
}

/** Every required field shown with these parameters that has no value yet, filled in. */
function fillRequired(operation: OperationDefinition, parameters: IDataObject): void {
	for (const property of operation.properties) {
		if (!property.required || parameters[property.name] !== undefined || !shown(parameters as INodeParameters, property)) continue;
		const value = valueFor(property);
		if (value !== undefined) parameters[property.name] = value as IDataObject[string];
	}
}

/** The fields other fields of the operation depend on, with the values they offer. */
export function controllingFields(operation: OperationDefinition): INodeProperties[] {
	const dependedOn = new Set(operation.properties.flatMap((property) => Object.keys({ ...property.displayOptions?.show, ...property.displayOptions?.hide })));
	const seen = new Set<string>();
	return operation.properties.filter((property) => {
		if (!dependedOn.has(property.name) || seen.has(property.name) || !['options', 'boolean'].includes(property.type)) return false;
		seen.add(property.name);
		return true;
	});
}

/** A controlling field inside a fixed collection's group, e.g. a redeemable's `type`. */
interface EntryControl {
	collection: INodeProperties;
	group: { name: string; values: INodeProperties[] };
	field: INodeProperties;
}

const entryShown = (property: INodeProperties, entry: IDataObject) =>
	Object.entries(property.displayOptions?.show ?? {}).every(([name, values]) => (values as unknown[]).includes(entry[name])) &&
	!Object.entries(property.displayOptions?.hide ?? {}).some(([name, values]) => (values as unknown[]).includes(entry[name]));

/** The controlling fields inside the operation's fixed collections. */
export function entryControls(operation: OperationDefinition): EntryControl[] {
	return operation.properties
		.filter((property) => property.type === 'fixedCollection')
		.flatMap((collection) =>
			((collection.options ?? []) as Array<{ name: string; values: INodeProperties[] }>).flatMap((group) => {
				const dependedOn = new Set(group.values.flatMap((value) => Object.keys({ ...value.displayOptions?.show, ...value.displayOptions?.hide })));
				return group.values.filter((field) => dependedOn.has(field.name) && field.type === 'options').map((field) => ({ collection, group, field }));
			}),
		);
}

/** One entry of the group with its controlling field set: the fields it shows (and the required ones) filled in. */
function entryWith(control: EntryControl, value: unknown, minimal: IDataObject, name: string): IDataObject {
	const given = ((minimal[control.collection.name] as IDataObject | undefined)?.[control.group.name] ?? []) as IDataObject | IDataObject[];
	const entry: IDataObject = { ...(Array.isArray(given) ? given[0] : given), [control.field.name]: value as IDataObject[string] };
	for (const field of control.group.values) {
		if (entry[field.name] !== undefined || !entryShown(field, entry)) continue;
		if (!field.required && !field.displayOptions?.show?.[control.field.name]) continue;
		const generated = valueFor(field);
		if (generated !== undefined) entry[field.name] = generated as IDataObject[string];
	}
	Object.assign(entry, ENTRY_VALUES[name] ?? {});
	for (const field of control.group.values) if (!entryShown(field, entry)) delete entry[field.name];
	return entry;
}

/** The conditions under which `property` shows: the first value of each of its own show conditions. */
function conditionsFor(operation: OperationDefinition, property: INodeProperties): IDataObject {
	const show = Object.entries(property.displayOptions?.show ?? {}).filter(([name]) => operation.properties.some((candidate) => candidate.name === name));
	return Object.fromEntries(show.map(([name, values]) => [name, (values as unknown[])[0]])) as IDataObject;
}

/** The fields a controlling field's value shows (required or not), filled in where they have no value yet. */
function fillShownBy(operation: OperationDefinition, control: string | undefined, parameters: IDataObject): void {
	for (const property of operation.properties) {
		if (!control || !property.displayOptions?.show?.[control] || parameters[property.name] !== undefined) continue;
		if (!shown(parameters as INodeParameters, property)) continue;
		const value = valueFor(property);
		if (value !== undefined) parameters[property.name] = value as IDataObject[string];
	}
}

/**
 * Whether an optional field gets a made-up value: not IDs (each has its own pattern) nor JSON (each has its own
 * shape, and most stand for typed fields as an alternative), unless FIELD_VALUES names a value.
 */
const madeUp = (property: INodeProperties) =>
	property.name in FIELD_VALUES ||
	(['string', 'number', 'boolean', 'options', 'multiOptions', 'dateTime'].includes(property.type) && !/Ids?$/.test(property.name) && !property.typeOptions?.loadOptionsMethod);

/** The optional fields shown (collections' options included) that have no value yet, filled in where a value can be made up. */
function fillOptional(operation: OperationDefinition, parameters: IDataObject): void {
	const leftOut = leftOutOf(parameters);
	for (const property of operation.properties) {
		if (leftOut.has(property.name) || !shown(parameters as INodeParameters, property)) continue;
		if (property.type === 'collection') {
			const collection = { ...((parameters[property.name] ?? {}) as IDataObject) };
			for (const option of (property.options ?? []) as INodeProperties[]) {
				if (collection[option.name] !== undefined || leftOut.has(option.name) || !madeUp(option)) continue;
				const value = valueFor(option);
				if (value !== undefined) collection[option.name] = value as IDataObject[string];
			}
			parameters[property.name] = collection;
		} else if (parameters[property.name] === undefined && madeUp(property)) {
			const value = valueFor(property);
			if (value !== undefined) parameters[property.name] = value as IDataObject[string];
		}
	}
}

function caseOf(name: string, key: string, resource: ResourceDefinition, operation: OperationDefinition, given: IDataObject, control?: string): OracleCase {
	const parameters: IDataObject = { resource: resource.value, operation: operation.value, ...given };
	fillShownBy(operation, control, parameters);
	fillRequired(operation, parameters);
	fillRecord(operation, parameters);
	fillOptional(operation, parameters);
	assign(parameters, CASE_VALUES[key] ?? {});
	if (name !== key) assign(parameters, CASE_VALUES[name] ?? {});
	return { name, key, resource, operation, parameters: parameters as INodeParameters };
}

/**
 * Every operation's cases. `minimal` gives an operation's minimal parameters (with any fresh resource they name
 * made at the emulator), so that a case is generated when it is about to run.
 */
export function oracleCases(): Array<{ name: string; key: string; make(minimal: INodeParameters): OracleCase }> {
	return OPERATIONS.flatMap(({ key, resource, operation }) => {
		if (!MINIMAL[key]) throw new Error(`${key} has no minimal parameters (test/actions/minimal.cts)`);
		const controls = controllingFields(operation);
		const inEntries = entryControls(operation);
		if (controls.length === 0 && inEntries.length === 0) return [{ name: key, key, make: (minimal: INodeParameters) => caseOf(key, key, resource, operation, { ...minimal }) }];
		const topLevel = controls.flatMap((control) => {
			const values = control.type === 'boolean' ? [true, false] : options(control);
			return values.map((value) => {
				const name = `${key} ${control.name}=${String(value)}`;
				return { name, key, make: (minimal: INodeParameters) => caseOf(name, key, resource, operation, { ...minimal, ...conditionsFor(operation, control), [control.name]: value }, control.name) };
			});
		});
		const nested = inEntries.flatMap((control) =>
			options(control.field).map((value) => {
				const name = `${key} ${control.collection.name}.${control.group.name}.${control.field.name}=${String(value)}`;
				return {
					name,
					key,
					make: (minimal: INodeParameters) => {
						const entry = entryWith(control, value, minimal as IDataObject, name);
						const collection = { [control.group.name]: control.collection.typeOptions?.multipleValues ? [entry] : entry };
						return caseOf(name, key, resource, operation, { ...minimal, ...conditionsFor(operation, control.collection), [control.collection.name]: collection });
					},
				};
			}),
		);
		return [...topLevel, ...nested];
	});
}
