import { NodeApiError, type INode, type JsonObject } from 'n8n-workflow';

/** The parts of a failed HTTP exchange that the transport reasons about, dug out of whatever n8n threw. */
export interface FailedExchange {
	status?: number;
	headers: Record<string, string>;
	data: unknown;
	/** Node's socket error code, e.g. ECONNRESET, when no response came back. */
	code?: string;
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

/** n8n wraps the HTTP client's error in a NodeApiError whose `cause` is the original; look in both. */
export function inspectFailure(error: unknown): FailedExchange {
	const outer = error as Loose;
	const cause = (outer?.cause ?? outer) as Loose;
	const response = (cause?.response ?? outer?.response) as Loose;
	const status = Number(response?.status ?? outer?.httpCode ?? NaN);
	return {
		status: Number.isFinite(status) && status > 0 ? status : undefined,
		headers: lowerCaseHeaders(response?.headers),
		data: response?.data ?? (outer?.context as Loose)?.data,
		code: (cause?.code ?? outer?.code) as string | undefined,
	};
}

const STATUS_HINTS: Record<number, string> = {
	401: 'Check the credential: its keys (or OAuth token) were not accepted by the service.',
	402: "The service's plan for this project lacks a feature this operation needs.",
	404: 'Check the IDs: the service does not know the resource.',
	409: 'The resource is in a state that does not allow this change.',
	429: 'The service is rate limiting this project. Lower the Concurrency option or spread the runs out.',
};

/**
 * Turns the service's error object ({code, message, key, details, request_id, resource_id, resource_type,
 * error.message}) into a NodeApiError. It is built from a clean object, never from the HTTP client's error,
 * so no request header (and so no secret) can travel with it.
 */
export function toNodeApiError(
	node: INode,
	error: unknown,
	options: { itemIndex?: number; attempts?: number; baseUrl?: string } = {},
): NodeApiError {
	if (error instanceof NodeApiError && !(error as unknown as Loose)?.cause) return error;
	const failure = inspectFailure(error);
	const body = (failure.data && typeof failure.data === 'object' ? failure.data : {}) as Record<string, unknown>;
	const ruleMessage = ((body.error as Loose)?.message as string | undefined) ?? undefined;
	const status = failure.status ?? (typeof body.code === 'number' ? body.code : undefined);

	let message: string;
	if (typeof body.message === 'string' && body.message) message = body.message;
	else if (status === undefined)
		message = `Could not reach the service${options.baseUrl ? ` at ${options.baseUrl}` : ''}${failure.code ? ` (${failure.code})` : ''}`;
	else message = `The service answered ${status}`;

	const descriptionParts = [
		typeof body.details === 'string' ? body.details : undefined,
		ruleMessage,
		status !== undefined ? STATUS_HINTS[status] : undefined,
		options.attempts && options.attempts > 1 ? `Gave up after ${options.attempts} attempts.` : undefined,
	].filter((part): part is string => Boolean(part));

	const serviceError: JsonObject = {
		message,
		httpCode: status === undefined ? '' : String(status),
		...(body.key !== undefined ? { key: body.key as string } : {}),
		...(body.details !== undefined ? { details: body.details as string } : {}),
		...(body.request_id !== undefined ? { request_id: body.request_id as string } : {}),
		...(body.resource_id !== undefined ? { resource_id: body.resource_id as string } : {}),
		...(body.resource_type !== undefined ? { resource_type: body.resource_type as string } : {}),
		...(status === undefined && failure.code ? { code: failure.code } : {}),
	};
	const apiError = new NodeApiError(node, serviceError, {
		message,
		description: descriptionParts.join(' '),
		httpCode: status === undefined ? undefined : String(status),
		itemIndex: options.itemIndex,
	});
	apiError.context.serviceError = serviceError;
	return apiError;
}
