import { projectProperties } from '../../shared/fields';
import { endpointOf, entryLocator, entryPath } from '../project/collection';
import type { OperationDefinition } from '../types';
import { METADATA_SCHEMAS, schemaUpdate, updateProperties } from './fields';

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: 'Update a metadata schema in a project',
	description:
		"Add, change or remove a metadata schema's properties; the others keep their definitions (the node reads the schema first and sends it whole)",
	endpoint: `${endpointOf('GET', METADATA_SCHEMAS, true)} then ${endpointOf('PUT', METADATA_SCHEMAS, true)}`,
	properties: [...projectProperties, entryLocator(METADATA_SCHEMAS), ...updateProperties],
	build: (params) => schemaUpdate(params, () => entryPath(params, METADATA_SCHEMAS)),
};
