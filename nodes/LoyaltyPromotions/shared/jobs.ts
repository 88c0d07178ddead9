import { NodeApiError, NodeOperationError, type IDataObject, type INodeProperties, type JsonObject } from 'n8n-workflow';
import type { BatchOutput, BatchRow, ParamReader, ServiceClient } from '../actions/types';
import { redactUrlCredentials } from '../../../credentials/location';
import { errorItem } from './errorItem';
import { path, type ServiceRequest } from '../transport/request';
import { waitUntilDone } from './poll';
import { fixedConcurrency, runPool } from './pool';
import { requireIntegerInRange } from './validate';

/**
 * Jobs the service runs in the background (CSV imports, bulk updates, metadata updates, JSON imports): each
 * request carries some of the input items' rows and answers an async action, which is polled with backoff until
 * DONE or FAILED (at most Wait Up To). Requests go out `Concurrency` at a time, each followed by its own polls, so
 * the waits of one overlap the sends of the others; the transport paces them all under the service's limit.
 * Output: per request a summary, then one item per record that failed, paired with the input item it came from.
 */

export const DEFAULT_WAIT_SECONDS = 600;
export const MAX_WAIT_SECONDS = 3600;

export const waitSecondsProperty: INodeProperties = {
	displayName: 'Wait Up To (Seconds)',
	name: 'waitSeconds',
	type: 'number',
	typeOptions: { minValue: 1, maxValue: MAX_WAIT_SECONDS, numberPrecision: 0 },
	default: DEFAULT_WAIT_SECONDS,
	description: `How long to wait for the service to finish each request's async action (1 to ${MAX_WAIT_SECONDS}). If it has not finished by then the node fails, naming the async action to look up; the service may still complete it.`,
};

export interface AsyncAction extends IDataObject {
	id: string;
	status: string;
	progress?: number;
	result?: IDataObject | null;
}

/** One request of a job: the rows it carries, and how its finished async action becomes output items. */
export interface JobRequest {
	rows: BatchRow[];
	request: ServiceRequest;
	/** The summary's and failures' items from the finished (DONE) action. */
	outputs(action: AsyncAction): BatchOutput[];
}

/** The service's own words, as an error may quote them: JSON, at most 500 characters, addresses' credentials hidden. */
export function quoteService(value: unknown): string {
	const text = JSON.stringify(value) ?? String(value);
	return redactUrlCredentials(text.length > 500 ? `${text.slice(0, 500)}…` : text);
}

/** What to do when the service's answer about an accepted action cannot be read: look the action up, not send again. */
function unreadable(params: ParamReader, message: string, id: string, answered: unknown): NodeOperationError {
	return new NodeOperationError(params.node, redactUrlCredentials(message), {
		itemIndex: params.itemIndex,
		description: `The service answered: ${quoteService(answered)}. It had accepted the request and may have applied it: look up async action ${id} before sending the same records again.`,
	});
}

/**
 * Polls GET /v1/async-actions/{id} with backoff until DONE or FAILED, at most `waitSeconds`, or until `signal`
 * fires (the execution is canceled, or the job as a whole stops). An answer about another action is an error.
 */
export async function waitForAction(
	noun: string,
	id: string,
	waitSeconds: number,
	params: ParamReader,
	client: ServiceClient,
	signal = params.context.getExecutionCancelSignal?.(),
): Promise<AsyncAction> {
	return await waitUntilDone<AsyncAction>({
		timeoutMs: waitSeconds * 1000,
		signal,
		// The service queues bulk work behind earlier jobs: a first look soon, then doubling pauses up to 5 s.
		firstDelayMs: 200,
		check: async (bounds) => {
			const action = await client.request<AsyncAction>({ method: 'GET', path: path`/v1/async-actions/${id}`, ...bounds }).catch((error: unknown) => {
				// Not "check the IDs": the node took the ID from the service, which had accepted the work.
				if (error instanceof NodeApiError && error.httpCode === '404') {
					error.description = `The service accepted the ${noun} (async action ${id}) but did not find its status: it may still apply. Look up async action ${id} before sending the same records again.`;
				}
				throw error;
			});
			const named = action !== null && typeof action === 'object' ? (action as IDataObject).id : undefined;
			if (named !== id) {
				throw unreadable(params, `The service answered the status of ${typeof named === 'string' ? `async action ${named}` : 'no async action'} when asked for ${id}`, id, action);
			}
			if (action.status === 'DONE' || action.status === 'FAILED') return { done: true, value: action };
			return { done: false, status: `${String(action.status)}${action.progress !== undefined ? `, ${action.progress}% done` : ''}` };
		},
		timeout: (status, waitedMs) =>
			new NodeOperationError(params.node, `The ${noun} did not finish within ${Math.round(waitedMs / 1000)} s (async action ${id}, last seen ${status})`, {
				itemIndex: params.itemIndex,
				description: `The request was accepted and the service may still finish it: look up async action ${id} before sending the same records again, or raise Wait Up To (Seconds).`,
			}),
	});
}

