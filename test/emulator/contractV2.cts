/**
 * The v2 loyalty request bodies of the published contract (loyalties-v2), as rules: required fields, enums,
 * patterns, bounds and the rules across fields. The seed's older shapes (SERVICE_API.md) are recognised by the
 * routes, which accept them unless the emulator runs with `acceptSeedShapes: false`.
 */
import { invalidPayload } from './errors.cjs';
import {
	anyObject, arr, bool, byType, calendarDate, int, isObject, Json, nullable, obj, period, Rule, str, switched, typed,
} from './validate.cjs';

export const CARD_DEFINITION_ID = /^lcdef_[a-f0-9]+$/;
export const TIER_STRUCTURE_ID = /^lts_[a-f0-9]+$/;
export const REWARD_ID = /^lrew_[a-f0-9]+$/;
/** Custom event schema ids, as the card definition's custom activities and pending-points events name them. */
const EVENT_SCHEMA_ID = /^ms_[a-zA-Z0-9]+/;

const UNITS = ['DAY', 'MONTH', 'YEAR'];
const anyLength = (units: readonly string[]) => Object.fromEntries(units.map((u) => [u, undefined]));
const name = str({ min: 1, max: 200 });

// Tier structures.

const cardDefinitionId = str({ pattern: CARD_DEFINITION_ID });

export const TIER_STRUCTURE_UPDATE: Rule = obj(
	{
		name,
		type: str({ enum: ['POINT_BALANCE', 'POINT_EARNED'] }),
		point_balance: nullable(obj({ card_definition_id: cardDefinitionId }, ['card_definition_id'])),
		point_earned: nullable(
			obj(
				{
					card_definition_id: cardDefinitionId,
					period: period({ DAY: 90, WEEK: 52, MONTH: 12, YEAR: 5 }),
					type: str({ enum: ['IMMEDIATELY', 'NEXT_TRACKING_PERIOD'] }),
				},
				['card_definition_id', 'period', 'type'],
			),
		),
		expiration: nullable(
			typed(
				{ NO_RETENTION: null, FIXED_DURATION: 'fixed_duration', CALENDAR_EXPIRATION: 'calendar_expiration', SLIDING_EXPIRATION: 'sliding_expiration' },
				{
					fixed_duration: obj({ period: period(anyLength(UNITS)) }, ['period']),
					calendar_expiration: obj({ calendar_dates: arr(calendarDate, { min: 1, max: 20 }) }, ['calendar_dates']),
					sliding_expiration: obj(
						{
							earning_activity: bool,
							spending_activity: bool,
							custom_activity: bool,
							custom_activity_types: arr(str({ min: 1 }), { max: 10, unique: true }),
							period: nullable(period(anyLength(UNITS))),
						},
						['period'],
					),
				},
			),
		),
		downgrade: nullable(
			obj(
				{
					type: str({ enum: ['MULTI_LEVEL', 'SINGLE_LEVEL', 'NO_DOWNGRADE'] }),
					grace_period: nullable(obj({ value: int({ min: 1 }), unit: str({ enum: UNITS }), round_up: bool }, ['value', 'unit'])),
				},
				['type'],
				(o, path) => {
					if (o.type === 'NO_DOWNGRADE' && o.grace_period !== undefined && o.grace_period !== null)
						throw invalidPayload(`Field ${path}.grace_period must be null or absent when ${path}.type is NO_DOWNGRADE`);
				},
			),
		),
		metadata: nullable(anyObject),
	},
	[],
	(o) => {
		// A given type needs its tracking settings, and the other type's must be null or absent.
		const [mine, other] = o.type === 'POINT_BALANCE' ? ['point_balance', 'point_earned'] : ['point_earned', 'point_balance'];
		if (o.type === undefined) return;
		if (!isObject(o[mine])) throw invalidPayload(`Field ${mine} is required when type is ${o.type}`);
		if (o[other] !== undefined && o[other] !== null) throw invalidPayload(`Field ${other} must be null or absent when type is ${o.type}`);
	},
);

// Card definitions.

