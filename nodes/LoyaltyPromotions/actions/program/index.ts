import type { ResourceDefinition } from '../types';
import { searchPrograms } from './search';
import { update } from './update';

export const program: ResourceDefinition = {
	value: 'program',
	name: 'Program (Beta)',
	auth: 'oAuth2',
	operations: [update],
	methods: { listSearch: { searchPrograms } },
};
