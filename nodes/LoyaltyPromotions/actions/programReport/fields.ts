import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { catalogueLocator } from '../../shared/catalogue';
import { enumOptions, filtersProperty, isSet } from '../../shared/fields';
import { locatorProperty } from '../../shared/locator';
import { DATE_ONLY, fail, requireDate, requireOption, requirePattern } from '../../shared/validate';
import { entriesOf } from '../../transport/paginate';
import { path } from '../../transport/request';
import { cardDefinitionOptions } from '../cardDefinition/search';
import { EARNING_RULE } from '../earningRule/fields';
import { readProgramId } from '../program/fields';
import { programLocator } from '../program/search';
import type { ItemOperation, OperationDefinition, ParamReader } from '../types';

/**
 * The Loyalty v2 reports (beta): a program's daily and summary (all-time) reports of earning rules, points
 * earnings, spending and tiers, and a member's daily reports of one card and one earning rule. Each answers
 * `{ object: 'report', data: [...] }` whole (no cursor, no page size): the node gives one item per entry, all of
 * them (a Limit would silently cut a date range short). Only the tiers summary takes `limit` (at most 100).
 */

/** One output item per entry of the report. */
const reportEntries = (response: IDataObject) => entriesOf(response);

// ---- Date range of the daily reports ----

/** The contract's resolutions and the longest range each allows. */
const RESOLUTIONS = {
	day: { label: 'Day', days: 90, rule: 'at most 90 days' },
	week: { label: 'Week', days: 84, rule: 'at most 12 weeks' },
	month: { label: 'Month', months: 12, rule: 'at most 12 months' },
	quarter: { label: 'Quarter', months: 12, rule: 'at most 4 quarters' },
} as const;
type Resolution = keyof typeof RESOLUTIONS;

/** Start Date, End Date and Resolution: required, at the top of every daily report. */
export const DATE_RANGE_PROPERTIES: INodeProperties[] = [
	{
		displayName: 'Start Date',
		name: 'startDate',
		type: 'dateTime',
		typeOptions: DATE_ONLY,
		required: true,
		default: '',
		description: 'The first day of the report (inclusive), sent as YYYY-MM-DD',
	},
	{
		displayName: 'End Date',
		name: 'endDate',
		type: 'dateTime',
		typeOptions: DATE_ONLY,
		required: true,
		default: '',
		description: 'The last day of the report, after Start Date, sent as YYYY-MM-DD. The range is at most 90 days for Day, 12 weeks for Week, 12 months for Month, 4 quarters for Quarter.',
	},
	{
		displayName: 'Resolution',
		name: 'resolution',
		type: 'options',
		required: true,
		options: enumOptions({
			day: ['Day', 'One entry per day (range: at most 90 days)'],
			month: ['Month', 'One entry per month (range: at most 12 months)'],
			quarter: ['Quarter', 'One entry per quarter (range: at most 4 quarters)'],
			week: ['Week', 'One entry per week (range: at most 12 weeks)'],
		}),
		default: 'day',
		description: 'The period each entry of the report adds up',
	},
];

