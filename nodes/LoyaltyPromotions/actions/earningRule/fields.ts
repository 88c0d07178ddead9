import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { CatalogueKind } from '../../shared/catalogue';
import { enumOptions, isSet, type JsonBodyField } from '../../shared/fields';
import { fail, parseJsonArray, requireDateTime, requireIntegerInRange, requireOption, requirePattern, requireText } from '../../shared/validate';
import { cardDefinitionOptions } from '../cardDefinition/search';
import type { ParamReader } from '../types';

export const EARNING_RULE: CatalogueKind = {
	noun: 'earning rule',
	plural: 'earning rules',
	label: 'Earning Rule',
	collection: '/v2/loyalties/earning-rules',
	idName: 'earningRuleId',
	pattern: /^lern_[a-f0-9]+$/,
	example: 'lern_0a1b2c',
	searchMethod: 'searchEarningRules',
	statuses: { ACTIVE: 'Active', DRAFT: 'Draft', INACTIVE: 'Inactive' },
	activities: { prefix: 'vl.earning_rule.', types: ['activated', 'assigned', 'created', 'deactivated', 'deleted', 'drafted', 'unassigned', 'updated'] },
};

/** What Simplify keeps of an earning rule. */
export const EARNING_RULE_SIMPLE_FIELDS = ['id', 'name', 'status', 'trigger', 'start_date', 'end_date', 'metadata', 'created_at', 'updated_at'];

/** Cooldown and frequency limits of the trigger, as the contract types them. */
export const TRIGGER_LIMITS: JsonBodyField = {
	name: 'triggerLimits',
	key: 'trigger_limits',
	displayName: 'Trigger Limits (JSON)',
	description:
		'How often the rule may fire for a customer: a cooldown ({"type": "NO_COOLDOWN"} or {"type": "FIXED_COOLDOWN", "fixed_cooldown": {"period": {"value": 1, "unit": "DAY"}}}) and a frequency ({"type": "NO_LIMIT"} or LIMITED with its limits)',
	shape: { cooldown: { type: 'FIXED_COOLDOWN', fixed_cooldown: { period: { value: 1, unit: 'DAY' } } }, frequency: { type: 'NO_LIMIT' } },
	nullable: true,
	check: (params, field, value) => {
		for (const part of ['cooldown', 'frequency']) {
			const entry = value[part] as IDataObject | undefined;
			if (entry === undefined || entry === null || typeof entry !== 'object' || Array.isArray(entry)) fail(params, field, `needs ${part} as an object with its type`);
		}
		requireOption(params, `${field} cooldown type`, (value.cooldown as IDataObject).type, ['NO_COOLDOWN', 'FIXED_COOLDOWN']);
		requireOption(params, `${field} frequency type`, (value.frequency as IDataObject).type, ['NO_LIMIT', 'LIMITED']);
		return value;
	},
};

/** One earning as the placeholder of Earnings (JSON) shows it: rules (optional) and effects. */
const EARNINGS_SHAPE = [{ name: 'Base points', effects: [{ type: 'POINTS_PROPORTIONAL', points_proportional: { calculation_type: 'PRE_DISCOUNT_ORDER_AMOUNT', order: { amount: { every: 100, value: 1 } }, card_definition_id: 'lcdef_...' } }] }];

const EFFECT_TYPES = ['POINTS', 'POINTS_PROPORTIONAL', 'BENEFIT'];

export const earningsJsonProperty: INodeProperties = {
	displayName: 'Earnings (JSON)',
	name: 'earningsJson',
	type: 'json',
	default: '[]',
	placeholder: JSON.stringify(EARNINGS_SHAPE),
	description: 'The earnings as the service takes them (1 or more, each with its effects and optional rules and tier rules), for what Earnings does not type: proportional points, rules, tier rules',
};

export const earningsProperty: INodeProperties = {
	displayName: 'Earnings',
	name: 'earnings',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Earning',
	default: {},
	description: 'What the rule gives each time it fires: fixed points on a card, or a benefit',
	options: [
		{
			displayName: 'Earning',
			name: 'earning',
			values: [
				{
					...cardDefinitionOptions('cardDefinitionId', 'The card definition the points go to (for Points)'),
					displayOptions: { show: { effect: ['POINTS'] } },
				},
				{ displayName: 'Benefit ID', name: 'benefitId', type: 'string', default: '', placeholder: 'lben_...', description: 'The benefit to give (for Benefit)', displayOptions: { show: { effect: ['BENEFIT'] } } },
				{
					displayName: 'Effect',
					name: 'effect',
					type: 'options',
					options: enumOptions({ BENEFIT: ['Benefit', 'Give a benefit'], POINTS: ['Points', 'Add a fixed number of points to a card'] }),
					default: 'POINTS',
					description: 'What the earning gives',
				},
				{ displayName: 'Name', name: 'name', type: 'string', default: '', description: "The earning's name (optional, at most 200 characters)" },
				{
					displayName: 'Points',
					name: 'points',
					type: 'number',
					typeOptions: { minValue: 0, numberPrecision: 0 },
					default: 0,
					description: 'Whole points to add (for Points)',
					displayOptions: { show: { effect: ['POINTS'] } },
				},
			],
		},
	],
};

