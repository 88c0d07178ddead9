import { NodeOperationError, type IDataObject, type INodeProperties } from 'n8n-workflow';
import type { BatchOutput, BatchRow, ParamReader, RecordMap, ServiceClient } from '../actions/types';
import { errorItem } from './errorItem';
import { METADATA_PRECEDENCE, metadataJsonProperty, metadataProperty, readMetadata } from './fields';
import { readResult, runJobs, summaryOf, type AsyncAction, type JobRequest } from './jobs';
import { fail, requireText } from './validate';

/**
 * Bulk updates of all input items at once (Customer, Voucher, Product → Update in Bulk / Update Metadata in Bulk,
 * and the JSON imports): each item is read into one record, the records go in requests of at most 100 (the
 * service's maximum) and each request's async action is followed to its end (shared/jobs.ts).
 * - 'records': the body is the array of records (POST …/bulk/async, …/import).
 * - 'metadata': every record of a request gets the same metadata, so items with equal metadata share requests:
 *   `{ <idsKey>: [...], metadata }` (POST …/metadata/async).
 * The result's errors name the record (`source_id` or `code`) when the service says which; such an error is paired
 * with the input items of that record, any other with every item of its request.
 * A record named twice in one batch (a voucher code whatever its case) is refused before anything is sent: the
 * service documents neither which of two records of one request wins nor any order between requests, which run
 * concurrently.
 */

/** Records per request: the service's documented maximum for bulk and metadata endpoints. */
export const MAX_BULK_RECORDS = 100;

/** The service refuses requests over 10 MB; the node keeps below that. */
export const MAX_BULK_BYTES = 9_000_000;

export interface BulkSpec {
	/** What the operation does, for messages, e.g. 'customer metadata update'. */
	noun: string;
	path: string;
	/** The record's key naming it, which the result's errors repeat: 'source_id' or 'code'. */
	key: string;
	/** For 'metadata': the body's list of record keys, e.g. 'source_ids'. */
	idsKey?: string;
	/** The service upserts (a repeat after a lost answer changes nothing) or creates (a repeat would duplicate). */
	safeToRepeat: boolean;
	/** Where the result lists failed records: `errors` (bulk updates) or `failed` (imports). */
	failures: 'errors' | 'failed';
	/** Records per request, when the service allows other than MAX_BULK_RECORDS (e.g. 2,000 orders an import). */
	maxRecords?: number;
	/** What one record is, for messages (e.g. 'customer'); default 'record'. */
	record?: string;
	/**
	 * For 'metadata': the per-record endpoint that takes `{ <key>, metadata }` records, each with its own metadata and
	 * the same effect on it. When the records' metadata differ, they go there, 100 a request, instead of one request
	 * per distinct metadata.
	 */
	perRecord?: BulkSpec;
}

/**
 * The bulk and metadata endpoints of a resource keyed by source ID (customers, products): the service updates the
 * records it finds and creates the others, so a repeat after a lost answer changes nothing more.
 */
export function upsertBulkSpec(resource: 'customer' | 'product', kind: 'bulk' | 'metadata'): BulkSpec {
	const base = { key: 'source_id', safeToRepeat: true, failures: 'errors', record: resource } as const;
	return kind === 'bulk'
		? { ...base, noun: `${resource} bulk update`, path: `/v1/${resource}s/bulk/async` }
		: { ...base, noun: `${resource} metadata update`, path: `/v1/${resource}s/metadata/async`, idsKey: 'source_ids' };
}

/** Metadata for a bulk record: Metadata and Metadata (JSON) together, which must hold at least one key. */
export function readBulkMetadata(params: ParamReader, fields: IDataObject): IDataObject {
	const metadata = readMetadata(params, fields);
	if (!metadata || Object.keys(metadata).length === 0) fail(params, 'Metadata', 'is required: set at least one key (pairs or JSON)');
	return metadata;
}

