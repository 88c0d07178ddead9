/**
 * Bulk jobs (auth A or Bearer): POST …/bulk/async (an array of records), …/metadata/async (`{ <ids>, metadata }`, the same
 * metadata for every record) and …/importCSV take many records a request and answer `{ async_action_id }`; the
 * records are applied when the async action finishes (routes/asyncActions.cts), each on its own: one that breaks
 * the schema, or that a test has the store refuse (`store.bulkRefusals`, standing in for the service's own
 * reasons such as a metadata schema), fails alone and is listed in the result.
 * - bulk and metadata: at most 100 records a request (the service's documented maximum), else 400; unknown
 *   records are upserted. Results as the contract types them: bulk `{ done_count, failed_count, reports,
 *   reports_available_till, errors[{ message, details, key, source_id|code }] }`, metadata `{ errors[{ message,
 *   details, key }] }` (which record is only in `details`).
 * - vouchers are not upserted: an unknown code fails as not found.
 * - customer CSV import: standard columns Source_id, Name, Email, Phone, Birthdate (YYYY-MM-DD), Description,
 *   Address_*; other columns become metadata; rows upsert by Source_id; failed rows in `failed[{ row, source_id, reason }]`.
 */
import { ApiError, invalidPayload, notFound } from '../errors.cjs';
import { accepted, type Ctx, type Env, type Router } from '../router.cjs';
import { isObject, type Json } from '../validate.cjs';
import { customerFields, upsertCustomer } from './customers.cjs';
import { startAsyncAction } from './asyncActions.cjs';
import { cells, importedCsv, newProduct, productFields } from './products.cjs';

export const MAX_BULK_RECORDS = 100;

/** A record's failure as the result lists it. */
interface Failure {
	message: string;
	details: string;
	key: string;
}

/** Runs `apply` on one record, giving the failure instead of throwing. */
export function attempt(env: Env, id: string, apply: () => void): Failure | undefined {
	const refusal = env.store.bulkRefusals.get(id);
	if (refusal) return { message: 'Record refused', details: refusal, key: 'record_refused' };
	try {
		apply();
		return undefined;
	} catch (e) {
		const error = e as ApiError;
		return { message: error.message, details: String(error.details ?? error.message), key: String(error.key ?? 'invalid_payload') };
	}
}

function recordCount(count: number): void {
	if (count === 0) throw invalidPayload('At least one record is required');
	if (count > MAX_BULK_RECORDS) throw invalidPayload(`At most ${MAX_BULK_RECORDS} records a request (got ${count})`);
}

/** The result of a bulk update, as the contract's AsyncActionsVoucherCustomerProductBulkUpdateResult plus errors. */
function bulkResult(total: number, errors: Json[]): Json {
	return {
		done_count: total - errors.length,
		failed_count: errors.length,
		reports: [],
		reports_available_till: new Date(Date.now() + 7 * 86_400_000).toISOString(),
		errors,
	};
}

interface BulkKind {
	/** The async action types. */
	bulkType: string;
	metadataType: string;
	/** The record key ('source_id' / 'code') and the metadata body's list of them. */
	key: string;
	idsKey: string;
	/** Applies one record's fields (checked as the resource's schema types them), upserting by its key. */
	apply(env: Env, id: string, record: Json): void;
	/** Merges metadata into the record with this key (creating it where the service upserts). */
	applyMetadata(env: Env, id: string, metadata: Json): void;
}

/** POST …/bulk/async and …/metadata/async for one kind of record. */
export function registerBulk(r: Router, base: string, kind: BulkKind): void {
	r.post(`${base}/bulk/async`, 'A|B', (ctx) => {
		if (!Array.isArray(ctx.body)) throw invalidPayload('The body must be an array of records');
		const records = ctx.body as unknown[];
		recordCount(records.length);
		records.forEach((record, i) => {
			if (!isObject(record) || typeof record[kind.key] !== 'string' || record[kind.key] === '') throw invalidPayload(`[${i}].${kind.key}: is required`);
		});
		return start(ctx, kind.bulkType, records.length, () => {
			const errors: Json[] = [];
			for (const record of records as Json[]) {
				const id = String(record[kind.key]);
				const failure = attempt(ctx.env, id, () => kind.apply(ctx.env, id, record));
				if (failure) errors.push({ ...failure, [kind.key]: id });
			}
			return bulkResult(records.length, errors);
		});
	});

	r.post(`${base}/metadata/async`, 'A|B', (ctx) => {
		const body = ctx.body;
		if (!isObject(body)) throw invalidPayload('The body must be an object');
		const ids = body[kind.idsKey];
		if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string' || id === '')) throw invalidPayload(`${kind.idsKey}: must be an array of non-empty strings`);
		recordCount(ids.length);
		if (!isObject(body.metadata)) throw invalidPayload('metadata: must be an object');
		const metadata = body.metadata;
		return start(ctx, kind.metadataType, ids.length, () => {
			const errors: Json[] = [];
			for (const id of ids as string[]) {
				const failure = attempt(ctx.env, id, () => kind.applyMetadata(ctx.env, id, metadata));
				// The contract's metadata errors do not name the record apart from their details.
				if (failure) errors.push({ ...failure, details: `${kind.key} ${id}: ${failure.details}` });
			}
			return { errors };
		});
	});
}

