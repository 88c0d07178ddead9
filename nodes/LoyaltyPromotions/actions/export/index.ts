import type { ResourceDefinition } from '../types';
import { create } from './create';
import { deleteExport } from './delete';
import { download } from './download';
import { get } from './get';
import { getAll } from './getAll';
import { searchExports } from './search';

export const exportResource: ResourceDefinition = {
	value: 'export',
	name: 'Export',
	auth: 'appKeysOrOAuth2',
	operations: [create, download, get, getAll, deleteExport],
	methods: { listSearch: { searchExports } },
};
