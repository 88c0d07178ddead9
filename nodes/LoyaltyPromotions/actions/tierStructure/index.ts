import type { ResourceDefinition } from '../types';

export const tierStructure: ResourceDefinition = {
	value: 'tierStructure',
	name: 'Tier Structure (Beta)',
	auth: 'oAuth2',
	operations: [],
};
