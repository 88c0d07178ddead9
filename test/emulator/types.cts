/** Public types of the emulator (re-exported from index.cts). */

export interface EmulatorCredentials {
	appId: string;
	appToken: string;
	managementId: string;
	managementToken: string;
	projectId: string;
	webhookSecret: string;
	/** The OAuth service key (OAuth v2): its ID and secret, sent as HTTP Basic to POST /v2/oauth/token. */
	serviceKeyId: string;
	serviceKeySecret: string;
}

export interface EmulatorOptions {
	port?: number;
	/** Loopback only; default 127.0.0.1. */
	host?: string;
	/** Fixture scale (≥ 1), default 1. */
	seed?: number;
	/** Added to every API response, default 0. */
	latencyMs?: number;
	/** Access token lifetime, default 3600; an OAuth v2 token lives 900 s (15 minutes), or this when shorter. */
	tokenLifetimeSeconds?: number;
	/** Delays between delivery attempts (the last one repeats); 12 attempts at most. */
	deliveryRetryDelaysMs?: number[];
	/** Timeout of one delivery attempt, default 10,000 ms. */
	deliveryTimeoutMs?: number;
	webhookSecret?: string;
	credentials?: Partial<EmulatorCredentials>;
	/** Whether the plan includes the management API, default true. */
	managementFeature?: boolean;
	/** Lifetime of v2 list cursors, default 300,000 ms. */
	cursorLifetimeMs?: number;
	/**
	 * Whether the v2 bodies also accept the seed's older shapes (SERVICE_API.md: integer reward stock with costs,
	 * mode objects without `type`, a tier structure's top-level card_definition_id), default true. With false, only
	 * the published contract's current shapes pass, as on the live service.
	 */
	acceptSeedShapes?: boolean;
	/** An async action (CSV import) is DONE after this many ms (default 100) plus its rows at asyncActionRowsPerSecond (default 2,000). */
	asyncActionBaseMs?: number;
	asyncActionRowsPerSecond?: number;
	/** An export's file is ready after this many ms, default 100. */
	exportDelayMs?: number;
	/** Base URL of export files (result.url), default the emulator's own; e.g. http://localhost:PORT for another origin. */
	downloadBaseUrl?: string;
	/** Keep an in-memory request log, default true. */
	requestLog?: boolean;
	/** Maximum entries kept in the request log (oldest dropped), default 100,000. */
	requestLogLimit?: number;
	/** Each logged request also keeps the JSON its answer sent (`answer`), for tests that hold answers to the contract (default false). */
	recordAnswers?: boolean;
	quiet?: boolean;
}

export interface LoggedRequest {
	seq: number;
	method: string;
	/** Path without the query string. */
	path: string;
	query: Record<string, string>;
	/** Lowercase names; secrets masked as '***'. */
	headers: Record<string, string>;
	/** Parsed JSON or form object, or the raw string. */
	body: unknown;
	/** 0 when the connection was reset before a response. */
	status: number;
	fault?: string;
	at: number;
	/** The JSON answer sent, when the emulator records answers. */
	answer?: string;
}

export interface Counters {
	requests: number;
	skusCreated: number;
	skusUpdated: number;
	duplicateCreates: number;
	eventsTracked: number;
	duplicateEvents: number;
	customersCreated: number;
	rewardAssignmentsCreated: number;
	productsCreated: number;
	ordersCreated: number;
	/** CSV imports accepted (POST …/importCSV), repeats included. */
	importsStarted: number;
	webhooksCreated: number;
	tokensIssued: number;
	deliveriesSent: number;
	deliveriesFailed: number;
	rateLimited: number;
	faultsInjected: number;
	/** The most API requests the emulator was answering at once (from the body read to the response's end). */
	maxInFlight: number;
}

export interface DeliveryRecord {
	/** Payload id (the same on every attempt of one event). */
	id: string;
	webhookId: string;
	target: string;
	type: string;
	payload: DeliveryPayload;
	/** The exact body sent. */
	body: string;
	signature: string;
	/** 1-based attempt number. */
	attempt: number;
	/** HTTP status received, or 0 on a connection error / timeout. */
	status: number;
	ok: boolean;
	error?: string;
	at: number;
}

export interface DeliveryPayload {
	id: string;
	project_id: string;
	created_at: string;
	type: string;
	data: unknown;
	source: { id: string; object: 'webhook'; target_url: string };
	event: {
		id: string;
		type: string;
		created_at: string;
		entity_id: string;
		group_id: string;
		event_source: Record<string, unknown>;
	};
}

export interface RateLimitOptions {
	limit: number;
	windowMs: number;
	/** Substring of the path, or a glob with `*` (one segment) / `**` (any). */
	route?: string;
	/** Value of X-Rate-Limit-Type, default 'requests'. */
	type?: string;
}

export type FaultStep = number | 'reset' | 'ok';

