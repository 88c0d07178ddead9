/** The control surface: in-process (`EmulatorControl`) and over HTTP under `/_emulator/...` (no auth). */
import { ApiError } from './errors.cjs';
import { isDeliveryType } from './events.cjs';
import { routeMatcher } from './faults.cjs';
import { FIXTURES, fixtureCounts } from './fixtures.cjs';
import type { Reply } from './router.cjs';
import type { Emulator } from './server.cjs';
import type { EmulatorControl, FaultOptions, LoggedRequest, RateLimitOptions, RequestFilter } from './types.cjs';
import { isObject } from './validate.cjs';

function filterRequests(log: LoggedRequest[], f: RequestFilter = {}): LoggedRequest[] {
	const method = f.method?.toUpperCase();
	const match = f.path instanceof RegExp ? (p: string) => (f.path as RegExp).test(p) : f.path ? routeMatcher(f.path) : undefined;
	return log.filter((r) => (!method || r.method === method) && (!match || match(r.path)));
}

export function makeControl(emu: Emulator): EmulatorControl {
	return {
		requests: (filter) => filterRequests(emu.log, filter),
		clearRequests: () => {
			emu.log = [];
		},
		setRequestLog: (enabled) => {
			emu.logEnabled = enabled;
		},
		counters: () => ({ ...emu.counters }),
		resetCounters: () => emu.resetCounters(),
		reset: () => emu.reset(),
		setManagementFeature: (enabled) => {
			emu.settings.managementFeature = enabled;
		},
		setRateLimit: (opts) => emu.faults.setRateLimit(opts),
		setFaults: (opts) => emu.faults.setFaults(opts),
		setAnswers: (answers) => emu.answers.set(answers),
		setLatency: (ms) => {
			emu.latencyMs = Math.max(0, ms);
		},
		setTokenLifetime: (seconds) => {
			emu.settings.tokenLifetimeSeconds = seconds;
		},
		setCursorLifetime: (ms) => {
			emu.settings.cursorLifetimeMs = ms;
		},
		setAsyncActionTiming: ({ baseMs, rowsPerSecond }) => {
			if (baseMs !== undefined) emu.settings.asyncActionBaseMs = Math.max(0, baseMs);
			if (rowsPerSecond !== undefined) emu.settings.asyncActionRowsPerSecond = Math.max(1, rowsPerSecond);
		},
		setExportTiming: ({ delayMs, downloadBaseUrl }) => {
			if (delayMs !== undefined) emu.settings.exportDelayMs = Math.max(0, delayMs);
			if (downloadBaseUrl !== undefined) emu.settings.downloadBaseUrl = downloadBaseUrl ?? undefined;
		},
		setDeliveryRetryDelays: (delays) => {
			emu.deliveries.retryDelaysMs = delays.length ? delays : [0];
		},
		expireAllTokens: () => {
			const now = Date.now();
			for (const t of emu.store.tokens.values()) t.expiresAtMs = Math.min(t.expiresAtMs, now - 1000);
		},
		revokeToken: (token) => {
			const t = emu.store.tokens.get(token);
			if (t) t.revoked = true;
		},
		emit: (type, data) => {
			if (!isDeliveryType(type)) return Promise.reject(new Error(`Unknown event kind ${type}`));
			return emu.deliveries.emit(type, data ?? sampleData(type));
		},
		deliveries: () => [...emu.deliveries.records],
		clearDeliveries: () => emu.deliveries.clear(),
		waitForDeliveries: (count, timeoutMs) => emu.deliveries.waitFor(count, timeoutMs),
		get state() {
			return emu.store;
		},
		get webhookSecret() {
			return emu.creds.webhookSecret;
		},
		setWebhookSecret: (secret) => {
			emu.creds.webhookSecret = secret;
		},
	};
}

