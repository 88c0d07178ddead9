import { NodeOperationError, type IDataObject } from 'n8n-workflow';
import { waitUntilDone } from '../../shared/poll';
import { HIDDEN_ON_TOOLS } from '../../shared/fields';
import { requireIntegerInRange, requireText } from '../../shared/validate';
import { path } from '../../transport/request';
import type { OperationDefinition, ParamReader, ServiceClient } from '../types';
import { exportLocator, readExportId } from './fields';

const MAX_WAIT_SECONDS = 3600;
const DEFAULT_MAX_FILE_MB = 1024;
/** Max File Size counts binary megabytes, as file managers do: the default 1024 admits a file of exactly 1 GiB. */
const BYTES_PER_MB = 1024 * 1024;
/** How long the file itself may take to arrive, however slowly it trickles in. */
const DOWNLOAD_DEADLINE_MS = 3_600_000;

/** The file as the transport hands it over: a Node.js readable stream, with the answer's headers. */
type FileStream = NodeJS.ReadableStream & {
	destroy(error?: Error): void;
	push(chunk: unknown, encoding?: BufferEncoding): boolean;
	headers?: Record<string, string>;
};

/**
 * Counts the file as it arrives and fails it past `maxBytes` (the file is never held whole). It counts where the
 * chunks enter the stream, so it neither starts nor pauses the flow that n8n's binary data store drives.
 */
function capSize(file: FileStream, maxBytes: number, tooLarge: () => Error): void {
	let seen = 0;
	const push = file.push.bind(file);
	file.push = (chunk: unknown, encoding?: BufferEncoding) => {
		if (chunk !== null && chunk !== undefined) {
			seen += Buffer.isBuffer(chunk) ? chunk.length : Buffer.byteLength(String(chunk));
			if (seen > maxBytes) {
				file.destroy(tooLarge());
				return false;
			}
		}
		return push(chunk, encoding);
	};
}

/**
 * The address of the export's file, checked before anything is fetched from it: https, or the very origin the
 * credential points at (e.g. a local emulator on http). It is requested without the credential either way.
 */
async function fileUrl(params: ParamReader, client: ServiceClient, job: IDataObject): Promise<string> {
	const raw = (job.result as IDataObject | null | undefined)?.url;
	if (typeof raw !== 'string' || raw === '') throw new NodeOperationError(params.node, `Export ${String(job.id)} is done but names no file`, { itemIndex: params.itemIndex });
	let url: URL;
	try {
		url = new URL(raw);
	} catch {
		throw new NodeOperationError(params.node, `Export ${String(job.id)} names a file address that is not a URL`, { itemIndex: params.itemIndex });
	}
	const own = new URL(await client.baseUrl()).origin;
	if (url.protocol !== 'https:' && url.origin !== own) {
		throw new NodeOperationError(params.node, `Refused to download export ${String(job.id)} over ${url.protocol.replace(':', '')} from ${url.origin}: only https, or the service's own address`, {
			itemIndex: params.itemIndex,
		});
	}
	return url.toString();
}

/** The export once it is DONE: at once, or after waiting up to `waitSeconds` (0: no wait). */
async function finished(params: ParamReader, client: ServiceClient, job: IDataObject, waitSeconds: number): Promise<IDataObject> {
	const id = String(job.id);
	const settled = (state: IDataObject) => state.status === 'DONE' || state.status === 'ERROR';
	let current = job;
	if (!settled(current) && waitSeconds > 0) {
		current = await waitUntilDone<IDataObject>({
			timeoutMs: waitSeconds * 1000,
			signal: params.context.getExecutionCancelSignal?.(),
			status: String(current.status),
			check: async (bounds) => {
				const state = await client.request<IDataObject>({ method: 'GET', path: path`/v1/exports/${id}`, ...bounds });
				return settled(state) ? { done: true, value: state } : { done: false, status: String(state.status) };
			},
			timeout: (status, waitedMs) =>
				new NodeOperationError(params.node, `Export ${id} was not done within ${Math.round(waitedMs / 1000)} s (last seen ${status})`, {
					itemIndex: params.itemIndex,
					description: 'Download it later (Export → Download with this ID), or raise Wait Up To (Seconds).',
				}),
		});
	}
	if (current.status === 'ERROR') throw new NodeOperationError(params.node, `Export ${id} failed on the service's side (status ERROR)`, { itemIndex: params.itemIndex });
	if (current.status !== 'DONE') {
		throw new NodeOperationError(params.node, `Export ${id} is not done yet (status ${String(current.status)})`, {
			itemIndex: params.itemIndex,
			description: 'Set Wait Up To (Seconds) above 0 to wait for it.',
		});
	}
	return current;
}