/**
 * A DONE action's result, checked before it is read: an object whose failures (`failures`: a list, or for
 * `failed` also one object) are objects and whose counts are counts, saying something about what failed. Anything
 * else is an error quoting the service, never "0 failed".
 */
export function readResult(noun: string, action: AsyncAction, failures: 'errors' | 'failed', params: ParamReader): { result: IDataObject; failures: IDataObject[] } {
	const value: unknown = action.result;
	const problem = (text: string) => unreadable(params, `The service's result of the ${noun} (async action ${action.id}) cannot be read: ${text}`, action.id, value);
	if (value === null || typeof value !== 'object' || Array.isArray(value)) throw problem('it is not an object');
	const result = value as IDataObject;
	const listed = result[failures];
	const isObject = (entry: unknown) => entry !== null && typeof entry === 'object' && !Array.isArray(entry);
	let entries: unknown[];
	if (listed === undefined) entries = [];
	else if (Array.isArray(listed)) entries = listed;
	else if (failures === 'failed' && isObject(listed)) entries = [listed];
	else throw problem(`${failures} is not a list`);
	if (!entries.every(isObject)) throw problem(`${failures} holds an entry that is not an object`);
	for (const key of ['done_count', 'failed_count']) {
		const count = result[key];
		if (count !== undefined && !(Number.isInteger(count) && (count as number) >= 0)) throw problem(`${key} is not a count`);
	}
	if (listed === undefined && result.failed_count === undefined) throw problem(`it names neither ${failures} nor failed_count`);
	return { result, failures: entries as IDataObject[] };
}

/** The summary of one finished action: its id, status, type, the service's verdict, how many records it carried, and the result's counts. */
export function summaryOf(action: AsyncAction, rows: BatchRow[], omit: string[], countKey = 'records'): BatchOutput {
	// A result that is not an object (e.g. plain text) is kept as it came, not spread into its characters.
	const value: unknown = action.result;
	const plain = value === null || value === undefined || typeof value !== 'object' || Array.isArray(value);
	const result: IDataObject = plain ? (value === null || value === undefined ? {} : { result: value as IDataObject }) : { ...(value as IDataObject) };
	for (const key of omit) delete result[key];
	return {
		json: {
			async_action_id: action.id,
			status: action.status,
			type: action.type,
			// bulk and metadata updates also say SUCCESS or FAILURE of the operation as a whole
			...(action.operation_status !== undefined ? { operation_status: action.operation_status } : {}),
			[countKey]: rows.length,
			...result,
		},
		itemIndexes: rows.map((row) => row.itemIndex),
	};
}

/** How far one accepted request's async action was followed. */
type Followed = 'done' | 'failed' | 'not followed to its end';

interface Accepted {
	index: number;
	id: string;
	followed: Followed;
}

/** `n record(s) from input item i`: what one request carried, named by its first input item. */
function carried(rows: BatchRow[]): string {
	return `${rows.length} record${rows.length === 1 ? '' : 's'} from input item ${rows[0].itemIndex}`;
}

/**
 * Sends every request, each followed by polling its async action, at most Concurrency at a time. A request that
 * fails (refused, rate limit past its bounds, async action FAILED, unreadable or not done in time): with Continue
 * On Fail one error item paired with its rows while the others go on; without, no new request is sent, the ones in
 * flight are let finish (the transport bounds each; their actions are not followed further), and the error names
 * every async action the service accepted. Either way the failure says the same: its own cause, then what the
 * service accepted (ID, records, first input item), what failed, and what was never sent.
 */
