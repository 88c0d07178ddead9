import { ApplicationError, sleep } from 'n8n-workflow';

/**
 * Every wait is bounded. A service (or anything posing as one) can ask for a wait of an hour, or keep asking:
 * - one wait after a 429 (Retry-After, else X-Rate-Limit-Retry) longer than maxWaitMs is not waited: the request
 *   fails at once, saying what the service asked for;
 * - the waits after 429s add up, per execution (overlapping waits of concurrent requests count once), to at
 *   most maxTotalWaitMs; the request that would exceed it fails the same way;
 * - the pacer's own waits (spreading requests under the limit the headers announce) last at most maxWaitMs per
 *   request, after which the request goes and the service decides. They are not added up: each one is followed
 *   by a request, so a long run that stays under the limit is not cut short.
 * After a refusal, the other requests of the execution fail at once too, without being sent, until the time
 * the service asked for has passed.
 */
export interface WaitLimits {
	maxWaitMs: number;
	maxTotalWaitMs: number;
}

export const DEFAULT_WAIT_LIMITS: WaitLimits = { maxWaitMs: 60_000, maxTotalWaitMs: 300_000 };

/** A wait the node refused to make; the transport turns it into a 429 error. */
export class WaitRefused extends ApplicationError {
	constructor(
		/** How long the service asked to wait, in ms. */
		readonly askedMs: number,
		/** What asked for it, e.g. "Retry-After: 3600". */
		readonly source: string,
		/** Which bound it broke. */
		readonly bound: 'single' | 'total',
		readonly limits: WaitLimits,
		/** Waited after 429s in this execution so far, in ms. */
		readonly waitedMs: number,
		/** The limit the 429 named (X-Rate-Limit-Type, e.g. bulk_api_calls), when it named one. */
		readonly limitType?: string,
	) {
		super(`The service asked to wait ${seconds(askedMs)} (${source})`);
	}
}

/** A duration for people: "45 s", "1 min 30 s", "1 h". */
export function seconds(ms: number): string {
	const total = Math.max(0, Math.round(ms / 1000));
	if (total < 60) return `${total} s`;
	const hours = Math.floor(total / 3600);
	const minutes = Math.floor((total % 3600) / 60);
	const rest = total % 60;
	return [hours ? `${hours} h` : '', minutes ? `${minutes} min` : '', rest ? `${rest} s` : ''].filter(Boolean).join(' ');
}

/**
 * Shares the service's rate-limit budget between the requests of one execution. A 429 pauses every request
 * until the service's Retry-After. Before any 429, the rate-limit headers slow the pool down:
 * - Once the window's length is known (the smallest step seen between two X-Rate-Limit-Retry values), no more
 *   than X-Rate-Limit-Limit minus a small margin requests leave in any sliding interval of that length. That
 *   keeps every fixed window of the service under its limit whatever its phase (X-Rate-Limit-Retry is rounded
 *   up to the second, so the true window end is unknown), and sustains about 96% of the limit.
 * - Until then, a low X-Rate-Limit-Remaining spreads the rest of the window evenly instead of spending it at
 *   once and meeting a 429.
 * One Pacer lives per execution (never at module level), so queue-mode workers never share state.
 */
export class Pacer {
	private pausedUntil = 0;

	/** Wall-clock time the execution spent paused after 429s. */
	private waitedMs = 0;

	/** A refused wait: requests fail without being sent until `until`. */
	private refusal?: { until: number; error: WaitRefused };

	private remaining?: number;

	private limit?: number;

	/** X-Rate-Limit-Retry of the newest window seen (epoch seconds). */
	private retryAt?: number;

	private windowEndsAt = 0;

	/** The window's length in ms, once two windows have been seen. */
	private windowMs?: number;

	private lastSentAt = 0;

	/** When recent requests left, oldest first; at most `limit` kept. */
	private readonly sent: number[] = [];

