import type { OperationDefinition } from '../types';
import { createProperties, readCreateBody } from '../managementMetadataSchema/fields';

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a metadata schema',
	description: 'Define the metadata keys a kind of record (customer, order, product…) carries',
	// announced as POST /v1/metadata-schemas/{metadataSchemaId}: a create has no ID yet (docs/operations.md)
	endpoint: 'POST /v1/metadata-schemas',
	properties: createProperties,
	repeatHint: 'The service refuses a second schema for the same related object.',
	build: (params) => ({ method: 'POST', path: '/v1/metadata-schemas', body: readCreateBody(params) }),
};
