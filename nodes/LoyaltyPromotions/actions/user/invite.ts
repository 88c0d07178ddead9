import { fail, requireText } from '../../shared/validate';
import type { OperationDefinition } from '../types';
import { projectRolesProperty, readProjectRoles } from './fields';

export const invite: OperationDefinition = {
	value: 'invite',
	name: 'Invite',
	action: 'Invite a new user',
	description: 'Invite someone who has no account yet: the service emails them an invitation to the chosen projects',
	endpoint: 'POST /management/v1/projects/users/invite',
	properties: [
		{ displayName: 'Email', name: 'email', type: 'string', default: '', required: true, placeholder: 'name@email.com', description: 'The address the invitation is sent to' },
		{ displayName: 'First Name', name: 'firstName', type: 'string', default: '', required: true },
		{ displayName: 'Last Name', name: 'lastName', type: 'string', default: '', required: true },
		projectRolesProperty,
	],
	repeatHint: 'A repeated invite sends the email again.',
	build: (params) => {
		const email = requireText(params, 'Email', params.get('email', '')).trim();
		if (!/^[^@\s]+@[^@\s]+$/.test(email)) fail(params, 'Email', `must be an email address (got ${JSON.stringify(email)})`);
		const projects = readProjectRoles(params, params.get('projects', {}));
		if (Object.keys(projects).length === 0) fail(params, 'Projects', 'add at least one project with a role');
		return {
			method: 'POST',
			path: '/management/v1/projects/users/invite',
			// The service answers 204 with no body.
			noContent: true,
			body: { email, first_name: requireText(params, 'First Name', params.get('firstName', '')).trim(), last_name: requireText(params, 'Last Name', params.get('lastName', '')).trim(), projects },
		};
	},
	output: (_response, params) => [{ invited: true, email: String(params.get('email', '')).trim() }],
};
