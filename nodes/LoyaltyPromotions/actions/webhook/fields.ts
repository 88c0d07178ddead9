import type { INodeProperties } from 'n8n-workflow';
import { locatorProperty } from '../../shared/locator';
import { fail, requireHttpUrl } from '../../shared/validate';
import { path } from '../../transport/request';
import { eventOptions, expandEvents } from '../../trigger/events';
import type { ParamReader } from '../types';

/** What the webhook operations share: their fields, readers and paths. The event catalog lives in trigger/events. */

export const webhookIdProperty = locatorProperty({
	name: 'webhookId',
	displayName: 'Webhook',
	description: 'The webhook configuration, picked from the project\'s webhooks or given by ID',
	noun: 'webhook',
	searchListMethod: 'searchWebhooks',
	idPlaceholder: 'wh_...',
});

export const targetUrlProperty: INodeProperties = {
	displayName: 'Target URL',
	name: 'targetUrl',
	type: 'string',
	default: '',
	placeholder: 'https://example.com/hooks/loyalty',
	description: 'The http(s) address the service sends the subscribed events to',
};

export const eventsProperty: INodeProperties = {
	displayName: 'Events',
	name: 'events',
	type: 'multiOptions',
	options: eventOptions({ includeAll: true }),
	default: [],
	description: 'The event kinds the webhook is subscribed to',
};

export const activeProperty: INodeProperties = {
	displayName: 'Active',
	name: 'active',
	type: 'boolean',
	default: true,
	description: 'Whether the webhook sends events to its target URL',
};

export function readTargetUrl(params: ParamReader, value: unknown): string {
	return requireHttpUrl(params, 'Target URL', value);
}

export function readEvents(params: ParamReader, value: unknown): string[] {
	const events = expandEvents(value as string | string[] | undefined);
	if (events.length === 0) fail(params, 'Events', 'choose at least one event');
	return events;
}

export async function webhooksPath(params: ParamReader): Promise<string> {
	return path`/management/v1/projects/${await params.projectId()}/webhooks`;
}

export async function webhookPath(params: ParamReader): Promise<string> {
	const webhookId = params.id('webhookId', 'Webhook');
	return `${await webhooksPath(params)}${path`/${webhookId}`}`;
}
