import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { expandEvents, matchesEvents } from './events';
import { addToLedger, claim, deliveryKey, inLedger } from './repeats';
import { canonicalBody, headerValue, SIGNATURE_HEADER, signatureMatches } from './signature';
import { CREDENTIAL, signingSecret } from './subscription';

export interface TriggerOptions {
	output?: 'delivery' | 'data';
	verifySignature?: boolean;
	ignoreRepeatedDeliveries?: boolean;
}

/** What the node answers to a delivery it accepts or ignores (HTTP 200). */
export const ACKNOWLEDGEMENT = { received: true } as const;

/** Answers the request directly (the node then tells n8n not to respond) and starts no execution. */
function refuse(ctx: IWebhookFunctions, status: number, message: string): IWebhookResponseData {
	const res = ctx.getResponseObject();
	const body = JSON.stringify({ code: status, message });
	res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
	res.end(body);
	return { noWebhookResponse: true };
}

function ignore(reason: string): IWebhookResponseData {
	return { webhookResponse: { ...ACKNOWLEDGEMENT, ignored: reason } };
}

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The delivery's event kind as sent: `type`, or `event.type` as a fallback. */
export function kindOf(delivery: IDataObject): string | undefined {
	if (typeof delivery.type === 'string') return delivery.type;
	const event = delivery.event;
	return isObject(event) && typeof event.type === 'string' ? event.type : undefined;
}

/** The delivery id the repeat check uses, when the option is on and the delivery has one. */
function repeatKey(options: TriggerOptions, delivery: IDataObject): string | undefined {
	if (options.ignoreRepeatedDeliveries === false || typeof delivery.id !== 'string' || !delivery.id) return undefined;
	return deliveryKey(delivery.id);
}

/**
 * The trigger's execute(), which every run a delivery starts calls with the whole delivery: it applies the
 * Output option and records the delivery in the run's copy of the static data, which n8n saves when the run
 * ends (n8n 2.41 loads a fresh copy for the run, so what webhook() recorded is not in it).
 */
export function emitDeliveries(ctx: IExecuteFunctions): INodeExecutionData[] {
	const options = ctx.getNodeParameter('options', 0, {}) as TriggerOptions;
	const now = Date.now();
	return ctx.getInputData().map((item, index) => {
		const delivery = item.json;
		const key = repeatKey(options, delivery);
		if (key) addToLedger(ctx.getWorkflowStaticData('node'), key, now);
		const json = options.output === 'data' ? (isObject(delivery.data) ? delivery.data : { data: delivery.data ?? null }) : delivery;
		return { json, pairedItem: { item: index } };
	});
}

/**
 * The trigger's webhook(): verify (refusing everything when there is no secret to verify with), filter,
 * drop repeats, start a run with the delivery as one item and answer `{"received":true}`.
 */
export async function receiveDelivery(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const options = this.getNodeParameter('options', {}) as TriggerOptions;
	const body = this.getBodyData();

	if (options.verifySignature !== false) {
		const secret = signingSecret(await this.getCredentials(CREDENTIAL));
		if (!secret) return refuse(this, 401, 'Signatures cannot be checked: the credential has no Webhook Signing Secret');
		const request = this.getRequestObject() as { rawBody?: Buffer | string };
		const received = headerValue(this.getHeaderData()[SIGNATURE_HEADER]);
		if (!signatureMatches(received, canonicalBody(request.rawBody, body), secret)) {
			return refuse(this, 401, received ? 'Invalid signature' : 'Missing signature');
		}
	}

	if (!isObject(body)) return refuse(this, 400, 'Not a webhook delivery');
	const kind = kindOf(body);
	if (!kind) return refuse(this, 400, 'Not a webhook delivery: no event type');

	// Either spelling of a kind counts (`…points_added` is delivered for a subscription to `…points_aded`).
	if (!matchesEvents(expandEvents(this.getNodeParameter('events', []) as string[]), kind)) {
		return ignore('not subscribed');
	}

	const key = repeatKey(options, body);
	if (key) {
		const now = Date.now();
		const staticData = this.getWorkflowStaticData('node');
		// The ledger first: claim() records, so it must only run for a delivery the ledger does not know.
		if (inLedger(staticData, key, now) || !claim(`${this.getWorkflow().id ?? ''} ${this.getNode().id}`, key, now)) {
			return ignore('repeated delivery');
		}
		// Saved by n8n with the webhook call's copy of the static data once the answer is sent.
		addToLedger(staticData, key, now);
	}

	// The run's first step, the trigger's execute(), applies the Output option.
	return { workflowData: [[{ json: body }]], webhookResponse: { ...ACKNOWLEDGEMENT } };
}
