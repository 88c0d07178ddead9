import type { ResourceDefinition } from '../types';

export const oAuthToken: ResourceDefinition = {
	value: 'oAuthToken',
	name: 'OAuth Token',
	auth: 'appKeys',
	operations: [],
};
