import type { ResourceDefinition } from '../types';

export const sku: ResourceDefinition = {
	value: 'sku',
	name: 'SKU',
	auth: 'appKeysOrOAuth2',
	operations: [],
};
