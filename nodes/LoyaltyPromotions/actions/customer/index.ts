import type { ResourceDefinition } from '../types';
import { deleteCustomer } from './delete';
import { deletePermanently } from './deletePermanently';
import { get } from './get';
import { getActivities } from './getActivities';
import { getAll } from './getAll';
import { getManyActivities } from './getManyActivities';
import { getRedeemables } from './getRedeemables';
import { getSegments } from './getSegments';
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
	// Get Many Activities (Legacy) stays the default operation: workflows saved before the others existed may omit
	// it. New workflows pick Get Many Activities, the service's current list.
	operations: [
		getManyActivities,
		upsert,
		deleteCustomer,
		get,
		getAll,
		importCustomers,
		update,
		updateInBulk,
		updateMetadataInBulk,
		getActivities,
		getRedeemables,
		getSegments,
		deletePermanently,
	],
	methods: { listSearch: { searchCustomers } },
};
