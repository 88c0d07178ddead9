import { NodeApiError, NodeOperationError, type IDataObject, type INodeProperties, type JsonObject } from 'n8n-workflow';
import type { BatchOutput, BatchRow, ParamReader, ServiceClient } from '../actions/types';
import { csvChunks, multipartFile, type CsvChunk } from './csv';
import { putOwn, readMetadata } from './fields';
import { waitUntilDone } from './poll';
import { path } from '../transport/request';
import { fail, requireIntegerInRange, requireScalarText } from './validate';

/**
 * A CSV import of all input items at once (SKU → Import, Product → Import): each item becomes one row; the rows go
 * up as one file (several when they pass the service's file size limit), and each file's async action is polled
 * until it is done. Its result becomes items: one per file with the counts, and one per row that failed, paired
 * with the input item the row came from.
 */

/** The service accepts files up to 10 MB; the node keeps below that with room for the multipart envelope. */
export const MAX_IMPORT_FILE_BYTES = 9_000_000;

export const DEFAULT_WAIT_SECONDS = 600;
export const MAX_WAIT_SECONDS = 3600;

export const waitSecondsProperty: INodeProperties = {
	displayName: 'Wait Up To (Seconds)',
	name: 'waitSeconds',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: MAX_WAIT_SECONDS, numberPrecision: 0 },
	default: DEFAULT_WAIT_SECONDS,
	description: `How long to wait for the service to finish the import (1 to ${MAX_WAIT_SECONDS}). If it has not finished by then the node fails, naming the async action to look up; the import may still complete.`,
};

/** One item's row: the standard columns it fills, and its metadata (one column each). */
export interface ImportRow extends IDataObject {
	cells: Record<string, string>;
	metadata: Record<string, string>;
}

export interface ImportSpec {
	/** What one row is, for messages, e.g. 'SKU'. */
	noun: string;
	path: string;
	fileName: string;
	/** The standard columns, in file order. */
	columns: string[];
	/**
	 * Whether sending a file again after a lost answer is harmless: the service updates rows it matches by
	 * source ID, so a file whose rows all carry one imports nothing twice.
	 */
	safeToRepeat(rows: ImportRow[]): boolean;
}

/** A metadata value as one CSV cell: text, a number or a boolean, or a list of them joined by commas. */
function metadataCell(params: ParamReader, key: string, value: unknown): string {
	if (Array.isArray(value)) return value.map((entry) => metadataCell(params, key, entry)).join(',');
	if (typeof value === 'boolean') return String(value);
	if (value !== null && typeof value === 'object') {
		fail(params, 'Metadata', `"${key}" holds an object; an import takes text, numbers, booleans or lists of them`);
	}
	return requireScalarText(params, 'Metadata', value);
}

/** Metadata (pairs and JSON) as columns: each key one header, which may not hold spaces nor name a standard column. */
export function readImportMetadata(params: ParamReader, fields: IDataObject, columns: string[]): Record<string, string> {
	const metadata = readMetadata(params, fields) ?? {};
	const cells: Record<string, string> = {};
	for (const [key, value] of Object.entries(metadata)) {
		if (/\s/.test(key) || key === '') fail(params, 'Metadata', `key "${key}" becomes a CSV header, which may not be empty or hold spaces`);
		if (columns.includes(key)) fail(params, 'Metadata', `key "${key}" is a standard column of the import; set it with its own field`);
		if (value === undefined || value === null) continue;
		putOwn(cells, key, metadataCell(params, key, value));
	}
	return cells;
}

/** A row's own cell for a column: never a value its object inherits (`constructor`, `toString`…). */
function ownValue(cells: Record<string, string>, column: string): string | undefined {
	return Object.prototype.hasOwnProperty.call(cells, column) ? cells[column] : undefined;
}

/** The header: the standard columns, then every metadata key in the order first seen. */
function headerOf(spec: ImportSpec, rows: ImportRow[]): string[] {
	const metadata = new Set<string>();
	for (const row of rows) for (const key of Object.keys(row.metadata)) metadata.add(key);
	return [...spec.columns, ...metadata];
}

interface AsyncAction extends IDataObject {
	id: string;
	status: string;
	progress?: number;
	result?: IDataObject | null;
}

