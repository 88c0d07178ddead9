import {
	NodeOperationError,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type IHookFunctions,
	type INode,
} from 'n8n-workflow';
import { resolveProject } from '../shared/project';
import { inspectFailure, toNodeApiError } from '../transport/errors';
import { path, Transport } from '../transport/request';
import { canonicalKind, expandEvents } from './events';

export const CREDENTIAL = 'loyaltyPromotionsManagementApi';

/** A webhook configuration as the management API returns it. */
export interface RemoteWebhook {
	id: string;
	created_at?: string;
	target_url?: string;
	events?: string[];
	active?: boolean;
}

/** What the node wants registered at the service. */
export interface DesiredSubscription {
	projectId: string;
	targetUrl: string;
	events: string[];
}

/**
 * What the node registered, kept in the node's static data. Production registrations live at the top level
 * (`webhookId`, `events`, `targetUrl`, `projectId`); the editor's test registrations (mode `manual`, on the
 * test URL) live under `test`, so that listening for a test event never touches the production webhook.
 */
export interface StoredSubscription extends IDataObject {
	webhookId?: string;
	events?: string[];
	targetUrl?: string;
	projectId?: string;
}

export function subscriptionSlot(ctx: IHookFunctions): StoredSubscription {
	const data = ctx.getWorkflowStaticData('node');
	if (ctx.getMode() !== 'manual') return data as StoredSubscription;
	if (typeof data.test !== 'object' || data.test === null) data.test = {};
	return data.test as StoredSubscription;
}

export function forget(slot: StoredSubscription): void {
	delete slot.webhookId;
	delete slot.events;
	delete slot.targetUrl;
	delete slot.projectId;
}

export function remember(slot: StoredSubscription, webhook: RemoteWebhook, desired: DesiredSubscription): void {
	slot.webhookId = webhook.id;
	slot.events = [...new Set((webhook.events ?? desired.events).map(canonicalKind))].sort();
	slot.targetUrl = webhook.target_url ?? desired.targetUrl;
	slot.projectId = desired.projectId;
}

/** The project: the node's Project ID, or the credential's when left empty (an expression that gives nothing is an error). */
export async function resolveProjectId(ctx: IHookFunctions): Promise<string> {
	return await resolveProject(
		{ node: ctx.getNode(), itemIndex: 0 },
		{
			stored: ctx.getNode().parameters.projectId,
			resolved: ctx.getNodeParameter('projectId', ''),
			label: 'Project ID',
			credentialProject: async () => (await ctx.getCredentials(CREDENTIAL)).projectId,
		},
	);
}

export async function desiredSubscription(ctx: IHookFunctions): Promise<DesiredSubscription> {
	const targetUrl = ctx.getNodeWebhookUrl('default');
	if (!targetUrl) throw new NodeOperationError(ctx.getNode(), 'n8n gave no webhook URL for this node');
	return {
		projectId: await resolveProjectId(ctx),
		targetUrl,
		events: expandEvents(ctx.getNodeParameter('events', []) as string[]),
	};
}

/** Whether two lists hold the same event kinds, counting the `aded` and `added` spellings of a kind as one. */
function sameKinds(a: readonly string[], b: readonly string[]): boolean {
	const left = new Set(a.map(canonicalKind));
	const right = new Set(b.map(canonicalKind));
	return left.size === right.size && [...left].every((item) => right.has(item));
}

/** Whether a webhook at the service delivers exactly what the node wants, where it wants it. */
export function matches(webhook: RemoteWebhook, desired: DesiredSubscription): boolean {
	return (
		webhook.active !== false &&
		webhook.target_url === desired.targetUrl &&
		sameKinds(webhook.events ?? [], desired.events)
	);
}

/** Oldest first: by `created_at`, then by id, so that every activation orders the same webhooks the same way. */
function byAge(a: RemoteWebhook, b: RemoteWebhook): number {
	const created = String(a.created_at ?? '').localeCompare(String(b.created_at ?? ''));
	return created !== 0 ? created : a.id.localeCompare(b.id);
}