export const download: OperationDefinition = {
	value: 'download',
	name: 'Download',
	action: 'Download an export file',
	description: "Fetch an export's CSV file as binary data, waiting for the export to finish if needed",
	endpoint: 'GET /v1/exports/{exportId} then GET {result.url}',
	properties: [
		exportLocator,
		{
			displayName: 'Put Output File in Field',
			name: 'binaryPropertyName',
			type: 'string',
			default: 'data',
			required: true,
			hint: 'The name of the output binary field to put the file in',
			// a tool answers its agent with JSON: the file stays in the field n8n names by default
			displayOptions: HIDDEN_ON_TOOLS,
		},
		{
			displayName: 'Wait Up To (Seconds)',
			name: 'waitSeconds',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: MAX_WAIT_SECONDS, numberPrecision: 0 },
			default: 300,
			description: `How long to wait for an export that is still running (0 to ${MAX_WAIT_SECONDS}; 0 fails at once if it is not done)`,
		},
		{
			displayName: 'Max File Size (MB)',
			name: 'maxFileMb',
			type: 'number',
			typeOptions: { minValue: 0.001, numberPrecision: 3 },
			default: DEFAULT_MAX_FILE_MB,
			description:
				"The largest file to download, in MB of 1,048,576 bytes (1024 is 1 GiB); a larger one fails the item, naming its size. The file is streamed into n8n's binary data (to disk with N8N_DEFAULT_BINARY_DATA_MODE=filesystem), never held whole in memory by the node.",
		},
	],
	build: (params) => {
		requireText(params, 'Put Output File in Field', params.get('binaryPropertyName', 'data'));
		requireIntegerInRange(params, 'Wait Up To (Seconds)', params.get('waitSeconds', 300), 0, MAX_WAIT_SECONDS);
		// checked before anything is sent, although it is used only once the file is there
		params.get<number>('maxFileMb', DEFAULT_MAX_FILE_MB);
		return { method: 'GET', path: path`/v1/exports/${readExportId(params)}` };
	},
	async follow(response, params, client) {
		const field = requireText(params, 'Put Output File in Field', params.get('binaryPropertyName', 'data')).trim();
		const waitSeconds = requireIntegerInRange(params, 'Wait Up To (Seconds)', params.get('waitSeconds', 300), 0, MAX_WAIT_SECONDS);
		const job = await finished(params, client, response, waitSeconds);
		const url = await fileUrl(params, client, job);
		const maxMb = params.get<number>('maxFileMb', DEFAULT_MAX_FILE_MB);
		const maxBytes = Math.round(Number(maxMb) * BYTES_PER_MB);
		const tooLarge = (size?: number) =>
			new NodeOperationError(
				params.node,
				`Export ${String(job.id)}'s file is larger than Max File Size (${maxMb} MB)${size !== undefined ? `: ${(size / BYTES_PER_MB).toFixed(3)} MB` : ''}`,
				{ itemIndex: params.itemIndex, description: 'Raise Max File Size (MB), or narrow the export with its filters. Nothing was kept of the file.' },
			);
		const signal = params.context.getExecutionCancelSignal?.();
		const file = await client.request<FileStream>({ method: 'GET', path: '', url, encoding: 'stream', signal, deadlineMs: DOWNLOAD_DEADLINE_MS });
		const announced = Number(file.headers?.['content-length']);
		if (Number.isFinite(announced) && announced > maxBytes) {
			file.destroy();
			throw tooLarge(announced);
		}
		capSize(file, maxBytes, () => tooLarge());
		const fileName = `${String(job.exported_object ?? 'export')}-${String(job.id)}.csv`;
		type BinaryInput = Parameters<typeof params.context.helpers.prepareBinaryData>[0];
		const binary = await params.context.helpers.prepareBinaryData(file as unknown as BinaryInput, fileName, 'text/csv');
		return [{ json: job, binary: { [field]: binary } }];
	},
};
