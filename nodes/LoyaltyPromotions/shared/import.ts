import type { IDataObject } from 'n8n-workflow';
import type { BatchOutput, BatchRow, ParamReader, ServiceClient } from '../actions/types';
import { csvChunks, multipartFile } from './csv';
import { putOwn, readMetadata } from './fields';
import { readResult, runJobs, summaryOf, type AsyncAction, type JobRequest } from './jobs';
import { fail, requireScalarText } from './validate';

export { waitSecondsProperty } from './jobs';

/**
 * A CSV import of all input items at once (SKU → Import, Product → Import): each item becomes one row; the rows go
 * up as one file (several when they pass the service's file size limit), sent and polled as jobs (shared/jobs.ts). Its result becomes items: one per file with the counts, and one per row that failed, paired
 * with the input item the row came from.
 */

/** The service accepts files up to 10 MB; the node keeps below that with room for the multipart envelope. */
export const MAX_IMPORT_FILE_BYTES = 9_000_000;

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

/** The output of one file's finished async action: its summary, and its failed rows paired with their items. */
function outputsOf(noun: string, action: AsyncAction, chunkRows: BatchRow[], params: ParamReader): BatchOutput[] {
	const { failures: failed } = readResult(noun, action, 'failed', params);
	const summary = summaryOf(action, chunkRows, ['failed'], 'rows');
	const failures = failed.map((failure): BatchOutput => {
		const row = Number(failure.row);
		const inChunk = Number.isInteger(row) && row >= 1 && row <= chunkRows.length;
		return {
			json: { error: String(failure.reason ?? 'The row was not imported'), ...failure, async_action_id: action.id },
			itemIndexes: inChunk ? [chunkRows[row - 1].itemIndex] : summary.itemIndexes,
		};
	});
	return [summary, ...failures];
}

/** Sends the rows as CSV files, waits for each file's async action, and returns the summaries and failed rows. */
export async function sendImport(spec: ImportSpec, rows: BatchRow[], params: ParamReader, client: ServiceClient): Promise<BatchOutput[]> {
	const importRows = rows.map((row) => row.row as ImportRow);
	const header = headerOf(spec, importRows);
	const chunks = csvChunks(
		header,
		importRows.map((row) => header.map((column) => ownValue(row.cells, column) ?? ownValue(row.metadata, column) ?? '')),
		MAX_IMPORT_FILE_BYTES,
	);
	const noun = `${spec.noun} import`;
	const requests = chunks.map((chunk): JobRequest => {
		const chunkRows = rows.slice(chunk.first, chunk.first + chunk.count);
		return {
			rows: chunkRows,
			request: {
				method: 'POST',
				path: spec.path,
				rawBody: multipartFile('file', spec.fileName, 'text/csv', chunk.text),
				safeToRepeat: spec.safeToRepeat(chunkRows.map((row) => row.row as ImportRow)),
			},
			outputs: (action) => outputsOf(noun, action, chunkRows, params),
		};
	});
	return await runJobs(noun, requests, params, client);
}
