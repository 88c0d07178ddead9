import type { ResourceDefinition } from '../types';
import { deleteCustomer } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { getManyActivities } from './getManyActivities';
import { importCustomers } from './import';
import { searchCustomers } from './search';
import { update } from './update';
import { updateInBulk } from './updateInBulk';
import { updateMetadataInBulk } from './updateMetadataInBulk';
import { upsert } from './upsert';

export const customer: ResourceDefinition = {
	value: 'customer',
	name: 'Customer',
	auth: 'appKeysOrOAuth2',
	// Get Many Activities stays the default operation: workflows saved before the others existed may omit it.
	operations: [getManyActivities, upsert, deleteCustomer, get, getAll, importCustomers, update, updateInBulk, updateMetadataInBulk],
	methods: { listSearch: { searchCustomers } },
};
