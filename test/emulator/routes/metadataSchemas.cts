/**
 * The project's metadata schemas on the app keys (auth A or Bearer): the same schemas the management API keeps for
 * the app keys' project (managementCollections.cts). Published: the list, whole under `schemas`, and one read by its
 * resource (`related_object`, e.g. customer, or a custom schema's name). Announced on 21 May 2026, unpublished,
 * "working like the management API's": read by ID on the same path, create, update and delete, with the
 * management API's bodies and rules. What is the emulator's own: the create's path (the collection, as the
 * management create has it; the changelog writes it with an ID), and the permission names
 * metadata_schemas.read / metadata_schemas.manage, checked like the areas' (projectAccess.cts).
 */
import { collection, registerCrud, type CrudSpec } from '../crud.cjs';
import { notFound } from '../errors.cjs';
import { requirePermission } from '../projectAccess.cjs';
import { ok, type Ctx, type Router } from '../router.cjs';
import { METADATA_SCHEMAS } from './managementCollections.cjs';

export const READ = 'metadata_schemas.read';
export const MANAGE = 'metadata_schemas.manage';

/** The request as the management routes see it: in the app keys' project. */
const inKeysProject = (ctx: Ctx): Ctx => ({ ...ctx, params: { ...ctx.params, projectId: ctx.env.creds.projectId } });

const schemas = (ctx: Ctx) => collection(inKeysProject(ctx), METADATA_SCHEMAS);

const allowed = (ctx: Ctx) => requirePermission(ctx, ctx.method === 'GET' ? READ : MANAGE);

/** Create, update and delete, with the management API's rules (one schema per related object, typed properties). */
export const APP_KEY_METADATA_SCHEMAS: CrudSpec = {
	...METADATA_SCHEMAS,
	path: '/v1/metadata-schemas',
	auth: 'A|B',
	operations: ['create', 'update', 'delete'],
	parent: allowed,
	records: schemas,
	check: (body, ctx, existing) => METADATA_SCHEMAS.check!(body, inKeysProject(ctx), existing),
};

export function register(r: Router): void {
	r.get('/v1/metadata-schemas', 'A|B', (ctx) => {
		allowed(ctx);
		const all = [...schemas(ctx).values()];
		return ok({ object: 'list', data_ref: 'schemas', schemas: all, total: all.length });
	});
	// one path for both reads: a schema's ID (announced) or the resource it describes (published)
	r.get('/v1/metadata-schemas/{resource}', 'A|B', (ctx) => {
		allowed(ctx);
		const key = ctx.params.resource;
		const schema = schemas(ctx).get(key) ?? [...schemas(ctx).values()].find((entry) => entry.related_object === key);
		if (!schema) throw notFound('metadata_schema', key);
		return ok(schema);
	});
	registerCrud(r, APP_KEY_METADATA_SCHEMAS);
}
