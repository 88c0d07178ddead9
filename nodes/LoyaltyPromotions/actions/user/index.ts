import type { ResourceDefinition } from '../types';
import { assign } from './assign';
import { get } from './get';
import { getAll } from './getAll';
import { invite } from './invite';
import { searchUsers } from './search';
import { unassign } from './unassign';
import { update } from './update';

export const user: ResourceDefinition = {
	value: 'user',
	name: 'Management: User',
	auth: 'management',
	operations: [assign, get, getAll, invite, unassign, update],
	methods: { listSearch: { searchUsers } },
};
