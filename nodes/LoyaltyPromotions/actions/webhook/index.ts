import type { ResourceDefinition } from '../types';
import { create } from './create';
import { deleteWebhook } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { searchWebhooks } from './search';
import { update } from './update';

export const webhook: ResourceDefinition = {
	value: 'webhook',
	name: 'Management: Webhook',
	auth: 'management',
	operations: [create, deleteWebhook, get, getAll, update],
	methods: { listSearch: { searchWebhooks } },
};
