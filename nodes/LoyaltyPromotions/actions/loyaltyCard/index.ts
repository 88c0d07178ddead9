import type { ResourceDefinition } from '../types';

export const loyaltyCard: ResourceDefinition = {
	value: 'loyaltyCard',
	name: 'Loyalty Card (Beta)',
	auth: 'oAuth2',
	operations: [],
};
