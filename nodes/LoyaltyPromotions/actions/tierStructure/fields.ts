import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { CatalogueKind } from '../../shared/catalogue';
import { enumProperty, jsonBodyProperties, periodProperties, readPeriod, readTypedSettings, type JsonBodyField, type PeriodUnits, type TypeWithPeriod } from '../../shared/fields';
import { fail, requireOption, requirePattern } from '../../shared/validate';
import { cardDefinitionOptions } from '../cardDefinition/search';
import type { ParamReader } from '../types';

/** Tier structures in the program catalogue (its locator is Tier Structure: Update keeps its ID field). */
export const TIER_STRUCTURE: CatalogueKind = {
	noun: 'tier structure',
	plural: 'tier structures',
	label: 'Tier Structure',
	collection: '/v2/loyalties/tier-structures',
	idName: 'tierStructure',
	pattern: /^lts_[a-f0-9]+$/,
	example: 'lts_0a1b2c',
	searchMethod: 'searchTierStructures',
	statuses: { ACTIVE: 'Active', DRAFT: 'Draft', INACTIVE: 'Inactive' },
	activities: {
		prefix: 'vl.tier_structure.',
		types: ['activated', 'assigned', 'created', 'deactivated', 'deleted', 'drafted', 'tier.created', 'tier.deleted', 'tier.updated', 'unassigned', 'updated'],
	},
	orders: [['Status', 'status'], ['Type', 'type']],
};

export const TIER_STRUCTURE_ID = /^lts_[a-f0-9]+$/;
export const CARD_DEFINITION_ID = /^lcdef_[a-f0-9]+$/;

export const TRACKING_PERIOD: PeriodUnits = { DAY: 90, WEEK: 52, MONTH: 12, YEAR: 5 };
export const DURATION: PeriodUnits = { DAY: undefined, MONTH: undefined, YEAR: undefined };

/** Expiration types and the settings object each uses. */
export const EXPIRATION = {
	types: { NO_RETENTION: null, FIXED_DURATION: 'fixed_duration', CALENDAR_EXPIRATION: 'calendar_expiration', SLIDING_EXPIRATION: 'sliding_expiration' },
	// The seed's rolling expiration is the service's fixed duration.
	seedModes: { rolling_expiration: 'FIXED_DURATION', calendar_expiration: 'CALENDAR_EXPIRATION', sliding_expiration: 'SLIDING_EXPIRATION' },
	units: Object.keys(DURATION),
};

const EXPIRATION_SHAPE = { type: 'CALENDAR_EXPIRATION', calendar_expiration: { calendar_dates: [{ day: 31, month: 12 }] } };
const SLIDING_SHAPE = {
	type: 'SLIDING_EXPIRATION',
	sliding_expiration: { period: { value: 6, unit: 'MONTH' }, earning_activity: true, spending_activity: true, custom_activity: false, custom_activity_types: [] },
};

export const JSON_FIELDS: JsonBodyField[] = [
	{
		name: 'expiration',
		key: 'expiration',
		displayName: 'Expiration (JSON)',
		description: `The whole expiration object, instead of Expiration Type, e.g. for calendar dates or a sliding expiration on chosen activities (${JSON.stringify(SLIDING_SHAPE)}). Its type is NO_RETENTION, FIXED_DURATION, CALENDAR_EXPIRATION or SLIDING_EXPIRATION, with the settings object of that type. The older shape without type is translated when it has one mode.`,
		shape: EXPIRATION_SHAPE,
		nullable: true,
		check: (params, field, value) => readTypedSettings(params, field, value, EXPIRATION),
	},
];

const POINT_EARNED_FIELDS = ['pointEarnedPeriod', 'pointEarnedPeriodUnit', 'pointEarnedTierChange'];
const TRACKING_FIELDS: Record<string, string> = {
	cardDefinitionId: 'Card Definition Name or ID',
	pointEarnedPeriod: 'Point Earned Period',
	pointEarnedPeriodUnit: 'Point Earned Period Unit',
	pointEarnedTierChange: 'Point Earned Tier Change',
};

/** type, point_balance and point_earned: the tracking settings of the type given, the other type's null. */
export function readTracking(params: ParamReader, fields: IDataObject): IDataObject {
	const setTracking = Object.keys(TRACKING_FIELDS).filter((name) => fields[name] !== undefined);
	if (fields.type === undefined) {
		if (setTracking.length > 0) fail(params, 'Type', `is required with ${TRACKING_FIELDS[setTracking[0]]}: the service changes the tracking settings of the type given`);
		return {};
	}
	const type = requireOption(params, 'Type', fields.type, ['POINT_BALANCE', 'POINT_EARNED']);
	if (fields.cardDefinitionId === undefined) fail(params, 'Card Definition Name or ID', 'is required when Type is set (the tracking settings name their card definition)');
	const cardDefinitionId = requirePattern(params, 'Card Definition Name or ID', fields.cardDefinitionId, CARD_DEFINITION_ID, 'lcdef_0a1b2c');
	if (type === 'POINT_BALANCE') {
		const extra = POINT_EARNED_FIELDS.find((name) => fields[name] !== undefined);
		if (extra) fail(params, TRACKING_FIELDS[extra], 'must not be set when Type is Point Balance');
		return { type, point_balance: { card_definition_id: cardDefinitionId }, point_earned: null };
	}
	if (fields.pointEarnedPeriod === undefined && fields.pointEarnedPeriodUnit === undefined) fail(params, 'Point Earned Period', 'is required when Type is Point Earned');
	const period = readPeriod(params, fields, 'pointEarnedPeriod', 'Point Earned Period', TRACKING_PERIOD);
	if (fields.pointEarnedTierChange === undefined) fail(params, 'Point Earned Tier Change', 'is required when Type is Point Earned');
	const tierChange = requireOption(params, 'Point Earned Tier Change', fields.pointEarnedTierChange, ['IMMEDIATELY', 'NEXT_TRACKING_PERIOD']);
	return { type, point_earned: { card_definition_id: cardDefinitionId, period, type: tierChange }, point_balance: null };
}

