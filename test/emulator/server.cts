/** The emulator: an `http` server, the request pipeline (log → faults → latency → router) and the shared state. */
import http, { IncomingMessage, ServerResponse } from 'http';
import type { AddressInfo, Socket } from 'net';
import { SECRET_HEADERS } from './auth.cjs';
import { handleControl } from './control.cjs';
import { Deliveries } from './deliveries.cjs';
import { ApiError, statusBody } from './errors.cjs';
import { echoInto, FaultLayer, requestSecrets } from './faults.cjs';
import { buildStore, DEFAULT_CREDENTIALS } from './fixtures.cjs';
import { Env, Reply, Router } from './router.cjs';
import { ScriptedAnswers } from './scriptedAnswers.cjs';
import * as auth from './routes/auth.cjs';
import * as oauthV2 from './routes/oauthV2.cjs';
import * as asyncActions from './routes/asyncActions.cjs';
import * as bulk from './routes/bulk.cjs';
import * as imports from './routes/imports.cjs';
import * as categories from './routes/categories.cjs';
import * as productCollections from './routes/productCollections.cjs';
import * as locations from './routes/locations.cjs';
import * as metadataSchemas from './routes/metadataSchemas.cjs';
import * as customers from './routes/customers.cjs';
import * as events from './routes/events.cjs';
import * as exportsRoutes from './routes/exports.cjs';
import * as loyaltyV1 from './routes/loyaltyV1.cjs';
import * as loyaltyV2 from './routes/loyaltyV2.cjs';
import * as loyaltyV2Lists from './routes/loyaltyV2Lists.cjs';
import * as loyaltyV2Programs from './routes/loyaltyV2Programs.cjs';
import * as loyaltyV2Members from './routes/loyaltyV2Members.cjs';
import * as loyaltyV2Cards from './routes/loyaltyV2Cards.cjs';
import * as loyaltyV2Purchases from './routes/loyaltyV2Purchases.cjs';
import * as loyaltyV2Payments from './routes/loyaltyV2Payments.cjs';
import * as loyaltyV2Catalogue from './routes/loyaltyV2Catalogue.cjs';
import * as loyaltyV2Reports from './routes/loyaltyV2Reports.cjs';
import * as loyaltyV2Rewards from './routes/loyaltyV2Rewards.cjs';
import * as loyaltyV2Assignments from './routes/loyaltyV2Assignments.cjs';
import * as loyaltyV2Tiers from './routes/loyaltyV2Tiers.cjs';
import * as management from './routes/management.cjs';
import * as managementCollections from './routes/managementCollections.cjs';
import * as managementUsers from './routes/managementUsers.cjs';
import * as orders from './routes/orders.cjs';
import * as products from './routes/products.cjs';
import * as promotions from './routes/promotions.cjs';
import * as validationRules from './routes/validationRules.cjs';
import * as rewards from './routes/rewards.cjs';
import * as segments from './routes/segments.cjs';
import * as referrals from './routes/referrals.cjs';
import * as templates from './routes/templates.cjs';
import * as trashBin from './routes/trashBin.cjs';
import * as areas from './routes/areas.cjs';
// Voucher engine
import * as campaigns from './routes/campaigns.cjs';
import * as loyaltyMembers from './routes/loyaltyMembers.cjs';
import * as publications from './routes/publications.cjs';
import * as redemptions from './routes/redemptions.cjs';
import * as vouchers from './routes/vouchers.cjs';
import type { Store } from './state.cjs';
import type { Counters, EmulatorCredentials, EmulatorOptions, LoggedRequest } from './types.cjs';

export function newCounters(): Counters {
	return {
		requests: 0, skusCreated: 0, skusUpdated: 0, duplicateCreates: 0, eventsTracked: 0, duplicateEvents: 0,
		customersCreated: 0, rewardAssignmentsCreated: 0, webhooksCreated: 0, tokensIssued: 0,
		productsCreated: 0, ordersCreated: 0, importsStarted: 0,
		deliveriesSent: 0, deliveriesFailed: 0, rateLimited: 0, faultsInjected: 0, maxInFlight: 0,
	};
}

