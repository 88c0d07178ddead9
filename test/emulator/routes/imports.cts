/**
 * Imports of many vouchers or orders a request (auth A or Bearer), each answered with `{ async_action_id }` and applied
 * record by record when the async action finishes (routes/asyncActions.cts); a record that fails is listed in the
 * result's `failed` with the service's reason, the others are imported.
 * - POST /v1/vouchers/import: an array of standalone vouchers (DISCOUNT_VOUCHER with `discount`, GIFT_VOUCHER with
 *   `gift`), checked as a voucher create checks them; a code the project has fails (codes are unique).
 *   Result `{ message, failed[{ code, reason }], done_count, failed_count }`.
 * - POST /v1/vouchers/importCSV: columns Code, Voucher Type, Value, Discount Type, Category, Start Date,
 *   Expiration Date, Redemption Limit, Active, Additional Info; others become metadata. A code the project has is
 *   updated (the service lets the same file be sent again to update). `failed[{ row, code, reason }]`.
 * - POST /v1/orders/import: at most 2,000 orders a request, each applied as POST /v1/orders applies it (no
 *   events). `failed[{ source_id, reason }]`.
 * - POST /v1/campaigns/{campaignId}/import and …/importCSV: vouchers added to an existing campaign (404 now when
 *   it is not), taking the campaign's type and settings; CSV columns Code, Category, Active, Gift Amount, Loyalty
 *   Points, others metadata. A code the project has fails.
 * The whole request is refused (400) when it is not an array of records each naming its code, or over 10 MB.
 */
import { ApiError, invalidPayload } from '../errors.cjs';
import type { Ctx, Router } from '../router.cjs';
import type { Json } from '../validate.cjs';
import { isObject } from '../validate.cjs';
import { addVoucher } from '../voucherEngine.cjs';
import { attempt, start } from './bulk.cjs';
import { campaignOr404 } from './campaigns.cjs';
import { upsertOrder } from './orders.cjs';
import { cells, importedCsv, MAX_IMPORT_FILE_BYTES } from './products.cjs';
import { newVoucher, readBaseFields } from './vouchers.cjs';

/** The most orders one import takes (the service's documented limit). */
export const MAX_ORDERS_PER_IMPORT = 2000;

/** The fields an import takes from each voucher record; the service silently skips the others. */
const VOUCHER_FIELDS = ['code', 'type', 'discount', 'gift', 'loyalty_card', 'category', 'active', 'start_date', 'expiration_date', 'redemption', 'additional_info', 'metadata', 'validity_timeframe', 'validity_day_of_week'];

/** The body as an array of 1+ records of at most 10 MB, each an object naming `key` when `key` is given. */
function records(ctx: Ctx, key: string | undefined, max = Infinity): Json[] {
	if (!Array.isArray(ctx.body)) throw invalidPayload('The body must be an array of records');
	const list = ctx.body as unknown[];
	if (list.length === 0) throw invalidPayload('At least one record is required');
	if (list.length > max) throw invalidPayload(`At most ${max} records a request (got ${list.length})`);
	if (Buffer.byteLength(JSON.stringify(list)) > MAX_IMPORT_FILE_BYTES) throw invalidPayload(`The request is over ${MAX_IMPORT_FILE_BYTES} bytes`);
	list.forEach((record, i) => {
		if (!isObject(record)) throw invalidPayload(`[${i}]: must be an object`);
		if (key && (typeof record[key] !== 'string' || record[key] === '')) throw invalidPayload(`[${i}].${key}: is required`);
	});
	return list as Json[];
}

function pick(record: Json, fields: readonly string[]): Json {
	return Object.fromEntries(Object.entries(record).filter(([field]) => fields.includes(field)));
}

