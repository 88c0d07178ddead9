import { NodeApiError, NodeOperationError, type IDataObject, type INodeProperties, type JsonObject } from 'n8n-workflow';
import { DEFAULT_CONCURRENCY } from '../actions/description';
import type { BatchOutput, BatchRow, ParamReader, ServiceClient } from '../actions/types';
import { path, type ServiceRequest } from '../transport/request';
import { waitUntilDone } from './poll';
import { runPool } from './pool';
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

/** Polls GET /v1/async-actions/{id} with backoff until DONE or FAILED, at most `waitSeconds`. */
export async function waitForAction(noun: string, id: string, waitSeconds: number, params: ParamReader, client: ServiceClient): Promise<AsyncAction> {
	return await waitUntilDone<AsyncAction>({
		timeoutMs: waitSeconds * 1000,
		signal: params.context.getExecutionCancelSignal?.(),
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

/** The summary of one finished action: its id, status, type, how many records it carried, and the result's counts. */
export function summaryOf(action: AsyncAction, rows: BatchRow[], omit: string[], countKey = 'records'): BatchOutput {
	// A result that is not an object (e.g. plain text) is kept as it came, not spread into its characters.
	const value: unknown = action.result;
	const plain = value === null || value === undefined || typeof value !== 'object' || Array.isArray(value);
	const result: IDataObject = plain ? (value === null || value === undefined ? {} : { result: value as IDataObject }) : { ...(value as IDataObject) };
	for (const key of omit) delete result[key];
	return {
		json: { async_action_id: action.id, status: action.status, type: action.type, [countKey]: rows.length, ...result },
		itemIndexes: rows.map((row) => row.itemIndex),
	};
}

/**
 * Sends every request, each followed by polling its async action, at most Concurrency at a time. A request that
 * fails (refused, rate limit past its bounds, async action FAILED or not done in time): with Continue On Fail one
 * error item paired with its rows while the others go on; without, the run stops and the error says how many
 * requests the service had already accepted, and which.
 */
export async function runJobs(noun: string, requests: JobRequest[], params: ParamReader, client: ServiceClient): Promise<BatchOutput[]> {
	const waitSeconds = requireIntegerInRange(params, 'Wait Up To (Seconds)', params.get('waitSeconds', DEFAULT_WAIT_SECONDS), 1, MAX_WAIT_SECONDS);
	const concurrency = Number(params.get<IDataObject>('options', {}).concurrency ?? DEFAULT_CONCURRENCY);
	const outputs: BatchOutput[][] = new Array(requests.length);
	const accepted: string[] = [];
	await runPool(requests.length, concurrency, async (index) => {
		const { rows, request, outputs: outputsOf } = requests[index];
		const itemIndex = rows[0].itemIndex;
		try {
			const { async_action_id: id } = await client.request<{ async_action_id?: unknown }>({ ...request, rateLimit: 'bulk' });
			if (typeof id !== 'string' || id === '') throw new NodeOperationError(params.node, `The service accepted the ${noun} but named no async action to follow`, { itemIndex });
			accepted.push(id);
			const action = await waitForAction(noun, id, waitSeconds, params, client);
			if (action.status !== 'DONE') {
				const message = String((action.result as IDataObject | null)?.message ?? 'no reason given');
				throw new NodeOperationError(params.node, `The ${noun} failed (async action ${id}): ${message}`, { itemIndex });
			}
			outputs[index] = outputsOf(action);
		} catch (error) {
			if (params.context.continueOnFail()) {
				// This request's rows fail together; the other requests' results stand.
				outputs[index] = [{ json: { error: (error as Error).message, records: rows.length }, itemIndexes: rows.map((row) => row.itemIndex) }];
				return;
			}
			const sent = `${requests.length} request${requests.length === 1 ? ' was' : 's were'} needed; the service had accepted ${accepted.length}${accepted.length ? ` (async actions ${accepted.slice(0, 20).join(', ')}${accepted.length > 20 ? ', …' : ''})` : ''} before this one failed, which carried ${rows.length} record${rows.length === 1 ? '' : 's'} (the first from input item ${rows[0].itemIndex}).`;
			// Both constructors hand back an error that is already theirs unchanged.
			const failure =
				error instanceof NodeApiError
					? new NodeApiError(params.node, error as unknown as JsonObject)
					: new NodeOperationError(params.node, error as Error, { itemIndex });
			failure.description = [failure.description, sent].filter(Boolean).join(' ');
			throw failure;
		}
	});
	return outputs.flat();
}
