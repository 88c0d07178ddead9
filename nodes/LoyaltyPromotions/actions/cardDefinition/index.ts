import type { ResourceDefinition } from '../types';

export const cardDefinition: ResourceDefinition = {
	value: 'cardDefinition',
	name: 'Card Definition (Beta)',
	auth: 'oAuth2',
	operations: [],
};
