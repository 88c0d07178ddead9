import type { ResourceDefinition } from '../types';
import { create } from './create';
import { deleteSku } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { importSkus } from './import';
import { update } from './update';
import { upsert } from './upsert';

export const sku: ResourceDefinition = {
	value: 'sku',
	name: 'SKU',
	auth: 'appKeysOrOAuth2',
	operations: [create, upsert, get, importSkus, update, getAll, deleteSku],
};
