import type { IDataObject, INodeProperties } from 'n8n-workflow';
import {
	enumProperty,
	jsonBodyProperties,
	periodProperties,
	readSwitchedGroups,
	readTypedSettings,
	readTypeWithPeriod,
	type JsonBodyField,
	type PeriodUnits,
	type TypeWithPeriod,
} from '../../shared/fields';
import { fail, requireIntegerInRange, requireOption } from '../../shared/validate';
import type { ParamReader } from '../types';

export const CARD_DEFINITION_ID = /^lcdef_[a-f0-9]+$/;

const ROLLING_PERIOD: PeriodUnits = { DAY: 90, MONTH: 12, YEAR: 5 };
/** Pending periods (and sliding expiration and cancel periods) last at most a year. */
const SHORT_PERIOD: PeriodUnits = { DAY: 90, MONTH: 12, YEAR: 1 };
const UNITS = ['DAY', 'MONTH', 'YEAR'];

const POINTS_EXPIRATION = {
	types: { NO_EXPIRATION: null, ROLLING_EXPIRATION: 'rolling_expiration', CALENDAR_EXPIRATION: 'calendar_expiration', SLIDING_EXPIRATION: 'sliding_expiration' },
	seedModes: { rolling_expiration: 'ROLLING_EXPIRATION', calendar_expiration: 'CALENDAR_EXPIRATION', sliding_expiration: 'SLIDING_EXPIRATION' },
	units: UNITS,
};
const PENDING_POINTS = {
	types: { IMMEDIATE: null, PERIOD_BASED: 'period_based', FIXED_DATES: 'fixed_dates', EVENT_BASED: 'event_based' },
	seedModes: { period_based: 'PERIOD_BASED', fixed_dates: 'FIXED_DATES', event_based: 'EVENT_BASED' },
	units: UNITS,
};
const LIMITS = { global: { off: 'NO_LIMIT', on: 'LIMITED', list: 'limits' }, transactions: { off: 'NO_LIMIT', on: 'LIMITED', list: 'limits' } };
const REFUNDS = { spent_points: { off: 'NONE', on: 'REFUNDABLE', list: 'methods' }, earned_points: { off: 'NONE', on: 'REFUNDABLE', list: 'methods' } };

