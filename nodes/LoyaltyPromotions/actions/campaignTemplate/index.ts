import type { ResourceDefinition } from '../types';

export const campaignTemplate: ResourceDefinition = {
	value: 'campaignTemplate',
	name: 'Campaign Template',
	auth: 'appKeysOrOAuth2',
	operations: [],
};