/** Default `data` of an emitted event: a plausible object of the kind's entity. */
function sampleData(type: string): object {
	const now = new Date().toISOString();
	if (type.startsWith('customer')) return { id: FIXTURES.customerId, source_id: FIXTURES.customerSourceId, object: 'customer', created_at: now };
	if (type.startsWith('campaign.reward.assignment'))
		return { id: 'rewa_emitted', reward_id: FIXTURES.rewardId, related_object_id: FIXTURES.campaignId, related_object_type: 'campaign', object: 'reward_assignment', created_at: now };
	if (type.startsWith('campaign')) return { id: FIXTURES.campaignId, name: 'Loyalty Program', object: 'campaign', created_at: now };
	if (type.startsWith('redemption')) return { id: 'r_emitted', object: 'redemption', result: type.endsWith('failed') ? 'FAILURE' : 'SUCCESS', created_at: now };
	if (type.startsWith('publication')) return { id: 'pub_emitted', object: 'publication', customer_id: FIXTURES.customerId, created_at: now };
	if (type.startsWith('business_validation_rule')) return { id: 'val_emitted', object: 'validation_rules', created_at: now };
	// A loyalty card event names its customer and card (the contract's event data: customer, voucher, …): the v2 card of customerId.
	if (type.startsWith('voucher.loyalty_card'))
		return {
			customer: { id: FIXTURES.customerId, source_id: FIXTURES.customerSourceId, object: 'customer' },
			voucher: { id: FIXTURES.loyaltyCardPendingId, code: FIXTURES.cardCode, holder_id: FIXTURES.customerId, object: 'voucher' },
			created_at: now,
		};
	return { id: FIXTURES.loyaltyCardPendingId, code: FIXTURES.memberWithPendingPoints, object: 'voucher', created_at: now };
}

const ok = (body?: unknown): Reply => (body === undefined ? { status: 204 } : { status: 200, body });
const bad = (details: string) => new ApiError(400, 'invalid_control_request', details, { message: 'Invalid control request' });

function field<T>(body: unknown, name: string, check: (v: unknown) => boolean): T {
	if (!isObject(body) || !check(body[name])) throw bad(`Body must be a JSON object with a valid ${name}`);
	return body[name] as T;
}
const isNum = (v: unknown) => typeof v === 'number' && Number.isFinite(v);

const STATE_COLLECTIONS = [
	'projects', 'webhooks', 'customers', 'campaigns', 'products', 'skus', 'categories', 'rewards', 'rewardAssignments',
	'campaignTemplates', 'cardDefinitions', 'tierStructures', 'programs', 'members', 'cards', 'events',
	'exports', 'asyncActions',
] as const;

