import type { ResourceDefinition } from '../types';

export const event: ResourceDefinition = {
	value: 'event',
	name: 'Event',
	auth: 'appKeysOrOAuth2',
	operations: [],
};
