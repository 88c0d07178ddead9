import type { OperationDefinition } from '../types';
import { schemaUpdate, updateProperties } from '../managementMetadataSchema/fields';
import { schemaIdLocator, schemaPath } from './fields';

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a metadata schema',
	description: "Add, change or remove a schema's properties; the others stay (the node reads the schema first and sends it whole)",
	endpoint: 'GET /v1/metadata-schemas/{metadataSchemaId} then PUT /v1/metadata-schemas/{metadataSchemaId}',
	properties: [schemaIdLocator, ...updateProperties],
	build: (params) => schemaUpdate(params, () => schemaPath(params)),
};
