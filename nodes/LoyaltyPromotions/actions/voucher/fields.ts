import type { IDataObject, IDisplayOptions, INodeProperties } from 'n8n-workflow';
import { compact, metadataJsonProperty, metadataProperty, readJsonOption, readMetadata } from '../../shared/fields';
import { dateRange, orderOption, pagedList } from '../../shared/listFilters';
import { maxAmountPerCallProperty, maxPointsPerCallProperty } from '../../shared/limits';
import { locatorProperty } from '../../shared/locator';
import {
	fail,
	optionalId,
	parseJsonArray,
	parseJsonObject,
	requireDateTime,
	requireIdText,
	requireIntegerInRange,
	requireScalarText,
	toMinorUnits,
} from '../../shared/validate';
import { nestedAt } from '../../shared/mapping';
import type { ParamReader } from '../types';

/** What the voucher operations share: the voucher field, the category dropdown, the body fields and readers. */

/** The service lists at most 99 pages of vouchers. */
export const VOUCHER_LIST = pagedList(99);

/** A voucher (or gift card, or loyalty card), picked from the project's vouchers or given by code or ID. */
export function voucherLocator(name: string, description: string, displayName = 'Voucher'): INodeProperties {
	return locatorProperty({
		name,
		displayName,
		description,
		noun: 'voucher',
		searchListMethod: 'searchVouchers',
		idPlaceholder: 'Code, e.g. SUMMER-2025, or ID v_…',
	});
}

export const voucherProperty = voucherLocator('code', 'The voucher, by its code or ID');

/** The voucher's code or ID, named in errors as its field is labelled (Voucher, or Card where only cards apply). */
export function readVoucher(params: ParamReader, label = 'Voucher'): string {
	return params.id('code', label);
}

/** The category dropdown, loaded from the project's categories. */
export const categoryOption: INodeProperties = {
	displayName: 'Category Name or ID',
	name: 'category',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'loadCategories' },
	default: '',
	description: 'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
};

export function readCategory(params: ParamReader, fields: IDataObject): string | undefined {
	return optionalId(params, 'Category', fields.category);
}

export const codeConfigOption: INodeProperties = {
	displayName: 'Code Config (JSON)',
	name: 'codeConfig',
	type: 'json',
	default: '{}',
	placeholder: '{ "pattern": "SUMMER-####", "charset": "ABCDEFGHJKLMNPQRSTUVWXYZ23456789" }',
	description:
		'How generated codes look: pattern (# becomes a random character), length, charset, prefix, postfix. Shape: {"pattern": "string", "length": 8, "charset": "string", "prefix": "string", "postfix": "string"}.',
};

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Fields every voucher write accepts (Additional Fields on create, Update Fields on update). */
export const VOUCHER_BODY_OPTIONS: INodeProperties[] = [
	{
		displayName: 'Active',
		name: 'active',
		type: 'boolean',
		default: true,
		description: 'Whether the voucher can be used; a disabled voucher fails validation and redemption',
	},
	{
		displayName: 'Additional Info',
		name: 'additionalInfo',
		type: 'string',
		default: '',
		description: 'Free text kept with the voucher, e.g. where it was handed out',
	},
	categoryOption,
	{
		displayName: 'Expiration Date',
		name: 'expirationDate',
		type: 'dateTime',
		default: '',
		description: 'When the voucher stops working',
	},
	metadataProperty,
	metadataJsonProperty,
	{
		displayName: 'Start Date',
		name: 'startDate',
		type: 'dateTime',
		default: '',
		description: 'When the voucher starts working',
	},
	{
		displayName: 'Validity Days of Week',
		name: 'validityDays',
		type: 'multiOptions',
		options: DAYS.map((name, value) => ({ name, value })),
		default: [],
		description: 'The days of the week on which the voucher works; none chosen means every day',
	},
	{
		displayName: 'Validity Hours (JSON)',
		name: 'validityHours',
		type: 'json',
		default: '{}',
		placeholder: '{ "daily": [{ "start_time": "09:00", "expiration_time": "17:00", "days_of_week": [1, 2, 3, 4, 5] }] }',
		description: 'The hours of the day during which the voucher works. Shape: {"daily": [{"start_time": "HH:mm", "expiration_time": "HH:mm", "days_of_week": [0]}]}.',
	},
	{
		displayName: 'Validity Timeframe (JSON)',
		name: 'validityTimeframe',
		type: 'json',
		default: '{}',
		placeholder: '{ "interval": "P2D", "duration": "PT1H" }',
		description: 'A repeating window from the start date: every interval, for duration (ISO 8601 durations). Shape: {"interval": "P2D", "duration": "PT1H"}.',
	},
];