/** The project's webhooks that deliver to `targetUrl`, oldest first. */
function atTarget(webhooks: RemoteWebhook[], targetUrl: string): RemoteWebhook[] {
	return webhooks.filter((w) => w.target_url === targetUrl).sort(byAge);
}

/** The secret deliveries are verified with, or '' when the credential has none. */
export function signingSecret(credentials: ICredentialDataDecryptedObject): string {
	return typeof credentials.webhookSecret === 'string' ? credentials.webhookSecret.trim() : '';
}

/**
 * Refuses to activate a trigger that checks signatures without a secret to check them with, instead of letting
 * every delivery be refused later. The service shows the secret only in its project settings.
 */
async function assertSignaturesCheckable(ctx: IHookFunctions): Promise<void> {
	const options = ctx.getNodeParameter('options', {}) as { verifySignature?: boolean };
	if (options.verifySignature === false) return;
	if (signingSecret(await ctx.getCredentials(CREDENTIAL))) return;
	throw new NodeOperationError(ctx.getNode(), 'The credential has no Webhook Signing Secret', {
		description:
			"The trigger checks every delivery's signature, so it needs the project's webhook secret. Copy it from the " +
			"service's project settings (Project Settings → Webhooks; the API never returns it) into the credential's " +
			'Webhook Signing Secret. To accept unsigned deliveries instead, turn off Options → Verify Signature.',
	});
}

function isNotFound(error: unknown): boolean {
	return inspectFailure(error).status === 404;
}

/** The four management webhook calls the trigger makes. Only 404 is given a meaning; other errors propagate. */
export class WebhookApi {
	private readonly transport: Transport;

	private readonly node: INode;

	constructor(ctx: IHookFunctions) {
		this.transport = new Transport(ctx, CREDENTIAL);
		this.node = ctx.getNode();
	}

	/** The webhook, or undefined when the service does not know it (404). */
	async get(projectId: string, webhookId: string): Promise<RemoteWebhook | undefined> {
		try {
			return await this.transport.request<RemoteWebhook>({
				method: 'GET',
				path: path`/management/v1/projects/${projectId}/webhooks/${webhookId}`,
			});
		} catch (error) {
			if (isNotFound(error)) return undefined;
			throw toNodeApiError(this.node, error);
		}
	}

	async list(projectId: string): Promise<RemoteWebhook[]> {
		const response = await this.transport.request<{ data?: RemoteWebhook[] }>({
			method: 'GET',
			path: path`/management/v1/projects/${projectId}/webhooks`,
		});
		return Array.isArray(response?.data) ? response.data : [];
	}

	async create(desired: DesiredSubscription): Promise<RemoteWebhook> {
		return await this.transport.request<RemoteWebhook>({
			method: 'POST',
			path: path`/management/v1/projects/${desired.projectId}/webhooks`,
			body: { target_url: desired.targetUrl, events: desired.events, active: true },
		});
	}

	/** Deletes the webhook; true when it was deleted, false when it was already gone (404). */
	async remove(projectId: string, webhookId: string): Promise<boolean> {
		try {
			await this.transport.request({
				method: 'DELETE',
				path: path`/management/v1/projects/${projectId}/webhooks/${webhookId}`,
			});
			return true;
		} catch (error) {
			if (isNotFound(error)) return false;
			throw toNodeApiError(this.node, error);
		}
	}
}

/**
 * Keeps one webhook for this trigger's URL: the oldest (created_at, then id) that delivers what the node wants,
 * and deletes every other webhook of the project that targets the URL. Every activation picks the same one from
 * the same listing, so concurrent activations converge on it. `created`, the webhook this activation has just
 * created, is fetched and counted when the listing does not show it yet. Returns the one kept, if any.
 */
async function reconcile(
	api: WebhookApi,
	desired: DesiredSubscription,
	created?: RemoteWebhook,
): Promise<RemoteWebhook | undefined> {
	const candidates = atTarget(await api.list(desired.projectId), desired.targetUrl);
	if (created && !candidates.some((w) => w.id === created.id)) {
		const current = await api.get(desired.projectId, created.id);
		if (current) candidates.push(current);
		candidates.sort(byAge);
	}
	const kept = candidates.find((w) => matches(w, desired));
	for (const webhook of candidates) {
		if (webhook !== kept) await api.remove(desired.projectId, webhook.id);
	}
	return kept;
}

