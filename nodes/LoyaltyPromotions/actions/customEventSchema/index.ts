import type { ResourceDefinition } from '../types';
import { create } from './create';
import { deleteCustomEventSchema } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { searchCustomEventSchemas } from './search';
import { update } from './update';

export const customEventSchema: ResourceDefinition = {
	value: 'customEventSchema',
	name: 'Management: Custom Event Schema',
	auth: 'management',
	operations: [getAll, create, deleteCustomEventSchema, get, update],
	methods: { listSearch: { searchCustomEventSchemas } },
};
