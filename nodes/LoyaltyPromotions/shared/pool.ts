import type { NodeExecutionHint } from 'n8n-workflow';
import type { AutoSummary } from '../transport/pacer';

/**
 * How many requests an execution keeps in flight at once (the Concurrency option): a fixed number, or Auto.
 * DEFAULT_CONCURRENCY is what a node runs with when its Options hold no Concurrency: nodes saved before Auto
 * store `options: {}` and keep it; new nodes store Auto (the Options collection's default).
 */
export const DEFAULT_CONCURRENCY = 5;
export const MAX_CONCURRENCY = 20;
export const AUTO_CONCURRENCY = 'auto';

export type Concurrency = number | typeof AUTO_CONCURRENCY;

/** A number of requests in flight that may change while the pool runs (Auto). */
export interface InFlightLimit {
	current(): number;
}

/**
 * Runs `work(i)` for i in [0, count) with at most `limit` in flight (read again whenever a task ends); stops
 * taking new work once one throws. A limit lowered while it runs lets the tasks in flight finish.
 */
export async function runPool(count: number, limit: number | InFlightLimit, work: (index: number) => Promise<void>): Promise<void> {
	const allowed = () => {
		const value = typeof limit === 'number' ? limit : limit.current();
		return value >= 1 ? value : 1;
	};
	let next = 0;
	let running = 0;
	let firstError: unknown;
	await new Promise<void>((resolve) => {
		const fill = () => {
			while (firstError === undefined && next < count && running < allowed()) {
				const index = next++;
				running++;
				void Promise.resolve()
					.then(async () => await work(index))
					.catch((error: unknown) => {
						firstError ??= error;
					})
					.finally(() => {
						running--;
						fill();
					});
			}
			if (running === 0) resolve();
		};
		fill();
	});
	if (firstError !== undefined) throw firstError;
}

/** The number of requests a pool without Auto's feedback keeps in flight (a bulk job's requests and polls). */
export function fixedConcurrency(setting: unknown): number {
	return setting === AUTO_CONCURRENCY || setting === undefined ? DEFAULT_CONCURRENCY : Number(setting);
}

/** What Auto settled on, as the output panel shows it: what the user learns of their link and their plan. */
export function autoHint(summary: AutoSummary): NodeExecutionHint {
	const { settled, lowest, highest, peakPerMinute, announcedLimit, backoffs, heldByLimit } = summary;
	const range = lowest === highest ? '' : ` (${lowest}–${highest} during the run)`;
	const limit =
		announcedLimit === undefined
			? ''
			: heldByLimit
				? `; the service's rate limit (${announcedLimit.toLocaleString('en-US')} a window) set the pace`
				: `; the service's rate limit (${announcedLimit.toLocaleString('en-US')} a window) left room`;
	const slowed = backoffs > 0 ? `; it slowed down ${backoffs} time${backoffs === 1 ? '' : 's'} after a 429, a 5xx or a lost connection` : '';
	return {
		message: `Concurrency Auto settled on ${settled} request${settled === 1 ? '' : 's'} in flight${range}, at up to ${peakPerMinute.toLocaleString('en-US')} answers a minute${limit}${slowed}. To pin a number, choose it in Options → Concurrency.`,
		type: 'info',
		location: 'outputPane',
	};
}