/** One record of a metadata update: its ID from field `idName` (labelled `label`) under `key`, and its metadata. */
export function readMetadataRecord(params: ParamReader, key: string, idName: string, label: string): IDataObject {
	return {
		[key]: requireText(params, label, params.get(idName, '')).trim(),
		metadata: readBulkMetadata(params, { metadata: params.get('metadata', {}), metadataJson: params.get('metadataJson', '{}') }),
	};
}

/** The record of a metadata update (Map Input Fields): its ID's key → the ID's parameter, and the metadata. */
export function bulkMetadataRecord(key: string, idName: string): RecordMap {
	return { [key]: idName, metadata: 'metadataJson' };
}

/** Metadata as a top-level, required field pair (the operation's subject rather than an additional field). */
export const bulkMetadataProperties: INodeProperties[] = [
	{
		...metadataProperty,
		description: `Text values set on the record; keys not named are left as they are. ${METADATA_PRECEDENCE.pairs}.`,
	},
	{
		...metadataJsonProperty,
		placeholder: '{ "segment": "gold", "last_sync": "2026-11-24" }',
		description: `Metadata as a JSON object (usually an expression reading it from each input item), for numbers, booleans and nested values. ${METADATA_PRECEDENCE.json}.`,
	},
];

/** Splits rows into runs of at most `maxRecords` whose JSON stays under MAX_BULK_BYTES. */
function chunked(rows: BatchRow[], maxRecords: number): BatchRow[][] {
	const chunks: BatchRow[][] = [];
	let current: BatchRow[] = [];
	let bytes = 0;
	for (const row of rows) {
		const size = Buffer.byteLength(JSON.stringify(row.row)) + 1;
		if (current.length > 0 && (current.length >= maxRecords || bytes + size > MAX_BULK_BYTES)) {
			chunks.push(current);
			current = [];
			bytes = 0;
		}
		current.push(row);
		bytes += size;
	}
	if (current.length > 0) chunks.push(current);
	return chunks;
}

/** Metadata's canonical JSON (keys sorted at every level), so equal metadata groups whatever its key order. */
function canonical(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
	if (value !== null && typeof value === 'object') {
		return `{${Object.keys(value)
			.sort()
			.map((key) => `${JSON.stringify(key)}:${canonical((value as IDataObject)[key])}`)
			.join(',')}}`;
	}
	return JSON.stringify(value) ?? 'null';
}

/** A finished action's summary and its failed records, each paired with the input items of its record. */
function outputsOf(spec: BulkSpec, action: AsyncAction, rows: BatchRow[], params: ParamReader): BatchOutput[] {
	const { failures } = readResult(spec.noun, action, spec.failures, params);
	const summary = summaryOf(action, rows, [spec.failures]);
	// Metadata updates report only their errors: the summary counts them as the others' results do.
	summary.json.failed_count ??= failures.length;
	const byKey = new Map<string, number[]>();
	for (const row of rows) {
		const key = String(row.row[spec.key] ?? '');
		const items = byKey.get(key);
		if (items) items.push(row.itemIndex);
		else byKey.set(key, [row.itemIndex]);
	}
	return [
		summary,
		...failures.map((failure): BatchOutput => {
			const named = failure[spec.key] === undefined ? undefined : byKey.get(String(failure[spec.key]));
			const parts = [failure.message ?? failure.reason, failure.details].filter((part) => part !== undefined && part !== '').map(String);
			const reason = [...new Set(parts)].join(': ');
			return {
				json: { error: reason || 'The record was not processed', ...failure, async_action_id: action.id },
				itemIndexes: named ?? summary.itemIndexes,
			};
		}),
	];
}