/**
 * Removes the stored webhook when it no longer is where the node delivers: another project (the node's or the
 * credential's Project ID changed) or another URL (n8n's address changed). reconcile() only sees the current
 * project and URL.
 */
async function dropStoredIfMoved(api: WebhookApi, slot: StoredSubscription, desired: DesiredSubscription): Promise<void> {
	if (!slot.webhookId) return;
	const projectId = slot.projectId || desired.projectId;
	if (projectId === desired.projectId && (!slot.targetUrl || slot.targetUrl === desired.targetUrl)) return;
	await api.remove(projectId, slot.webhookId);
	forget(slot);
}

/**
 * checkExists: true when the project has a webhook for this trigger's URL that delivers what the node wants; it
 * is adopted (stored) and every other webhook for the URL is deleted. Webhooks that drifted (other events,
 * disabled) are deleted too, as is the stored one when the node moved to another project, so that create()
 * starts from none.
 */
export async function checkSubscription(ctx: IHookFunctions): Promise<boolean> {
	await assertSignaturesCheckable(ctx);
	const slot = subscriptionSlot(ctx);
	const desired = await desiredSubscription(ctx);
	const api = new WebhookApi(ctx);
	await dropStoredIfMoved(api, slot, desired);
	const kept = await reconcile(api, desired);
	if (!kept) {
		forget(slot);
		return false;
	}
	remember(slot, kept, desired);
	return true;
}

/**
 * create: registers the webhook for the node's URL and events, then lists again and keeps one (see reconcile):
 * when another activation created one at the same time, both keep the older. If the new webhook is gone by then,
 * a deactivation (or another activation with other settings) removed it: the activation fails rather than
 * report a webhook that does not exist.
 */
export async function createSubscription(ctx: IHookFunctions): Promise<boolean> {
	await assertSignaturesCheckable(ctx);
	const slot = subscriptionSlot(ctx);
	const desired = await desiredSubscription(ctx);
	if (desired.events.length === 0) {
		throw new NodeOperationError(ctx.getNode(), 'No events selected', {
			description: 'Choose at least one event, or All Events.',
		});
	}
	const api = new WebhookApi(ctx);
	// n8n calls create after checkExists answered false, which forgets what it stored; a leftover id here
	// means create was called on its own, so remove that webhook rather than leave it behind.
	if (slot.webhookId) {
		await api.remove(slot.projectId || desired.projectId, slot.webhookId);
		forget(slot);
	}
	const created = await api.create(desired);
	if (!created?.id) {
		throw new NodeOperationError(ctx.getNode(), 'The service created the webhook but returned no ID');
	}
	const kept = await reconcile(api, desired, created);
	if (!kept) {
		throw new NodeOperationError(ctx.getNode(), 'The webhook was deleted while the workflow was being activated', {
			description:
				'The workflow was deactivated, or activated with other settings, at the same time. Activate it again.',
		});
	}
	remember(slot, kept, desired);
	return true;
}

/** How many times delete() lists the project's webhooks at most, while it still finds some for this trigger. */
const DELETE_ROUNDS = 3;

/**
 * delete: removes every webhook of the project that targets this trigger's URL (the stored one included, and
 * any left by a lost static data save or created by an activation running at the same time), then lists again
 * until none is left (at most DELETE_ROUNDS listings). One already gone (404) counts as deleted.
 */
export async function deleteSubscription(ctx: IHookFunctions): Promise<boolean> {
	const slot = subscriptionSlot(ctx);
	const api = new WebhookApi(ctx);
	if (slot.webhookId) {
		await api.remove(slot.projectId || (await resolveProjectId(ctx)), slot.webhookId);
	}
	const desired = await desiredSubscription(ctx);
	for (let round = 0; round < DELETE_ROUNDS; round++) {
		const found = atTarget(await api.list(desired.projectId), desired.targetUrl);
		if (found.length === 0) break;
		for (const webhook of found) await api.remove(desired.projectId, webhook.id);
	}
	forget(slot);
	return true;
}