/** The earnings of Earnings (typed) or Earnings (JSON), one of them; undefined when neither is set and not `required`. */
export function readEarnings(params: ParamReader, typed: IDataObject | undefined, json: unknown, required: boolean): IDataObject[] | undefined {
	const rows = ((typed?.earning ?? []) as IDataObject[]).map((row, index) => readEarning(params, row, `Earnings entry ${index + 1}`));
	const raw = json === undefined ? [] : parseJsonArray(params, 'Earnings (JSON)', json);
	if (rows.length && raw.length) fail(params, 'Earnings (JSON)', 'cannot be combined with Earnings: give the earnings one way');
	raw.forEach((entry, index) => {
		const effects = entry.effects;
		if (!Array.isArray(effects) || effects.length === 0) fail(params, `Earnings (JSON) entry ${index + 1}`, 'needs effects: a list of 1 or more');
		effects.forEach((effect, e) => requireOption(params, `Earnings (JSON) entry ${index + 1} effect ${e + 1} type`, (effect as IDataObject | null)?.type, EFFECT_TYPES));
	});
	const earnings = rows.length ? rows : raw;
	if (earnings.length === 0) {
		if (required) fail(params, 'Earnings', 'needs at least one earning (or Earnings (JSON))');
		return undefined;
	}
	return earnings;
}

function readEarning(params: ParamReader, row: IDataObject, label: string): IDataObject {
	const effect = requireOption(params, `${label} Effect`, row.effect ?? 'POINTS', ['POINTS', 'BENEFIT']);
	const name = isSet(row.name) ? requireText(params, `${label} Name`, row.name, { max: 200 }) : undefined;
	const body =
		effect === 'POINTS'
			? {
					type: 'POINTS',
					points: {
						value: requireIntegerInRange(params, `${label} Points`, row.points ?? 0, 0),
						card_definition_id: requirePattern(params, `${label} Card Definition`, row.cardDefinitionId, /^lcdef_[a-f0-9]+$/, 'lcdef_0a1b2c'),
					},
				}
			: { type: 'BENEFIT', benefit: { id: requirePattern(params, `${label} Benefit ID`, row.benefitId, /^lben_[a-f0-9]+$/, 'lben_0a1b2c') } };
	return { ...(name === undefined ? {} : { name }), effects: [body] };
}

/** Trigger events and the context each needs. */
export const TRIGGER_EVENTS = { 'customer.custom_event': 'Custom Event', 'customer.order.paid': 'Order Paid', 'customer.segment.entered': 'Segment Entered' };

export const triggerProperties: INodeProperties[] = [
	{
		displayName: 'Trigger',
		name: 'triggerEvent',
		type: 'options',
		required: true,
		options: [
			{ name: 'Custom Event', value: 'customer.custom_event', description: 'The customer sends a custom event of a schema' },
			{ name: 'Order Paid', value: 'customer.order.paid', description: "The customer's order is paid" },
			{ name: 'Segment Entered', value: 'customer.segment.entered', description: 'The customer enters a segment' },
		],
		default: 'customer.order.paid',
		description: 'What makes the rule give its earnings',
	},
	{
		displayName: 'Custom Event Schema ID',
		name: 'customEventSchemaId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'ms_...',
		description: 'The custom event schema whose events trigger the rule',
		displayOptions: { show: { triggerEvent: ['customer.custom_event'] } },
	},
	{
		displayName: 'Segment ID',
		name: 'segmentId',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'seg_...',
		description: 'The segment whose new customers trigger the rule',
		displayOptions: { show: { triggerEvent: ['customer.segment.entered'] } },
	},
];

/** The trigger of the Trigger fields: the event and, for a custom event or segment, its ID. */
export function readTrigger(params: ParamReader): IDataObject {
	const event = requireOption(params, 'Trigger', params.get('triggerEvent', 'customer.order.paid'), Object.keys(TRIGGER_EVENTS));
	if (event === 'customer.custom_event')
		return { event, custom_event: { schema_id: requirePattern(params, 'Custom Event Schema ID', params.get('customEventSchemaId', ''), /^ms_[a-zA-Z0-9]+$/, 'ms_0a1b2c') } };
	if (event === 'customer.segment.entered') return { event, segment: { id: requirePattern(params, 'Segment ID', params.get('segmentId', ''), /^seg_[a-zA-Z0-9]+$/, 'seg_0a1b2c') } };
	return { event };
}

/** Start and End Date of a collection, checked in order; undefined when not set. */
export function readDates(params: ParamReader, fields: IDataObject): { start_date?: string; end_date?: string } {
	const date = (value: unknown, label: string) => (isSet(value) ? requireDateTime(params, label, value) : undefined);
	const start = date(fields.startDate, 'Start Date');
	const end = date(fields.endDate, 'End Date');
	if (start && end && Date.parse(end) < Date.parse(start)) fail(params, 'End Date', 'must not be before Start Date');
	return { start_date: start, end_date: end };
}

/** The rule's error message as the body's error object; undefined when not set. */
export function readErrorMessage(params: ParamReader, fields: IDataObject): IDataObject | undefined {
	return isSet(fields.errorMessage) ? { message: requireText(params, 'Error Message', fields.errorMessage, { max: 200 }) } : undefined;
}

/** The optional fields create and update share: dates, error message, validity hours, trigger limits. */
export const RULE_OPTIONS: INodeProperties[] = [
	{ displayName: 'End Date', name: 'endDate', type: 'dateTime', default: '', description: 'When the rule stops giving earnings' },
	{ displayName: 'Error Message', name: 'errorMessage', type: 'string', default: '', description: "The message shown when the rule's conditions are not met (at most 200 characters)" },
	{ displayName: 'Start Date', name: 'startDate', type: 'dateTime', default: '', description: 'When the rule starts giving earnings' },
];
