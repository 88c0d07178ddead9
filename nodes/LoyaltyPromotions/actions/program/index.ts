import type { ResourceDefinition } from '../types';
import { update } from './update';

export const program: ResourceDefinition = {
	value: 'program',
	name: 'Program (Beta)',
	auth: 'oAuth2',
	operations: [update],
};
