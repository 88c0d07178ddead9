import type { ResourceDefinition } from '../types';
import { get } from './get';
import { getAll } from './getAll';
import { searchMetadataSchemas } from './search';

/** The project's metadata schemas as the app keys read them; the management API's are managementMetadataSchema. */
export const metadataSchema: ResourceDefinition = {
	value: 'metadataSchema',
	name: 'Metadata Schema',
	auth: 'appKeysOrOAuth2',
	operations: [get, getAll],
	methods: { listSearch: { searchMetadataSchemas } },
};
