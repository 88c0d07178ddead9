import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
} from 'n8n-workflow';
import { ApplicationError, NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';
import { baseUrlOf, baseUrlProblem, redactUrlCredentials, type LocationCredentials } from '../../../credentials/location';
import { deeperThan, MAX_DEPTH } from './depth';
import { loneSurrogateField } from './encoding';
import { inexactNumberIn, inexactNumberRule } from './exactNumbers';
import { inspectFailure, toNodeApiError, type FailedExchange } from './errors';
import { SecretSet } from './redact';
import { backoffMs, DEFAULT_WAIT_LIMITS, Pacer, rateLimitWait, seconds, WaitRefused, type WaitLimits } from './pacer';

export type CredentialType =
	| 'loyaltyPromotionsAppApi'
	| 'loyaltyPromotionsManagementApi'
	| 'loyaltyPromotionsOAuth2Api'
	| 'loyaltyPromotionsOAuthServiceKeyApi';

/** The credentials that buy a bearer token into their expirable `accessToken` field. */
export const TOKEN_CREDENTIALS: ReadonlySet<CredentialType> = new Set(['loyaltyPromotionsOAuth2Api', 'loyaltyPromotionsOAuthServiceKeyApi']);

export type RequestHost = IExecuteFunctions | IHookFunctions | ILoadOptionsFunctions;

/** One request to the service, as operations describe it: no URL, no auth, no HTTP client. */
export interface ServiceRequest {
	method: IHttpRequestMethods;
	/** Starts with '/'; every path segment already URL-encoded. */
	path: string;
	query?: IDataObject;
	/** Sent as JSON. */
	body?: IDataObject;
	/** Sent as application/x-www-form-urlencoded. */
	form?: Record<string, string>;
	/** Sent as is with this Content-Type, e.g. a multipart/form-data file upload. */
	rawBody?: { contentType: string; data: string };
	/**
	 * 'arraybuffer': the answer's body as bytes (a Buffer) instead of parsed JSON; 'stream': as a Readable that the
	 * caller consumes (a large file), which the deadline and `signal` still abort.
	 */
	encoding?: 'arraybuffer' | 'stream';
	/** Aborts the request, and a streamed body, when it fires (n8n's cancel signal). */
	signal?: AbortSignal;
	/** The whole request, a streamed body included, must end within this (default TransportOptions.deadlineMs). */
	deadlineMs?: number;
	/**
	 * An absolute address the service handed out that carries its own authorisation (e.g. an export file's URL
	 * with its token): requested there instead of `path`, and without the credential, so no secret leaves for
	 * another host or follows a redirect.
	 */
	url?: string;
	/**
	 * Whether a repeat after a 5xx or a lost connection is harmless. The router fills it from the operation's
	 * declaration (OperationDefinition.safeToRepeat: by default POST is not) unless build() decides per request
	 * (SKU create with an id or source_id); without either, true for GET, PUT and DELETE, false for POST.
	 */
	safeToRepeat?: boolean;
	/**
	 * 'bulk': the request counts against the service's own limit for bulk jobs (X-Rate-Limit-Type:
	 * bulk_api_calls), so it is paced apart: the bulk limit's headers and 429s hold the other bulk requests, not the
	 * polls and reads around them.
	 */
	rateLimit?: 'bulk';
	/**
	 * Whether the service documents an answer without content (204) for it. Default: true for DELETE, false
	 * otherwise. Any other answer that is not a JSON object (or, with `encoding`, bytes) is an error.
	 */
	noContent?: boolean;
	/**
	 * Secrets the request carries besides the credential's (e.g. the token to revoke): like the credential's, they
	 * are taken out of every answer and error of this transport (see redact.ts).
	 */
	secrets?: string[];
}

/** What an error adds when the request it is about may have taken effect (a POST that is not safe to repeat). */
export const MAY_HAVE_BEEN_APPLIED = 'The request may have been applied: check in the service before running it again.';

export interface TransportOptions {
	/** Retries after 5xx or connection faults, for requests that are safe to repeat. */
	maxFaultRetries?: number;
	/** Retries after 429, for any request (a 429 means the service did not act on it). */
	maxRateLimitRetries?: number;
	timeoutMs?: number;
	/** Total time one attempt may take, however slowly the answer trickles in (default 120 s). */
	deadlineMs?: number;
	/** Base of the exponential backoff between fault retries, in ms (default 250; tests shrink it). */
	backoffBaseMs?: number;
	/** Bounds of the rate-limit waits, when the transport makes its own pacer (default DEFAULT_WAIT_LIMITS). */
	waitLimits?: Partial<WaitLimits>;
}

/** The total time one attempt of a request may take, unless it says otherwise. */
const DEFAULT_DEADLINE_MS = 120_000;

/**
 * One attempt's total deadline, and the caller's signal (n8n's cancel), as one AbortSignal for the HTTP client.
 * For a streamed answer the timer runs on until the stream closes, so a file that trickles in is cut off too.
 */
function deadline(ms: number, outer?: AbortSignal) {
	const controller = new AbortController();
	const state = { expired: false };
	const timer = AbortSignal.timeout(ms);
	const onTimeout = () => {
		state.expired = true;
		controller.abort(new Error(`deadline of ${ms} ms passed`));
	};
	timer.addEventListener('abort', onTimeout, { once: true });
	const onOuterAbort = () => controller.abort(outer?.reason);
	if (outer?.aborted) controller.abort(outer.reason);
	else outer?.addEventListener('abort', onOuterAbort, { once: true });
	const clear = () => {
		timer.removeEventListener('abort', onTimeout);
		outer?.removeEventListener('abort', onOuterAbort);
	};
	const aborted = new Promise<never>((_resolve, reject) => {
		const fail = () => reject(Object.assign(new Error(String(controller.signal.reason ?? 'aborted')), { code: 'ERR_CANCELED' }));
		if (controller.signal.aborted) fail();
		else controller.signal.addEventListener('abort', fail, { once: true });
	});
	// Nobody may be waiting on it when it fires after the answer came.
	aborted.catch(() => undefined);
	return {
		ms,
		signal: controller.signal,
		aborted,
		get expired() {
			return state.expired;
		},
		clear,
		holdUntilClosed(stream: NodeJS.ReadableStream) {
			const destroy = () => (stream as unknown as { destroy(error?: Error): void }).destroy(
				new ApplicationError(state.expired ? `The file did not finish downloading within ${seconds(ms)}` : 'The download was canceled'),
			);
			controller.signal.addEventListener('abort', destroy, { once: true });
			stream.once('close', () => {
				controller.signal.removeEventListener('abort', destroy);
				clear();
			});
		},
	};
}

/** The most of a streamed error answer read, to show the service's message. */
const MAX_ERROR_BODY_BYTES = 65_536;

/**
 * A request that asked for a stream gets its error answer as a stream too: read it (at most
 * MAX_ERROR_BODY_BYTES) into bytes, so the error can name the service's message.
 */
async function readStreamedErrorBody(error: unknown): Promise<void> {
	const outer = error as { cause?: { response?: { data?: unknown } }; response?: { data?: unknown } } | undefined;
	const response = outer?.cause?.response ?? outer?.response;
	const data = response?.data as (NodeJS.ReadableStream & { destroy?: () => void }) | undefined;
	if (!response || !data || typeof data.on !== 'function' || Buffer.isBuffer(data)) return;
	const chunks: Buffer[] = [];
	let size = 0;
	await new Promise<void>((resolve) => {
		data.on('data', (chunk: Buffer) => {
			chunks.push(chunk);
			size += chunk.length;
			if (size >= MAX_ERROR_BODY_BYTES) {
				data.destroy?.();
				resolve();
			}
		});
		data.on('end', resolve);
		data.on('error', () => resolve());
		data.on('close', resolve);
	});
	response.data = Buffer.concat(chunks).subarray(0, MAX_ERROR_BODY_BYTES);
}

/** Same-origin redirects followed for one request at most. */
const MAX_REDIRECTS = 5;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** The OAuth credentials' expirable field (credentials/LoyaltyPromotionsOAuth*.credentials.ts). */
const TOKEN_FIELD = 'accessToken';

const CONNECTION_NEVER_OPENED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * The only code that knows HTTP. It turns a ServiceRequest into a call of n8n's httpRequestWithAuthentication
 * (so credentials, OAuth refresh and proxies stay n8n's), paces and retries it, and maps failures to
 * NodeApiError. Create one per execution and credential type: it caches the base URL and owns the pacer.
 */
export class Transport {
	/**
	 * The execution's credential, read once. Without it n8n loads the credential from its database, decrypts it
	 * and resolves its expressions again for every request. n8n gets it back with each request and applies it
	 * as usual (authenticate, and an OAuth token refresh, which updates this object in place); it is never
	 * logged or put in an output.
	 */
	private credentialPromise?: Promise<ICredentialsDecrypted>;

	/** OAuth: the request buying this execution's token, which the others wait for. */
	private tokenPurchase?: Promise<void>;

	private readonly pacer: Pacer;

	/** Every secret this transport holds or was given: no answer or error it hands back contains one. */
	private readonly secrets = new SecretSet();

	/** The credential's data once read (an OAuth token renewed in it is picked up at each redaction). */
	private credentialData?: Record<string, unknown>;

	/** The pacer of requests counted against the bulk limit, made at the first one. */
	private bulkPacer?: Pacer;

	constructor(
		private readonly host: RequestHost,
		readonly credentialType: CredentialType,
		pacer?: Pacer,
		private readonly options: TransportOptions = {},
	) {
		this.pacer = pacer ?? new Pacer({ ...DEFAULT_WAIT_LIMITS, ...options.waitLimits });
	}

	private async credential(): Promise<ICredentialsDecrypted> {
		this.credentialPromise ??= this.host.getCredentials<ICredentialDataDecryptedObject>(this.credentialType).then((data) => {
			const reference = this.host.getNode().credentials?.[this.credentialType];
			this.credentialData = data ?? {};
			return { id: reference?.id ?? '', name: reference?.name ?? '', type: this.credentialType, data };
		});
		// A failed read is not cached: the next request asks again.
		return await this.credentialPromise.catch((error) => {
			this.credentialPromise = undefined;
			throw error;
		});
	}

	/** The base URL for a path: v2 paths go to the `api` host of a `download` cluster. */
	async baseUrl(path = ''): Promise<string> {
		const { data } = await this.credential();
		const location = (data ?? {}) as LocationCredentials;
		const problem = baseUrlProblem(location);
		if (problem) throw new NodeOperationError(this.host.getNode(), problem, { description: 'Nothing was sent to the service.' });
		return baseUrlOf(location, path.startsWith('/v2/'));
	}

	/**
	 * Sends a request and hands back its answer, or throws its error, with every secret the transport knows
	 * replaced by REDACTED: a service (or a proxy) that repeats a key, a token or the request's own secrets never
	 * gets them into an output or an error. Bytes and streams (files) are handed back as they came.
	 */
	async request<T = IDataObject>(request: ServiceRequest, itemIndex?: number): Promise<T> {
		this.secrets.add(...(request.secrets ?? []));
		try {
			const answer = await this.exchange<T>(request, itemIndex);
			this.secrets.addCredential(this.credentialData);
			return this.secrets.value(answer);
		} catch (error) {
			this.secrets.addCredential(this.credentialData);
			throw this.secrets.error(error);
		}
	}

	private async exchange<T>(request: ServiceRequest, itemIndex?: number): Promise<T> {
		this.refuseTooDeep(request, itemIndex);
		this.refuseLoneSurrogates(request, itemIndex);
		this.refuseInexactNumbers(request, itemIndex);
		if (!TOKEN_CREDENTIALS.has(this.credentialType)) return await this.send<T>(request, itemIndex);
		// n8n buys an OAuth token in every request that starts while none is stored, and again in every request
		// that meets a 401: with 8 in flight, an expiry would buy 8 tokens. So the requests of an execution share
		// one token purchase: a request that finds no token buys it alone while the others wait, and a 401 empties
		// the token only if no other request has replaced it meanwhile.
		const data = (await this.credential()).data ?? {};
		for (let renewed = false; ; renewed = true) {
			while (this.tokenPurchase) await this.tokenPurchase;
			// From here to send() nothing is awaited: no other request can start a purchase in between.
			const token = data[TOKEN_FIELD];
			let purchased: (() => void) | undefined;
			if (!token) this.tokenPurchase = new Promise<void>((resolve) => (purchased = resolve));
			let failed: unknown;
			try {
				return await this.send<T>(request, itemIndex);
			} catch (error) {
				failed = error;
			} finally {
				if (purchased) {
					this.tokenPurchase = undefined;
					purchased();
				}
			}
			// send() fails only with the node's own errors (NodeApiError, NodeOperationError): passed on as they are.
			const failure = inspectFailure(failed);
			if (failure.status !== 401 || failure.tokenRequest || renewed) throw failed;
			if (data[TOKEN_FIELD] === token) data[TOKEN_FIELD] = '';
		}
	}

	private async send<T>(request: ServiceRequest, itemIndex?: number): Promise<T> {
		const baseUrl = await this.baseUrl(request.path);
		const credentialsDecrypted = await this.credential();
		let options = this.toHttpOptions(baseUrl, request);
		const safeToRepeat = request.safeToRepeat ?? request.method !== 'POST';
		const maxFaultRetries = this.options.maxFaultRetries ?? 4;
		const maxRateLimitRetries = this.options.maxRateLimitRetries ?? 12;
		const pacer = request.rateLimit === 'bulk' ? (this.bulkPacer ??= new Pacer(this.pacer.limits)) : this.pacer;
		let faultRetries = 0;
		let rateLimitRetries = 0;
		let redirects = 0;
		/** The last repeated attempt the service may have acted on (a 5xx, or a connection lost after it opened). */
		let mayHaveApplied: { attempt: number; outcome: string } | undefined;

		for (let attempt = 1; ; attempt++) {
			// Started once the pacer lets the request go: a pacing wait is bounded on its own.
			let attemptDeadline: ReturnType<typeof deadline> | undefined;
			try {
				await pacer.beforeRequest();
				attemptDeadline = deadline(request.deadlineMs ?? this.options.deadlineMs ?? DEFAULT_DEADLINE_MS, request.signal);
				options.abortSignal = attemptDeadline.signal;
				const sent = request.url
					? this.host.helpers.httpRequest(options)
					: this.host.helpers.httpRequestWithAuthentication.call(this.host, this.credentialType, options, {
							credentialsDecrypted,
							// request() renews an expired OAuth token once for all requests in flight, not n8n per request
							preAuthenticationRetryStatusCode: [],
						});
				// n8n copies the options of an authenticated request, which loses the AbortSignal: the deadline is
				// also kept here (the abandoned request ends at the client's inactivity timeout).
				const response = (await Promise.race([sent, attemptDeadline.aborted])) as IN8nHttpFullResponse;
				pacer.observe(lowerCase(response.headers), response.statusCode);
				const body = this.accepted<T>(request, response, safeToRepeat, itemIndex);
				if (request.encoding === 'stream') attemptDeadline.holdUntilClosed(body as unknown as NodeJS.ReadableStream);
				else attemptDeadline.clear();
				return body;
			} catch (error) {
				if (request.encoding === 'stream') await readStreamedErrorBody(error);
				attemptDeadline?.clear();
				if (attemptDeadline?.expired) throw this.deadlineError(request, attemptDeadline.ms, itemIndex);
				if (error instanceof WaitRefused) throw this.waitError(error, itemIndex);
				const failure = inspectFailure(error);
				// A canceled execution or a passed deadline is no answer of the service's.
				pacer.observe(failure.headers, failure.code === 'ERR_CANCELED' ? undefined : (failure.status ?? 0));
				if (failure.status !== undefined && REDIRECT_STATUSES.has(failure.status) && !failure.tokenRequest) {
					options = this.redirected(options, failure, ++redirects, request.url !== undefined, itemIndex);
					continue;
				}
				if (failure.status === 429 && rateLimitRetries < maxRateLimitRetries) {
					rateLimitRetries++;
					const asked = rateLimitWait(failure.headers) ?? {
						ms: 1000 + backoffMs(rateLimitRetries),
						source: 'no Retry-After header; waiting with backoff',
					};
					const limitType = failure.headers['x-rate-limit-type']?.trim().slice(0, 40) || undefined;
					const refused = pacer.pause(asked.ms + Math.round(Math.random() * 50), asked.source, limitType);
					if (refused) throw this.waitError(refused, itemIndex, attempt);
					continue;
				}
				// A fault is a 5xx or a socket error; anything else (a 4xx, a canceled execution, a bad
				// setting) will not get better by asking again.
				const socketFault = failure.status === undefined && failure.code !== undefined && failure.code !== 'ERR_CANCELED';
				const fault = socketFault || (failure.status !== undefined && failure.status >= 500);
				// The service cannot have acted on the request when the connection never opened or when the
				// OAuth token request before it failed.
				const neverProcessed = failure.tokenRequest || (socketFault && CONNECTION_NEVER_OPENED.has(failure.code ?? ''));
				const repeatable = safeToRepeat || neverProcessed;
				if (fault && repeatable && faultRetries < maxFaultRetries) {
					faultRetries++;
					if (!neverProcessed) {
						mayHaveApplied = { attempt, outcome: failure.status !== undefined ? `got a ${failure.status}` : `lost its answer (${failure.code})` };
					}
					await sleep(backoffMs(faultRetries, this.options.backoffBaseMs));
					continue;
				}
				throw toNodeApiError(this.host.getNode(), error, {
					itemIndex,
					attempts: attempt,
					baseUrl,
					timeoutMs: options.timeout,
					// a request to a full URL (e.g. an export's file) carries no credential: its 401 says nothing of the keys
					credentialType: request.url ? undefined : this.credentialType,
					notRepeated: fault && !repeatable,
					// A refusal after a repeat may be the earlier attempt's doing (409 exists, 404 deleted, 400 rolled back).
					earlierAttempt:
						mayHaveApplied && failure.status !== undefined && failure.status >= 400 && failure.status < 500
							? { ...mayHaveApplied, attempts: attempt }
							: undefined,
				});
			}
		}
	}

	/**
	 * The answer's body, if it is one the operation expects: a JSON object, bytes for a file, or nothing where the
	 * service documents a 204. Anything else (a proxy's HTML page, truncated JSON, an empty body, `null`, a bare
	 * string) is an error that quotes it, never a success.
	 */
	private accepted<T>(request: ServiceRequest, response: IN8nHttpFullResponse, safeToRepeat: boolean, itemIndex?: number): T {
		const body: unknown = response.body;
		if (request.encoding) return body as T;
		const status = response.statusCode;
		if (body !== null && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body)) {
			if (!deeperThan(body)) return body as T;
			const message = `The service answered ${status} with JSON nested more than ${MAX_DEPTH} levels deep, which the node does not read`;
			throw new NodeApiError(this.host.getNode(), { message, httpCode: String(status) }, {
				message,
				description: `Its objects nest about ten levels; an answer this deep comes from something else than the service (a wrong Base URL, a proxy).${safeToRepeat ? '' : ` ${MAY_HAVE_BEEN_APPLIED}`}`,
				httpCode: String(status),
				itemIndex,
			});
		}
		const empty = body === undefined || body === '' || (Buffer.isBuffer(body) && body.length === 0);
		if (empty && (request.noContent ?? request.method === 'DELETE')) return undefined as T;
		const headers = lowerCase(response.headers);
		const message = `The service answered ${status} with something other than the JSON object this operation expects`;
		const type = headers['content-type'] ? ` (${headers['content-type']})` : '';
		throw new NodeApiError(this.host.getNode(), { message, httpCode: String(status) }, {
			message,
			description: redactUrlCredentials(
				`It answered${type}: ${quoteAnswer(body)}. A wrong Cluster, Service Domain or Base URL in the credential, or a proxy in between, answers like this.${
					safeToRepeat ? '' : ` ${MAY_HAVE_BEEN_APPLIED}`
				}`,
			),
			httpCode: String(status),
			itemIndex,
		});
	}

	/**
	 * The request to send after a redirect. Redirects are never followed by the HTTP client (it would carry the
	 * credential's headers, X-App-Token or X-Management-Token, to wherever the Location points): one to the same
	 * origin is followed here, at most MAX_REDIRECTS times; one to another origin fails without being followed.
	 * A request sent without the credential (an address the service handed out, e.g. an export file) may follow
	 * a redirect to another https origin: it carries no key.
	 */
	private redirected(
		options: IHttpRequestOptions,
		failure: FailedExchange,
		count: number,
		withoutCredential: boolean,
		itemIndex?: number,
	): IHttpRequestOptions {
		const from = new URL(options.url);
		let target: URL | undefined;
		try {
			target = new URL(failure.headers.location ?? '', from);
		} catch {
			// reported below
		}
		const node = this.host.getNode();
		const answered = `The service answered ${failure.status} (a redirect)`;
		if (!failure.headers.location || !target) {
			throw new NodeApiError(node, { message: answered }, { message: `${answered} without a usable Location`, httpCode: String(failure.status), itemIndex });
		}
		const keyless = withoutCredential && target.protocol === 'https:';
		if (target.origin !== from.origin && !keyless) {
			const where = redactUrlCredentials(target.origin);
			throw new NodeApiError(node, { message: answered }, {
				message: `${answered} to another address (${where}), which the node does not follow`,
				description: `Following it would send the credential's keys to ${where}. Check the credential's Cluster, Service Domain or Base URL: they should name the service's own address.`,
				httpCode: String(failure.status),
				itemIndex,
			});
		}
		if (count > MAX_REDIRECTS) {
			throw new NodeApiError(node, { message: answered }, { message: `${answered} more than ${MAX_REDIRECTS} times in a row`, httpCode: String(failure.status), itemIndex });
		}
		// 303 means "see the answer over there": fetched with GET, as HTTP clients do.
		const asGet = failure.status === 303 && options.method !== 'GET';
		const next: IHttpRequestOptions = { ...options, url: target.href, qs: undefined };
		if (asGet) {
			next.method = 'GET';
			delete next.body;
			delete next.headers;
		}
		return next;
	}

	/**
	 * Refuses, before anything is sent, a request whose query, form or JSON body nests deeper than MAX_DEPTH,
	 * naming its top-level field: it could not be serialized (JSON fields are refused earlier, by their label).
	 */
	private refuseTooDeep(request: ServiceRequest, itemIndex?: number): void {
		for (const [part, value] of [['query parameter', request.query], ['form field', request.form], ['body field', request.body]] as const) {
			if (value === null || typeof value !== 'object' || !deeperThan(value)) continue;
			const field = Object.keys(value).find((key) => deeperThan((value as Record<string, unknown>)[key], MAX_DEPTH - 1)) ?? '(the body)';
			throw new NodeOperationError(this.host.getNode(), `${field}: is nested more than ${MAX_DEPTH} levels deep`, {
				itemIndex,
				description: `It is the ${part} "${field}" of the request; the node sends at most ${MAX_DEPTH} levels of objects and lists. Nothing was sent to the service.`,
			});
		}
	}

	/**
	 * Refuses, before anything is sent, a request whose query, form or JSON body holds a lone surrogate (half of a
	 * UTF-16 pair): the HTTP client would send another character instead (U+FFFD, or a pair with its neighbour).
	 */
	private refuseLoneSurrogates(request: ServiceRequest, itemIndex?: number): void {
		const parts = [
			['the query parameter', loneSurrogateField(request.query, '', 'brackets')],
			['the form field', loneSurrogateField(request.form, '', 'brackets')],
			['the body field', loneSurrogateField(request.body, '', 'dots')],
		] as const;
		const found = parts.find(([, field]) => field !== undefined);
		if (!found) return;
		throw new NodeOperationError(
			this.host.getNode(),
			`${found[1]}: holds a broken Unicode character (half of a surrogate pair), which cannot be sent`,
			{ itemIndex, description: `It is ${found[0]} "${found[1]}" of the request. Fix the text it came from. Nothing was sent to the service.` },
		);
	}

	/**
	 * Refuses, before anything is sent, a request whose query, form or JSON body holds a number that would reach
	 * the service rounded (exactNumbers.ts), wherever it came from: the fields check their own numbers with their
	 * labels; this is the guard for any number no field check saw.
	 */
	private refuseInexactNumbers(request: ServiceRequest, itemIndex?: number): void {
		for (const [part, value, style] of [['the query parameter', request.query, 'brackets'], ['the form field', request.form, 'brackets'], ['the body field', request.body, 'dots']] as const) {
			const found = inexactNumberIn(value, style);
			if (!found) continue;
			const field = found.at || '(the body)';
			throw new NodeOperationError(this.host.getNode(), `${field}: ${inexactNumberRule(found.value)!}`, {
				itemIndex,
				description: `It is ${part} "${field}" of the request. Nothing was sent to the service.`,
			});
		}
	}

	/** A request that outlived its total deadline, however slowly its answer came. */
	private deadlineError(request: ServiceRequest, ms: number, itemIndex?: number): NodeApiError {
		const message = `The service did not finish answering within ${seconds(ms)}`;
		const error = new NodeApiError(this.host.getNode(), { message }, {
			message,
			description: `The node gives every request at most ${seconds(ms)} in all, also when the answer keeps trickling in, and stopped waiting for this one.${
				request.safeToRepeat ?? request.method !== 'POST' ? '' : ` ${MAY_HAVE_BEEN_APPLIED}`
			}`,
			itemIndex,
		});
		error.context.deadlineMs = ms;
		return error;
	}

	/** A refused rate-limit wait as the 429 error the user sees: what the service asked for, and why the node stopped. */
	private waitError(refused: WaitRefused, itemIndex?: number, attempts?: number): NodeApiError {
		const { maxWaitMs, maxTotalWaitMs } = refused.limits;
		// The service keeps separate limits (e.g. bulk_api_calls for bulk and import requests): the message names it.
		const limit = refused.limitType ? ` for its ${refused.limitType} limit` : '';
		const message =
			refused.bound === 'single'
				? `The service asked to wait ${seconds(refused.askedMs)}${limit} before the next request (${refused.source})`
				: `The service asked to wait again${limit} (${seconds(refused.askedMs)}, ${refused.source}) after ${seconds(refused.waitedMs)} of waiting in this run`;
		const rule =
			refused.bound === 'single'
				? `The node waits at most ${seconds(maxWaitMs)} at a time for the rate limit`
				: `The node waits at most ${seconds(maxTotalWaitMs)} in all per run for the rate limit`;
		return new NodeApiError(this.host.getNode(), { message, httpCode: '429' }, {
			message,
			description: `${rule}, so it stopped waiting and did not send this request again${attempts && attempts > 1 ? ` (${attempts} attempts)` : ''}. Run it later, lower the Concurrency option or spread the runs out.`,
			httpCode: '429',
			itemIndex,
		});
	}

	private toHttpOptions(baseUrl: string, request: ServiceRequest): IHttpRequestOptions {
		const options: IHttpRequestOptions = {
			method: request.method,
			url: request.url ?? `${baseUrl}${request.path}`,
			returnFullResponse: true,
			json: request.encoding === undefined,
			timeout: this.options.timeoutMs ?? 60_000,
			// Redirects are followed by the transport itself, and only within the service's origin (see redirected()).
			disableFollowRedirect: true,
		};
		if (request.encoding) options.encoding = request.encoding;
		if (request.query && Object.keys(request.query).length > 0) options.qs = request.query;
		if (request.rawBody) {
			options.body = request.rawBody.data;
			options.headers = { 'Content-Type': request.rawBody.contentType };
		} else if (request.form) {
			options.body = new URLSearchParams(request.form).toString();
			options.headers = { 'Content-Type': 'application/x-www-form-urlencoded' };
		} else if (request.body !== undefined) {
			// Serialized here: n8n's request helpers copy an object body, leaving out keys named __proto__,
			// constructor and prototype, which the service accepts as metadata keys like any other.
			options.body = JSON.stringify(request.body);
			options.headers = { 'Content-Type': 'application/json' };
		}
		return options;
	}
}

/** Whether an error is a request's total deadline passing (ServiceRequest.deadlineMs), not the service's answer. */
export function passedDeadline(error: unknown): boolean {
	return error instanceof NodeApiError && typeof error.context.deadlineMs === 'number';
}

/** The most characters of an unexpected answer an error quotes. */
const QUOTED_CHARACTERS = 200;

/** An answer that is not what was expected, as an error quotes it: JSON as sent, at most QUOTED_CHARACTERS. */
function quoteAnswer(body: unknown): string {
	if (body === undefined || body === '' || (Buffer.isBuffer(body) && body.length === 0)) return 'an empty body';
	const text = Buffer.isBuffer(body) ? body.toString('utf8') : typeof body === 'string' ? body : JSON.stringify(body);
	return text.length > QUOTED_CHARACTERS ? `${text.slice(0, QUOTED_CHARACTERS)}…` : text;
}

function lowerCase(headers: IDataObject | undefined): Record<string, string> {
	const result: Record<string, string> = {};
	for (const [name, value] of Object.entries(headers ?? {})) result[name.toLowerCase()] = String(value);
	return result;
}

/** A value that would leave its path segment: not text, empty, "." or ".." (collapsed by URL parsers). */
function unsafeSegment(segment: unknown): boolean {
	if (typeof segment !== 'string' && typeof segment !== 'number') return true;
	const text = String(segment).trim();
	return text === '' || text === '.' || text === '..';
}

/**
 * Encodes each interpolated value as one path segment: ids come from users and upstream data. Operations check
 * their IDs with requireId first (naming the field); this refuses what slipped through rather than send a
 * request to another endpoint.
 */
export function path(strings: TemplateStringsArray, ...segments: unknown[]): string {
	if (segments.some(unsafeSegment)) {
		throw new ApplicationError('Refused to build a request path: an ID is empty, "." or "..", or not text');
	}
	return strings.reduce(
		(result, literal, index) =>
			result + literal + (index < segments.length ? encodeURIComponent(String(segments[index]).trim()) : ''),
		'',
	);
}
