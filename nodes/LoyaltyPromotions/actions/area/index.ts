import type { ResourceDefinition } from '../types';
import { create } from './create';
import { deleteArea } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { searchAreas } from './search';
import { update } from './update';

/** Areas (Areas and Stores, an Enterprise feature): the regions or units that group stores and their campaigns. */
export const area: ResourceDefinition = {
	value: 'area',
	name: 'Area',
	auth: 'appKeysOrOAuth2',
	operations: [create, deleteArea, get, getAll, update],
	methods: { listSearch: { searchAreas } },
};
