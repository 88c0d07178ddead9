import type { ResourceDefinition } from '../types';
import { create } from './create';
import { deleteStackingRules } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { searchStackingRules } from './search';
import { update } from './update';

export const stackingRules: ResourceDefinition = {
	value: 'stackingRules',
	name: 'Management: Stacking Rules',
	auth: 'management',
	operations: [create, deleteStackingRules, get, getAll, update],
	methods: { listSearch: { searchStackingRules } },
};