/** The output of one file's finished async action: its summary, and its failed rows paired with their items. */
function outputsOf(action: AsyncAction, chunk: CsvChunk, rows: BatchRow[]): BatchOutput[] {
	// A result that is not an object (e.g. plain text) is kept as it came, not spread into its characters.
	const plain = action.result === null || action.result === undefined || typeof action.result !== 'object' || Array.isArray(action.result);
	const result = (plain ? {} : action.result) as IDataObject;
	const failed = (Array.isArray(result.failed) ? result.failed : []) as IDataObject[];
	const chunkItems = rows.slice(chunk.first, chunk.first + chunk.count).map((row) => row.itemIndex);
	const { failed: _failed, ...counts } = plain && action.result !== undefined && action.result !== null ? { result: action.result } : result;
	const summary: BatchOutput = {
		json: { async_action_id: action.id, status: action.status, type: action.type, rows: chunk.count, ...counts },
		itemIndexes: chunkItems,
	};
	const failures = failed.map((failure): BatchOutput => {
		const row = Number(failure.row);
		const inChunk = Number.isInteger(row) && row >= 1 && row <= chunk.count;
		return {
			json: { error: String(failure.reason ?? 'The row was not imported'), ...failure, async_action_id: action.id },
			itemIndexes: inChunk ? [rows[chunk.first + row - 1].itemIndex] : chunkItems,
		};
	});
	return [summary, ...failures];
}

/** Sends the rows as CSV files, waits for each file's async action, and returns the summaries and failed rows. */
export async function sendImport(spec: ImportSpec, rows: BatchRow[], params: ParamReader, client: ServiceClient): Promise<BatchOutput[]> {
	const waitSeconds = requireIntegerInRange(params, 'Wait Up To (Seconds)', params.get('waitSeconds', DEFAULT_WAIT_SECONDS), 1, MAX_WAIT_SECONDS);
	const importRows = rows.map((row) => row.row as ImportRow);
	const header = headerOf(spec, importRows);
	const chunks = csvChunks(
		header,
		importRows.map((row) => header.map((column) => ownValue(row.cells, column) ?? ownValue(row.metadata, column) ?? '')),
		MAX_IMPORT_FILE_BYTES,
	);
	const outputs: BatchOutput[] = [];
	for (const chunk of chunks) {
		const chunkRows = rows.slice(chunk.first, chunk.first + chunk.count);
		try {
			const { async_action_id: id } = await client.request<{ async_action_id?: unknown }>({
				method: 'POST',
				path: spec.path,
				rawBody: multipartFile('file', spec.fileName, 'text/csv', chunk.text),
				safeToRepeat: spec.safeToRepeat(chunkRows.map((row) => row.row as ImportRow)),
			});
			if (typeof id !== 'string' || id === '') throw new NodeOperationError(params.node, 'The service accepted the import but named no async action to follow');
			const action = await waitForAction(id, waitSeconds, params, client);
			if (action.status !== 'DONE') {
				const message = String((action.result as IDataObject | null)?.message ?? 'no reason given');
				throw new NodeOperationError(params.node, `The ${spec.noun} import failed (async action ${id}): ${message}`, { itemIndex: chunkRows[0].itemIndex });
			}
			outputs.push(...outputsOf(action, chunk, rows));
		} catch (error) {
			// Both constructors hand back an error that is already theirs unchanged.
			if (!params.context.continueOnFail()) {
				if (error instanceof NodeApiError) throw new NodeApiError(params.node, error as unknown as JsonObject);
				throw new NodeOperationError(params.node, error as Error, { itemIndex: chunkRows[0].itemIndex });
			}
			// This file's rows fail together; the other files' results stand.
			outputs.push({ json: { error: (error as Error).message }, itemIndexes: chunkRows.map((row) => row.itemIndex) });
		}
	}
	return outputs;
}

/** Polls GET /v1/async-actions/{id} with backoff until DONE or FAILED, at most `waitSeconds`. */
async function waitForAction(id: string, waitSeconds: number, params: ParamReader, client: ServiceClient): Promise<AsyncAction> {
	return await waitUntilDone<AsyncAction>({
		timeoutMs: waitSeconds * 1000,
		signal: params.context.getExecutionCancelSignal?.(),
		check: async () => {
			const action = await client.request<AsyncAction>({ method: 'GET', path: path`/v1/async-actions/${id}` }).catch((error: unknown) => {
				// Not "check the IDs": the node took the ID from the service, and the file was accepted.
				if (error instanceof NodeApiError && error.httpCode === '404') {
					error.description = `The service accepted the file (async action ${id}) but did not find its status: the import may still apply. Look up async action ${id} before importing the same rows again.`;
				}
				throw error;
			});
			if (action.status === 'DONE' || action.status === 'FAILED') return { done: true, value: action };
			return { done: false, status: `${String(action.status)}${action.progress !== undefined ? `, ${action.progress}% done` : ''}` };
		},
		timeout: (status, waitedMs) =>
			new NodeOperationError(
				params.node,
				`The import did not finish within ${Math.round(waitedMs / 1000)} s (async action ${id}, last seen ${status})`,
				{
					itemIndex: params.itemIndex,
					description: `The file was accepted and the service may still finish it: look up async action ${id} before importing the same rows again, or raise Wait Up To (Seconds).`,
				},
			),
	});
}
