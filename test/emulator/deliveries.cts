/**
 * Webhook deliveries: a signed POST per active subscribed webhook, retried on the configured schedule; after 12
 * consecutive failures the webhook is disabled.
 */
import { createHmac, randomBytes } from 'crypto';
import http from 'http';
import https from 'https';
import { entityOf, subscribedKind } from './events.cjs';
import type { Store, Webhook } from './state.cjs';
import type { Counters, DeliveryPayload, DeliveryRecord } from './types.cjs';

export const MAX_FAILURES = 12;
export const DEFAULT_RETRY_DELAYS_MS = [20, 40, 80, 160, 320, 640, 1000, 1000, 1000, 1000, 1000];

export function sign(body: string, secret: string): string {
	return createHmac('sha256', secret).update(body).digest('hex');
}

export interface DeliveryEnv {
	store: Store;
	counters: Counters;
	projectId: () => string;
	secret: () => string;
	appId: () => string;
}

export class Deliveries {
	readonly records: DeliveryRecord[] = [];
	retryDelaysMs: number[];
	private readonly failures = new Map<string, number>();
	private readonly timers = new Set<NodeJS.Timeout>();
	private readonly waiters = new Set<() => void>();
	private readonly agentHttp = new http.Agent({ keepAlive: true });
	private readonly agentHttps = new https.Agent({ keepAlive: true });
	private stopped = false;

	constructor(
		private readonly env: DeliveryEnv,
		retryDelaysMs: number[] | undefined,
		private readonly timeoutMs: number,
	) {
		this.retryDelaysMs = retryDelaysMs?.length ? retryDelaysMs : DEFAULT_RETRY_DELAYS_MS;
	}

	/**
	 * Deliver `type` to every active webhook of the project subscribed to it; resolves after the first attempts.
	 * `type` may use either spelling of the `aded` kinds: the delivery carries it as given, and goes to the
	 * webhooks subscribed to the kind in either spelling.
	 */
	emit(type: string, data: unknown, entityId?: string): Promise<void> {
		const projectId = this.env.projectId();
		const kind = subscribedKind(type);
		const targets = this.env.store
			.webhooksOf(projectId)
			.filter((w) => w.active && w.events.some((e) => subscribedKind(e) === kind));
		if (!targets.length || this.stopped) return Promise.resolve();
		const now = new Date().toISOString();
		const eventId = `evt_${randomBytes(10).toString('hex')}`;
		const entity = entityId ?? ((data as { id?: unknown })?.id as string | undefined) ?? `${entityOf(type)}_${randomBytes(6).toString('hex')}`;
		const event = {
			id: eventId,
			type,
			created_at: now,
			entity_id: String(entity),
			group_id: `v-${randomBytes(8).toString('hex')}`,
			event_source: { channel: 'API', api_key: { name: 'emulator', app_id: this.env.appId() } },
		};
		return Promise.all(
			targets.map((w) => {
				const payload: DeliveryPayload = {
					id: `whd_${randomBytes(10).toString('hex')}`,
					project_id: projectId,
					created_at: now,
					type,
					data,
					source: { id: w.id, object: 'webhook', target_url: w.target_url },
					event,
				};
				return this.attempt(w, payload, 1);
			}),
		).then(() => undefined);
	}

	private attempt(w: Webhook, payload: DeliveryPayload, attempt: number): Promise<void> {
		const body = JSON.stringify(payload);
		const signature = sign(body, this.env.secret());
		return this.post(w.target_url, body, signature).then(({ status, error }) => {
			const ok = status >= 200 && status < 300;
			const rec: DeliveryRecord = { id: payload.id, webhookId: w.id, target: w.target_url, type: payload.type, payload, body, signature, attempt, status, ok, at: Date.now() };
			if (error) rec.error = error;
			this.records.push(rec);
			if (ok) {
				this.env.counters.deliveriesSent++;
				this.failures.set(w.id, 0);
			} else {
				this.env.counters.deliveriesFailed++;
				const n = (this.failures.get(w.id) ?? 0) + 1;
				this.failures.set(w.id, n);
				if (n >= MAX_FAILURES) w.active = false;
				else if (attempt < MAX_FAILURES && !this.stopped) {
					const delay = this.retryDelaysMs[Math.min(attempt - 1, this.retryDelaysMs.length - 1)];
					const t = setTimeout(() => {
						this.timers.delete(t);
						if (w.active && this.env.store.webhooks.get(w.id) === w && !this.stopped) void this.attempt(w, payload, attempt + 1);
					}, delay);
					this.timers.add(t);
				}
			}
			for (const wake of [...this.waiters]) wake();
		});
	}

	private post(target: string, body: string, signature: string): Promise<{ status: number; error?: string }> {
		return new Promise((resolve) => {
			let url: URL;
			try {
				url = new URL(target);
			} catch (e) {
				resolve({ status: 0, error: String(e) });
				return;
			}
			const lib = url.protocol === 'https:' ? https : http;
			const req = lib.request(
				url,
				{
					method: 'POST',
					agent: url.protocol === 'https:' ? this.agentHttps : this.agentHttp,
					headers: {
						'content-type': 'application/json',
						'content-length': Buffer.byteLength(body),
						'x-voucherify-signature': signature,
						'user-agent': 'loyalty-promotions-emulator',
					},
					timeout: this.timeoutMs,
				},
				(res) => {
					res.resume();
					res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
					res.on('error', (e) => resolve({ status: 0, error: e.message }));
				},
			);
			req.on('timeout', () => req.destroy(new Error('delivery timed out')));
			req.on('error', (e) => resolve({ status: 0, error: e.message }));
			req.end(body);
		});
	}

	/** Resolves with the records once at least `count` attempts (ok or failed) are recorded. */
	waitFor(count: number, timeoutMs = 5000): Promise<DeliveryRecord[]> {
		return new Promise((resolve, reject) => {
			const check = () => {
				if (this.records.length >= count) {
					cleanup();
					resolve([...this.records]);
				}
			};
			const timer = setTimeout(() => {
				cleanup();
				reject(new Error(`Timed out after ${timeoutMs} ms waiting for ${count} deliveries (have ${this.records.length}). ${this.describe()}`));
			}, timeoutMs);
			const cleanup = () => {
				clearTimeout(timer);
				this.waiters.delete(check);
			};
			this.waiters.add(check);
			check();
		});
	}

	/** What a timed-out wait saw: the project's webhooks and the last attempts. */
	describe(): string {
		const webhooks = this.env.store.webhooksOf(this.env.projectId());
		const hooks = webhooks.length
			? webhooks.map((w) => `${w.id} → ${w.target_url} (${w.active ? 'active' : 'inactive'}; ${w.events.length} events)`).join(', ')
			: 'none (an emitted event reaches nobody)';
		const last = this.records.slice(-3).map((r) => `${r.type} → ${r.target}: ${r.status}${r.error ? ` ${r.error}` : ''}`);
		return `Webhooks registered: ${hooks}.${last.length ? ` Last attempts: ${last.join('; ')}.` : ''}`;
	}

	clear(): void {
		this.records.length = 0;
		this.failures.clear();
		for (const t of this.timers) clearTimeout(t);
		this.timers.clear();
	}

	stop(): void {
		this.stopped = true;
		this.clear();
		this.agentHttp.destroy();
		this.agentHttps.destroy();
	}
}