	constructor(
		readonly limits: WaitLimits = DEFAULT_WAIT_LIMITS,
		/** Concurrency Auto, when the node runs with it: told of every answer and of every wait for the limit. */
		readonly auto?: AutoConcurrency,
	) {}

	async beforeRequest(): Promise<void> {
		// The pacer's own estimate holds a request at most maxWaitMs; a pause after a 429 is bounded by pause().
		const deadline = Date.now() + this.limits.maxWaitMs;
		for (;;) {
			const now = Date.now();
			if (this.refusal && now < this.refusal.until) throw this.refusal.error;
			const waitUntil = Math.max(this.pausedUntil, Math.min(this.earliestSend(now), deadline));
			if (waitUntil <= now) {
				this.recordSend(now);
				return;
			}
			if (waitUntil > this.pausedUntil) this.auto?.held();
			// Re-check after the wait: other requests of the pool may have taken the slot meanwhile.
			await sleep(waitUntil - now);
		}
	}

	private earliestSend(now: number): number {
		let waitUntil = this.pausedUntil;
		if (this.limit === undefined) return waitUntil;
		if (this.windowMs !== undefined) {
			const budget = Math.max(1, this.limit - Math.max(1, Math.ceil(this.limit * 0.04)));
			if (this.sent.length >= budget) waitUntil = Math.max(waitUntil, this.sent[this.sent.length - budget] + this.windowMs);
		}
		// X-Rate-Limit-Remaining counts every sender on the account (other executions, other queue-mode workers),
		// which the sliding interval of this execution's own requests cannot see.
		if (this.remaining !== undefined && now < this.windowEndsAt) {
			const lowWatermark = Math.max(2, Math.ceil(this.limit * 0.1));
			if (this.remaining <= 0) waitUntil = Math.max(waitUntil, this.windowEndsAt);
			else if (this.remaining <= lowWatermark) {
				const spacing = (this.windowEndsAt - now) / (this.remaining + 1);
				waitUntil = Math.max(waitUntil, this.lastSentAt + spacing);
			}
		}
		return waitUntil;
	}

	private recordSend(now: number): void {
		this.lastSentAt = now;
		if (this.limit === undefined) return;
		this.sent.push(now);
		while (this.sent.length > this.limit) this.sent.shift();
		if (this.remaining !== undefined) this.remaining = Math.max(0, this.remaining - 1);
	}

	/**
	 * Reads X-Rate-Limit-Limit, -Remaining and -Retry (epoch seconds) from any response, and tells Auto how the
	 * request ended: its HTTP status, or 0 for a connection lost without one.
	 */
	observe(headers: Record<string, string>, status?: number): void {
		this.readLimit(headers);
		if (status !== undefined) this.auto?.answered(status, this.limit);
	}

	private readLimit(headers: Record<string, string>): void {
		const limit = Number(headers['x-rate-limit-limit']);
		const remaining = Number(headers['x-rate-limit-remaining']);
		const retry = Number(headers['x-rate-limit-retry']);
		if (!Number.isFinite(limit) || !Number.isFinite(remaining) || limit <= 0) return;
		this.limit = limit;
		if (!Number.isFinite(retry) || retry <= 0) {
			this.remaining = remaining;
			return;
		}
		// Answers overtake each other: one from an older window must not roll the state back.
		if (this.retryAt !== undefined && retry < this.retryAt) return;
		if (this.retryAt !== undefined && retry > this.retryAt) {
			const step = (retry - this.retryAt) * 1000;
			this.windowMs = Math.min(this.windowMs ?? Infinity, step);
		}
		this.retryAt = retry;
		this.windowEndsAt = retry * 1000;
		this.remaining = remaining;
	}

