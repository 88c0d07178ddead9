import type { ResourceDefinition } from '../types';
import { activate } from './activate';
import { assignmentOperations } from './assignments';
import { create } from './create';
import { deactivate } from './deactivate';
import { deleteProgram } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { getManyActivities } from './getManyActivities';
import { searchPrograms } from './search';
import { update } from './update';

export const program: ResourceDefinition = {
	value: 'program',
	name: 'Loyalty: Program',
	auth: 'oAuth2OrAppKeys',
	operations: [activate, create, deactivate, deleteProgram, get, getAll, getManyActivities, update, ...assignmentOperations],
	methods: { listSearch: { searchPrograms } },
};
