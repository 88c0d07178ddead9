import type { ResourceDefinition } from '../types';
import { create } from './create';
import { deleteMetadataSchema } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { searchManagementMetadataSchemas } from './search';
import { update } from './update';

/** The management API's metadata schemas of any project (the app keys' read-only ones are the project's own). */
export const managementMetadataSchema: ResourceDefinition = {
	value: 'managementMetadataSchema',
	name: 'Management: Metadata Schema',
	auth: 'management',
	operations: [create, deleteMetadataSchema, get, getAll, update],
	methods: { listSearch: { searchManagementMetadataSchemas } },
};