	/**
	 * After a 429: hold every request of this execution for `milliseconds`, as the service asked (`source` says
	 * how, for the error). Gives a WaitRefused instead when that wait, or the execution's waits in all, would be
	 * too long; the execution's next requests then fail without being sent until that time has passed.
	 */
	pause(milliseconds: number, source: string, limitType?: string): WaitRefused | undefined {
		const now = Date.now();
		if (milliseconds > this.limits.maxWaitMs) return this.refuse(milliseconds, source, 'single', now, limitType);
		const until = now + milliseconds;
		const added = Math.max(0, until - Math.max(this.pausedUntil, now));
		if (this.waitedMs + added > this.limits.maxTotalWaitMs) return this.refuse(milliseconds, source, 'total', now, limitType);
		this.waitedMs += added;
		this.pausedUntil = Math.max(this.pausedUntil, until);
		return undefined;
	}

	private refuse(milliseconds: number, source: string, bound: WaitRefused['bound'], now: number, limitType?: string): WaitRefused {
		const error = new WaitRefused(milliseconds, source, bound, this.limits, this.waitedMs, limitType);
		this.refusal = { until: now + milliseconds, error };
		return error;
	}
}

/** Where Auto starts, and the most it keeps in flight (fewer when the service announces a lower limit). */
export const AUTO_START = 2;
export const AUTO_CAP = 32;

/** What Auto settled on, for the output panel's hint. */
export interface AutoSummary {
	/** Requests in flight at the end. */
	settled: number;
	lowest: number;
	highest: number;
	/** The best rate of answers measured, per minute. */
	peakPerMinute: number;
	/** X-Rate-Limit-Limit, when the service announced one. */
	announcedLimit?: number;
	/** How often it halved after a 429, or stepped down after a 5xx or a lost connection. */
	backoffs: number;
	/** Whether the pacer made requests wait for the rate limit. */
	heldByLimit: boolean;
}

/**
 * Concurrency Auto: how many requests one execution keeps in flight, found while it runs. It starts at AUTO_START
 * and, one measuring period at a time (at least 2 × the requests in flight answered, and 100 ms), grows by half
 * while the rate of answers grows by 5 % or more. When a step brings less it returns to the step before, and
 * probes a quarter higher every 8 periods. It never grows while the
 * pacer holds requests for the rate limit (the headers show no room: more in flight would only wait), never goes
 * above AUTO_CAP or the X-Rate-Limit-Limit the service announces, halves after a 429 and steps down by a quarter
 * after a 5xx or a lost connection (once per round of requests in flight). It decides how many requests start,
 * never whether one is sent again: that stays the transport's rule. One lives per execution (never at module
 * level), so queue-mode workers share nothing but what the service's headers tell each of them.
 */
export class AutoConcurrency {
	private limit = AUTO_START;

	private lowest = AUTO_START;

	private highest = AUTO_START;

	private announced?: number;

	private periodStart: number;

	private periodAnswers = 0;

	private periodHeld = false;

	private heldEver = false;

	/** The rate (answers per ms) of the step before the last increase, and that step's limit. */
	private previous?: { rate: number; limit: number };

	private probing = true;

	private steadyPeriods = 0;

	private peakRate = 0;

	private backoffs = 0;

	/** Answers since the last backoff: the requests in flight then answer with the same fault, and count once. */
	private sinceBackoff = Infinity;

	/** How many were in flight at the last backoff. */
	private inFlightAtBackoff = 0;

	constructor(
		private readonly cap = AUTO_CAP,
		private readonly now: () => number = Date.now,
	) {
		this.periodStart = now();
	}

	current(): number {
		return Math.max(1, Math.min(this.limit, this.announced ?? Infinity));
	}

	/** The pacer made a request wait for the rate limit: more in flight would only wait too. */
	held(): void {
		this.periodHeld = true;
		this.heldEver = true;
	}

