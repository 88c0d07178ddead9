import type { ResourceDefinition } from '../types';
import { create } from './create';
import { get } from './get';
import { importSkus } from './import';
import { update } from './update';
import { upsert } from './upsert';

export const sku: ResourceDefinition = {
	value: 'sku',
	name: 'SKU',
	auth: 'appKeysOrOAuth2',
	operations: [create, upsert, get, importSkus, update],
};