/** Sends the rows in requests of at most 100 records (or the spec's maximum) and returns the summaries and failed records. */
export async function sendBulk(spec: BulkSpec, rows: BatchRow[], params: ParamReader, client: ServiceClient): Promise<BatchOutput[]> {
	const refused = refuseDuplicates(spec, rows, params);
	if (refused.outputs.length) rows = refused.rows;
	if (rows.length === 0) return refused.outputs;
	const maxRecords = spec.maxRecords ?? MAX_BULK_RECORDS;
	let chunks: Array<{ rows: BatchRow[]; body: IDataObject | IDataObject[] }>;
	if (spec.idsKey) {
		const idsKey = spec.idsKey;
		const groups = new Map<string, BatchRow[]>();
		for (const row of rows) {
			const key = canonical(row.row.metadata);
			const group = groups.get(key);
			if (group) group.push(row);
			else groups.set(key, [row]);
		}
		if (groups.size > 1 && spec.perRecord) return [...refused.outputs, ...(await sendBulk(spec.perRecord, rows, params, client))];
		chunks = [...groups.values()].flatMap((group) =>
			chunked(group, maxRecords).map((chunk) => ({
				rows: chunk,
				body: { [idsKey]: chunk.map((row) => row.row[spec.key]), metadata: chunk[0].row.metadata } as IDataObject,
			})),
		);
	} else {
		chunks = chunked(rows, maxRecords).map((chunk) => ({ rows: chunk, body: chunk.map((row) => row.row) }));
	}
	const requests = chunks.map(
		(chunk): JobRequest => ({
			rows: chunk.rows,
			// An array body is JSON like an object: the transport sends it as is.
			request: { method: 'POST', path: spec.path, body: chunk.body as IDataObject, safeToRepeat: spec.safeToRepeat },
			outputs: (action) => outputsOf(spec, action, chunk.rows, params),
		}),
	);
	return [...refused.outputs, ...(await runJobs(spec.noun, requests, params, client))];
}

/** Input item indexes as a message lists them: "0 and 2", "0, 1 and 4". */
function itemList(items: number[]): string {
	return items.length === 1 ? String(items[0]) : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * Records named twice or more (by `spec.key`) in one batch: an error naming every input item of each, before
 * anything is sent. With Continue On Fail those items become error items and the other rows go on. Voucher codes
 * are compared whatever their case: a project can take codes case-insensitively (its `case_sensitive_codes`
 * setting), and then `ABC` and `abc` are one voucher, updated twice in an order nobody knows. The node cannot see
 * that setting (it is the management API's), so codes that differ only in case are refused too.
 */
function refuseDuplicates(spec: BulkSpec, rows: BatchRow[], params: ParamReader): { rows: BatchRow[]; outputs: BatchOutput[] } {
	const caseInsensitive = spec.key === 'code';
	const byKey = new Map<string, Array<{ itemIndex: number; key: string }>>();
	for (const { row, itemIndex } of rows) {
		const key = row[spec.key];
		if (typeof key !== 'string' || key === '') continue;
		const same = caseInsensitive ? key.toLowerCase() : key;
		const items = byKey.get(same);
		if (items) items.push({ itemIndex, key });
		else byKey.set(same, [{ itemIndex, key }]);
	}
	const label = spec.key === 'code' ? 'Code' : 'Source ID';
	const record = spec.record ?? 'record';
	const errors = new Map<number, NodeOperationError>();
	for (const named of byKey.values()) {
		if (named.length < 2) continue;
		const items = itemList(named.map(({ itemIndex }) => itemIndex));
		const spellings = [...new Set(named.map(({ key }) => key))];
		const message =
			spellings.length === 1
				? `${label}: "${spellings[0]}" is in input items ${items}; one batch takes each ${record} once`
				: `${label}: ${spellings.map((key) => `"${key}"`).join(', ')} (input items ${items}) differ only in case, which a project with case-insensitive codes takes as one ${record}; one batch takes each ${record} once`;
		for (const { itemIndex } of named) {
			const error = new NodeOperationError(params.node, message, {
				itemIndex,
				description: 'Nothing was sent to the service. Merge the items into one, or send them in separate runs in the order they must apply.',
			});
			if (!params.context.continueOnFail()) throw error;
			errors.set(itemIndex, error);
		}
	}
	if (errors.size === 0) return { rows, outputs: [] };
	return {
		rows: rows.filter((row) => !errors.has(row.itemIndex)),
		outputs: [...errors].map(([itemIndex, error]) => ({ json: errorItem(error, itemIndex).json, itemIndexes: [itemIndex] })),
	};
}
