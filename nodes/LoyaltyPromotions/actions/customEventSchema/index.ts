import type { ResourceDefinition } from '../types';

export const customEventSchema: ResourceDefinition = {
	value: 'customEventSchema',
	name: 'Custom Event Schema',
	auth: 'management',
	operations: [],
};
