/**
 * What a project allows beyond authentication: its feature flags (Areas and Stores for campaigns) and the
 * permissions of its app keys' role (e.g. areas.read, areas.manage), and the fine-grained scopes of OAuth v2
 * tokens. Kept as one record in the store, so a reset restores the defaults: every feature on, the app keys'
 * role with every permission. Tests change it in process with setProjectAccess(control.state, …).
 */
import { ApiError } from './errors.cjs';
import type { Ctx } from './router.cjs';
import type { Store } from './state.cjs';

export interface ProjectAccess {
	/** Whether the project has Areas and Stores for campaigns (an Enterprise feature). */
	areasFeature: boolean;
	/** The app keys' role's permissions; null: every permission (the default Admin role). */
	appKeyPermissions: readonly string[] | null;
	/**
	 * The OAuth service key's projects, each with its role's permissions (null: every permission); null: the
	 * emulator's own project, with every permission. A team key lists several projects.
	 */
	serviceKeyRoles: Readonly<Record<string, readonly string[] | null>> | null;
}

const KEY = '|projectAccess';
const DEFAULTS: ProjectAccess = { areasFeature: true, appKeyPermissions: null, serviceKeyRoles: null };

export function projectAccess(store: Store): ProjectAccess {
	const saved = store.records.get(KEY)?.get('settings') as Partial<ProjectAccess> | undefined;
	return { ...DEFAULTS, ...saved };
}

export function setProjectAccess(store: Store, changes: Partial<ProjectAccess>): void {
	store.records.set(KEY, new Map([['settings', { ...projectAccess(store), ...changes }]]));
}

/** 402 unless the project has the feature (the service's answer to a plan that lacks one). */
export function requireFeature(ctx: Ctx, enabled: (access: ProjectAccess) => boolean, feature: string): void {
	if (!enabled(projectAccess(ctx.env.store)))
		throw new ApiError(402, 'missing_required_feature', `Your project lacks a required feature: ${feature}.`);
}

/**
 * 403 unless the caller holds `permission`: an OAuth v2 token by its scopes (fine-grained names carry a dot, e.g.
 * areas.read), app keys and v1 tokens (bought with the app keys) by the app keys' role.
 */
export function requirePermission(ctx: Ctx, permission: string): void {
	const bearer = /^Bearer\s+(\S+)/i.exec(String(ctx.headers.authorization ?? ''))?.[1];
	const scopes = bearer ? (ctx.env.store.tokens.get(bearer)?.scope ?? '').split(' ') : [];
	const fineGrained = scopes.some((scope) => scope.includes('.'));
	const allowed = fineGrained ? scopes : projectAccess(ctx.env.store).appKeyPermissions;
	if (allowed !== null && !allowed.includes(permission))
		throw new ApiError(403, 'missing_permission', `The credentials lack the ${permission} permission`);
}

/**
 * The permissions the OAuth service key's role grants in a project: undefined when the key has no such project,
 * null for every permission.
 */
export function serviceKeyRole(ctx: Ctx, projectId: string): readonly string[] | null | undefined {
	const roles = projectAccess(ctx.env.store).serviceKeyRoles ?? { [ctx.env.creds.projectId]: null };
	return Object.prototype.hasOwnProperty.call(roles, projectId) ? roles[projectId] : undefined;
}
