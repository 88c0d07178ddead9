import { projectProperties } from '../../shared/fields';
import { collectionPath, endpointOf } from '../project/collection';
import type { OperationDefinition } from '../types';
import { createProperties, METADATA_SCHEMAS, readCreateBody } from './fields';

export const create: OperationDefinition = {
	value: 'create',
	name: 'Create',
	action: 'Create a metadata schema in a project',
	description: 'Define the metadata keys a kind of record (customer, order, product, voucher…) carries in a project',
	endpoint: endpointOf('POST', METADATA_SCHEMAS),
	properties: [...projectProperties, ...createProperties],
	repeatHint: 'The service refuses a second schema for the same related object.',
	build: async (params) => {
		const body = readCreateBody(params);
		return { method: 'POST', path: await collectionPath(params, METADATA_SCHEMAS), body };
	},
};
