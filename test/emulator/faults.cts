/** Fault layer in front of the routes: a fixed-window rate limit and scripted or random faults, per route or global. */
import type { FaultOptions, FaultStep, RateLimitOptions } from './types.cjs';

/** The secrets a request carries, as FaultOptions.echoSecrets repeats them. */
export function requestSecrets(headers: Record<string, string | string[] | undefined>, body: unknown): string[] {
	const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
	const bearer = /^Bearer\s+(\S+)/i.exec(one(headers.authorization) ?? '')?.[1];
	const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
	return [one(headers['x-app-token']), one(headers['x-management-token']), bearer, fields.access_token, fields.client_secret].filter(
		(value): value is string => typeof value === 'string' && value !== '',
	);
}

/** A reply that repeats `secrets` (FaultOptions.echoSecrets). */
export function echoInto(reply: { status: number; body?: unknown }, secrets: string[]): void {
	if (secrets.length === 0) return;
	const quoted = `echo: ${secrets.join(' ')}`;
	const body = reply.body;
	if (typeof body === 'string') {
		reply.body = `${body} ${quoted}`;
		return;
	}
	if (body === undefined || body === null) {
		reply.status = reply.status === 204 ? 200 : reply.status;
		reply.body = { echo: quoted };
		return;
	}
	if (typeof body !== 'object' || Array.isArray(body)) return;
	const object = body as Record<string, unknown>;
	if (reply.status >= 400) {
		object.message = `${String(object.message ?? 'Error')} (${quoted})`;
		object.details = `${String(object.details ?? '')} ${quoted}`.trim();
		object.error = { message: quoted };
		return;
	}
	object.echo = quoted;
	for (const value of Object.values(object)) {
		if (!Array.isArray(value)) continue;
		for (const entry of value) if (entry && typeof entry === 'object' && !Array.isArray(entry)) (entry as Record<string, unknown>).echo = quoted;
	}
}

/** The keys FaultOptions.hostileKeys adds to every object, with their values (parsed: a literal's __proto__ is no key). */
export const HOSTILE_KEYS: Record<string, unknown> = JSON.parse('{"__proto__": {"polluted": "YES"}, "constructor": {"prototype": {"polluted": "YES"}}, "prototype": {"polluted": "YES"}}');

/** A copy of a JSON answer whose every object also holds HOSTILE_KEYS as own keys (FaultOptions.hostileKeys). */
export function withHostileKeys(body: unknown, depth = 0): unknown {
	if (body === null || typeof body !== 'object' || depth > 8) return body;
	if (Array.isArray(body)) return body.map((entry) => withHostileKeys(entry, depth + 1));
	const copy: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(body)) Object.defineProperty(copy, key, { value: withHostileKeys(value, depth + 1), enumerable: true, writable: true, configurable: true });
	for (const key of Object.keys(HOSTILE_KEYS)) {
		if (Object.prototype.hasOwnProperty.call(copy, key)) continue;
		Object.defineProperty(copy, key, { value: JSON.parse(JSON.stringify(HOSTILE_KEYS[key])), enumerable: true, writable: true, configurable: true });
	}
	return copy;
}

