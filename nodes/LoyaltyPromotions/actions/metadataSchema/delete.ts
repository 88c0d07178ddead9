import type { OperationDefinition } from '../types';
import { schemaIdLocator, schemaPath } from './fields';

export const deleteMetadataSchema: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a metadata schema',
	description: 'Delete a metadata schema; the metadata already on records stays',
	endpoint: 'DELETE /v1/metadata-schemas/{metadataSchemaId}',
	properties: [schemaIdLocator],
	build: (params) => ({ method: 'DELETE', path: schemaPath(params) }),
	output: (_response, params) => [{ deleted: true, id: params.id('metadataSchemaId', 'Metadata Schema') }],
};