export async function runJobs(noun: string, requests: JobRequest[], params: ParamReader, client: ServiceClient): Promise<BatchOutput[]> {
	const waitSeconds = requireIntegerInRange(params, 'Wait Up To (Seconds)', params.get('waitSeconds', DEFAULT_WAIT_SECONDS), 1, MAX_WAIT_SECONDS);
	const concurrency = fixedConcurrency(params.get<IDataObject>('options', {}).concurrency);
	const continueOnFail = params.context.continueOnFail();
	const outputs: BatchOutput[][] = new Array(requests.length);
	const accepted: Accepted[] = [];
	const failures: Array<{ index: number; error: Error }> = [];
	const started = new Set<number>();
	// Fired at the first failure without Continue On Fail: polls stop, requests already on their way finish.
	const stop = new AbortController();
	const cancel = params.context.getExecutionCancelSignal?.();
	const pollSignal = cancel ? AbortSignal.any([cancel, stop.signal]) : stop.signal;

	await runPool(requests.length, concurrency, async (index) => {
		if (stop.signal.aborted) return;
		started.add(index);
		const { rows, request, outputs: outputsOf } = requests[index];
		const itemIndex = rows[0].itemIndex;
		let acceptance: Accepted | undefined;
		try {
			const { async_action_id: id } = await client.request<{ async_action_id?: unknown }>({ ...request, rateLimit: 'bulk' });
			if (typeof id !== 'string' || id === '') {
				throw new NodeOperationError(params.node, `The service accepted the ${noun} but named no async action to follow`, { itemIndex });
			}
			acceptance = { index, id, followed: 'not followed to its end' };
			accepted.push(acceptance);
			const action = await waitForAction(noun, id, waitSeconds, params, client, pollSignal);
			if (action.status !== 'DONE') {
				acceptance.followed = 'failed';
				const result = action.result as IDataObject | null | undefined;
				const message = result && typeof result === 'object' && typeof result.message === 'string' ? result.message : result ? quoteService(result) : 'no reason given';
				throw new NodeOperationError(params.node, redactUrlCredentials(`The ${noun} failed (async action ${id}): ${message}`), { itemIndex });
			}
			acceptance.followed = 'done';
			outputs[index] = outputsOf(action);
		} catch (error) {
			// An accepted action whose polling stopped because another request failed is not a failure of its own.
			if (acceptance?.followed === 'not followed to its end' && stop.signal.aborted && !cancel?.aborted) return;
			failures.push({ index, error: error as Error });
			if (!continueOnFail) stop.abort();
		}
	});
	if (failures.length === 0) return outputs.flat();

	const report = (failed: number) => jobReport(requests, accepted, failures, started, failed);
	if (continueOnFail) {
		for (const { index, error } of failures) {
			const { rows } = requests[index];
			const { json } = errorItem(error, rows[0].itemIndex);
			json.description = [json.description, report(index)].filter(Boolean).join(' ');
			// This request's rows fail together; the other requests' results stand.
			outputs[index] = [{ json: { ...json, records: rows.length }, itemIndexes: rows.map((row) => row.itemIndex) }];
		}
		return outputs.flat();
	}
	const [{ index, error }] = failures;
	// Both constructors hand back an error that is already theirs unchanged.
	const failure =
		error instanceof NodeApiError
			? new NodeApiError(params.node, error as unknown as JsonObject)
			: new NodeOperationError(params.node, error, { itemIndex: requests[index].rows[0].itemIndex });
	failure.description = [failure.description, report(index)].filter(Boolean).join(' ');
	throw failure;
}

/**
 * What a failed job did, for the failure of request `failed`: how many requests were needed, every async action the
 * service accepted (with its records and first input item, and how far it was followed), the request that failed,
 * the others that failed, and what was never sent.
 */
function jobReport(requests: JobRequest[], accepted: Accepted[], failures: Array<{ index: number; error: Error }>, started: Set<number>, failed: number): string {
	const records = (indexes: number[]) => {
		const count = indexes.reduce((sum, index) => sum + requests[index].rows.length, 0);
		return `${count} record${count === 1 ? '' : 's'}`;
	};
	const inOrder = [...accepted].sort((a, b) => a.index - b.index);
	const parts = [
		`${requests.length} request${requests.length === 1 ? ' was' : 's were'} needed: the service accepted ${accepted.length} (${records(accepted.map((a) => a.index))})${
			inOrder.length ? `: ${inOrder.map((a) => `async action ${a.id} (${carried(requests[a.index].rows)}, ${a.followed})`).join(', ')}` : ''
		}.`,
		`The request that failed carried ${requests[failed].rows.length} record${requests[failed].rows.length === 1 ? '' : 's'} (from input item ${requests[failed].rows[0].itemIndex}).`,
	];
	const others = failures.filter((f) => f.index !== failed);
	if (others.length) parts.push(`Also failed: ${others.map((f) => `the request of ${carried(requests[f.index].rows)} (${redactUrlCredentials(f.error.message)})`).join('; ')}.`);
	const unsent = requests.map((_, index) => index).filter((index) => !started.has(index));
	if (unsent.length) parts.push(`Not sent: ${unsent.length} request${unsent.length === 1 ? '' : 's'} (${records(unsent)}).`);
	if (accepted.length) parts.push('Do not send the accepted records again: look up their async actions first.');
	return parts.join(' ');
}
