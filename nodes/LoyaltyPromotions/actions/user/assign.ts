import type { IDataObject } from 'n8n-workflow';
import { projectProperties } from '../../shared/fields';
import { requireId, requireText } from '../../shared/validate';
import { collectionPath, endpointOf } from '../project/collection';
import type { OperationDefinition } from '../types';
import { roleOf, roleProperties, USERS } from './fields';

export const assign: OperationDefinition = {
	value: 'assign',
	name: 'Assign',
	action: 'Assign a user to a project',
	description: 'Give an existing user of the account a role in a project',
	endpoint: endpointOf('POST', USERS),
	properties: [
		...projectProperties,
		{
			displayName: 'Identify User By',
			name: 'identifyBy',
			type: 'options',
			options: [
				{ name: 'Login', value: 'login', description: 'The email address the user logs in with' },
				{ name: 'User ID', value: 'id' },
			],
			default: 'login',
		},
		{ displayName: 'Login', name: 'login', type: 'string', default: '', required: true, placeholder: 'name@email.com', description: 'The email address the user logs in with', displayOptions: { show: { identifyBy: ['login'] } } },
		{ displayName: 'User ID', name: 'userIdToAssign', type: 'string', default: '', required: true, placeholder: 'user_...', description: "The user's ID", displayOptions: { show: { identifyBy: ['id'] } } },
		...roleProperties('The user\'s role in the project'),
	],
	repeatHint: 'The service refuses to assign a user who is already in the project.',
	build: async (params) => {
		const body: IDataObject =
			params.get<string>('identifyBy', 'login') === 'id'
				? { id: requireId(params, 'User ID', params.get('userIdToAssign', '')) }
				: { login: requireText(params, 'Login', params.get('login', '')).trim() };
		body.role = roleOf(params);
		return { method: 'POST', path: await collectionPath(params, USERS), body };
	},
};
