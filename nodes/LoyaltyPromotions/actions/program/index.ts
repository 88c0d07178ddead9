import type { ResourceDefinition } from '../types';

export const program: ResourceDefinition = {
	value: 'program',
	name: 'Program (Beta)',
	auth: 'oAuth2',
	operations: [],
};
