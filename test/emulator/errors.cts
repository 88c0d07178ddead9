/** The service error object and the statuses the emulator answers with. */

export interface ErrorObject {
	code: number;
	message: string;
	key?: string;
	details?: string;
	request_id?: string;
	resource_id?: string;
	resource_type?: string;
}

const MESSAGES: Record<number, string> = {
	400: 'Invalid request',
	401: 'Unauthorized',
	402: 'Payment required',
	404: 'Resource not found',
	405: 'Method not allowed',
	409: 'Conflict',
	415: 'Unsupported media type',
	429: 'Too many requests hit the API too quickly.',
	500: 'Internal Server Error',
	502: 'Bad Gateway',
	503: 'Service Unavailable',
	504: 'Gateway Timeout',
};

const KEYS: Record<number, string> = {
	500: 'internal_error',
	502: 'bad_gateway',
	503: 'service_unavailable',
	504: 'gateway_timeout',
};

export class ApiError extends Error {
	constructor(
		readonly status: number,
		readonly key: string | undefined,
		readonly details: string | undefined,
		readonly extra: { resource_id?: string; resource_type?: string; message?: string } = {},
	) {
		super(details ?? extra.message ?? MESSAGES[status] ?? `HTTP ${status}`);
	}

	toBody(requestId: string): ErrorObject {
		const body: ErrorObject = { code: this.status, message: this.extra.message ?? statusMessage(this.status) };
		if (this.key !== undefined) body.key = this.key;
		if (this.details !== undefined) body.details = this.details;
		body.request_id = requestId;
		if (this.extra.resource_id !== undefined) body.resource_id = this.extra.resource_id;
		if (this.extra.resource_type !== undefined) body.resource_type = this.extra.resource_type;
		return body;
	}
}

export function statusMessage(status: number): string {
	return MESSAGES[status] ?? `HTTP ${status}`;
}

/** 400 for a bad body field. */
export const invalidPayload = (details: string): ApiError => new ApiError(400, 'invalid_payload', details);
/** 400 for a bad path or query parameter. */
export const invalidParam = (details: string): ApiError => new ApiError(400, 'invalid_param', details);
export const unauthorized = (details = 'Invalid or missing credentials'): ApiError =>
	new ApiError(401, 'unauthorized', details);
export const paymentRequired = (): ApiError =>
	new ApiError(
		402,
		'missing_required_feature',
		'Your current plan lacks a required feature: Management API. Upgrade your plan to use it.',
	);
export const notFound = (resourceType: string, id: string, label = resourceType.replace(/_/g, ' ')): ApiError =>
	new ApiError(404, 'not_found', `Cannot find ${label} with id ${id}`, {
		resource_id: id,
		resource_type: resourceType,
	});
export const invalidState = (details: string, resourceType?: string, id?: string): ApiError =>
	new ApiError(409, 'resource_in_invalid_state', details, { resource_type: resourceType, resource_id: id });
export const conflict = (details: string): ApiError => new ApiError(409, 'conflict', details);

/** Body of an injected server fault or of any status without a domain error. */
export function statusBody(status: number, requestId: string): ErrorObject {
	if (status === 429) return { code: 429, message: MESSAGES[429] };
	return new ApiError(status, KEYS[status] ?? (status >= 500 ? 'internal_error' : undefined), undefined).toBody(
		requestId,
	);
}