export interface FaultOptions {
	route?: string;
	method?: string;
	/** 0..1: answer one of `statuses`. */
	errorRate?: number;
	statuses?: number[];
	/** Scripted: the next matching requests get these in order, then the rates apply. */
	sequence?: FaultStep[];
	/** 0..1: destroy the socket. */
	resetRate?: number;
	/** Resets happen after the request has been applied to the state (a lost response). */
	resetAfterProcessing?: boolean;
	delayMs?: number;
	/** 0..1: answer 429 with Retry-After = retryAfterSeconds. */
	rateLimitRate?: number;
	retryAfterSeconds?: number;
	/** Seed of the deterministic PRNG, default 1. */
	faultSeed?: number;
	/** A 429 from this rule carries no Retry-After (only X-Rate-Limit-* from `headers`, if any). */
	omitRetryAfter?: boolean;
	/** Extra response headers on every matching request, faulted or not (e.g. X-Rate-Limit-Retry an hour ahead). */
	headers?: Record<string, string>;
	/**
	 * Answer matching requests with a redirect instead of processing them: `location` as given, or followed by
	 * the request's path and query when `keepPath` (e.g. another emulator's base URL). Status 302 by default.
	 */
	redirect?: { location: string; status?: number; keepPath?: boolean };
	/** A list that ignores its cursor: `starting_after_id`, `cursor` and `page` are dropped before processing. */
	ignoreCursor?: boolean;
	/**
	 * A list whose cursors come round again: the n-th list answer's next cursor (`more_starting_after` or
	 * `cursor.next`) is replaced by cursorCycle[n % length], and a request naming one of these is served from the
	 * real cursor the name first stood for. ['A', 'B'] gives pages 1, 2, 3, 2, 3… with cursors A, B, A, B…
	 */
	cursorCycle?: string[];
	/**
	 * Processes the request, then answers this instead of the route's reply (e.g. a proxy's HTML page, a truncated
	 * or empty body, `null`): `body` is sent as the text it is, with `contentType` (default text/html).
	 */
	replaceReply?: { status?: number; contentType?: string; body?: string };
	/**
	 * A service that repeats what it was sent: every matching answer quotes the request's secrets (X-App-Token,
	 * X-Management-Token, the Bearer token, and an `access_token` or `client_secret` in its body). An error answer
	 * gets them in its message, details and error.message; a JSON object answer in an `echo` field, on it and on
	 * each object of its top-level lists; a text answer at its end.
	 */
	echoSecrets?: boolean;
	/**
	 * A service whose answers carry the keys that reach prototypes: every object of a JSON answer (error answers
	 * too, to a depth of 8) also holds `__proto__`, `constructor` and `prototype` as its own keys, each an object
	 * with `polluted: "YES"` (`constructor` as `{prototype: {polluted: "YES"}}`), as JSON.parse makes them.
	 */
	hostileKeys?: boolean;
	/** Replaces the `total` of list answers (a service whose count is wrong). */
	listTotal?: number;
	/**
	 * In-process only: awaited before each matching request is processed, with how many matching requests came
	 * so far (1 for the first), e.g. to change the data between two pages of a walk.
	 */
	beforeProcessing?: (matched: number) => void | Promise<void>;
}

export interface RequestFilter {
	method?: string;
	path?: string | RegExp;
}

export interface EmulatorControl {
	requests(filter?: RequestFilter): LoggedRequest[];
	clearRequests(): void;
	setRequestLog(enabled: boolean): void;
	counters(): Counters;
	resetCounters(): void;
	reset(): void;
	setManagementFeature(enabled: boolean): void;
	setRateLimit(opts: RateLimitOptions | null): void;
	setFaults(opts: FaultOptions | FaultOptions[] | null): void;
	/** Answers that stand in for the routes' (scriptedAnswers.cts); null switches them off. reset() clears them. */
	setAnswers(answers: import('./scriptedAnswers.cjs').ScriptedAnswer[] | null): void;
	setLatency(ms: number): void;
	setTokenLifetime(seconds: number): void;
	setCursorLifetime(ms: number): void;
	/** Async actions: DONE after baseMs plus rows / rowsPerSecond. */
	setAsyncActionTiming(timing: { baseMs?: number; rowsPerSecond?: number }): void;
	/** Exports: file ready after `ms`; `downloadBaseUrl` where result.url points (null: the emulator's own). */
	setExportTiming(timing: { delayMs?: number; downloadBaseUrl?: string | null }): void;
	setDeliveryRetryDelays(delaysMs: number[]): void;
	expireAllTokens(): void;
	revokeToken(token: string): void;
	emit(type: string, data?: object): Promise<void>;
	deliveries(): DeliveryRecord[];
	clearDeliveries(): void;
	waitForDeliveries(count: number, timeoutMs?: number): Promise<DeliveryRecord[]>;
	readonly state: import('./state.cjs').Store;
	readonly webhookSecret: string;
	setWebhookSecret(secret: string): void;
}

export interface RunningEmulator {
	/** http://127.0.0.1:PORT, no trailing slash. */
	baseUrl: string;
	port: number;
	credentials: EmulatorCredentials;
	control: EmulatorControl;
	stop(): Promise<void>;
}
