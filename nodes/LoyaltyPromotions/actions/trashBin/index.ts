import type { ResourceDefinition } from '../types';
import { deleteBinEntry } from './delete';
import { getAll } from './getAll';
import { searchBinEntries } from './search';

export const trashBin: ResourceDefinition = {
	value: 'trashBin',
	name: 'Trash Bin',
	auth: 'appKeysOrOAuth2',
	operations: [getAll, deleteBinEntry],
	methods: { listSearch: { searchBinEntries } },
};