/** `/_emulator/...` requests; `path` is the part after `/_emulator`. */
export async function handleControl(emu: Emulator, method: string, path: string, query: Record<string, string>, body: unknown): Promise<Reply> {
	const c = makeControl(emu);
	const route = `${method} ${path.replace(/\/$/, '') || '/'}`;
	switch (route) {
		case 'GET /health':
			return ok({ ok: true, baseUrl: emu.baseUrl, seed: emu.seed });
		case 'GET /credentials':
			return ok(emu.creds);
		case 'GET /fixtures':
			return ok({ ...FIXTURES, counts: fixtureCounts(emu.seed) });
		case 'GET /requests':
			return ok(c.requests({ method: query.method || undefined, path: query.path || undefined }));
		case 'DELETE /requests':
			c.clearRequests();
			return ok();
		case 'PUT /request-log':
			c.setRequestLog(field(body, 'enabled', (v) => typeof v === 'boolean'));
			return ok();
		case 'GET /counters':
			return ok(c.counters());
		case 'DELETE /counters':
			c.resetCounters();
			return ok();
		case 'POST /reset':
			c.reset();
			return ok();
		case 'PUT /management-feature':
			c.setManagementFeature(field(body, 'enabled', (v) => typeof v === 'boolean'));
			return ok();
		case 'PUT /rate-limit':
			if (body !== undefined && body !== null && (!isObject(body) || !isNum(body.limit) || !isNum(body.windowMs)))
				throw bad('Body must be null or {limit, windowMs, route?, type?}');
			c.setRateLimit((body ?? null) as RateLimitOptions | null);
			return ok();
		case 'PUT /faults':
			if (body !== undefined && body !== null && !isObject(body) && !Array.isArray(body)) throw bad('Body must be null, a fault object or an array of them');
			c.setFaults((body ?? null) as FaultOptions | FaultOptions[] | null);
			return ok();
		case 'PUT /latency':
			c.setLatency(field(body, 'ms', isNum));
			return ok();
		case 'PUT /token-lifetime':
			c.setTokenLifetime(field(body, 'seconds', isNum));
			return ok();
		case 'PUT /cursor-lifetime':
			c.setCursorLifetime(field(body, 'ms', isNum));
			return ok();
		case 'PUT /async-action-timing':
			if (!isObject(body) || !['baseMs', 'rowsPerSecond'].some((k) => isNum(body[k]))) throw bad('Body must be {baseMs?, rowsPerSecond?} with at least one number');
			c.setAsyncActionTiming(body as { baseMs?: number; rowsPerSecond?: number });
			return ok();
		case 'PUT /export-timing':
			if (!isObject(body)) throw bad('Body must be {delayMs?, downloadBaseUrl?}');
			c.setExportTiming(body as { delayMs?: number; downloadBaseUrl?: string | null });
			return ok();
		case 'PUT /bulk-refusals':
			// Records bulk jobs refuse, by source ID or code, with the reason ({ [id]: reason }); replaces the earlier ones.
			if (!isObject(body) || !Object.values(body).every((v) => typeof v === 'string')) throw bad('Body must be {[sourceIdOrCode]: reason}');
			emu.store.bulkRefusals = new Map(Object.entries(body as Record<string, string>));
			return ok();
		case 'PUT /delivery-retry-delays':
			c.setDeliveryRetryDelays(field(body, 'delaysMs', (v) => Array.isArray(v) && v.every(isNum)));
			return ok();
		case 'PUT /webhook-secret':
			c.setWebhookSecret(field(body, 'secret', (v) => typeof v === 'string' && v.length > 0));
			return ok();
		case 'POST /tokens/expire':
			c.expireAllTokens();
			return ok();
		case 'POST /tokens/revoke':
			c.revokeToken(field(body, 'token', (v) => typeof v === 'string'));
			return ok();
		case 'POST /emit': {
			const type = field<string>(body, 'type', isDeliveryType);
			const data = (body as { data?: unknown }).data;
			if (data !== undefined && !isObject(data)) throw bad('data must be an object');
			await c.emit(type, data as object | undefined);
			return ok({ emitted: type });
		}
		case 'GET /deliveries': {
			const wait = Number(query.wait ?? 0);
			if (wait > 0) {
				try {
					return ok(await c.waitForDeliveries(wait, Number(query.timeout ?? 5000)));
				} catch (e) {
					throw new ApiError(408, 'timeout', (e as Error).message, { message: 'Request timeout' });
				}
			}
			return ok(c.deliveries());
		}
		case 'DELETE /deliveries':
			c.clearDeliveries();
			return ok();
		case 'GET /webhooks':
			return ok([...emu.store.webhooks.values()].map((w) => ({ ...w, project_id: emu.store.webhookProject.get(w.id) })));
		case 'GET /routes':
			return ok(emu.router.list());
	}
	const m = /^GET \/state\/(\w+)$/.exec(route);
	if (m) {
		const name = m[1] as (typeof STATE_COLLECTIONS)[number];
		if (!STATE_COLLECTIONS.includes(name)) throw bad(`Unknown collection ${name}; one of ${STATE_COLLECTIONS.join(', ')}`);
		const coll = emu.store[name];
		return ok(Array.isArray(coll) ? coll : [...coll.values()]);
	}
	throw new ApiError(404, 'not_found', `No control route ${route}`, { resource_type: 'control_route', resource_id: path });
}