/** Queues the job and answers with its async action (202, or 200 where the contract says so). */
export function start(ctx: Ctx, type: string, rows: number, finish: () => Json, status: 200 | 202 = 202) {
	ctx.env.counters.importsStarted++;
	const action = startAsyncAction(ctx.env, type, rows, ctx.requestId, finish);
	return { ...accepted({ async_action_id: action.id }), status };
}

export const CUSTOMERS: BulkKind = {
	bulkType: 'CUSTOMERS.BULK_UPDATE',
	metadataType: 'CUSTOMERS.METADATA_UPDATE',
	key: 'source_id',
	idsKey: 'source_ids',
	apply(env, id, record) {
		const { source_id: _sourceId, ...rest } = record;
		upsertCustomer(env, id, customerFields(rest));
	},
	applyMetadata(env, id, metadata) {
		const existing = env.store.findCustomer(id);
		upsertCustomer(env, id, { metadata: { ...(existing?.metadata ?? {}), ...metadata } }, existing);
	},
};

export const PRODUCTS: BulkKind = {
	bulkType: 'PRODUCTS.BULK_UPDATE',
	metadataType: 'PRODUCTS.METADATA_UPDATE',
	key: 'source_id',
	idsKey: 'source_ids',
	apply(env, id, record) {
		const { source_id: _sourceId, ...rest } = record;
		const fields = productFields(rest);
		const existing = env.store.findProduct(id);
		if (existing) Object.assign(existing, fields, { updated_at: new Date().toISOString() });
		else {
			newProduct(env.store, undefined, id, fields);
			env.counters.productsCreated++;
		}
	},
	applyMetadata(env, id, metadata) {
		const existing = env.store.findProduct(id);
		if (existing) Object.assign(existing, { metadata: { ...existing.metadata, ...metadata }, updated_at: new Date().toISOString() });
		else {
			newProduct(env.store, undefined, id, { metadata });
			env.counters.productsCreated++;
		}
	},
};

/** Vouchers are not upserted: a code the project does not have fails as not found. */
function voucherMetadata(env: Env, code: string, metadata: Json): void {
	const voucher = env.store.findVoucher(code);
	if (!voucher) throw notFound('voucher', code);
	voucher.metadata = { ...((voucher.metadata as Json | undefined) ?? {}), ...metadata };
	voucher.updated_at = new Date().toISOString();
}

export const VOUCHERS: BulkKind = {
	bulkType: 'VOUCHERS.BULK_UPDATE',
	metadataType: 'VOUCHERS.METADATA_UPDATE',
	key: 'code',
	idsKey: 'codes',
	apply(env, code, record) {
		if (!isObject(record.metadata)) throw invalidPayload('metadata: is required and must be an object');
		voucherMetadata(env, code, record.metadata);
	},
	applyMetadata: voucherMetadata,
};

/** Customer CSV columns (the service's spelling) by the customer field they fill. */
const CUSTOMER_COLUMNS: Record<string, string> = {
	Name: 'name',
	Email: 'email',
	Phone: 'phone',
	Birthdate: 'birthdate',
	Description: 'description',
};
const ADDRESS_COLUMNS: Record<string, string> = {
	Address_line_1: 'line_1',
	Address_line_2: 'line_2',
	Address_Postal_Code: 'postal_code',
	Address_City: 'city',
	Address_State: 'state',
	Address_Country: 'country',
};

/** One CSV row as the customer body it stands for. */
function customerRow(row: Record<string, string>): Json {
	const body: Json = {};
	const address: Json = {};
	const metadata: Json = {};
	for (const [column, value] of Object.entries(row)) {
		if (column === 'Source_id' || column === 'Id') continue;
		if (CUSTOMER_COLUMNS[column]) body[CUSTOMER_COLUMNS[column]] = value;
		else if (ADDRESS_COLUMNS[column]) address[ADDRESS_COLUMNS[column]] = value;
		else metadata[column] = value;
	}
	if (Object.keys(address).length) body.address = address;
	if (Object.keys(metadata).length) body.metadata = metadata;
	return body;
}

export function register(r: Router): void {
	registerBulk(r, '/v1/customers', CUSTOMERS);
	registerBulk(r, '/v1/products', PRODUCTS);
	registerBulk(r, '/v1/vouchers', VOUCHERS);

	r.post('/v1/customers/importCSV', 'A|B', (ctx) => {
		const { header, rows } = importedCsv(ctx);
		return start(ctx, 'CUSTOMERS.IMPORT_CSV', rows.length, () => {
			const failed: Json[] = [];
			rows.forEach((cellsOfRow, i) => {
				const row = cells(header, cellsOfRow);
				const sourceId = row.Source_id?.trim() || null;
				const failure = attempt(ctx.env, sourceId ?? '', () => {
					const fields = customerFields(customerRow(row));
					const existing = sourceId ? ctx.env.store.findCustomer(sourceId) : undefined;
					if (existing && fields.metadata) fields.metadata = { ...existing.metadata, ...fields.metadata };
					upsertCustomer(ctx.env, sourceId, fields, existing);
				});
				if (failure) failed.push({ row: i + 1, ...(sourceId ? { source_id: sourceId } : {}), reason: failure.details });
			});
			const done = rows.length - failed.length;
			return { message: `${done} customer(s) imported successfully, ${failed.length} failed.`, failed, done_count: done, failed_count: failed.length };
		});
	});
}
