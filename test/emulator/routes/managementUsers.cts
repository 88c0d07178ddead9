/**
 * The account's users in projects (management API, auth M): assign an existing user by id or login (not both)
 * with a role, change the role, unassign; invite someone new to projects (204). A project's users are those
 * with a role in it; roles are the four built-in ones or a custom role's id.
 */
import { conflict, invalidPayload, notFound } from '../errors.cjs';
import { Ctx, noContent, ok, Router } from '../router.cjs';
import type { AccountUser } from '../state.cjs';
import { bodyObject, isObject, requireString, type Json } from '../validate.cjs';
import { project } from './management.cjs';

const P = '/management/v1/projects/{projectId}/users';
const BUILT_IN = ['ADMIN', 'USER', 'VIEWER', 'MERCHANT'];

function checkRole(value: unknown, field = 'role'): string {
	if (typeof value !== 'string' || !(BUILT_IN.includes(value) || /^role_/.test(value))) {
		throw invalidPayload(`Property ${field} must be one of ${BUILT_IN.join(', ')} or a custom role id (role_…)`);
	}
	return value;
}

/** The user as the project's list answers it: with their role in this project. */
const inProject = (user: AccountUser, projectId: string) => ({ ...user, role: user.projects[projectId], object: 'user' });

function member(ctx: Ctx): AccountUser {
	const p = project(ctx);
	const user = ctx.env.store.accountUsers.get(ctx.params.userId);
	if (!user || user.projects[p.id] === undefined) throw notFound('user', ctx.params.userId);
	return user;
}

export function register(r: Router): void {
	r.get(P, 'M', (ctx) => {
		const id = project(ctx).id;
		const users = [...ctx.env.store.accountUsers.values()].filter((user) => user.projects[id] !== undefined);
		return ok({ object: 'list', data_ref: 'data', data: users.map((user) => inProject(user, id)), total: users.length });
	});
	r.post(P, 'M', (ctx) => {
		const id = project(ctx).id;
		const body = bodyObject(ctx.body);
		if ((body.id === undefined) === (body.login === undefined)) throw invalidPayload('Give either id or login of the user, not both');
		const role = checkRole(body.role);
		const users = [...ctx.env.store.accountUsers.values()];
		const user = body.id !== undefined ? ctx.env.store.accountUsers.get(String(body.id)) : users.find((candidate) => candidate.login === body.login);
		if (!user) throw notFound('user', String(body.id ?? body.login));
		if (user.projects[id] !== undefined) throw conflict(`User ${user.id} is already assigned to project ${id}`);
		user.projects[id] = role;
		return ok(inProject(user, id));
	});
	r.get(`${P}/{userId}`, 'M', (ctx) => ok(inProject(member(ctx), project(ctx).id)));
	r.put(`${P}/{userId}`, 'M', (ctx) => {
		const user = member(ctx);
		const id = project(ctx).id;
		if (user.is_owner) throw invalidPayload("The owner's role cannot be changed");
		user.projects[id] = checkRole(bodyObject(ctx.body).role);
		return ok(inProject(user, id));
	});
	r.delete(`${P}/{userId}`, 'M', (ctx) => {
		const user = member(ctx);
		if (user.is_owner) throw invalidPayload('The owner cannot be unassigned');
		delete user.projects[project(ctx).id];
		return noContent();
	});
	r.post('/management/v1/projects/users/invite', 'M', (ctx) => {
		const body = bodyObject(ctx.body);
		const email = requireString(body, 'email');
		for (const field of ['first_name', 'last_name']) requireString(body, field);
		if (!isObject(body.projects) || Object.keys(body.projects).length === 0) throw invalidPayload('Property projects is required: project id → role');
		for (const [projectId, role] of Object.entries(body.projects as Json)) {
			if (!ctx.env.store.projects.has(projectId)) throw notFound('project', projectId);
			checkRole(role, `projects.${projectId}`);
		}
		if ([...ctx.env.store.accountUsers.values()].some((user) => user.login === email)) throw conflict(`A user with login ${email} already exists: assign them instead`);
		ctx.env.store.invitations.set(email, body.projects as Record<string, string>);
		return noContent();
	});
}