const activationPeriod = period({ DAY: 90, MONTH: 12, YEAR: 1 });
const eventSchemaIds = (min: number) => arr(str({ pattern: EVENT_SCHEMA_ID }), { min, max: 10, unique: true });
const positive = int({ min: 1 });
const timePeriod = obj(
	{
		type: str({ enum: ['CURRENT_PERIOD'] }),
		current_period: nullable(obj({ unit: str({ enum: ['DAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR'] }) }, ['unit'])),
	},
	['type'],
	(o, path) => {
		if (!isObject(o.current_period)) throw invalidPayload(`Field ${path}.current_period is required when ${path}.type is CURRENT_PERIOD`);
	},
);
const timeBased = obj({ type: str(), period: timePeriod, points: obj({ max: positive }, ['max']) }, ['type', 'period', 'points']);
const typeAndMax = obj({ type: str(), max: positive }, ['type', 'max']);

/** The card definition update's fields; the route checks each in the current or the seed's shape. */
export const CARD_DEFINITION_UPDATE_FIELDS: Record<string, Rule> = {
	name: nullable(name),
	code_config: nullable(
		obj({ length: nullable(positive), charset: nullable(str()), prefix: nullable(str()), postfix: nullable(str()), pattern: nullable(str()) }),
	),
	points_expiration: nullable(
		typed(
			{ NO_EXPIRATION: null, ROLLING_EXPIRATION: 'rolling_expiration', CALENDAR_EXPIRATION: 'calendar_expiration', SLIDING_EXPIRATION: 'sliding_expiration' },
			{
				rolling_expiration: obj(
					{
						period: period({ DAY: 90, MONTH: 12, YEAR: 5 }),
						rounding: nullable(
							obj(
								{
									type: str({ enum: ['END_OF_MONTH', 'END_OF_QUARTER', 'END_OF_HALF_YEAR', 'END_OF_YEAR', 'END_OF_PARTICULAR_MONTH'] }),
									value: nullable(int({ min: 1, max: 12 })),
								},
								['type'],
								(o, path) => {
									const particular = o.type === 'END_OF_PARTICULAR_MONTH';
									const hasValue = o.value !== undefined && o.value !== null;
									if (particular && !hasValue) throw invalidPayload(`Field ${path}.value (a month, 1 to 12) is required when ${path}.type is END_OF_PARTICULAR_MONTH`);
									if (!particular && hasValue) throw invalidPayload(`Field ${path}.value must be null or absent when ${path}.type is ${o.type}`);
								},
							),
						),
					},
					['period'],
				),
				calendar_expiration: obj({ expiration_dates: arr(calendarDate, { min: 1, max: 20 }) }, ['expiration_dates']),
				sliding_expiration: obj(
					{
						earning_activity: bool,
						spending_activity: bool,
						custom_activity: bool,
						custom_activity_types: nullable(eventSchemaIds(0)),
						period: activationPeriod,
					},
					['period'],
					(o, path) => {
						if (o.earning_activity !== true && o.spending_activity !== true && o.custom_activity !== true)
							throw invalidPayload(`Field ${path}: one of earning_activity, spending_activity or custom_activity must be true`);
						const types = (o.custom_activity_types ?? []) as unknown[];
						if (o.custom_activity === true && types.length === 0)
							throw invalidPayload(`Field ${path}.custom_activity_types needs 1 to 10 custom event schema ids when custom_activity is true`);
					},
				),
			},
		),
	),
	pending_points: nullable(
		typed(
			{ IMMEDIATE: null, PERIOD_BASED: 'period_based', FIXED_DATES: 'fixed_dates', EVENT_BASED: 'event_based' },
			{
				period_based: obj({ period: activationPeriod }, ['period']),
				fixed_dates: obj({ dates: arr(calendarDate, { min: 1, max: 20 }) }, ['dates']),
				event_based: obj({ event_types: eventSchemaIds(1), cancel_period: activationPeriod }, ['event_types', 'cancel_period']),
			},
		),
	),
	earning_limits: nullable(
		obj(
			{
				global: switched('NO_LIMIT', 'LIMITED', 'limits', byType({ BALANCE_BASED: typeAndMax, TIME_BASED: timeBased }), { min: 1, max: 1 }),
				transactions: switched(
					'NO_LIMIT',
					'LIMITED',
					'limits',
					byType({ POINTS: typeAndMax, SPENDING: obj({ type: str(), min_amount: positive }, ['type', 'min_amount']) }),
					{ min: 1 },
				),
			},
			['global', 'transactions'],
			(o, path) => {
				const types = ((o.transactions as Json).limits as Json[] | null | undefined ?? []).map((l) => l.type);
				if (new Set(types).size !== types.length) throw invalidPayload(`Field ${path}.transactions.limits must not repeat a limit type`);
			},
		),
	),
	spending_limits: nullable(
		obj(
			{
				global: switched('NO_LIMIT', 'LIMITED', 'limits', byType({ SPENDING_BASED: typeAndMax, TIME_BASED: timeBased }), { min: 1, max: 1 }),
				transactions: switched('NO_LIMIT', 'LIMITED', 'limits', byType({ POINTS: typeAndMax }), { min: 1, max: 1 }),
			},
			['global', 'transactions'],
		),
	),
	refunds: nullable(
		obj(
			{
				spent_points: switched(
					'NONE',
					'REFUNDABLE',
					'methods',
					byType({ RETURN_POINTS: obj({ type: str(), mode: str({ enum: ['REFUND_ALL', 'REFUND_ITEM', 'REFUND_AMOUNT'] }) }, ['type', 'mode']) }),
					{ min: 1, max: 1 },
				),
				earned_points: switched(
					'NONE',
					'REFUNDABLE',
					'methods',
					byType({
						REVOKE_FROM_PENDING: obj({ type: str() }, ['type']),
						REVOKE_FROM_BALANCE: obj({ type: str(), mode: str({ enum: ['REVOKE_TO_ZERO', 'REVOKE_BELOW_ZERO'] }) }, ['type', 'mode']),
					}),
					{ min: 1, max: 1 },
				),
			},
			['spent_points', 'earned_points'],
		),
	),
	balance_settings: nullable(obj({ allow_negative: bool }, ['allow_negative'])),
	pay_with_points: nullable(
		byType({
			NO_PAYMENTS: obj({ type: str() }, ['type']),
			EXCHANGE_RATIO: obj(
				{
					type: str(),
					exchange_ratio: obj(
						{
							formula: (v, path) => {
								if (typeof v === 'number' && Number.isFinite(v)) return;
								str({ min: 1, max: 2000 })(v, path);
							},
						},
						['formula'],
					),
				},
				['type', 'exchange_ratio'],
			),
		}),
	),
	metadata: nullable(anyObject),
};

