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
import { ApplicationError, sleep } from 'n8n-workflow';
import { baseUrlOf, type LocationCredentials } from '../../../credentials/location';
import { inspectFailure, toNodeApiError } from './errors';
import { backoffMs, Pacer, rateLimitWaitMs } from './pacer';

export type CredentialType =
	| 'loyaltyPromotionsAppApi'
	| 'loyaltyPromotionsManagementApi'
	| 'loyaltyPromotionsOAuth2Api';

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
	/** 'arraybuffer': the answer's body as bytes (a Buffer), e.g. a file, instead of parsed JSON. */
	encoding?: 'arraybuffer';
	/**
	 * An absolute address the service handed out that carries its own authorisation (e.g. an export file's URL
	 * with its token): requested there instead of `path`, and without the credential, so no secret leaves for
	 * another host or follows a redirect.
	 */
	url?: string;
	/**
	 * Whether a repeat after a 5xx or a lost connection is harmless. Defaults to true for GET, PUT and DELETE,
	 * false for POST; upserts (SKU create with an id or source_id) set it explicitly.
	 */
	safeToRepeat?: boolean;
}

export interface TransportOptions {
	/** Retries after 5xx or connection faults, for requests that are safe to repeat. */
	maxFaultRetries?: number;
	/** Retries after 429, for any request (a 429 means the service did not act on it). */
	maxRateLimitRetries?: number;
	timeoutMs?: number;
	/** Base of the exponential backoff between fault retries, in ms (default 250; tests shrink it). */
	backoffBaseMs?: number;
}

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

	private firstRequest?: Promise<void>;

	constructor(
		private readonly host: RequestHost,
		readonly credentialType: CredentialType,
		private readonly pacer = new Pacer(),
		private readonly options: TransportOptions = {},
	) {}

	private async credential(): Promise<ICredentialsDecrypted> {
		this.credentialPromise ??= this.host.getCredentials<ICredentialDataDecryptedObject>(this.credentialType).then((data) => {
			const reference = this.host.getNode().credentials?.[this.credentialType];
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
		return baseUrlOf((data ?? {}) as LocationCredentials, path.startsWith('/v2/'));
	}

	async request<T = IDataObject>(request: ServiceRequest, itemIndex?: number): Promise<T> {
		// n8n fetches an expirable token in every request that starts while none is stored, so with an OAuth
		// credential the first request of an execution goes alone and the others reuse the token it bought.
		if (this.credentialType === 'loyaltyPromotionsOAuth2Api') {
			if (!this.firstRequest) {
				const first = this.send<T>(request, itemIndex);
				this.firstRequest = first.then(
					() => undefined,
					() => undefined,
				);
				return await first;
			}
			await this.firstRequest;
		}
		return await this.send<T>(request, itemIndex);
	}

	private async send<T>(request: ServiceRequest, itemIndex?: number): Promise<T> {
		const baseUrl = await this.baseUrl(request.path);
		const credentialsDecrypted = await this.credential();
		const options = this.toHttpOptions(baseUrl, request);
		const safeToRepeat = request.safeToRepeat ?? request.method !== 'POST';
		const maxFaultRetries = this.options.maxFaultRetries ?? 4;
		const maxRateLimitRetries = this.options.maxRateLimitRetries ?? 12;
		let faultRetries = 0;
		let rateLimitRetries = 0;

		for (let attempt = 1; ; attempt++) {
			await this.pacer.beforeRequest();
			try {
				const response = (
					request.url
						? await this.host.helpers.httpRequest(options)
						: await this.host.helpers.httpRequestWithAuthentication.call(this.host, this.credentialType, options, { credentialsDecrypted })
				) as IN8nHttpFullResponse;
				this.pacer.observe(lowerCase(response.headers));
				return response.body as T;
			} catch (error) {
				const failure = inspectFailure(error);
				this.pacer.observe(failure.headers);
				if (failure.status === 429 && rateLimitRetries < maxRateLimitRetries) {
					rateLimitRetries++;
					const wait = rateLimitWaitMs(failure.headers) ?? 1000 + backoffMs(rateLimitRetries);
					this.pacer.pause(wait + Math.round(Math.random() * 50));
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
					await sleep(backoffMs(faultRetries, this.options.backoffBaseMs));
					continue;
				}
				throw toNodeApiError(this.host.getNode(), error, {
					itemIndex,
					attempts: attempt,
					baseUrl,
					credentialType: this.credentialType,
					notRepeated: fault && !repeatable,
				});
			}
		}
	}

	private toHttpOptions(baseUrl: string, request: ServiceRequest): IHttpRequestOptions {
		const options: IHttpRequestOptions = {
			method: request.method,
			url: request.url ?? `${baseUrl}${request.path}`,
			returnFullResponse: true,
			json: request.encoding === undefined,
			timeout: this.options.timeoutMs ?? 60_000,
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
			options.body = request.body;
		}
		return options;
	}
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
