import type { ResourceDefinition } from '../types';
import { create } from './create';
import { deleteCollection } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { getManyProducts } from './getManyProducts';
import { searchProductCollections } from './search';
import { update } from './update';

/** Product collections: static sets of products and SKUs, or auto-update ones kept by a filter. */
export const productCollection: ResourceDefinition = {
	value: 'productCollection',
	name: 'Product Collection',
	auth: 'appKeysOrOAuth2',
	operations: [create, deleteCollection, get, getAll, getManyProducts, update],
	methods: { listSearch: { searchProductCollections } },
};
