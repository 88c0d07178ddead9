import { NodeOperationError, type IDataObject, type IHookFunctions, type INode } from 'n8n-workflow';
import { inspectFailure, toNodeApiError } from '../transport/errors';
import { path, Transport } from '../transport/request';
import { expandEvents } from './events';

export const CREDENTIAL = 'loyaltyPromotionsManagementApi';

/** A webhook configuration as the management API returns it. */
export interface RemoteWebhook {
	id: string;
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
	slot.events = [...(webhook.events ?? desired.events)].sort();
	slot.targetUrl = webhook.target_url ?? desired.targetUrl;
	slot.projectId = desired.projectId;
}

/** The project: the node's Project ID, or the credential's when that is empty. */
export async function resolveProjectId(ctx: IHookFunctions): Promise<string> {
	const fromNode = String(ctx.getNodeParameter('projectId', '') ?? '').trim();
	if (fromNode) return fromNode;
	const credentials = await ctx.getCredentials(CREDENTIAL);
	const fromCredential = String(credentials.projectId ?? '').trim();
	if (!fromCredential) {
		throw new NodeOperationError(ctx.getNode(), 'No project ID', {
			description: "Set the node's Project ID or the credential's Project ID.",
		});
	}
	return fromCredential;
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

function sameSet(a: readonly string[], b: readonly string[]): boolean {
	const left = new Set(a);
	const right = new Set(b);
	return left.size === right.size && [...left].every((item) => right.has(item));
}

/** Whether a webhook at the service delivers exactly what the node wants, where it wants it. */
export function matches(webhook: RemoteWebhook, desired: DesiredSubscription): boolean {
	return (
		webhook.active !== false &&
		webhook.target_url === desired.targetUrl &&
		sameSet(webhook.events ?? [], desired.events)
	);
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
 * checkExists: true when the stored webhook still exists and matches the node. A webhook that is gone (404) is
 * forgotten; one that drifted (other URL, other events, disabled, other project) is deleted at the service and
 * forgotten. With nothing stored, webhooks at the service that target this node's URL (left by a lost static
 * data save) are adopted when one matches, and deleted otherwise, so no orphan or duplicate remains.
 */
export async function checkSubscription(ctx: IHookFunctions): Promise<boolean> {
	const slot = subscriptionSlot(ctx);
	const desired = await desiredSubscription(ctx);
	const api = new WebhookApi(ctx);

	if (slot.webhookId) {
		const storedProject = slot.projectId || desired.projectId;
		const remote = await api.get(storedProject, slot.webhookId);
		if (remote && storedProject === desired.projectId && matches(remote, desired)) {
			remember(slot, remote, desired);
			return true;
		}
		if (remote) await api.remove(storedProject, slot.webhookId);
		forget(slot);
	}

	const candidates = (await api.list(desired.projectId)).filter((w) => w.target_url === desired.targetUrl);
	let adopted: RemoteWebhook | undefined;
	for (const webhook of candidates) {
		if (!adopted && matches(webhook, desired)) adopted = webhook;
		else await api.remove(desired.projectId, webhook.id);
	}
	if (!adopted) return false;
	remember(slot, adopted, desired);
	return true;
}

/** create: registers the webhook for the node's URL and events and stores its id. */
export async function createSubscription(ctx: IHookFunctions): Promise<boolean> {
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
	remember(slot, created, desired);
	return true;
}

/** delete: removes the stored webhook; one already gone (404) counts as deleted. */
export async function deleteSubscription(ctx: IHookFunctions): Promise<boolean> {
	const slot = subscriptionSlot(ctx);
	const api = new WebhookApi(ctx);
	if (slot.webhookId) {
		const projectId = slot.projectId || (await resolveProjectId(ctx));
		await api.remove(projectId, slot.webhookId);
		forget(slot);
		return true;
	}
	// Nothing stored (e.g. a static data save was lost): remove what targets this node's URL, if anything.
	const desired = await desiredSubscription(ctx);
	for (const webhook of await api.list(desired.projectId)) {
		if (webhook.target_url === desired.targetUrl) await api.remove(desired.projectId, webhook.id);
	}
	return true;
}
