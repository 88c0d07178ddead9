import type { ResourceDefinition } from '../types';

export const customer: ResourceDefinition = {
	value: 'customer',
	name: 'Customer',
	auth: 'appKeysOrOAuth2',
	operations: [],
};
