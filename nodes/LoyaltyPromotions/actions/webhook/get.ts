import { projectProperties } from '../../shared/fields';
import type { OperationDefinition } from '../types';
import { webhookIdProperty, webhookPath } from './fields';

export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a webhook',
	description: 'Retrieve a webhook configuration',
	endpoint: 'GET /management/v1/projects/{projectId}/webhooks/{webhookId}',
	properties: [...projectProperties, webhookIdProperty],
	build: async (params) => ({ method: 'GET', path: await webhookPath(params) }),
};
