import type { ResourceDefinition } from '../types';
import { create } from './create';
import { exportOrders } from './export';
import { get } from './get';
import { getAll } from './getAll';
import { importOrders } from './import';
import { searchOrders } from './search';
import { update } from './update';

export const order: ResourceDefinition = {
	value: 'order',
	name: 'Order',
	auth: 'appKeysOrOAuth2',
	operations: [create, get, getAll, importOrders, update, exportOrders],
	methods: { listSearch: { searchOrders } },
};
