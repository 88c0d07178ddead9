import { NodeApiError, NodeOperationError, type INode, type JsonObject } from 'n8n-workflow';
import { redactUrlCredentials } from '../../../credentials/location';
import { seconds } from './pacer';

/** The parts of a failed HTTP exchange that the transport reasons about, dug out of whatever n8n threw. */
export interface FailedExchange {
	status?: number;
	headers: Record<string, string>;
	data: unknown;
	/** Node's socket error code, e.g. ECONNRESET, when no response came back. */
	code?: string;
	/**
	 * The OAuth credential's token request failed (see credentials/tokenError.ts): the request the token was
	 * for was never processed by the service.
	 */
	tokenRequest: boolean;
	/** The innermost error's own message, for failures that are neither HTTP answers nor socket errors. */
	message?: string;
}

type Loose = Record<string, unknown> | undefined;

function lowerCaseHeaders(headers: unknown): Record<string, string> {
	const result: Record<string, string> = {};
	if (headers && typeof headers === 'object') {
		for (const [name, value] of Object.entries(headers as Record<string, unknown>)) {
			if (value !== undefined && value !== null) result[name.toLowerCase()] = String(value);
		}
	}
	return result;
}

/** An error body read as bytes or text (a request that asked for a file) is parsed as the JSON it usually is. */
function parsedBody(data: unknown): unknown {
	const text = Buffer.isBuffer(data) ? data.toString('utf8') : data;
	if (typeof text !== 'string') return data;
	try {
		return JSON.parse(text) as unknown;
	} catch {
		return text;
	}
}

/** n8n wraps the HTTP client's error in a NodeApiError whose `cause` is the original; look in both. */
export function inspectFailure(error: unknown): FailedExchange {
	const outer = error as Loose;
	const cause = (outer?.cause ?? outer) as Loose;
	const response = (cause?.response ?? outer?.response) as Loose;
	const status = Number(response?.status ?? outer?.httpCode ?? NaN);
	const code = cause?.code ?? outer?.code;
	const message = cause?.message ?? outer?.message;
	return {
		status: Number.isFinite(status) && status > 0 ? status : undefined,
		headers: lowerCaseHeaders(response?.headers),
		data: parsedBody(response?.data ?? (outer?.context as Loose)?.data),
		code: typeof code === 'string' ? code : undefined,
		tokenRequest: cause?.oauthTokenRequest === true || outer?.oauthTokenRequest === true,
		message: typeof message === 'string' ? message : undefined,
	};
}

/**
 * Error keys whose meaning the service's own message does not say: the headline the user (and an AI agent's
 * model, which reads the message only) gets instead, and what to do. A 400 is never repeated by the transport.
 */
const KEY_MEANINGS: Readonly<Record<string, { headline: string; hint: string }>> = {
	// Since 1 July 2026 the service refuses a rollback of a redemption while another rollback of it runs.
	multiple_requests: {
		headline: 'A rollback of this redemption is already in progress',
		hint: 'This request was refused and changed nothing (not repeated): let the other rollback finish, then check the redemption before trying again.',
	},
};

const STATUS_HINTS: Record<number, string> = {
	401: 'Check the credential: its keys (or OAuth token) were not accepted by the service.',
	402: "The service's plan for this project lacks a feature this operation needs.",
	403: 'The credential may not do this (for an OAuth credential, check its Scopes).',
	404: 'Check the IDs: the service does not know the resource.',
	409: 'The resource is in a state that does not allow this change.',
	429: 'The service is rate limiting this project. Lower the Concurrency option or spread the runs out.',
};

/** A part of a description as a sentence of its own: the service's details often end without a full stop. */
function asSentence(text: string): string {
	const trimmed = text.trim();
	return /[.!?:)]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

const SERVICE_KEY = 'loyaltyPromotionsOAuthServiceKeyApi';

/** What the OAuth service key's token request answered, by status, naming the field to fix (401: unauthorizedHint). */
const SERVICE_KEY_TOKEN_HINTS: Record<number, string> = {
	400: "Check the credential's Scopes and Project ID.",
	403: "Check the credential's Scopes: each must be within the role the service key has in the project.",
	404: "Check the credential's Project ID: the service key has no such project.",
};

/** What a 401 means, by credential: names the fields the user should check. */
function unauthorizedHint(credentialType: string | undefined, tokenRequest: boolean): string {
	if (tokenRequest && credentialType === SERVICE_KEY) {
		return "Check the credential's Client ID and Client Secret: the service refused the service key when asked for an OAuth access token.";
	}
	if (tokenRequest) {
		return "Check the credential's Application ID and Secret Key: the service refused them when asked for an OAuth access token.";
	}
	switch (credentialType) {
		case 'loyaltyPromotionsAppApi':
			return "Check the credential's Application ID and Secret Key: the service did not accept them.";
		case 'loyaltyPromotionsManagementApi':
			return "Check the credential's Management ID and Management Token: the service did not accept them.";
		case 'loyaltyPromotionsOAuth2Api':
			return "The service refused the OAuth access token, also after a new one was fetched. Check the credential's Application ID, Secret Key and Scopes.";
		case SERVICE_KEY:
			return "The service refused the OAuth access token, also after a new one was fetched. Check the credential's Client ID, Client Secret, Project ID and Scopes.";
		default:
			return STATUS_HINTS[401];
	}
}

