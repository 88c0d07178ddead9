import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { expandEvents } from './events';
import { canonicalBody, headerValue, SIGNATURE_HEADER, signatureMatches } from './signature';
import { CREDENTIAL } from './subscription';

/** How many delivery ids the node remembers to recognise repeats (the service retries up to 12 times). */
export const SEEN_DELIVERY_LIMIT = 1000;

export interface TriggerOptions {
	output?: 'delivery' | 'data';
	verifySignature?: boolean;
	ignoreRepeatedDeliveries?: boolean;
}

/** Answers the request directly (the node then tells n8n not to respond) and starts no execution. */
function refuse(ctx: IWebhookFunctions, status: number, message: string): IWebhookResponseData {
	const res = ctx.getResponseObject();
	const body = JSON.stringify({ code: status, message });
	res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
	res.end(body);
	return { noWebhookResponse: true };
}

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The delivery's event kind: `type`, or `event.type` as a fallback. */
export function kindOf(delivery: IDataObject): string | undefined {
	if (typeof delivery.type === 'string') return delivery.type;
	const event = delivery.event;
	return isObject(event) && typeof event.type === 'string' ? event.type : undefined;
}

/**
 * Adds `id` to the node's bounded list of seen delivery ids; false when it was already there. The list lives in
 * static data (no module state), so it holds across executions and in queue mode.
 */
function rememberDelivery(ctx: IWebhookFunctions | IExecuteFunctions, id: string): boolean {
	const data = ctx.getWorkflowStaticData('node');
	const seen = Array.isArray(data.seenDeliveryIds) ? (data.seenDeliveryIds as string[]) : [];
	if (seen.includes(id)) return false;
	data.seenDeliveryIds = [...seen, id].slice(-SEEN_DELIVERY_LIMIT);
	return true;
}

/**
 * The trigger's execute(), which every run a delivery starts calls with the whole delivery: it applies the
 * Output option and records the delivery id. Recording it here, inside the run, is what gets it saved: n8n
 * 2.41 in regular mode hands the run its own copy of the static data and drops what webhook() wrote.
 */
export function emitDeliveries(ctx: IExecuteFunctions): INodeExecutionData[] {
	const options = ctx.getNodeParameter('options', 0, {}) as TriggerOptions;
	return ctx.getInputData().map((item, index) => {
		const delivery = item.json;
		if (options.ignoreRepeatedDeliveries !== false && typeof delivery.id === 'string' && delivery.id) {
			rememberDelivery(ctx, delivery.id);
		}
		const json = options.output === 'data' ? (isObject(delivery.data) ? delivery.data : { data: delivery.data ?? null }) : delivery;
		return { json, pairedItem: { item: index } };
	});
}

/** The trigger's webhook(): verify, filter, de-duplicate, emit the payload as one item. */
export async function receiveDelivery(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const options = this.getNodeParameter('options', {}) as TriggerOptions;
	const body = this.getBodyData();

	if (options.verifySignature !== false) {
		const credentials = await this.getCredentials(CREDENTIAL);
		const secret = typeof credentials.webhookSecret === 'string' ? credentials.webhookSecret : '';
		if (secret) {
			const request = this.getRequestObject() as { rawBody?: Buffer | string };
			const received = headerValue(this.getHeaderData()[SIGNATURE_HEADER]);
			if (!signatureMatches(received, canonicalBody(request.rawBody, body), secret)) {
				return refuse(this, 401, received ? 'Invalid signature' : 'Missing signature');
			}
		}
	}

	if (!isObject(body)) return refuse(this, 400, 'Not a webhook delivery');
	const kind = kindOf(body);
	if (!kind) return refuse(this, 400, 'Not a webhook delivery: no event type');

	const subscribed = expandEvents(this.getNodeParameter('events', []) as string[]);
	if (!subscribed.includes(kind)) return { webhookResponse: { received: true, ignored: 'not subscribed' } };

	if (options.ignoreRepeatedDeliveries !== false && typeof body.id === 'string' && body.id) {
		if (!rememberDelivery(this, body.id)) return { webhookResponse: { received: true, ignored: 'repeated delivery' } };
	}

	// The run's first step, the trigger's execute(), applies the Output option.
	return { workflowData: [[{ json: body }]] };
}