/**
 * Rules across a card definition's settings, checked on the result of an update (in the current shape): a negative
 * balance needs points that never expire, revoking below zero needs a negative balance, and revoking from pending
 * points needs pending points.
 */
export function checkCardDefinition(cd: Json): void {
	const type = (o: unknown) => (isObject(o) ? o.type : undefined);
	const allowNegative = isObject(cd.balance_settings) && cd.balance_settings.allow_negative === true;
	const expiration = type(cd.points_expiration);
	if (allowNegative && expiration !== undefined && expiration !== 'NO_EXPIRATION')
		throw invalidPayload(`Field balance_settings.allow_negative can be true only when points_expiration.type is NO_EXPIRATION (it is ${expiration})`);
	const earned = isObject(cd.refunds) && isObject(cd.refunds.earned_points) ? ((cd.refunds.earned_points.methods ?? []) as Json[]) : [];
	for (const method of earned) {
		if (method.mode === 'REVOKE_BELOW_ZERO' && !allowNegative)
			throw invalidPayload('Field refunds.earned_points.methods: REVOKE_BELOW_ZERO needs balance_settings.allow_negative true');
		const pending = type(cd.pending_points);
		if (method.type === 'REVOKE_FROM_PENDING' && (pending === undefined || pending === 'IMMEDIATE'))
			throw invalidPayload('Field refunds.earned_points.methods: REVOKE_FROM_PENDING needs pending points (pending_points.type PERIOD_BASED, FIXED_DATES or EVENT_BASED)');
	}
}

// Programs.

const dateTime: Rule = (v, path) => {
	if (typeof v !== 'string' || Number.isNaN(Date.parse(v))) throw invalidPayload(`Field ${path} must be an ISO 8601 date-time or null (got ${JSON.stringify(v)})`);
};

const validityHours = nullable(
	obj({ type: str({ enum: ['DAILY', 'ANY_TIME'] }), daily: nullable(arr(anyObject, { min: 1 })) }, ['type'], (o, path) => {
		if (o.type === 'DAILY' && !Array.isArray(o.daily)) throw invalidPayload(`Field ${path}.daily is required when ${path}.type is DAILY`);
		if (o.type === 'ANY_TIME' && o.daily !== undefined && o.daily !== null) throw invalidPayload(`Field ${path}.daily must be null or absent when ${path}.type is ANY_TIME`);
	}),
);