/** What to check after an answer with this status, by credential and by whether the token request failed. */
function statusHint(status: number | undefined, tokenRequest: boolean, credentialType: string | undefined): string | undefined {
	if (status === undefined) return undefined;
	if (status === 401) return unauthorizedHint(credentialType, tokenRequest);
	if (tokenRequest && credentialType === SERVICE_KEY && SERVICE_KEY_TOKEN_HINTS[status]) return SERVICE_KEY_TOKEN_HINTS[status];
	if (tokenRequest && status === 400) return "Check the credential's Scopes.";
	return STATUS_HINTS[status];
}

/** Socket errors that mean the connection never opened: the service cannot have seen the request. */
const NEVER_OPENED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** What an unsafe request's headline adds when it was not repeated. */
const NOT_REPEATED = '; the request was not repeated, as it may have been applied';

/**
 * Whether a request that got no answer met the HTTP client's timeout (n8n's `timeout` option: that long without
 * a byte of the answer): axios says ECONNABORTED with "timeout of N ms exceeded", or ETIMEDOUT (its
 * clarifyTimeoutError, or a socket that timed out), rather than a connection the other side closed.
 */
export function timedOut(failure: Pick<FailedExchange, 'code' | 'message' | 'status'>): boolean {
	if (failure.status !== undefined) return false;
	if (failure.code === 'ETIMEDOUT' || failure.code === 'ESOCKETTIMEDOUT') return true;
	return failure.code === 'ECONNABORTED' && /timeout|timed out/i.test(failure.message ?? '');
}

/** What happened to a request that got no answer, said without advising a repeat. */
function socketHeadline(failure: FailedExchange, notRepeated: boolean, timeoutMs?: number): string {
	const code = failure.code!;
	if (NEVER_OPENED.has(code)) return 'Could not connect to the service';
	const suffix = notRepeated ? NOT_REPEATED : '';
	// Without the code (the description names it): n8n replaces a message that contains one with its own wording
	// ("You can retry the request immediately…") each time it wraps the error, as it does for a tool's error on the
	// MCP path, and "not repeated" would be lost.
	if (timedOut(failure)) return `The service did not answer within ${timeoutMs ? seconds(timeoutMs) : 'the time allowed'}: the request timed out${suffix}`;
	return `The connection was lost before the service answered${suffix}`;
}

/**
 * A not-found answer names what was not found in the message itself (the service puts it in `details`, or in
 * `resource_type` and `resource_id`): an AI agent hands its model the message only.
 */
function notFoundHeadline(message: string, body: Record<string, unknown>): string | undefined {
	if (typeof body.details === 'string' && body.details.trim()) return `${message}: ${body.details.trim()}`;
	const type = typeof body.resource_type === 'string' ? body.resource_type.replace(/_/g, ' ') : undefined;
	const id = typeof body.resource_id === 'string' ? body.resource_id : undefined;
	if (type && id) return `${message}: no ${type} with ID ${id}`;
	if (id) return `${message}: nothing with ID ${id}`;
	return undefined;
}

export interface ErrorMappingOptions {
	itemIndex?: number;
	attempts?: number;
	baseUrl?: string;
	/** The HTTP client's timeout (ms without an answer), named when a request meets it. */
	timeoutMs?: number;
	/** The credential the request used, so that a 401 names the fields to check. */
	credentialType?: string;
	/** The request failed on a 5xx or a lost connection and was deliberately not repeated (not safe to). */
	notRepeated?: boolean;
	/** A repeat was refused after an earlier attempt that the service may have acted on: which, and how it ended. */
	earlierAttempt?: { attempt: number; attempts: number; outcome: string };
}

/**
 * Turns the service's error object ({code, message, key, details, request_id, resource_id, resource_type,
 * error.message}) into a NodeApiError. It is built from a clean object, never from the HTTP client's error,
 * so no request header (and so no secret) can travel with it.
 */
