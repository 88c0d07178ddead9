import type { OperationDefinition } from '../types';
import { collectionLocator, collectionPath, readCollectionId } from './fields';

export const deleteCollection: OperationDefinition = {
	value: 'delete',
	name: 'Delete',
	action: 'Delete a product collection',
	description: 'Delete a product collection; its products stay (the service refuses a collection still in use, e.g. by a validation rule)',
	endpoint: 'DELETE /v1/product-collections/{productCollectionId}',
	properties: [collectionLocator('The product collection')],
	build: (params) => ({ method: 'DELETE', path: collectionPath(params) }),
	// The service answers 204 with no body.
	output: (_response, params) => [{ deleted: true, id: readCollectionId(params) }],
};
