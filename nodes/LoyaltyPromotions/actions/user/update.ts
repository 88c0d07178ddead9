import { projectProperties } from '../../shared/fields';
import { endpointOf, entryLocator, entryPath } from '../project/collection';
import type { OperationDefinition } from '../types';
import { roleOf, roleProperties, USERS } from './fields';

export const update: OperationDefinition = {
	value: 'update',
	name: 'Update',
	action: "Update a user's role",
	description: "Change a user's role in a project",
	endpoint: endpointOf('PUT', USERS, true),
	properties: [...projectProperties, entryLocator(USERS), ...roleProperties("The user's new role in the project")],
	build: async (params) => ({ method: 'PUT', path: await entryPath(params, USERS), body: { role: roleOf(params) } }),
};
