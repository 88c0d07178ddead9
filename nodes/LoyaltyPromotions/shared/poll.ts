import { ApplicationError, sleep } from 'n8n-workflow';
import { passedDeadline } from '../transport/request';

/** One look at a job the service runs in the background: finished (with its value), or how far it got. */
export type JobState<T> = { done: true; value: T } | { done: false; status: string };

/** What bounds one look's request: the time left of the wait, and the execution's cancel signal. */
export interface LookBounds {
	deadlineMs: number;
	signal?: AbortSignal;
}

export interface WaitOptions<T> {
	/** Asks the service once; its request carries `bounds` (ServiceRequest.deadlineMs and signal). */
	check(bounds: LookBounds): Promise<JobState<T>>;
	/** How long to wait in total, in ms: the looks' requests included, however slowly they are answered. */
	timeoutMs: number;
	/** The error to throw when the time is up, given the last status seen. */
	timeout(lastStatus: string, waitedMs: number): Error;
	/** The status known before the first look (e.g. from the answer that started the wait). */
	status?: string;
	/** The execution's cancel signal: a canceled run stops waiting, and aborts a look in flight. */
	signal?: AbortSignal;
	/** The first wait (default 500 ms); each next one doubles, up to maxDelayMs (default 5 s). */
	firstDelayMs?: number;
	maxDelayMs?: number;
}

/** A fired signal ends a pause within this long. */
const PAUSE_SLICE_MS = 250;

/** Waits `ms`, or less when `signal` fires first (a stopped wait does not sit out its pause). */
async function pause(ms: number, signal?: AbortSignal): Promise<void> {
	const until = Date.now() + ms;
	for (let left = ms; left > 0 && !signal?.aborted; left = until - Date.now()) await sleep(Math.min(left, PAUSE_SLICE_MS));
}

/** The least time a look's request is given, even at the very end of the wait. */
const MIN_LOOK_MS = 1000;

/**
 * Waits for a background job: a pause, then a look, with the pause doubling up to a cap, and never longer than
 * `timeoutMs` in total. Every loop is bounded: the deadline ends it with the caller's error. Each look's request
 * gets what is left of the wait as its total deadline, so one status answer that trickles in slowly cannot
 * outlast the wait (n8n's own timeout only fires on silence).
 */
export async function waitUntilDone<T>(options: WaitOptions<T>): Promise<T> {
	const started = Date.now();
	let delay = options.firstDelayMs ?? 500;
	let status = options.status ?? 'no status yet';
	for (;;) {
		const left = options.timeoutMs - (Date.now() - started);
		await pause(Math.min(delay, left), options.signal);
		if (options.signal?.aborted) throw new ApplicationError('The execution was canceled while waiting for the service');
		const deadlineMs = Math.max(MIN_LOOK_MS, options.timeoutMs - (Date.now() - started));
		const state = await options.check({ deadlineMs, signal: options.signal }).catch((error: unknown) => {
			// The look outlived what was left of the wait: the wait is over, with the caller's error.
			if (passedDeadline(error) && Date.now() - started >= options.timeoutMs) throw options.timeout(status, Date.now() - started);
			throw error;
		});
		if (state.done) return state.value;
		status = state.status;
		const waited = Date.now() - started;
		if (waited >= options.timeoutMs) throw options.timeout(state.status, waited);
		delay = Math.min(options.maxDelayMs ?? 5000, delay * 2);
	}
}
