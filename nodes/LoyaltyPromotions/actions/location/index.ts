import type { ResourceDefinition } from '../types';
import { get } from './get';
import { getAll } from './getAll';
import { searchLocations } from './search';

/** Locations: the areas defined in the dashboard, read-only through the API. */
export const location: ResourceDefinition = {
	value: 'location',
	name: 'Location',
	auth: 'appKeysOrOAuth2',
	operations: [get, getAll],
	methods: { listSearch: { searchLocations } },
};