/** The body fields of VOUCHER_BODY_OPTIONS; what is left empty is left out. */
export function readVoucherBody(params: ParamReader, fields: IDataObject): IDataObject {
	const json = (name: string, label: string) => readJsonOption(params, fields, name, label);
	let days: number[] | undefined;
	if (fields.validityDays !== undefined) {
		if (!Array.isArray(fields.validityDays)) fail(params, 'Validity Days of Week', 'must be a list of days');
		days = (fields.validityDays as unknown[]).map((day) => requireIntegerInRange(params, 'Validity Days of Week', day, 0, 6));
	}
	return compact({
		active: fields.active === undefined ? undefined : fields.active === true,
		additional_info: fields.additionalInfo === undefined ? undefined : requireScalarText(params, 'Additional Info', fields.additionalInfo),
		category_id: readCategory(params, fields),
		start_date: fields.startDate ? requireDateTime(params, 'Start Date', fields.startDate) : undefined,
		expiration_date: fields.expirationDate ? requireDateTime(params, 'Expiration Date', fields.expirationDate) : undefined,
		metadata: readMetadata(params, fields),
		validity_day_of_week: days && days.length > 0 ? days : undefined,
		validity_hours: json('validityHours', 'Validity Hours (JSON)'),
		validity_timeframe: json('validityTimeframe', 'Validity Timeframe (JSON)'),
	});
}

/** Redemption Limit, an Additional Fields option of the voucher creates and imports. */
export const redemptionLimitOption: INodeProperties = {
	displayName: 'Redemption Limit',
	name: 'redemptionLimit',
	type: 'number',
	typeOptions: { minValue: 1, numberPrecision: 0 },
	default: 1,
	description: 'How many times the voucher can be redeemed; leave the field out for no limit',
};

// ---- Discounts ----

export const DISCOUNT_TYPES: Array<[label: string, value: string, description: string]> = [
	['Amount Off', 'AMOUNT', 'A fixed amount off the order, e.g. 10.00 off'],
	['Fixed Price', 'FIXED', 'The order costs a fixed amount'],
	['Percent Off', 'PERCENT', 'A percentage off the order, e.g. 20% off'],
	['Units Free', 'UNIT', 'A number of units of a product for free'],
];

type Show = NonNullable<IDisplayOptions['show']>;

/**
 * The discount fields of a discount voucher: the type, then the value that type needs; `types` the discount types
 * offered (the fields of those not offered are left out).
 */
export function discountProperties(show: Show, types = DISCOUNT_TYPES): INodeProperties[] {
	const within = (...values: string[]): IDisplayOptions => ({ show: { ...show, discountType: values } });
	const offered = new Set(types.map(([, value]) => value));
	const properties: INodeProperties[] = [
		{
			displayName: 'Discount Type',
			name: 'discountType',
			type: 'options',
			options: types.map(([name, value, description]) => ({ name, value, description })),
			default: 'AMOUNT',
			displayOptions: { show },
		},
		{
			displayName: 'Amount Off',
			name: 'amountOff',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 2 },
			default: 0,
			required: true,
			displayOptions: within('AMOUNT'),
			description: "The amount taken off, in the currency's main unit (10.50); sent ×100",
		},
		{
			displayName: 'Percent Off',
			name: 'percentOff',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 100 },
			default: 10,
			required: true,
			displayOptions: within('PERCENT'),
			description: 'The percentage taken off, 0 to 100',
		},
		{
			displayName: 'Fixed Amount',
			name: 'fixedAmount',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 2 },
			default: 0,
			required: true,
			displayOptions: within('FIXED'),
			description: "What the order costs with the voucher, in the currency's main unit; sent ×100",
		},
		{
			displayName: 'Units Off',
			name: 'unitOff',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: 1,
			required: true,
			displayOptions: within('UNIT'),
			description: 'How many units are free',
		},
		{
			displayName: 'Unit Product ID',
			name: 'unitType',
			type: 'string',
			default: '',
			required: true,
			displayOptions: within('UNIT'),
			description: 'The product (prod_… or SKU sku_…) whose units are free',
		},
	];
	return properties.filter((property) => property.name === 'discountType' || offered.has(String(property.displayOptions?.show?.discountType?.[0])));
}

/** The discount fields as a record's input keys: their names in the service's discount object. */
export const DISCOUNT_RECORD = { amount_off: 'amountOff', percent_off: 'percentOff', fixed_amount: 'fixedAmount', unit_off: 'unitOff', unit_type: 'unitType' };

/** Gift Amount and Points (cardValueProperties) as a record's input keys: gift.amount and loyalty_card.points. */
export const CARD_VALUE_RECORD = { amount: 'giftAmount', points: 'points' };

/** Where a voucher as the service returns it nests the discount and card value fields (an operation's recordPaths). */
export function voucherPaths(within = ''): Record<string, string> {
	return { ...nestedAt(`${within}discount`, DISCOUNT_RECORD), [`${within}gift.amount`]: 'amount', [`${within}loyalty_card.points`]: 'points' };
}

/**
 * Gift Amount and Points: the value a gift card or loyalty card starts with, shown when `field` is `gift` or
 * `loyalty`, each with its bound (Max Amount per Call, Max Points per Call); `card` says which card, e.g. 'the
 * card' or 'each card'.
 */
