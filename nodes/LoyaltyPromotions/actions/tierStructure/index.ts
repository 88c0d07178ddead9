import type { ResourceDefinition } from '../types';
import { update } from './update';

export const tierStructure: ResourceDefinition = {
	value: 'tierStructure',
	name: 'Tier Structure (Beta)',
	auth: 'oAuth2',
	operations: [update],
};