/** Imports one voucher (into `campaignId` when given): a code the project has fails as a duplicate. */
function importVoucher(ctx: Ctx, body: Json, campaignId?: string): void {
	const code = String(body.code);
	if (ctx.env.store.vouchersByCode.has(code)) throw new ApiError(409, 'duplicate_found', `Duplicated code: a voucher with code ${code} already exists`);
	if (!campaignId && body.type !== 'DISCOUNT_VOUCHER' && body.type !== 'GIFT_VOUCHER') throw invalidPayload('type: must be DISCOUNT_VOUCHER or GIFT_VOUCHER');
	addVoucher(ctx.env, newVoucher(ctx, { ...pick(body, VOUCHER_FIELDS), ...(campaignId ? { campaign_id: campaignId } : {}) }, undefined));
}

/** The result of an import, as the contract's VOUCHERS.IMPORT / ORDERS.IMPORT / CAMPAIGN.VOUCHERS_IMPORT(_CSV). */
function importResult(noun: string, total: number, failed: Json[]): Json {
	const done = total - failed.length;
	return { message: `${done} ${noun}(s) imported successfully, ${failed.length} failed.`, failed, done_count: done, failed_count: failed.length };
}

/** Applies each record, listing the failed ones as `failed` entries named by `key` (and their row, for a CSV). */
function applyEach(ctx: Ctx, bodies: Json[], key: string, apply: (body: Json) => void, rows = false): Json[] {
	const failed: Json[] = [];
	bodies.forEach((body, i) => {
		const id = typeof body[key] === 'string' ? (body[key] as string) : '';
		const failure = attempt(ctx.env, id, () => apply(body));
		if (failure) failed.push({ ...(rows ? { row: i + 1 } : {}), ...(id ? { [key]: id } : {}), reason: failure.details });
	});
	return failed;
}

/** A CSV cell as a number, or the cell itself for the record's checks to refuse. */
function numberCell(value: string): number | string {
	return /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
}

/** A CSV cell as a boolean ('true' / 'false', any case), or the cell itself for the checks to refuse. */
function booleanCell(value: string): boolean | string {
	const lower = value.trim().toLowerCase();
	return lower === 'true' ? true : lower === 'false' ? false : value;
}

/** The CSV rows of an import as records: `standard` maps its columns to fields; the other columns are metadata. */
function csvRecords(ctx: Ctx, standard: Record<string, (record: Json, value: string) => void>): Json[] {
	const { header, rows } = importedCsv(ctx);
	if (!header.includes('Code')) throw invalidPayload(`The CSV file has no Code column (headers: ${header.join(', ')})`);
	return rows.map((row) => {
		const record: Json = {};
		const metadata: Json = {};
		for (const [column, value] of Object.entries(cells(header, row))) {
			if (standard[column]) standard[column](record, value);
			else metadata[column] = value;
		}
		if (Object.keys(metadata).length > 0) record.metadata = metadata;
		return record;
	});
}

const set = (field: string, read: (value: string) => unknown = (value) => value) => (record: Json, value: string) => {
	record[field] = read(value);
};

/** Standalone voucher CSV columns: Value goes where Voucher Type and Discount Type say (gift amount or discount). */
const VOUCHER_COLUMNS: Record<string, (record: Json, value: string) => void> = {
	Code: set('code'),
	'Voucher Type': set('type'),
	Value: set('value', numberCell),
	'Discount Type': set('discountType'),
	Category: set('category'),
	'Start Date': set('start_date'),
	'Expiration Date': set('expiration_date'),
	'Redemption Limit': (record, value) => {
		record.redemption = { quantity: numberCell(value) };
	},
	Active: set('active', booleanCell),
	'Additional Info': set('additional_info'),
};

const DISCOUNT_VALUE: Record<string, string> = { AMOUNT: 'amount_off', PERCENT: 'percent_off', FIXED: 'fixed_amount', UNIT: 'unit_off' };

/** A standalone voucher CSV row as the body of a voucher create. */
function voucherFromRow(row: Json): Json {
	const { value, discountType, ...body } = row;
	if (body.type === 'GIFT_VOUCHER') body.gift = { amount: value };
	else if (body.type === 'DISCOUNT_VOUCHER') body.discount = { type: discountType, ...(DISCOUNT_VALUE[String(discountType)] ? { [DISCOUNT_VALUE[String(discountType)]]: value } : {}) };
	return body;
}

