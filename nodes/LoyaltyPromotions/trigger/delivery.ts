import {
	NodeOperationError,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type IWebhookFunctions,
	type IWebhookResponseData,
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

/**
 * A delivery the node refuses: `answer` is all the sender learns (it may be anyone who knows the URL); `message`
 * and `description` tell the user why and what to do.
 */
export interface Refusal {
	status: number;
	answer: string;
	message: string;
	description?: string;
}

/**
 * Refuses a delivery; nothing runs either way. While the editor listens for a test event (mode `manual`) it
 * throws, so that n8n shows the error in the editor (and stops listening) instead of waiting on; the sender gets
 * n8n's own error answer (500). Otherwise (an active workflow) it answers the request itself with `status` and
 * logs a warning: no execution is recorded, so forged or retried deliveries cannot fill the execution list.
 */
function refuse(ctx: IWebhookFunctions, refusal: Refusal): IWebhookResponseData {
	if (ctx.getMode() === 'manual') {
		throw new NodeOperationError(ctx.getNode(), refusal.message, { description: refusal.description });
	}
	ctx.logger.warn(`Loyalty Promotions Trigger "${ctx.getNode().name}" refused a delivery (${refusal.status}): ${refusal.message}`, {
		workflowId: ctx.getWorkflow().id,
	});
	const res = ctx.getResponseObject();
	const body = JSON.stringify({ code: refusal.status, message: refusal.answer });
	res.writeHead(refusal.status, { 'Content-Type': 'application/json; charset=utf-8' });
	res.end(body);
	return { noWebhookResponse: true };
}

const notADelivery = (answer: string): Refusal => ({
	status: 400,
	answer,
	message: `${answer}: the request is not a delivery of the Loyalty and Promotions Service`,
	description: 'A delivery is a JSON object with the event kind in `type` (or `event.type`).',
});

const WHERE_THE_SECRET_IS =
	"The service shows the project's webhook secret only in its dashboard (Project Settings → Webhooks; the API never returns it).";

export type SignatureProblem = 'noSecret' | 'missing' | 'mismatch';

/** Why the signature check refused a delivery, naming the credential (never its secret). */
export function signatureRefusal(
	problem: SignatureProblem,
	credentialName: string,
	projectId: string,
): Refusal {
	const credential = credentialName ? `the "${credentialName}" credential` : 'the credential';
	const project = projectId ? `project ${projectId}` : "the trigger's project";
	switch (problem) {
		case 'noSecret':
			return {
				status: 401,
				answer: 'Signatures cannot be checked: the credential has no Webhook Signing Secret',
				message: `Signatures cannot be checked: ${credential} has no Webhook Signing Secret`,
				description: `${WHERE_THE_SECRET_IS} Copy the secret of ${project} into the credential's Webhook Signing Secret, or turn off Options → Verify Signature.`,
			};
		case 'missing':
			return {
				status: 401,
				answer: 'Missing signature',
				message: 'The delivery has no signature: the service signs every delivery in its x-voucherify-signature header',
				description: 'The request did not come from the service. Deliveries without a signature are accepted only when Options → Verify Signature is off.',
			};
		case 'mismatch':
			return {
				status: 401,
				answer: 'Invalid signature',
				message: `The signature does not match: the Webhook Signing Secret in ${credential} is not this project's`,
				description: `The service signs each delivery with the webhook secret of ${project}. ${WHERE_THE_SECRET_IS} Copy it into the credential's Webhook Signing Secret, then listen again. (A delivery not sent by the service fails the same way.)`,
			};
	}
}

/** The project the deliveries come from, for messages: the node's Project ID, else the credential's. */
function projectOf(ctx: IWebhookFunctions, credentials: ICredentialDataDecryptedObject): string {
	const fromNode = ctx.getNodeParameter('projectId', '');
	const id = typeof fromNode === 'string' && fromNode.trim() ? fromNode : credentials.projectId;
	return typeof id === 'string' ? id.trim() : '';
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
		const credentials = await this.getCredentials(CREDENTIAL);
		const secret = signingSecret(credentials);
		const request = this.getRequestObject() as { rawBody?: Buffer | string };
		const received = headerValue(this.getHeaderData()[SIGNATURE_HEADER]);
		let problem: SignatureProblem | undefined;
		if (!secret) problem = 'noSecret';
		else if (!received) problem = 'missing';
		else if (!signatureMatches(received, canonicalBody(request.rawBody, body), secret)) problem = 'mismatch';
		if (problem) {
			const credentialName = this.getNode().credentials?.[CREDENTIAL]?.name ?? '';
			return refuse(this, signatureRefusal(problem, credentialName, projectOf(this, credentials)));
		}
	}

	if (!isObject(body)) return refuse(this, notADelivery('Not a webhook delivery'));
	const kind = kindOf(body);
	if (!kind) return refuse(this, notADelivery('Not a webhook delivery: no event type'));

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