export function toNodeApiError(node: INode, error: unknown, options: ErrorMappingOptions = {}): NodeApiError {
	if (error instanceof NodeApiError && !(error as unknown as Loose)?.cause) return error;
	const failure = inspectFailure(error);
	const body = (failure.data && typeof failure.data === 'object' ? failure.data : {}) as Record<string, unknown>;
	const ruleMessage = ((body.error as Loose)?.message as string | undefined) ?? undefined;
	const status = failure.status ?? (typeof body.code === 'number' ? body.code : undefined);
	const where = options.baseUrl ? ` at ${redactUrlCredentials(options.baseUrl)}` : '';
	const unreachable =
		status === undefined && failure.code
			? timedOut(failure)
				? `No answer came from the service${where} within ${options.timeoutMs ? seconds(options.timeoutMs) : 'the time allowed'} (${failure.code}), so the node stopped waiting`
				: `Could not reach the service${where} (${failure.code})`
			: undefined;

	let message: string;
	if (typeof body.message === 'string' && body.message) message = body.message;
	else if (status !== undefined) message = `The service answered ${status}`;
	else if (unreachable) message = socketHeadline(failure, options.notRepeated === true, options.timeoutMs);
	else message = failure.message || 'The request failed';
	const notFound = status === 404 || body.key === 'not_found' ? notFoundHeadline(message, body) : undefined;
	const meaning = typeof body.key === 'string' && Object.prototype.hasOwnProperty.call(KEY_MEANINGS, body.key) ? KEY_MEANINGS[body.key] : undefined;
	if (meaning) message = meaning.headline;
	if (notFound) message = notFound;
	if (failure.tokenRequest && !message.startsWith('Could not get an OAuth access token')) {
		message = `Could not get an OAuth access token: ${message}`;
	}
	// the message itself says it (an AI agent hands its model the message only, never the description)
	if (options.notRepeated && status !== undefined) message = `${message} (not repeated: it may have been applied)`;

	const hint = statusHint(status, failure.tokenRequest, options.credentialType);
	const earlier = options.earlierAttempt;
	// A 401's own message is often the bare status text ("Unauthorized"): the message then names the fields too.
	if (status === 401 && hint && options.credentialType && message.split(' ').length <= 2) message = `${asSentence(message)} ${hint}`;
	const descriptionParts = [
		earlier
			? `An earlier attempt of this request in this run (attempt ${earlier.attempt} of ${earlier.attempts}) ${earlier.outcome} after the service may have acted on it: this answer may be the result of that attempt having done it. Check in the service what happened before running it again, rather than trying something else (e.g. another code).`
			: undefined,
		unreachable,
		typeof body.details === 'string' && !notFound?.endsWith(body.details.trim()) ? body.details : undefined,
		meaning?.hint,
		ruleMessage,
		hint,
		options.attempts && options.attempts > 1 ? `Gave up after ${options.attempts} attempts.` : undefined,
		options.notRepeated
			? 'The request was not repeated, because repeating it could apply it twice: check in the service whether it took effect before running it again.'
			: undefined,
	]
		.filter((part): part is string => Boolean(part))
		.map(asSentence);

	const serviceError: JsonObject = {
		message: redactUrlCredentials(typeof body.message === 'string' && body.message ? body.message : (unreachable ?? message)),
		httpCode: status === undefined ? '' : String(status),
		...(body.key !== undefined ? { key: body.key as string } : {}),
		...(body.details !== undefined ? { details: body.details as string } : {}),
		...(body.request_id !== undefined ? { request_id: body.request_id as string } : {}),
		...(body.resource_id !== undefined ? { resource_id: body.resource_id as string } : {}),
		...(body.resource_type !== undefined ? { resource_type: body.resource_type as string } : {}),
		...(ruleMessage !== undefined ? { error: { message: ruleMessage } } : {}),
		...(status === undefined && failure.code ? { code: failure.code } : {}),
	};
	// An address with a user name and password must never reach an error, wherever it came from.
	const apiError = new NodeApiError(node, { ...serviceError }, {
		message: redactUrlCredentials(message),
		description: redactUrlCredentials(descriptionParts.join(' ')),
		httpCode: status === undefined ? undefined : String(status),
		itemIndex: options.itemIndex,
	});
	apiError.context.serviceError = serviceError;
	// n8n swaps a message naming a socket error code for its own wording ("You can retry the request immediately",
	// "consider setting Retry on Fail"), which is wrong advice for a request that may have been applied.
	if (unreachable) apiError.message = redactUrlCredentials(message);
	return apiError;
}

/** What an error met after the service accepted a request that is not safe to repeat adds: the request took effect. */
export const APPLIED_BEFORE_ERROR =
	'The service had accepted the request before this error, so it was applied: check in the service before running it again.';

/** Said by an error met after a write that the node then undid (a budget passed in the service's order). */
export const UNDONE_BEFORE_ERROR = 'The node undid the write before this error, so nothing of it remains.';

/**
 * An error met after the service answered a request that is not safe to repeat with success (while reading or
 * shaping its answer, or in a request that follows it): it says the request was applied, so that nobody runs it
 * again believing nothing happened.
 */
export function afterApplied(node: INode, error: unknown): NodeApiError | NodeOperationError {
	const failure = error instanceof NodeApiError || error instanceof NodeOperationError ? error : new NodeOperationError(node, error instanceof Error ? error : String(error));
	const description = typeof failure.description === 'string' ? failure.description.trim() : '';
	if (description.includes(UNDONE_BEFORE_ERROR)) return failure;
	if (!description.includes(APPLIED_BEFORE_ERROR)) failure.description = description ? `${description} ${APPLIED_BEFORE_ERROR}` : APPLIED_BEFORE_ERROR;
	return failure;
}
