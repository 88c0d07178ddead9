import type { ResourceDefinition } from '../types';
import { getAll } from './getAll';

export const customEventSchema: ResourceDefinition = {
	value: 'customEventSchema',
	name: 'Custom Event Schema',
	auth: 'management',
	operations: [getAll],
};