export function cardValueProperties(field: string, gift: string, loyalty: string, card: string): INodeProperties[] {
	return [
		{
			displayName: 'Gift Amount',
			name: 'giftAmount',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 2 },
			default: 0,
			required: true,
			displayOptions: { show: { [field]: [gift] } },
			description: `The credits on ${card}, in the currency's main unit (50.00); sent ×100`,
		},
		{
			displayName: 'Points',
			name: 'points',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 0 },
			default: 0,
			displayOptions: { show: { [field]: [loyalty] } },
			description: `The points ${card} starts with`,
		},
		{ ...maxAmountPerCallProperty, displayOptions: { show: { [field]: [gift] } } },
		{ ...maxPointsPerCallProperty, displayOptions: { show: { [field]: [loyalty] } } },
	];
}

export const discountJsonOption: INodeProperties = {
	displayName: 'Discount (JSON)',
	name: 'discountJson',
	type: 'json',
	default: '{}',
	placeholder: '{ "type": "PERCENT", "percent_off": 15, "amount_limit": 2000, "effect": "APPLY_TO_ORDER" }',
	description:
		'The whole discount object, for what the fields above do not offer (amount limits, effects, formulas); its keys replace those built from the fields. Amounts here are in hundredths. Shape: {"type": "AMOUNT|PERCENT|FIXED|UNIT", "amount_off": 1000}.',
};

/** The discount object from the discount fields, merged under Discount (JSON). */
export function readDiscount(params: ParamReader, override: unknown): IDataObject {
	const type = params.get<string>('discountType', 'AMOUNT');
	let discount: IDataObject;
	switch (type) {
		case 'PERCENT': {
			const percent = Number(params.get('percentOff', 0));
			if (!Number.isFinite(percent) || percent < 0 || percent > 100) fail(params, 'Percent Off', `must be a number from 0 to 100 (got ${String(params.get('percentOff'))})`);
			discount = { type, percent_off: percent };
			break;
		}
		case 'FIXED':
			discount = { type, fixed_amount: toMinorUnits(params, 'Fixed Amount', params.get('fixedAmount', 0)) };
			break;
		case 'UNIT':
			discount = {
				type,
				unit_off: requireIntegerInRange(params, 'Units Off', params.get('unitOff', 1), 1),
				unit_type: requireScalarText(params, 'Unit Product ID', params.get('unitType', '')).trim() || fail(params, 'Unit Product ID', 'is required'),
			};
			break;
		case 'AMOUNT':
			discount = { type, amount_off: toMinorUnits(params, 'Amount Off', params.get('amountOff', 0)) };
			break;
		default:
			return fail(params, 'Discount Type', `must be one of ${DISCOUNT_TYPES.map(([, value]) => value).join(', ')} (got ${String(type)})`);
	}
	return override === undefined ? discount : { ...discount, ...parseJsonObject(params, 'Discount (JSON)', override) };
}

/** Validation Rule IDs as a JSON array or comma-separated text. */
export function readValidationRules(params: ParamReader, value: unknown): string[] | undefined {
	if (value === undefined || value === '') return undefined;
	const list = typeof value === 'string' && !value.trim().startsWith('[') ? value.split(',') : parseJsonArray(params, 'Validation Rule IDs', value);
	const ids = (list as unknown[]).map((id) => requireIdText(params, 'Validation Rule IDs', id).trim()).filter(Boolean);
	return ids.length > 0 ? ids : undefined;
}

/** Reason and Source ID of a balance change, kept with its transaction (Adjust Balance, Adjust Points). */
export const TRANSACTION_NOTE_OPTIONS: INodeProperties[] = [
	{ displayName: 'Reason', name: 'reason', type: 'string', default: '', description: 'Why the balance changes; kept with the transaction' },
	{
		displayName: 'Source ID',
		name: 'sourceId',
		type: 'string',
		default: '',
		description: "The change's ID in your own system, kept with the transaction",
	},
];

export function readTransactionNote(params: ParamReader, fields: IDataObject): IDataObject {
	return compact({
		reason: fields.reason === undefined ? undefined : requireScalarText(params, 'Reason', fields.reason),
		source_id: fields.sourceId === undefined ? undefined : requireScalarText(params, 'Source ID', fields.sourceId).trim(),
	});
}

/**
 * The filters the lists of vouchers and of loyalty members share: Created and Updated After/Before, and Order
 * (code, created, updated; newest first by default).
 */
export function voucherListFilters(what: string): { options: INodeProperties[]; read(params: ParamReader, filters: IDataObject): IDataObject } {
	const created = dateRange('Created', 'created_at', what);
	const updated = dateRange('Updated', 'updated_at', what);
	const order = orderOption(
		[
			['Code', 'code'],
			['Created At', 'created_at'],
			['Updated At', 'updated_at'],
		],
		'-created_at',
		what,
	);
	return {
		options: [...created.options, ...updated.options, order],
		read: (params, filters) => compact({ order: filters.order as string | undefined, ...created.read(params, filters), ...updated.read(params, filters) }),
	};
}

/** The voucher record as input items name it (Map Input Fields): the service's field → the collection option. */
export const VOUCHER_RECORD = {
	active: 'active',
	additional_info: 'additionalInfo',
	start_date: 'startDate',
	expiration_date: 'expirationDate',
	category_id: 'category',
	metadata: 'metadataJson',
};