/** Expiration Type and its period (Expiration (JSON) is the alternative, read with the JSON fields). */
export const EXPIRATION_TYPE: TypeWithPeriod = {
	name: 'expirationType',
	label: 'Expiration Type',
	json: { name: 'expiration', label: 'Expiration (JSON)' },
	types: {
		NO_RETENTION: { label: 'No Retention' },
		FIXED_DURATION: { label: 'Fixed Duration', key: 'fixed_duration' },
		SLIDING_EXPIRATION: { label: 'Sliding Expiration', key: 'sliding_expiration' },
	},
	period: { name: 'expirationPeriod', label: 'Expiration Period', units: DURATION },
};

export function readDowngrade(params: ParamReader, fields: IDataObject): IDataObject | undefined {
	const graceSet = ['gracePeriod', 'gracePeriodUnit', 'gracePeriodRoundUp'].some((name) => fields[name] !== undefined);
	if (fields.downgradeType === undefined) {
		if (graceSet) fail(params, 'Downgrade Type', 'is required with Downgrade Grace Period');
		return undefined;
	}
	const grace = readPeriod(params, fields, 'gracePeriod', 'Downgrade Grace Period', DURATION);
	if (fields.gracePeriodRoundUp !== undefined && !grace) fail(params, 'Downgrade Grace Period', 'is required with Downgrade Grace Period Round Up');
	const type = requireOption(params, 'Downgrade Type', fields.downgradeType, ['MULTI_LEVEL', 'SINGLE_LEVEL', 'NO_DOWNGRADE']);
	if (!grace) return { type };
	if (type === 'NO_DOWNGRADE') fail(params, 'Downgrade Grace Period', 'must not be set when Downgrade Type is No Downgrade');
	if (fields.gracePeriodRoundUp !== undefined) grace.round_up = fields.gracePeriodRoundUp === true;
	return { type, grace_period: grace };
}

/** Type, its card definition and the Point Earned tracking settings. */
export const TRACKING_PROPERTIES: INodeProperties[] = [
	enumProperty('type', 'Type', 'What decides the tier. Needs Card Definition; Point Earned also needs its period, unit and tier change.', {
		POINT_BALANCE: ['Point Balance', "Tiers follow the card's current points balance"],
		POINT_EARNED: ['Point Earned', 'Tiers follow the points earned over a tracking period'],
	}),
	{
		...cardDefinitionOptions(
			'cardDefinitionId',
			'The card definition whose points decide the tier. Needs Type: it is sent inside point_balance or point_earned',
		),
	},
	...periodProperties('pointEarnedPeriod', 'Point Earned Period', 'With Type Point Earned: how long earned points count towards a tier', TRACKING_PERIOD),
	enumProperty('pointEarnedTierChange', 'Point Earned Tier Change', 'With Type Point Earned: when a tier reached by earning points takes effect', {
		IMMEDIATELY: 'Immediately',
		NEXT_TRACKING_PERIOD: 'Next Tracking Period',
	}),
];

/** Expiration Type, its period and Expiration (JSON). */
export const EXPIRATION_PROPERTIES: INodeProperties[] = [
	enumProperty(
		'expirationType',
		'Expiration Type',
		'How long a reached tier lasts. Fixed Duration and Sliding Expiration need Expiration Period; for calendar dates, or sliding on chosen activities, use Expiration (JSON).',
		{
			FIXED_DURATION: ['Fixed Duration', 'The tier lasts Expiration Period from when it was reached'],
			NO_RETENTION: ['No Retention', 'The tier is not kept once the points fall below it'],
			SLIDING_EXPIRATION: ['Sliding Expiration', 'The tier lasts Expiration Period from the last activity'],
		},
	),
	...periodProperties('expirationPeriod', 'Expiration Period', 'How long a tier lasts with Fixed Duration or Sliding Expiration', DURATION),
	...jsonBodyProperties(JSON_FIELDS),
];

/** Downgrade Type and its grace period. */
export const DOWNGRADE_PROPERTIES: INodeProperties[] = [
	enumProperty('downgradeType', 'Downgrade Type', 'How members move down when their tier expires', {
		MULTI_LEVEL: ['Multi Level', 'Members may drop several tiers at once'],
		NO_DOWNGRADE: ['No Downgrade', 'Members never move down'],
		SINGLE_LEVEL: ['Single Level', 'Members drop one tier at a time'],
	}),
	...periodProperties('gracePeriod', 'Downgrade Grace Period', 'How long a member keeps a tier after it expires, before moving down', DURATION),
	{
		displayName: 'Downgrade Grace Period Round Up',
		name: 'gracePeriodRoundUp',
		type: 'boolean',
		default: false,
		description: 'Whether the grace period ends at the end of its unit (e.g. the end of the month)',
	},
];
