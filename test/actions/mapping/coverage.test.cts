/**
 * Map Automatically covers the typed form: for every record operation, every typed parameter and every option of
 * its collections is either a field of the record or left out for a reason written here. A field the form offers
 * and the record forgets fails this test, as does a service name the record gives twice or a record path that
 * names nothing. A field the panel shows only for a controlling value (Amount Off) is a field of the record too:
 * it is read only while shown (shown.test.cts).
 */
import type { INodeProperties } from 'n8n-workflow';
import { BUDGETS, budgetWindowProperty } from '../../../nodes/LoyaltyPromotions/shared/budgets';
import { BOUNDS } from '../../../nodes/LoyaltyPromotions/shared/limits';
import { RESOURCES } from '../../../nodes/LoyaltyPromotions/actions/resources';
import { controllingParameters, looseName, recordFields } from '../../../nodes/LoyaltyPromotions/shared/mapping';

/** Parameters that set how the node behaves, not a field of the record the service keeps. */
const NODE_SETTINGS: Record<string, string> = {
	waitSeconds: 'how long the node waits for an asynchronous job',
	...Object.fromEntries(Object.values(BOUNDS).map(({ property }) => [property.name, 'a safety bound of the node, checked before sending'])),
	allowedChanges: 'a safety choice of the node (add, subtract or both), checked before sending',
	clearMetadata: 'how the node writes metadata (replace or merge), not a value of the record',
	force: 'Replace Existing: a query option of the request, not a field of the assignment',
	...Object.fromEntries([...Object.values(BUDGETS).map(({ property }) => property.name), budgetWindowProperty.name].map((name) => [name, "a budget of the node, checked against the service's history before sending"])),
};

/**
 * Typed options left out of every record that offers them, by parameter or option name, and why. Each names a part
 * of the request that no one flat input key can name honestly; the JSON or typed alternative that is mapped says so.
 */
const NOT_RECORD_FIELDS: Record<string, string> = {
	// the metadata key maps Metadata (JSON): the same service field, one object
	metadata: 'Metadata key/value pairs: the record\'s metadata key (Metadata (JSON)) sets the same service field',
	metadataJson: 'the record maps metadata through the key/value pairs, the same service field',
	holderMetadata: 'the referral holder\'s metadata, a second metadata object the record\'s metadata key cannot also name',
	// parts of nested objects, each built from several typed values or named like other fields
	redemptionLimit: 'redemption.quantity: a nested object, named quantity like other counts',
	validityDays: 'validity_day_of_week: built with Validity Hours into one schedule',
	validityHours: 'validity_hours: daily windows built from several typed values',
	validityTimeframe: 'validity_timeframe: an object built from two typed values',
	codeConfig: 'code_config: an object of several typed values',
	errorMessage: 'error.message: a nested object, named message like no other field',
	// JSON alternatives of typed fields: they replace what the typed fields build
	discountJson: 'the whole discount object, an alternative to the discount fields the record maps',
	earningsJson: 'the whole earning object, an alternative to Earnings',
	costsJson: 'the whole cost list, an alternative to Costs',
	customerJson: 'the whole customer object, an alternative to the customer the record names',
	// lists of objects: the typed form gives them as repeated groups
	items: 'the order\'s items, a list of objects',
	earnings: 'a list of objects (the points per rule)',
	costs: 'a list of objects (a cost per card definition)',
	products: 'a list of objects (products and SKUs)',
	tierIds: 'a list of promotion tier IDs the stack orders',
};

/**
 * Options left out of one operation's record only, by operation and name, and why: fields not mapped yet, each
 * with the nested or shared service name that keeps it out.
 */
