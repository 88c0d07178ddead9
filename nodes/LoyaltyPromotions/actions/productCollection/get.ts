import type { OperationDefinition } from '../types';
import { collectionLocator, collectionPath } from './fields';

export const get: OperationDefinition = {
	value: 'get',
	name: 'Get',
	action: 'Get a product collection',
	description: 'Retrieve a product collection with its type and its products or filter',
	endpoint: 'GET /v1/product-collections/{productCollectionId}',
	properties: [collectionLocator('The product collection')],
	build: (params) => ({ method: 'GET', path: collectionPath(params) }),
};