/** The card definition's object-valued settings, as JSON fields showing the shapes the service expects. */
export const JSON_FIELDS: JsonBodyField[] = [
	{
		name: 'codeConfig',
		key: 'code_config',
		displayName: 'Code Config (JSON)',
		description: 'How card codes are generated: each # of the pattern becomes a character of the charset.',
		shape: { pattern: 'LC-########', charset: '0123456789', prefix: '', postfix: '' },
		nullable: true,
	},
	{
		name: 'pointsExpiration',
		key: 'points_expiration',
		displayName: 'Points Expiration (JSON)',
		description:
			'The whole points expiration object, instead of Points Expiration Type, e.g. for calendar dates or a sliding expiration ({"type": "SLIDING_EXPIRATION", "sliding_expiration": {"period": {"value": 6, "unit": "MONTH"}, "earning_activity": true, "spending_activity": true}}). Its type is NO_EXPIRATION, ROLLING_EXPIRATION, CALENDAR_EXPIRATION or SLIDING_EXPIRATION, with the settings object of that type. The older shape without type is translated when it has one mode.',
		shape: { type: 'CALENDAR_EXPIRATION', calendar_expiration: { expiration_dates: [{ day: 31, month: 12 }] } },
		nullable: true,
		check: (params, field, value) => readTypedSettings(params, field, value, POINTS_EXPIRATION),
	},
	{
		name: 'pendingPoints',
		key: 'pending_points',
		displayName: 'Pending Points (JSON)',
		description:
			'The whole pending points object, instead of Pending Points Type, e.g. for fixed dates or activation by custom events (event_types are custom event schema IDs, ms_…). Its type is IMMEDIATE, PERIOD_BASED, FIXED_DATES or EVENT_BASED, with the settings object of that type. The older shape without type is translated when it has one mode.',
		shape: { type: 'EVENT_BASED', event_based: { event_types: ['ms_...'], cancel_period: { value: 30, unit: 'DAY' } } },
		nullable: true,
		check: (params, field, value) => readTypedSettings(params, field, value, PENDING_POINTS),
	},
	{
		name: 'earningLimits',
		key: 'earning_limits',
		displayName: 'Earning Limits (JSON)',
		description:
			'Caps on the points a card earns: global (one BALANCE_BASED or TIME_BASED limit) and per transaction (POINTS and SPENDING limits), each with type NO_LIMIT or LIMITED.',
		shape: {
			global: { type: 'LIMITED', limits: [{ type: 'BALANCE_BASED', max: 10000 }] },
			transactions: { type: 'LIMITED', limits: [{ type: 'POINTS', max: 500 }, { type: 'SPENDING', min_amount: 1000 }] },
		},
		nullable: true,
		check: (params, field, value) => readSwitchedGroups(params, field, value, LIMITS),
	},
	{
		name: 'spendingLimits',
		key: 'spending_limits',
		displayName: 'Spending Limits (JSON)',
		description:
			'Caps on the points a card spends: global (one SPENDING_BASED or TIME_BASED limit) and per transaction (one POINTS limit), each with type NO_LIMIT or LIMITED.',
		shape: {
			global: { type: 'LIMITED', limits: [{ type: 'TIME_BASED', period: { type: 'CURRENT_PERIOD', current_period: { unit: 'MONTH' } }, points: { max: 5000 } }] },
			transactions: { type: 'LIMITED', limits: [{ type: 'POINTS', max: 500 }] },
		},
		nullable: true,
		check: (params, field, value) => readSwitchedGroups(params, field, value, LIMITS),
	},
	{
		name: 'refunds',
		key: 'refunds',
		displayName: 'Refunds (JSON)',
		description:
			'What a refunded order does to the points spent on it and earned with it: each has type NONE or REFUNDABLE with one method (RETURN_POINTS; REVOKE_FROM_BALANCE or REVOKE_FROM_PENDING).',
		shape: {
			spent_points: { type: 'REFUNDABLE', methods: [{ type: 'RETURN_POINTS', mode: 'REFUND_ALL' }] },
			earned_points: { type: 'REFUNDABLE', methods: [{ type: 'REVOKE_FROM_BALANCE', mode: 'REVOKE_TO_ZERO' }] },
		},
		nullable: true,
		check: (params, field, value) => readSwitchedGroups(params, field, value, REFUNDS),
	},
	{
		name: 'payWithPoints',
		key: 'pay_with_points',
		displayName: 'Pay With Points (JSON)',
		description: 'Whether points can pay for orders: type NO_PAYMENTS, or EXCHANGE_RATIO with the formula that turns points into money.',
		shape: { type: 'EXCHANGE_RATIO', exchange_ratio: { formula: '0.01' } },
		nullable: true,
		check: (params, field, value) => readTypedSettings(params, field, value, { types: { NO_PAYMENTS: null, EXCHANGE_RATIO: 'exchange_ratio' } }),
	},
];

const ROUNDINGS: Record<string, string> = {
	END_OF_HALF_YEAR: 'End of Half Year',
	END_OF_MONTH: 'End of Month',
	END_OF_PARTICULAR_MONTH: 'End of Particular Month',
	END_OF_QUARTER: 'End of Quarter',
	END_OF_YEAR: 'End of Year',
};

/** Points Expiration Type and its period (Points Expiration (JSON) is the alternative). */
const POINTS_EXPIRATION_TYPE: TypeWithPeriod = {
	name: 'pointsExpirationType',
	label: 'Points Expiration Type',
	json: { name: 'pointsExpiration', label: 'Points Expiration (JSON)' },
	types: { NO_EXPIRATION: { label: 'No Expiration' }, ROLLING_EXPIRATION: { label: 'Rolling Expiration', key: 'rolling_expiration' } },
	period: { name: 'pointsExpirationPeriod', label: 'Points Expiration Period', units: ROLLING_PERIOD },
};

/** Pending Points Type and its period (Pending Points (JSON) is the alternative). */
const PENDING_POINTS_TYPE: TypeWithPeriod = {
	name: 'pendingPointsType',
	label: 'Pending Points Type',
	json: { name: 'pendingPoints', label: 'Pending Points (JSON)' },
	types: { IMMEDIATE: { label: 'Immediate' }, PERIOD_BASED: { label: 'Period Based', key: 'period_based' } },
	period: { name: 'pendingPointsPeriod', label: 'Pending Points Period', units: SHORT_PERIOD },
};

