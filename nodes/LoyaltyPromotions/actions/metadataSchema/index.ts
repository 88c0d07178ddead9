import type { ResourceDefinition } from '../types';
import { create } from './create';
import { deleteMetadataSchema } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { getById } from './getById';
import { searchMetadataSchemaIds, searchMetadataSchemas } from './search';
import { update } from './update';

/** The project's metadata schemas on the app keys (the management API's of any project are managementMetadataSchema). */
export const metadataSchema: ResourceDefinition = {
	value: 'metadataSchema',
	name: 'Metadata Schema',
	auth: 'appKeysOrOAuth2',
	operations: [create, deleteMetadataSchema, get, getById, getAll, update],
	methods: { listSearch: { searchMetadataSchemas, searchMetadataSchemaIds } },
};
