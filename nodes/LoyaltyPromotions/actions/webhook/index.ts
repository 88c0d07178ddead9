import type { ResourceDefinition } from '../types';

export const webhook: ResourceDefinition = {
	value: 'webhook',
	name: 'Webhook',
	auth: 'management',
	operations: [],
};