export function buildRouter(): Router {
	const r = new Router();
	for (const m of [auth, oauthV2, management, loyaltyV1, loyaltyV2, customers, products, categories, rewards, templates, events]) m.register(r);
	// Voucher engine (imports first: POST /v1/vouchers/import is not a voucher with code "import")
	for (const m of [imports, vouchers, campaigns, publications, redemptions, loyaltyMembers]) m.register(r);
	// Commerce: orders, exports, async actions (imports), and the v2 lists the node's pickers read.
	for (const m of [orders, exportsRoutes, asyncActions, loyaltyV2Lists]) m.register(r);
	// Loyalty v2 (branch loyaltyv2): programs, members, cards' points, reward purchases.
	for (const m of [loyaltyV2Programs, loyaltyV2Members, loyaltyV2Cards, loyaltyV2Purchases, loyaltyV2Payments, loyaltyV2Catalogue, loyaltyV2Reports, loyaltyV2Rewards]) m.register(r);
	// Bulk jobs: bulk updates, metadata updates and imports of many records a request.
	bulk.register(r);
	// The management API's plain collections inside a project (branch management).
	managementCollections.register(r);
	managementUsers.register(r);
	// branch v1rest2: promotion tiers and stacks, validation rules and their assignments.
	for (const m of [promotions, validationRules]) m.register(r);
	// branch v1rest2: segments, referral code holders.
	for (const m of [segments, referrals]) m.register(r);
	// branch v1catalogue (issue 22): product collections, locations, the app keys' metadata schemas.
	for (const m of [productCollections, locations, metadataSchemas, areas]) m.register(r);
	// branch v2structure: program assignments, tier structures' tiers.
	for (const m of [loyaltyV2Assignments, loyaltyV2Tiers]) m.register(r);
	// branch v1rest3: the bin (vouchers deleted without force land there)
	trashBin.register(r);
	return r;
}

const sleep = (ms: number) => new Promise<void>((res) => setTimeout(res, ms));

export function isLoopback(host: string): boolean {
	return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

function parseQuery(qs: string): Record<string, string> {
	const out: Record<string, string> = {};
	if (!qs) return out;
	for (const [k, v] of new URLSearchParams(qs)) if (!(k in out)) out[k] = v;
	return out;
}

function readBody(req: IncomingMessage): Promise<string> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => resolve(chunks.length ? Buffer.concat(chunks).toString('utf8') : ''));
		req.on('error', reject);
	});
}

/** Parsed body: JSON, form object, raw string, or undefined; `error` for malformed JSON. */
export function parseBody(raw: string, contentType: string): { body: unknown; error?: ApiError } {
	if (!raw) return { body: undefined };
	if (contentType.includes('json')) {
		try {
			return { body: JSON.parse(raw) };
		} catch {
			return { body: raw, error: new ApiError(400, 'invalid_json', 'The request body is not valid JSON') };
		}
	}
	if (contentType.startsWith('application/x-www-form-urlencoded')) return { body: parseQuery(raw) };
	return { body: raw };
}

export class Emulator implements Env {
	readonly creds: EmulatorCredentials;
	readonly seed: number;
	store: Store;
	counters = newCounters();
	settings: Env['settings'];
	latencyMs: number;
	readonly faults = new FaultLayer();
	readonly answers = new ScriptedAnswers();
	readonly deliveries: Deliveries;
	readonly router = buildRouter();
	log: LoggedRequest[] = [];
	logEnabled: boolean;
	readonly logLimit: number;
	private seq = 0;
	private inFlight = 0;
	private readonly initialSecret: string;
	private createdBodies = new Set<string>();
	private readonly server: http.Server;
	private readonly sockets = new Set<Socket>();
	port = 0;

	constructor(readonly options: EmulatorOptions = {}) {
		const host = options.host ?? '127.0.0.1';
		if (!isLoopback(host)) throw new Error(`The emulator listens on loopback only (got host ${host})`);
		this.creds = { ...DEFAULT_CREDENTIALS, ...options.credentials };
		if (options.webhookSecret) this.creds.webhookSecret = options.webhookSecret;
		this.initialSecret = this.creds.webhookSecret;
		this.seed = Math.max(1, Math.floor(options.seed ?? 1));
		this.store = buildStore(this.seed, this.creds);
		this.settings = this.initialSettings();
		this.latencyMs = options.latencyMs ?? 0;
		this.logEnabled = options.requestLog ?? true;
		this.logLimit = options.requestLogLimit ?? 100_000;
		const currentStore = () => this.store;
		this.deliveries = new Deliveries(
			{
				get store() {
					return currentStore();
				},
				counters: this.counters,
				projectId: () => this.creds.projectId,
				secret: () => this.creds.webhookSecret,
				appId: () => this.creds.appId,
			},
			options.deliveryRetryDelaysMs,
			options.deliveryTimeoutMs ?? 10_000,
		);
		this.server = http.createServer((req, res) => void this.onRequest(req, res));
		this.server.keepAliveTimeout = 30_000;
		this.server.on('connection', (s: Socket) => {
			this.sockets.add(s);
			s.on('close', () => this.sockets.delete(s));
		});
	}

