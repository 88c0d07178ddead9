import { sleep } from 'n8n-workflow';

/**
 * Shares the service's rate-limit budget between the requests of one execution. A 429 pauses every request
 * until the service's Retry-After; a low X-Rate-Limit-Remaining spreads the rest of the window evenly instead
 * of spending it at once and meeting a 429. One Pacer lives per execution (never at module level), so queue-mode
 * workers never share state.
 */
export class Pacer {
	private pausedUntil = 0;

	private remaining?: number;

	private limit?: number;

	private windowEndsAt = 0;

	private nextSlotAt = 0;

	async beforeRequest(): Promise<void> {
		const now = Date.now();
		let waitUntil = this.pausedUntil;
		if (this.remaining !== undefined && this.limit !== undefined && now < this.windowEndsAt) {
			const lowWatermark = Math.max(2, Math.ceil(this.limit * 0.1));
			if (this.remaining <= lowWatermark) {
				const spacing = (this.windowEndsAt - now) / Math.max(this.remaining, 1);
				const slot = Math.max(now, this.nextSlotAt);
				this.nextSlotAt = slot + spacing;
				this.remaining = Math.max(0, this.remaining - 1);
				waitUntil = Math.max(waitUntil, slot);
			}
		}
		if (waitUntil > now) await sleep(waitUntil - now);
	}

	/** Reads X-Rate-Limit-Limit, -Remaining and -Retry (epoch seconds) from any response. */
	observe(headers: Record<string, string>): void {
		const limit = Number(headers['x-rate-limit-limit']);
		const remaining = Number(headers['x-rate-limit-remaining']);
		const retry = Number(headers['x-rate-limit-retry']);
		if (!Number.isFinite(limit) || !Number.isFinite(remaining)) return;
		this.limit = limit;
		this.remaining = remaining;
		if (Number.isFinite(retry) && retry > 0) this.windowEndsAt = retry * 1000;
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
