import { sleep } from 'n8n-workflow';

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

	async beforeRequest(): Promise<void> {
		for (;;) {
			const now = Date.now();
			const waitUntil = this.earliestSend(now);
			if (waitUntil <= now) {
				this.recordSend(now);
				return;
			}
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
		} else if (this.remaining !== undefined && now < this.windowEndsAt) {
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

	/** Reads X-Rate-Limit-Limit, -Remaining and -Retry (epoch seconds) from any response. */
	observe(headers: Record<string, string>): void {
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

	/** After a 429: hold every request of this execution until the service says it may go on. */
	pause(milliseconds: number): void {
		this.pausedUntil = Math.max(this.pausedUntil, Date.now() + milliseconds);
	}
}

/** How long a 429 asks to wait: Retry-After (seconds), else X-Rate-Limit-Retry (epoch seconds). */
export function rateLimitWaitMs(headers: Record<string, string>): number | undefined {
	const retryAfter = Number(headers['retry-after']);
	if (headers['retry-after'] !== undefined && Number.isFinite(retryAfter)) return Math.max(0, retryAfter * 1000);
	const retryAt = Number(headers['x-rate-limit-retry']);
	if (headers['x-rate-limit-retry'] !== undefined && Number.isFinite(retryAt)) {
		return Math.max(0, retryAt * 1000 - Date.now());
	}
	return undefined;
}

/** Exponential backoff with full jitter: a random wait in [0, min(cap, base·2^attempt)]. */
export function backoffMs(attempt: number, baseMs = 250, capMs = 10_000): number {
	return Math.round(Math.random() * Math.min(capMs, baseMs * 2 ** attempt));
}
