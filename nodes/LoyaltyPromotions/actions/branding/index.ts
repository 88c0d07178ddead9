import type { ResourceDefinition } from '../types';
import { create } from './create';
import { deleteBranding } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { searchBrandings } from './search';
import { update } from './update';

export const branding: ResourceDefinition = {
	value: 'branding',
	name: 'Management: Branding',
	auth: 'management',
	operations: [create, deleteBranding, get, getAll, update],
	methods: { listSearch: { searchBrandings } },
};