	private initialSettings(): Env['settings'] {
		return {
			managementFeature: this.options.managementFeature ?? true,
			tokenLifetimeSeconds: this.options.tokenLifetimeSeconds ?? 3600,
			cursorLifetimeMs: this.options.cursorLifetimeMs ?? 300_000,
			acceptSeedShapes: this.options.acceptSeedShapes ?? true,
			asyncActionBaseMs: this.options.asyncActionBaseMs ?? 100,
			asyncActionRowsPerSecond: this.options.asyncActionRowsPerSecond ?? 2000,
			exportDelayMs: this.options.exportDelayMs ?? 100,
			downloadBaseUrl: this.options.downloadBaseUrl,
		};
	}

	get baseUrl(): string {
		const host = this.options.host ?? '127.0.0.1';
		return `http://${host.includes(':') ? `[${host}]` : host}:${this.port}`;
	}

	listen(): Promise<void> {
		return new Promise((resolve, reject) => {
			this.server.once('error', reject);
			this.server.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', () => {
				this.port = (this.server.address() as AddressInfo).port;
				resolve();
			});
		});
	}

	stop(): Promise<void> {
		this.deliveries.stop();
		return new Promise((resolve) => {
			this.server.close(() => resolve());
			for (const s of this.sockets) s.destroy();
		});
	}

	/** Fresh fixtures, log, counters, faults, tokens, cursors and deliveries. */
	reset(): void {
		this.store = buildStore(this.seed, this.creds);
		this.deliveries.clear();
		this.log = [];
		this.resetCounters();
		this.faults.clear();
		this.answers.set(null);
		this.settings = this.initialSettings();
		this.latencyMs = this.options.latencyMs ?? 0;
		this.createdBodies.clear();
		this.creds.webhookSecret = this.initialSecret;
	}

	resetCounters(): void {
		Object.assign(this.counters, newCounters());
	}

	emit(type: string, data: object, entityId?: string): void {
		void this.deliveries.emit(type, data, entityId);
	}

	noteCreate(path: string, body: unknown): boolean {
		const key = `${path}\n${JSON.stringify(body)}`;
		if (this.createdBodies.has(key)) {
			this.counters.duplicateCreates++;
			return true;
		}
		this.createdBodies.add(key);
		return false;
	}

	private async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const url = req.url ?? '/';
		const q = url.indexOf('?');
		const path = q < 0 ? url : url.slice(0, q);
		const query = parseQuery(q < 0 ? '' : url.slice(q + 1));
		const method = (req.method ?? 'GET').toUpperCase();
		const contentType = String(req.headers['content-type'] ?? '').toLowerCase();
		// in flight from the moment its headers arrived until its answer is out
		this.inFlight++;
		if (this.inFlight > this.counters.maxInFlight) this.counters.maxInFlight = this.inFlight;
		res.once('close', () => this.inFlight--);
		let raw: string;
		try {
			raw = await readBody(req);
		} catch {
			return;
		}
		const { body, error: bodyError } = parseBody(raw, contentType);
		const requestId = `v-emu-${(++this.seq).toString(16).padStart(8, '0')}`;
		try {
			if (path === '/_emulator' || path.startsWith('/_emulator/')) {
				// Control bodies are always JSON, so a bare `curl -d '{"type":…}'` works too.
				const control = parseBody(raw, 'application/json');
				if (control.error) throw control.error;
				this.send(res, await handleControl(this, method, path.slice('/_emulator'.length) || '/', query, control.body), requestId);
				return;
			}
			await this.onApiRequest(req, res, { method, path, query, body, bodyError, contentType, requestId });
		} catch (e) {
			if (!res.headersSent && !res.destroyed) this.send(res, this.errorReply(e, requestId), requestId);
		}
	}

	private async onApiRequest(
		req: IncomingMessage,
		res: ServerResponse,
		r: { method: string; path: string; query: Record<string, string>; body: unknown; bodyError?: ApiError; contentType: string; requestId: string },
	): Promise<void> {
		this.counters.requests++;
		let entry: LoggedRequest | undefined;
		if (this.logEnabled) {
			const headers: Record<string, string> = {};
			for (const [k, v] of Object.entries(req.headers)) {
				if (v === undefined) continue;
				headers[k] = SECRET_HEADERS.has(k) ? '***' : Array.isArray(v) ? v.join(', ') : v;
			}
			entry = { seq: this.seq, method: r.method, path: r.path, query: r.query, headers, body: r.body, status: 0, at: Date.now() };
			this.log.push(entry);
			// Drop the oldest tenth at once so that a full log stays cheap to append to.
			if (this.log.length > this.logLimit) this.log.splice(0, Math.max(1, Math.ceil(this.logLimit / 10)));
		}
		const d = this.faults.active ? this.faults.decide(r.method, r.path) : undefined;
		if (d?.label && entry) entry.fault = d.label;
		if (d?.delayMs) await sleep(d.delayMs);
		if (d?.reset && !d.afterProcessing) {
			this.counters.faultsInjected++;
			req.socket.destroy();
			return;
		}
		if (d?.redirect) {
			this.counters.faultsInjected++;
			const { status, location, keepPath } = d.redirect;
			const query = new URLSearchParams(r.query).toString();
			const target = keepPath ? `${location.replace(/\/+$/, '')}${r.path}${query ? `?${query}` : ''}` : location;
			if (entry) entry.status = status;
			this.send(res, { status, headers: { ...d.headers, Location: target } }, r.requestId);
			return;
		}
		if (d?.rateLimited || d?.status) {
			if (d.label !== 'rate_limit') this.counters.faultsInjected++;
			const status = d.rateLimited ? 429 : d.status!;
			if (status === 429) this.counters.rateLimited++;
			const headers: Record<string, string> = { ...d.headers };
			if (d.retryAfter && !d.omitRetryAfter) headers['Retry-After'] = d.retryAfter;
			if (entry) entry.status = status;
			const faulted: Reply = { status, body: statusBody(status, r.requestId), headers };
			if (d.echoSecrets) echoInto(faulted, requestSecrets(req.headers, r.body));
			this.send(res, faulted, r.requestId);
			return;
		}
		if (this.latencyMs > 0) await sleep(this.latencyMs);
		await d?.beforeProcessing?.();
		let reply: Reply;
		try {
			const query = d?.rewriteQuery ? d.rewriteQuery(r.query) : r.query;
			reply = this.answers.take(r.method, r.path) ?? (await this.router.handle({ ...r, query, headers: req.headers, env: this }));
		} catch (e) {
			reply = this.errorReply(e, r.requestId);
		}
		d?.rewriteReply?.(reply);
		if (d?.echoSecrets) echoInto(reply, requestSecrets(req.headers, r.body));
		if (d?.reset && d.afterProcessing) {
			this.counters.faultsInjected++;
			if (entry) entry.fault = 'reset_after_processing';
			req.socket.destroy();
			return;
		}
		if (d?.headers) reply.headers = { ...d.headers, ...reply.headers };
		if (entry) entry.status = reply.status;
		// serialised now: a route may answer with a record the store changes later
		if (entry && this.options.recordAnswers && reply.body !== undefined && reply.contentType === undefined) entry.answer = JSON.stringify(reply.body);
		this.send(res, reply, r.requestId);
	}

	private errorReply(e: unknown, requestId: string): Reply {
		if (e instanceof ApiError) return { status: e.status, body: e.toBody(requestId) };
		if (!this.options.quiet) console.error('[emulator] unexpected error', e);
		return { status: 500, body: new ApiError(500, 'internal_error', String((e as Error)?.message ?? e)).toBody(requestId) };
	}

	private send(res: ServerResponse, reply: Reply, requestId: string): void {
		if (res.destroyed) return;
		const headers: Record<string, string | number> = { 'x-request-id': requestId, ...reply.headers };
		if (reply.status === 204 || reply.body === undefined) {
			res.writeHead(reply.status, headers);
			res.end();
			return;
		}
		const text = reply.contentType !== undefined && typeof reply.body === 'string';
		const payload = text ? (reply.body as string) : JSON.stringify(reply.body);
		headers['content-type'] = text ? reply.contentType! : 'application/json; charset=utf-8';
		headers['content-length'] = Buffer.byteLength(payload);
		res.writeHead(reply.status, headers);
		res.end(payload);
	}
}
