import type { ResourceDefinition } from '../types';
import { deleteProduct } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { importProducts } from './import';
import { searchProducts, searchSkus } from './search';
import { update } from './update';
import { updateInBulk } from './updateInBulk';
import { updateMetadataInBulk } from './updateMetadataInBulk';
import { upsert } from './upsert';

export const product: ResourceDefinition = {
	value: 'product',
	name: 'Product',
	auth: 'appKeysOrOAuth2',
	operations: [upsert, deleteProduct, get, getAll, importProducts, update, updateInBulk, updateMetadataInBulk],
	methods: { listSearch: { searchProducts, searchSkus } },
};