const DAY_MS = 86_400_000;
const utc = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** The date `months` calendar months after `date` (the month's last day when it is shorter). */
function addMonths(date: string, months: number): number {
	const [year, month, day] = date.split('-').map(Number);
	const last = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
	return Date.UTC(year, month - 1 + months, Math.min(day, last));
}

/** The daily reports' query: start_date, end_date (after it) and resolution, the range within the resolution's limit. */
export function readDateRange(params: ParamReader): IDataObject {
	const start = requireDate(params, 'Start Date', params.get('startDate', ''));
	const end = requireDate(params, 'End Date', params.get('endDate', ''));
	const resolution = requireOption(params, 'Resolution', params.get('resolution', 'day'), Object.keys(RESOLUTIONS) as Resolution[]);
	if (utc(end) <= utc(start)) fail(params, 'End Date', `must be after Start Date (got ${start} to ${end})`);
	const limit = RESOLUTIONS[resolution];
	const within = 'days' in limit ? utc(end) - utc(start) <= limit.days * DAY_MS : utc(end) <= addMonths(start, limit.months);
	if (!within) fail(params, 'End Date', `must be ${limit.rule} after Start Date for Resolution ${limit.label} (got ${start} to ${end})`);
	return { start_date: start, end_date: end, resolution };
}

// ---- Filters ----

/** A filter of the reports: one ID, sent as filters[<field>][conditions][$is]. */
interface ReportFilter {
	property: INodeProperties;
	field: string;
	pattern: RegExp;
	example: string;
}

const FILTERS = {
	cardDefinition: {
		property: cardDefinitionOptions('cardDefinitionId', 'Only entries of this card definition'),
		field: 'card_definition_id',
		pattern: /^lcdef_[a-f0-9]+$/,
		example: 'lcdef_0a1b2c',
	},
	earningRule: {
		property: { ...catalogueLocator(EARNING_RULE), required: false, description: 'Only entries of this earning rule, picked from the list or given by ID (e.g. lern_0a1b2c)' },
		field: 'earning_rule_id',
		pattern: EARNING_RULE.pattern,
		example: EARNING_RULE.example,
	},
	tierStructure: {
		property: locatorProperty({
			name: 'tierStructureId',
			displayName: 'Tier Structure',
			description: 'Only entries of this tier structure, picked from the list or given by ID (e.g. lts_0a1b2c)',
			noun: 'tier structure',
			searchListMethod: 'searchTierStructures',
			idPlaceholder: 'lts_...',
			required: false,
		}),
		field: 'tier_structure_id',
		pattern: /^lts_[a-f0-9]+$/,
		example: 'lts_0a1b2c',
	},
	tier: {
		property: { displayName: 'Tier ID', name: 'tierId', type: 'string', default: '', placeholder: 'lt_...', description: 'Only entries of this tier of a tier structure (e.g. lt_0a1b2c)' },
		field: 'tier_id',
		pattern: /^lt_[a-f0-9]+$/,
		example: 'lt_0a1b2c',
	},
} satisfies Record<string, ReportFilter>;
type FilterName = keyof typeof FILTERS;

function filtersOf(names: readonly FilterName[]): { property: INodeProperties; read: (params: ParamReader) => IDataObject } {
	const chosen = names.map((name) => FILTERS[name] as ReportFilter);
	return {
		property: filtersProperty(chosen.map((filter) => filter.property)),
		read: (params) => {
			const values = params.get<IDataObject>('filters', {});
			const query: IDataObject = {};
			for (const filter of chosen) {
				const value = values[filter.property.name];
				const id = value !== null && typeof value === 'object' ? (value as IDataObject).value : value;
				if (!isSet(id)) continue;
				query[`filters[${filter.field}][conditions][$is]`] = requirePattern(params, filter.property.displayName, value, filter.pattern, filter.example);
			}
			return query;
		},
	};
}

// ---- The program reports ----

/** The four program reports: what they count, the path segment and the filters the contract gives them. */
const PROGRAM_REPORTS = {
	earningRules: { segment: 'earning-rules', label: 'Earning Rules', counts: 'earning rule evaluations (successes, and failures by reason)', filters: ['earningRule'] },
	pointsEarnings: { segment: 'points-earnings', label: 'Points Earnings', counts: 'points earned, per earning rule, earning item and card definition', filters: ['cardDefinition', 'earningRule'] },
	spending: { segment: 'spending', label: 'Spending', counts: 'points spent on rewards and order payments, per card definition', filters: ['cardDefinition'] },
	tiers: { segment: 'tiers', label: 'Tiers', counts: 'tier movements (joins, upgrades, downgrades, lefts, prolongations), per tier', filters: ['tier', 'tierStructure'] },
} as const satisfies Record<string, { segment: string; label: string; counts: string; filters: readonly FilterName[] }>;

/** The tiers summary's sort: by the entry's ID, as the contract offers it (default -id). */
const tiersOrder: INodeProperties = {
	displayName: 'Sort By',
	name: 'order',
	type: 'options',
	options: [
		{ name: 'ID, Ascending', value: 'id' },
		{ name: 'ID, Descending', value: '-id' },
	],
	default: '-id',
	description: 'The order of the entries',
};

/**
 * A program report operation: `daily` (a date range at a resolution) or `summary` (all time), with the report's
 * filters. Only the tiers summary is a list with Return All / Limit (`limit` at most 100, sorted by `order`);
 * the others answer their whole report.
 */
export function programReport(report: keyof typeof PROGRAM_REPORTS, kind: 'daily' | 'summary'): OperationDefinition {
	const spec = PROGRAM_REPORTS[report];
	const filters = filtersOf(spec.filters);
	const daily = kind === 'daily';
	const capped = report === 'tiers' && !daily;
	const value = `get${report[0].toUpperCase()}${report.slice(1)}${daily ? 'Daily' : 'Summary'}`;
	const operation: ItemOperation = {
		value,
		name: `Get ${spec.label} ${daily ? 'Daily Report' : 'Summary'}`,
		action: `Get the ${spec.label.toLowerCase()} ${daily ? 'daily report' : 'summary report'} of a program`,
		description: daily ? `The program's ${spec.counts}, per day, week, month or quarter of a date range` : `The program's ${spec.counts}, all time`,
		endpoint: `GET /v2/loyalties/programs/{programId}/reports/${spec.segment}/${kind}`,
		properties: [programLocator, ...(daily ? DATE_RANGE_PROPERTIES : []), ...(capped ? [tiersOrder] : []), filters.property],
		...(capped ? { list: { envelope: 'v2Cursor', pageSizeParam: 'limit', maxPageSize: 100, maxLimit: 100 } } : { output: reportEntries }),
		build: (params) => ({
			method: 'GET',
			path: `${path`/v2/loyalties/programs/${readProgramId(params)}`}/reports/${spec.segment}/${kind}`,
			query: {
				...(daily ? readDateRange(params) : {}),
				...(capped ? { order: requireOption(params, 'Sort By', params.get('order', '-id'), ['id', '-id']) } : {}),
				...filters.read(params),
			},
		}),
	};
	return operation;
}

/** A member's daily report (of a card, of an earning rule): the locators, then the date range. */
export function memberReport(spec: Omit<ItemOperation, 'build' | 'list' | 'output'> & { pathOf: (params: ParamReader) => string }): OperationDefinition {
	const { pathOf, ...operation } = spec;
	return {
		...operation,
		properties: [...operation.properties, ...DATE_RANGE_PROPERTIES],
		output: reportEntries,
		build: (params) => ({ method: 'GET', path: pathOf(params), query: readDateRange(params) }),
	};
}
