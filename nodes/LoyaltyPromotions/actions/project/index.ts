import type { ResourceDefinition } from '../types';
import { create } from './create';
import { deleteProject } from './delete';
import { get } from './get';
import { getAll } from './getAll';
import { searchProjects } from './search';
import { update } from './update';

export const project: ResourceDefinition = {
	value: 'project',
	name: 'Management: Project',
	auth: 'management',
	operations: [create, deleteProject, get, getAll, update],
	methods: { listSearch: { searchProjects } },
};
