import type { OperationDefinition } from '../types';
import { schemaIdLocator, schemaPath } from './fields';

export const getById: OperationDefinition = {
	value: 'getById',
	name: 'Get by ID',
	action: 'Get a metadata schema by ID',
	description: 'Retrieve one metadata schema by its ID, with its property definitions',
	endpoint: 'GET /v1/metadata-schemas/{metadataSchemaId}',
	properties: [schemaIdLocator],
	build: (params) => ({ method: 'GET', path: schemaPath(params) }),
};
