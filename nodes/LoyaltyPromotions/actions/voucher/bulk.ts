import type { IDataObject, INodeProperties } from 'n8n-workflow';
import type { BulkSpec } from '../../shared/bulk';
import { additionalFieldsProperty, compact, isSet } from '../../shared/fields';
import { waitSecondsProperty } from '../../shared/jobs';
import { inCollection } from '../../shared/mapping';
import { readBoundedAmount } from '../../shared/limits';
import { requireIntegerInRange, requireOption, requireScalarText, requireText } from '../../shared/validate';
import type { ParamReader, RecordMap } from '../types';
import { DISCOUNT_RECORD, DISCOUNT_TYPES, cardValueProperties, discountProperties, readDiscount, readVoucherBody, redemptionLimitOption, VOUCHER_BODY_OPTIONS } from './fields';

/** The voucher bulk operations' shared parts: the code fields, how the service reports on codes, the import record. */

export const bulkCodeProperty: INodeProperties = {
	displayName: 'Code',
	name: 'code',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'SUMMER-2026-X7Q',
	description: "The voucher's code, usually an expression reading it from each input item. Vouchers are not created: an unknown code fails as its own item.",
};

/** Setting the same metadata again changes nothing more: both voucher endpoints are safe to repeat. */
export function voucherBulkSpec(kind: 'bulk' | 'metadata'): BulkSpec {
	const bulk: BulkSpec = { noun: 'voucher bulk update', path: '/v1/vouchers/bulk/async', key: 'code', safeToRepeat: true, failures: 'errors', record: 'voucher' };
	// The contract documents both as setting the named metadata keys of each code: codes whose metadata differ go
	// through the per-code endpoint, 100 a request, rather than one request per distinct metadata.
	return kind === 'bulk' ? bulk : { ...bulk, noun: 'voucher metadata update', path: '/v1/vouchers/metadata/async', idsKey: 'codes', perRecord: bulk };
}

// ---- Imports (JSON and CSV): new standalone vouchers, one per input item ----

export const importCodeProperty: INodeProperties = {
	...bulkCodeProperty,
	description: "The new voucher's code, usually an expression reading it from each input item. Codes are unique in a project.",
};

const IMPORT_TYPES: Array<[label: string, value: string, description: string]> = [
	['Discount Voucher', 'DISCOUNT_VOUCHER', 'A code that takes an amount or a percentage off'],
	['Gift Card', 'GIFT_VOUCHER', 'A card holding credits to pay with'],
];

/** The voucher settings an import takes besides code, type and value (the service skips any other field). */
export const VOUCHER_IMPORT_OPTIONS: INodeProperties[] = [
	...VOUCHER_BODY_OPTIONS.filter((option) => ['active', 'additionalInfo'].includes(option.name)),
	{
		displayName: 'Category Name',
		name: 'categoryName',
		type: 'string',
		default: '',
		description: "The voucher's category, by name",
	},
	...VOUCHER_BODY_OPTIONS.filter((option) => ['expirationDate', 'metadata', 'metadataJson'].includes(option.name)),
	redemptionLimitOption,
	...VOUCHER_BODY_OPTIONS.filter((option) => option.name === 'startDate'),
];

/** Code, Type, the discount (of the discount types given) or gift amount, and the settings. */
function importProperties(discountTypes: typeof DISCOUNT_TYPES): INodeProperties[] {
	return [
		importCodeProperty,
		{
			displayName: 'Type',
			name: 'type',
			type: 'options',
			options: IMPORT_TYPES.map(([name, value, description]) => ({ name, value, description })),
			default: 'DISCOUNT_VOUCHER',
			required: true,
		},
		...discountProperties({ type: ['DISCOUNT_VOUCHER'] }, discountTypes),
		...cardValueProperties('type', 'GIFT_VOUCHER', 'LOYALTY_CARD', 'the card').filter((property) => ['giftAmount', 'maxAmountPerCall'].includes(property.name)),
		additionalFieldsProperty(VOUCHER_IMPORT_OPTIONS),
		waitSecondsProperty,
	];
}

/** Import's parameters. */
export const voucherImportProperties = importProperties(DISCOUNT_TYPES);

/**
 * Import CSV's: without Units Free, which the service's CSV cannot hold (one Value column for the discount, and
 * no column for the unit's product).
 */
export const voucherImportCsvProperties = importProperties(DISCOUNT_TYPES.filter(([, value]) => value !== 'UNIT'));

/** The voucher record as input items name it (Map Input Fields): the JSON import's names. */
export const VOUCHER_IMPORT_RECORD: RecordMap = {
	code: 'code',
	type: 'type',
	...DISCOUNT_RECORD,
	amount: 'giftAmount',
	...inCollection('additionalFields', {
		active: 'active',
		additional_info: 'additionalInfo',
		category: 'categoryName',
		start_date: 'startDate',
		expiration_date: 'expirationDate',
		metadata: 'metadataJson',
	}),
};

/** Import CSV's record: the JSON import's without Units Free's fields. */
export const VOUCHER_IMPORT_CSV_RECORD: RecordMap = Object.fromEntries(Object.entries(VOUCHER_IMPORT_RECORD).filter(([, path]) => !['unitOff', 'unitType'].includes(path)));

/** The settings of VOUCHER_IMPORT_OPTIONS as an import record's fields; what is left empty is left out. */
export function readImportSettings(params: ParamReader, fields: IDataObject): IDataObject {
	return compact({
		category: isSet(fields.categoryName) ? requireScalarText(params, 'Category Name', fields.categoryName).trim() : undefined,
		redemption: fields.redemptionLimit === undefined ? undefined : { quantity: requireIntegerInRange(params, 'Redemption Limit', fields.redemptionLimit, 1) },
		...readVoucherBody(params, fields),
	});
}

/** The item's Code, required. */
export function readImportCode(params: ParamReader): string {
	return requireText(params, 'Code', params.get('code', '')).trim();
}

/** One item's voucher as the JSON import takes it; money is checked (at most 2 decimals) and sent ×100. */
export function readVoucherImport(params: ParamReader): IDataObject {
	const type = requireOption(params, 'Type', params.get('type', 'DISCOUNT_VOUCHER'), IMPORT_TYPES.map(([, value]) => value));
	return {
		code: readImportCode(params),
		type,
		...(type === 'DISCOUNT_VOUCHER'
			? { discount: readDiscount(params, undefined) }
			: { gift: { amount: readBoundedAmount(params, 'Gift Amount', params.get('giftAmount', 0)) } }),
		...readImportSettings(params, params.get<IDataObject>('additionalFields', {})),
	};
}