const NOT_MAPPED_HERE: Record<string, Record<string, string>> = {
	'area.create': { otherFields: "the rest of an area's body, which the service has not published: the item's other keys are not guessed into it" },
	'segment.create': { customerIds: "customers: an array in the service, a comma-separated text in the form" },
	'cardDefinition.create': Object.fromEntries(
		['pendingPointsPeriod', 'pendingPointsPeriodUnit', 'pendingPointsType', 'pointsExpirationPeriod', 'pointsExpirationPeriodUnit', 'pointsExpirationRounding', 'pointsExpirationRoundingMonth', 'pointsExpirationType'].map((name) => [
			name,
			'a typed part of the pending points or points expiration object, which the record maps whole (its JSON field)',
		]),
	),
	'tierStructure.create': Object.fromEntries(
		['cardDefinitionId', 'gracePeriod', 'gracePeriodRoundUp', 'gracePeriodUnit', 'downgradeType', 'expiration', 'expirationPeriod', 'expirationPeriodUnit', 'expirationType'].map((name) => [
			name,
			'nested in the tracking, expiration or downgrade object, whose type and period names the other objects share',
		]),
	),
	'tierStructure.createTier': Object.fromEntries(
		['minPoints', 'maxPoints', 'downgradeType'].map((name) => [name, 'nested in the qualification or downgrade object, built with its type']),
	),
	// not yet record fields: each is one object of the request, typed once for all items
	'earningRule.create': { triggerLimits: "trigger_limits: the rule's cooldown and frequency, one JSON object" },
	'benefit.create': Object.fromEntries(['stockQuantity', 'unlimitedStock'].map((name) => [name, "stock: one object built from both (a quantity, or unlimited)"])),
	'loyaltyReward.create': {
		refundable: 'refunds: an object whose type the form sets from a yes or no',
	},
};

/** The operation's typed fields as the record names their paths: top-level parameters and collection options. */
function typedFields(properties: INodeProperties[]): Array<{ path: string; property: INodeProperties }> {
	return properties.flatMap((property) => {
		if (property.type === 'notice' || property.type === 'hidden') return [];
		if (property.type === 'collection') {
			return ((property.options ?? []) as INodeProperties[]).map((option) => ({ path: `${property.name}.${option.name}`, property: option }));
		}
		return [{ path: property.name, property }];
	});
}

const RECORD_OPERATIONS = RESOURCES.flatMap((resource) =>
	resource.operations.filter((operation) => operation.record).map((operation) => ({ key: `${resource.value}.${operation.value}`, operation })),
);

/** Whether the panel shows `property` only for a controlling parameter's value (Amount Off for a discount type). */
function shownByControlling(property: INodeProperties, controlling: Set<string>): boolean {
	const { show = {}, hide = {} } = property.displayOptions ?? {};
	return [...Object.keys(show), ...Object.keys(hide)].some((key) => controlling.has(key.replace(/^\//, '')));
}

/** Why a typed field is not in the record, or undefined when nothing excuses it. */
function reasonLeftOut(key: string, path: string, property: INodeProperties, controlling: Set<string>): string | undefined {
	const name = path.split('.').pop() ?? path;
	if (NODE_SETTINGS[name]) return NODE_SETTINGS[name];
	if (property.type === 'resourceLocator') return 'a record picked from a list, by URL or by ID: the locator mode is part of the value';
	if (!path.includes('.') && controlling.has(name)) return 'decides which fields the panel shows: it stays typed (the item may only repeat it)';
	if (!path.includes('.') && shownByControlling(property, controlling)) {
		return "shown only for a controlling field's value: the item cannot yet give it only when the panel shows it (a required one would be asked of every item)";
	}
	return NOT_MAPPED_HERE[key]?.[name] ?? NOT_RECORD_FIELDS[name];
}

describe('Map Automatically: every typed field is mappable', () => {
	it('covers record operations', () => {
		expect(RECORD_OPERATIONS.length).toBeGreaterThanOrEqual(50);
	});

	it.each(RECORD_OPERATIONS)('$key maps every typed field it offers, or says why not', ({ key, operation }) => {
		const mapped = new Set(Object.values(operation.record ?? {}));
		const controlling = new Set(controllingParameters(operation).keys());
		const forgotten = typedFields(operation.properties)
			.filter(({ path, property }) => !mapped.has(path) && reasonLeftOut(key, path, property, controlling) === undefined)
			.map(({ path }) => path);
		expect(forgotten).toEqual([]);
	});

	it.each(RECORD_OPERATIONS)('$key gives each service name and each typed field once, each naming a parameter', ({ operation }) => {
		const fields = recordFields(operation);
		const names = fields.map((field) => looseName(field.name));
		expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
		const paths = fields.map((field) => field.path);
		expect(paths.filter((path, index) => paths.indexOf(path) !== index)).toEqual([]);
	});

	it('lists no exclusion for a field an operation maps', () => {
		const mappedAndExcluded = RECORD_OPERATIONS.flatMap(({ key, operation }) =>
			Object.values(operation.record ?? {})
				.map((path) => path.split('.').pop() ?? path)
				.filter((name) => NOT_MAPPED_HERE[key]?.[name] !== undefined)
				.map((name) => `${key}: ${name}`),
		);
		expect(mappedAndExcluded).toEqual([]);
	});
});