/** A CSV row for a code the project has: its standard fields and metadata update the voucher. */
function updateFromRow(ctx: Ctx, row: Json): void {
	const existing = ctx.env.store.findVoucher(String(row.code));
	if (!existing) throw invalidPayload(`Cannot find voucher ${String(row.code)}`);
	const fields = readBaseFields(ctx, pick(row, ['category', 'active', 'start_date', 'expiration_date', 'additional_info', 'metadata']));
	if (fields.metadata) fields.metadata = { ...existing.metadata, ...(fields.metadata as Json) };
	Object.assign(existing, fields, { updated_at: new Date().toISOString() });
}

/** Campaign CSV columns: the campaign gives the rest. */
const CAMPAIGN_COLUMNS: Record<string, (record: Json, value: string) => void> = {
	Code: set('code'),
	Category: set('category'),
	Active: set('active', booleanCell),
	'Gift Amount': (record, value) => {
		record.gift = { amount: numberCell(value) };
	},
	'Loyalty Points': (record, value) => {
		record.loyalty_card = { points: numberCell(value) };
	},
};

/** Queues the import of `bodies`: each applied on its own when the job runs, the failed ones listed by `key`. */
function importJob(ctx: Ctx, type: string, key: string, bodies: Json[], apply: (body: Json) => void, { csv = false, status = 202 as 200 | 202 } = {}) {
	const noun = type.startsWith('ORDERS') ? 'order' : 'voucher';
	return start(ctx, type, bodies.length, () => importResult(noun, bodies.length, applyEach(ctx, bodies, key, apply, csv)), status);
}

/** A CSV row's code is required: its absence fails that row alone. */
function withCode(apply: (row: Json) => void): (row: Json) => void {
	return (row) => {
		if (!row.code) throw invalidPayload('Code: is required');
		apply(row);
	};
}

export function register(r: Router): void {
	r.post('/v1/vouchers/import', 'A|B', (ctx) => importJob(ctx, 'VOUCHERS.IMPORT', 'code', records(ctx, 'code'), (body) => importVoucher(ctx, body)));

	r.post('/v1/vouchers/importCSV', 'A|B', (ctx) =>
		importJob(
			ctx,
			'VOUCHERS.IMPORT_CSV',
			'code',
			csvRecords(ctx, VOUCHER_COLUMNS),
			withCode((row) => (ctx.env.store.vouchersByCode.has(String(row.code)) ? updateFromRow(ctx, row) : importVoucher(ctx, voucherFromRow(row)))),
			{ csv: true },
		),
	);

	r.post('/v1/orders/import', 'A|B', (ctx) =>
		importJob(ctx, 'ORDERS.IMPORT', 'source_id', records(ctx, undefined, MAX_ORDERS_PER_IMPORT), (body) => upsertOrder(ctx.env, body), { status: 200 }),
	);

	r.post('/v1/campaigns/{campaignId}/import', 'A|B', (ctx) => {
		const campaign = campaignOr404(ctx.env.store, ctx.params.campaignId);
		return importJob(ctx, 'CAMPAIGN.VOUCHERS_IMPORT', 'code', records(ctx, 'code'), (body) => importVoucher(ctx, body, campaign.id));
	});

	r.post('/v1/campaigns/{campaignId}/importCSV', 'A|B', (ctx) => {
		const campaign = campaignOr404(ctx.env.store, ctx.params.campaignId);
		const rows = csvRecords(ctx, CAMPAIGN_COLUMNS);
		return importJob(ctx, 'CAMPAIGN.VOUCHERS_IMPORT_CSV', 'code', rows, withCode((row) => importVoucher(ctx, row, campaign.id)), { csv: true, status: 200 });
	});
}