/** Deterministic PRNG (mulberry32). */
export function prng(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** `route`: a glob (`*` one segment, `**` anything) matches the whole path; otherwise a substring. */
export function routeMatcher(route?: string): (path: string) => boolean {
	if (!route) return () => true;
	if (!route.includes('*')) return (p) => p.includes(route);
	const re = new RegExp(
		'^' +
			route
				.split('**')
				.map((part) => part.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*'))
				.join('.*') +
			'/?$',
	);
	return (p) => re.test(p);
}

/** What to do with one request, decided before it is processed. */
export interface FaultDecision {
	/** Answer this status without processing. */
	status?: number;
	/** 429 from a rate limit or `rateLimitRate`. */
	rateLimited?: boolean;
	retryAfter?: string;
	/** Destroy the socket (before processing, or after when `afterProcessing`). */
	reset?: boolean;
	afterProcessing?: boolean;
	delayMs?: number;
	/** Rate-limit headers for the response. */
	headers?: Record<string, string>;
	label?: string;
	/** No Retry-After on this 429. */
	omitRetryAfter?: boolean;
	/** Answer this redirect (status, Location, plus the request's path and query when keepPath) without processing. */
	redirect?: { status: number; location: string; keepPath: boolean };
	/** Rewrites the query before processing (cursor faults). */
	rewriteQuery?: (query: Record<string, string>) => Record<string, string>;
	/** Awaited before processing (FaultOptions.beforeProcessing). */
	beforeProcessing?: () => void | Promise<void>;
	/** Repeat the request's secrets in the answer (FaultOptions.echoSecrets). */
	echoSecrets?: boolean;
	/** Rewrites the reply after processing (cursor faults). */
	rewriteReply?: (reply: { status: number; body?: unknown; contentType?: string; headers?: Record<string, string> }) => void;
}

const CURSOR_PARAMS = ['starting_after_id', 'cursor', 'page'];

/** The next cursor a list answer carries, and a way to replace it. */
function cursorOf(body: unknown): { value: string; set(value: string): void } | undefined {
	if (!body || typeof body !== 'object') return undefined;
	const list = body as Record<string, unknown>;
	if (typeof list.more_starting_after === 'string') {
		return { value: list.more_starting_after, set: (value) => (list.more_starting_after = value) };
	}
	const cursor = list.cursor as Record<string, unknown> | undefined;
	if (cursor && typeof cursor.next === 'string') return { value: cursor.next, set: (value) => (cursor.next = value) };
	return undefined;
}

interface Rule {
	opts: FaultOptions;
	matchRoute: (p: string) => boolean;
	sequence: FaultStep[];
	random: () => number;
	/** cursorCycle: how many list answers were rewritten, and the real cursor each name first stood for. */
	cycled: number;
	aliases: Map<string, string>;
	/** How many requests matched the rule so far. */
	matched: number;
}

export class FaultLayer {
	private limit: (RateLimitOptions & { match: (p: string) => boolean; windowStart: number; count: number }) | null = null;
	private rules: Rule[] = [];

	setRateLimit(opts: RateLimitOptions | null): void {
		if (opts && (!(opts.limit >= 0) || !(opts.windowMs > 0))) throw new Error('setRateLimit needs limit ≥ 0 and windowMs > 0');
		this.limit = opts ? { ...opts, match: routeMatcher(opts.route), windowStart: Date.now(), count: 0 } : null;
	}

	setFaults(opts: FaultOptions | FaultOptions[] | null): void {
		const list = opts === null ? [] : Array.isArray(opts) ? opts : [opts];
		this.rules = list.map((o) => ({
			opts: o,
			matchRoute: routeMatcher(o.route),
			sequence: [...(o.sequence ?? [])],
			random: prng(o.faultSeed ?? 1),
			cycled: 0,
			aliases: new Map(),
			matched: 0,
		}));
	}

	clear(): void {
		this.limit = null;
		this.rules = [];
	}

	get active(): boolean {
		return this.limit !== null || this.rules.length > 0;
	}

	decide(method: string, path: string, now = Date.now()): FaultDecision | undefined {
		const d: FaultDecision = {};
		const l = this.limit;
		if (l && l.match(path)) {
			if (now >= l.windowStart + l.windowMs) {
				l.windowStart = now - ((now - l.windowStart) % l.windowMs);
				l.count = 0;
			}
			l.count++;
			const resetAt = l.windowStart + l.windowMs;
			d.headers = {
				'X-Rate-Limit-Limit': String(l.limit),
				'X-Rate-Limit-Remaining': String(Math.max(0, l.limit - l.count)),
				'X-Rate-Limit-Retry': String(Math.ceil(resetAt / 1000)),
				'X-Rate-Limit-Type': l.type ?? 'requests',
			};
			if (l.count > l.limit) {
				d.rateLimited = true;
				d.retryAfter = String(Math.max(1, Math.ceil((resetAt - now) / 1000)));
				d.label = 'rate_limit';
				return d;
			}
		}
		for (const r of this.rules) {
			if (r.opts.method && r.opts.method.toUpperCase() !== method) continue;
			if (!r.matchRoute(path)) continue;
			if (r.opts.delayMs) d.delayMs = (d.delayMs ?? 0) + r.opts.delayMs;
			if (r.opts.headers) d.headers = { ...d.headers, ...r.opts.headers };
			if (r.opts.echoSecrets) {
				d.echoSecrets = true;
				d.label ??= 'echo_secrets';
			}
			if (r.opts.redirect) {
				const { location, status = 302, keepPath = false } = r.opts.redirect;
				return { ...d, redirect: { status, location, keepPath }, label: `redirect:${status}` };
			}
			this.cursorFaults(r, d);
			const hook = r.opts.beforeProcessing;
			if (hook) {
				const matched = ++r.matched;
				d.label ??= 'before_processing';
				d.beforeProcessing = () => hook(matched);
			}
			if (r.opts.hostileKeys) {
				d.label ??= 'hostile_keys';
				const earlier = d.rewriteReply;
				d.rewriteReply = (reply) => {
					earlier?.(reply);
					if (reply.body !== null && typeof reply.body === 'object' && !Buffer.isBuffer(reply.body)) reply.body = withHostileKeys(reply.body);
				};
			}
			const total = r.opts.listTotal;
			if (total !== undefined) {
				d.label ??= 'list_total';
				d.rewriteReply = (reply) => {
					if (reply.body && typeof reply.body === 'object' && 'total' in reply.body) (reply.body as { total: number }).total = total;
				};
			}
			const replacement = r.opts.replaceReply;
			if (replacement) {
				d.label ??= 'replace_reply';
				d.rewriteReply = (reply) => {
					reply.status = replacement.status ?? 200;
					reply.body = replacement.body;
					reply.contentType = replacement.contentType ?? 'text/html';
					delete reply.headers;
				};
			}
			const step = r.sequence.shift();
			if (step !== undefined) {
				if (step === 'ok') break;
				if (step === 'reset') return { ...d, reset: true, afterProcessing: !!r.opts.resetAfterProcessing, label: 'reset' };
				if (step === 429)
					return { ...d, rateLimited: true, retryAfter: String(r.opts.retryAfterSeconds ?? 1), omitRetryAfter: r.opts.omitRetryAfter, label: 'status:429' };
				return { ...d, status: step, label: `status:${step}` };
			}
			const o = r.opts;
			if (o.resetRate && r.random() < o.resetRate) return { ...d, reset: true, afterProcessing: !!o.resetAfterProcessing, label: 'reset' };
			if (o.resetAfterProcessing && o.resetRate === undefined && !o.sequence?.length)
				return { ...d, reset: true, afterProcessing: true, label: 'reset' };
			if (o.rateLimitRate && r.random() < o.rateLimitRate)
				return { ...d, rateLimited: true, retryAfter: String(o.retryAfterSeconds ?? 1), omitRetryAfter: o.omitRetryAfter, label: 'status:429' };
			if (o.errorRate && r.random() < o.errorRate) {
				const statuses = o.statuses?.length ? o.statuses : [500, 502, 503];
				const s = statuses[Math.floor(r.random() * statuses.length)];
				return { ...d, status: s, label: `status:${s}` };
			}
		}
		if (d.delayMs && !d.label) d.label = `delay:${d.delayMs}`;
		return d.headers || d.delayMs || d.rewriteQuery || d.rewriteReply || d.beforeProcessing || d.echoSecrets ? d : undefined;
	}

	/** ignoreCursor and cursorCycle: rewrite the request's cursor on the way in and the list's on the way out. */
	private cursorFaults(r: Rule, d: FaultDecision): void {
		if (r.opts.ignoreCursor) {
			d.label ??= 'ignore_cursor';
			d.rewriteQuery = (query) => Object.fromEntries(Object.entries(query).filter(([name]) => !CURSOR_PARAMS.includes(name)));
		}
		const cycle = r.opts.cursorCycle;
		if (!cycle?.length) return;
		d.label ??= 'cursor_cycle';
		d.rewriteQuery = (query) => {
			const rewritten = { ...query };
			for (const name of CURSOR_PARAMS) {
				const real = rewritten[name] === undefined ? undefined : r.aliases.get(rewritten[name]);
				if (real !== undefined) rewritten[name] = real;
			}
			return rewritten;
		};
		d.rewriteReply = (reply) => {
			const cursor = cursorOf(reply.body);
			if (!cursor) return;
			const alias = cycle[r.cycled++ % cycle.length];
			if (!r.aliases.has(alias)) r.aliases.set(alias, cursor.value);
			cursor.set(alias);
		};
	}
}
