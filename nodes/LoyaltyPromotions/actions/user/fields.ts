import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { hasOwn, putOwn } from '../../shared/own';
import { fail, requireId, requireOption } from '../../shared/validate';
import type { ProjectCollection } from '../project/collection';
import type { ParamReader } from '../types';

/** What the user operations share: the collection and the role, a built-in one or a custom role's ID. */

export const USERS: ProjectCollection = {
	segment: 'users',
	idParam: 'userId',
	displayName: 'User',
	noun: ['user', 'users'],
	searchMethod: 'searchUsers',
	idPlaceholder: 'user_...',
};

const ROLES = { ADMIN: 'Admin', CUSTOM: 'Custom Role', MERCHANT: 'Merchant', USER: 'User', VIEWER: 'Viewer' } as const;

/** Role and, for a custom role, its ID (shown only then). */
export function roleProperties(description: string): INodeProperties[] {
	return [
		{
			displayName: 'Role',
			name: 'role',
			type: 'options',
			options: Object.entries(ROLES).map(([value, name]) => ({ name, value })),
			default: 'USER',
			required: true,
			description,
		},
		{
			displayName: 'Custom Role ID',
			name: 'customRoleId',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'role_...',
			description: 'The ID of the custom role (from the dashboard\'s team settings)',
			displayOptions: { show: { role: ['CUSTOM'] } },
		},
	];
}

/** The role to send: a built-in role's name, or the custom role's ID. */
export function readRole(params: ParamReader, role: unknown, customRoleId: unknown, field = 'Role'): string {
	const chosen = requireOption(params, field, role, Object.keys(ROLES));
	return chosen === 'CUSTOM' ? requireId(params, 'Custom Role ID', customRoleId) : chosen;
}

/** Role from the operation's top-level fields. */
export function roleOf(params: ParamReader): string {
	return readRole(params, params.get('role', 'USER'), params.get('customRoleId', ''));
}

/** For Invite: the projects and roles as entries, read into { projectId: role }. */
export const projectRolesProperty: INodeProperties = {
	displayName: 'Projects',
	name: 'projects',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Project',
	default: {},
	required: true,
	description: 'The projects the new user joins, each with a role',
	options: [
		{
			displayName: 'Project',
			name: 'project',
			values: [
				{ displayName: 'Project ID', name: 'projectId', type: 'string', default: '', placeholder: 'proj_...', description: 'The project to join' },
				...roleProperties('The user\'s role in the project').map((property) => ({ ...property, required: false })),
			],
		},
	],
};

export function readProjectRoles(params: ParamReader, value: unknown): IDataObject {
	const entries = (((value ?? {}) as IDataObject).project ?? []) as IDataObject[];
	const projects: IDataObject = {};
	entries.forEach((entry, index) => {
		const label = `Projects entry ${index + 1}`;
		const projectId = requireId(params, `${label}: Project ID`, entry.projectId);
		if (hasOwn(projects, projectId)) fail(params, `${label}: Project ID`, `"${projectId}" is given twice`);
		putOwn(projects, projectId, readRole(params, entry.role ?? 'USER', entry.customRoleId, `${label}: Role`));
	});
	return projects;
}