	answered(status: number, announcedLimit?: number): void {
		if (announcedLimit !== undefined && announcedLimit >= 1) this.announced = Math.floor(announcedLimit);
		this.sinceBackoff++;
		if (status === 429) return this.backOff(0.5);
		if (status === 0 || status >= 500) return this.backOff(0.75);
		this.periodAnswers++;
		const now = this.now();
		const elapsed = now - this.periodStart;
		if (this.periodAnswers < Math.max(6, 2 * this.current()) || elapsed < 100) return;
		this.decide(this.periodAnswers / elapsed);
		this.newPeriod(now);
	}

	summary(): AutoSummary {
		return {
			settled: this.current(),
			lowest: this.lowest,
			highest: this.highest,
			peakPerMinute: Math.round(this.peakRate * 60_000),
			announcedLimit: this.announced,
			backoffs: this.backoffs,
			heldByLimit: this.heldEver,
		};
	}

	private decide(rate: number): void {
		this.peakRate = Math.max(this.peakRate, rate);
		const limit = this.current();
		if (this.periodHeld || limit >= Math.min(this.cap, this.announced ?? Infinity)) {
			this.probing = false;
			this.previous = undefined;
			return;
		}
		if (this.probing) {
			if (this.previous === undefined || rate >= this.previous.rate * 1.05) {
				this.previous = { rate, limit };
				return this.set(Math.max(limit + 1, Math.ceil(limit * 1.5)));
			}
			// The last step brought nothing: back to the step before.
			this.set(this.previous.limit);
			this.probing = false;
			this.previous = undefined;
			this.steadyPeriods = 0;
			return;
		}
		if (++this.steadyPeriods < 8) return;
		this.steadyPeriods = 0;
		this.probing = true;
		this.previous = { rate, limit };
		this.set(limit + Math.max(1, Math.ceil(limit / 4)));
	}

	private backOff(factor: number): void {
		if (this.sinceBackoff < this.inFlightAtBackoff) return;
		this.sinceBackoff = 0;
		this.inFlightAtBackoff = this.current();
		this.backoffs++;
		this.set(Math.floor(this.current() * factor));
		this.probing = false;
		this.previous = undefined;
		this.steadyPeriods = 0;
		this.newPeriod(this.now());
	}

	private set(limit: number): void {
		this.limit = Math.max(1, Math.min(limit, this.cap, this.announced ?? Infinity));
		this.lowest = Math.min(this.lowest, this.limit);
		this.highest = Math.max(this.highest, this.limit);
	}

	private newPeriod(now: number): void {
		this.periodStart = now;
		this.periodAnswers = 0;
		this.periodHeld = false;
	}
}

/**
 * How long a 429 asks to wait, and which header said so: Retry-After (seconds, or an HTTP date), else
 * X-Rate-Limit-Retry (epoch seconds). Undefined when neither is usable.
 */
export function rateLimitWait(headers: Record<string, string>): { ms: number; source: string } | undefined {
	const retryAfter = headers['retry-after']?.trim();
	if (retryAfter) {
		const delay = /^\d+(\.\d+)?$/.test(retryAfter) ? Number(retryAfter) * 1000 : / GMT$/.test(retryAfter) ? Date.parse(retryAfter) - Date.now() : NaN;
		if (Number.isFinite(delay)) return { ms: Math.max(0, delay), source: `Retry-After: ${retryAfter.slice(0, 40)}` };
	}
	const retryAt = Number(headers['x-rate-limit-retry']);
	if (headers['x-rate-limit-retry'] !== undefined && Number.isFinite(retryAt)) {
		const ms = Math.max(0, retryAt * 1000 - Date.now());
		return { ms, source: `X-Rate-Limit-Retry: ${retryAt}, ${seconds(ms)} from now` };
	}
	return undefined;
}

/** Exponential backoff with full jitter: a random wait in [0, min(cap, base·2^attempt)]. */
export function backoffMs(attempt: number, baseMs = 250, capMs = 10_000): number {
	return Math.round(Math.random() * Math.min(capMs, baseMs * 2 ** attempt));
}