/** points_expiration from its type and period, with the rolling expiration's rounding. */
export function readPointsExpiration(params: ParamReader, fields: IDataObject): IDataObject | undefined {
	const { pointsExpirationRounding: rounding, pointsExpirationRoundingMonth: month } = fields;
	const roundingLabel = rounding !== undefined ? 'Points Expiration Rounding' : 'Points Expiration Rounding Month';
	const expiration = readTypeWithPeriod(params, fields, POINTS_EXPIRATION_TYPE);
	if (rounding === undefined && month === undefined) return expiration;
	if (!expiration) fail(params, 'Points Expiration Type', `is required with ${roundingLabel}`);
	if (expiration.type !== 'ROLLING_EXPIRATION') fail(params, roundingLabel, 'must not be set when Points Expiration Type is No Expiration');
	if (rounding === undefined) fail(params, 'Points Expiration Rounding', 'is required with Points Expiration Rounding Month');
	const type = requireOption(params, 'Points Expiration Rounding', rounding, Object.keys(ROUNDINGS));
	const rolling = expiration.rolling_expiration as IDataObject;
	if (type === 'END_OF_PARTICULAR_MONTH') {
		if (month === undefined) fail(params, 'Points Expiration Rounding Month', 'is required when Points Expiration Rounding is End of Particular Month');
		rolling.rounding = { type, value: requireIntegerInRange(params, 'Points Expiration Rounding Month', month, 1, 12) };
	} else {
		if (month !== undefined) fail(params, 'Points Expiration Rounding Month', 'is set only with End of Particular Month');
		rolling.rounding = { type };
	}
	return expiration;
}

/** The settings Create and Update type: the typed fields and the JSON ones, sorted into their collection by it. */
export const SETTINGS_PROPERTIES: INodeProperties[] = [
	{
		displayName: 'Allow Negative Balance',
		name: 'allowNegative',
		type: 'boolean',
		default: false,
		description: "Whether a card's points balance may go below zero. The service allows it only when points never expire.",
	},
	enumProperty(
		'pointsExpirationType',
		'Points Expiration Type',
		'When earned points expire. Rolling Expiration needs Points Expiration Period; for calendar dates or a sliding expiration, use Points Expiration (JSON).',
		{
			NO_EXPIRATION: ['No Expiration', 'Points never expire'],
			ROLLING_EXPIRATION: ['Rolling Expiration', 'Points expire Points Expiration Period after they were earned'],
		},
	),
	...periodProperties('pointsExpirationPeriod', 'Points Expiration Period', 'With Rolling Expiration: how long earned points last', ROLLING_PERIOD),
	enumProperty('pointsExpirationRounding', 'Points Expiration Rounding', 'With Rolling Expiration: move the expiry date to the end of a period', ROUNDINGS),
	{
		displayName: 'Points Expiration Rounding Month',
		name: 'pointsExpirationRoundingMonth',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 12, numberPrecision: 0 },
		default: 12,
		description: 'With rounding End of Particular Month: the month (1 to 12)',
	},
	enumProperty(
		'pendingPointsType',
		'Pending Points Type',
		'When earned points become usable. Period Based needs Pending Points Period; for fixed dates or activation by events, use Pending Points (JSON).',
		{
			IMMEDIATE: ['Immediate', 'Earned points are usable at once'],
			PERIOD_BASED: ['Period Based', 'Earned points wait Pending Points Period'],
		},
	),
	...periodProperties('pendingPointsPeriod', 'Pending Points Period', 'With Period Based: how long earned points stay pending', SHORT_PERIOD),
	...jsonBodyProperties(JSON_FIELDS),
];

/** points_expiration, pending_points and balance_settings from their typed fields (the JSON fields are read with JSON_FIELDS). */
export function readTypedSettingsFields(params: ParamReader, fields: IDataObject): IDataObject {
	return {
		points_expiration: readPointsExpiration(params, fields),
		pending_points: readTypeWithPeriod(params, fields, PENDING_POINTS_TYPE),
		balance_settings: fields.allowNegative === undefined ? undefined : { allow_negative: fields.allowNegative === true },
	};
}

/** The service allows a negative balance only when points never expire. */
export function checkAllowNegative(params: ParamReader, fields: IDataObject, body: IDataObject): void {
	const expiration = (body.points_expiration as IDataObject | null | undefined)?.type;
	if (fields.allowNegative === true && expiration !== undefined && expiration !== 'NO_EXPIRATION') {
		fail(params, 'Allow Negative Balance', 'can be on only when points never expire (Points Expiration Type No Expiration)');
	}
}
