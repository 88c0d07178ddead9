import { projectProperties } from '../../shared/fields';
import type { OperationDefinition } from '../types';
import { webhookIdProperty, webhookPath } from './fields';

export const deleteWebhook: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a webhook',
	description: 'Delete a webhook configuration; the service stops sending its events',
	endpoint: 'DELETE /management/v1/projects/{projectId}/webhooks/{webhookId}',
	properties: [...projectProperties, webhookIdProperty],
	build: async (params) => ({ method: 'DELETE', path: await webhookPath(params) }),
	// The service answers 204 with no body.
	output: (_response, params) => [{ deleted: true, id: params.id('webhookId', 'Webhook') }],
};
