import type { ResourceDefinition } from '../types';

export const loyaltyMember: ResourceDefinition = {
	value: 'loyaltyMember',
	name: 'Loyalty Member',
	auth: 'appKeysOrOAuth2',
	operations: [],
};
