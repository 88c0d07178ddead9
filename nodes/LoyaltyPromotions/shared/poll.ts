import { ApplicationError, sleep } from 'n8n-workflow';

/** One look at a job the service runs in the background: finished (with its value), or how far it got. */
export type JobState<T> = { done: true; value: T } | { done: false; status: string };

export interface WaitOptions<T> {
	/** Asks the service once. */
	check(): Promise<JobState<T>>;
	/** How long to wait in total, in ms. */
	timeoutMs: number;
	/** The error to throw when the time is up, given the last status seen. */
	timeout(lastStatus: string, waitedMs: number): Error;
	/** The execution's cancel signal: a canceled run stops waiting. */
	signal?: AbortSignal;
	/** The first wait (default 500 ms); each next one doubles, up to maxDelayMs (default 5 s). */
	firstDelayMs?: number;
	maxDelayMs?: number;
}

/**
 * Waits for a background job: a pause, then a look, with the pause doubling up to a cap, and never longer than
 * `timeoutMs` in total. Every loop is bounded: the deadline ends it with the caller's error.
 */
export async function waitUntilDone<T>(options: WaitOptions<T>): Promise<T> {
	const started = Date.now();
	let delay = options.firstDelayMs ?? 500;
	for (;;) {
		const left = options.timeoutMs - (Date.now() - started);
		await sleep(Math.max(0, Math.min(delay, left)));
		if (options.signal?.aborted) throw new ApplicationError('The execution was canceled while waiting for the service');
		const state = await options.check();
		if (state.done) return state.value;
		const waited = Date.now() - started;
		if (waited >= options.timeoutMs) throw options.timeout(state.status, waited);
		delay = Math.min(options.maxDelayMs ?? 5000, delay * 2);
	}
}