export const PROGRAM_UPDATE: Rule = obj({
	name,
	start_date: nullable(dateTime),
	end_date: nullable(dateTime),
	validity_hours: validityHours,
	metadata: nullable(anyObject),
});

export const EARNING_RULE_ID = /^lern_[a-f0-9]+$/;
/** Up to 10 assignments of one kind, each `{id}` matching the kind's pattern. */
const assignments = (pattern: RegExp) => nullable(arr(obj({ id: str({ pattern }) }, ['id']), { min: 1, max: 10 }));

/** The program create body: name required; status ACTIVE or DRAFT; the assignments made in the same request. */
export const PROGRAM_CREATE: Rule = obj(
	{
		name,
		start_date: nullable(dateTime),
		end_date: nullable(dateTime),
		validity_hours: validityHours,
		status: nullable(str({ enum: ['ACTIVE', 'DRAFT'] })),
		metadata: nullable(anyObject),
		card_definitions: assignments(CARD_DEFINITION_ID),
		earning_rules: assignments(EARNING_RULE_ID),
		rewards: nullable(arr((v, path) => REWARD_ASSIGN_ITEM(v, path), { min: 1, max: 10 })),
		tier_structures: assignments(TIER_STRUCTURE_ID),
	},
	['name'],
);

// Program rewards.

const rewardId = str({ pattern: REWARD_ID });

export const REWARD_STOCK: Rule = obj(
	{ type: str({ enum: ['UNLIMITED', 'LIMITED'] }), limited: nullable(obj({ quantity: int({ min: 0 }) }, ['quantity'])) },
	['type'],
	(o, path) => {
		if (o.type === 'UNLIMITED' && o.limited !== undefined) throw invalidPayload(`Field ${path}.limited must be absent when ${path}.type is UNLIMITED`);
		if (o.type === 'LIMITED' && !isObject(o.limited)) throw invalidPayload(`Field ${path}.limited is required when ${path}.type is LIMITED`);
	},
);

export const REWARD_ASSIGN_ITEM: Rule = obj({ id: rewardId, stock: REWARD_STOCK }, ['id', 'stock']);
export const REWARD_UNASSIGN_ITEM: Rule = obj({ id: rewardId }, ['id']);

/** The batch body; its entries are checked one by one by the route (current or seed shape). */
export const REWARD_BATCH: Rule = obj({ assign: nullable(arr(() => undefined, { max: 10 })), unassign: nullable(arr(() => undefined, { max: 10 })) });

// Program members.

export const MEMBER_ID = /^lmbr_[a-f0-9]+$/;
const CUSTOMER_ID = /^cust_[a-zA-Z0-9]+/;
const memberStatus = nullable(str({ enum: ['ACTIVE', 'INACTIVE'] }));

/**
 * The customer of a new member, as the contract's properties have it: customer_identification with its type and
 * the matching ID. The contract also lists a top-level `customer_id` as required (the older shape); the
 * emulator accepts either, not both.
 */
const customerIdentification = obj(
	{ type: str({ enum: ['customer_id', 'customer_source_id'] }), customer_id: str({ pattern: CUSTOMER_ID }), customer_source_id: str({ min: 1 }) },
	['type'],
	(o, path) => {
		const [own, other] = o.type === 'customer_id' ? ['customer_id', 'customer_source_id'] : ['customer_source_id', 'customer_id'];
		if (o[own] === undefined) throw invalidPayload(`Field ${path}.${own} is required when ${path}.type is ${o.type}`);
		if (o[other] !== undefined) throw invalidPayload(`Field ${path}.${other} must be absent when ${path}.type is ${o.type}`);
	},
);

/** One member entry (create, and each entry of a batch). */
export const MEMBER_CREATE: Rule = obj(
	{ customer_identification: customerIdentification, customer_id: str({ pattern: CUSTOMER_ID }), status: memberStatus, metadata: nullable(anyObject) },
	[],
	(o) => {
		const given = ['customer_identification', 'customer_id'].filter((k) => o[k] !== undefined);
		if (given.length !== 1) throw invalidPayload('Field customer_identification is required (or the older top-level customer_id), not both');
	},
);

/** Only metadata changes; null clears it. */
export const MEMBER_UPDATE: Rule = obj({ metadata: nullable(anyObject) }, ['metadata']);
