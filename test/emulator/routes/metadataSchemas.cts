/**
 * The project's metadata schemas as the app keys read them (auth A or Bearer): the same schemas the management
 * API keeps for the app keys' project (managementCollections.cts), listed whole under `schemas` and read one by
 * its resource (`related_object`, e.g. customer, or a custom schema's name).
 */
import { notFound } from '../errors.cjs';
import { ok, type Ctx, type Router } from '../router.cjs';
import type { Json } from '../validate.cjs';
import { METADATA_SCHEMAS } from './managementCollections.cjs';

/** The schemas of the app keys' project, as the management routes keep them. */
function schemas(ctx: Ctx): Json[] {
	const key = [METADATA_SCHEMAS.path, ctx.env.creds.projectId].join('|');
	return [...(ctx.env.store.records.get(key)?.values() ?? [])];
}

export function register(r: Router): void {
	r.get('/v1/metadata-schemas', 'A|B', (ctx) => {
		const all = schemas(ctx);
		return ok({ object: 'list', data_ref: 'schemas', schemas: all, total: all.length });
	});
	r.get('/v1/metadata-schemas/{resource}', 'A|B', (ctx) => {
		const schema = schemas(ctx).find((entry) => entry.related_object === ctx.params.resource);
		if (!schema) throw notFound('metadata_schema', ctx.params.resource);
		return ok(schema);
	});
}
