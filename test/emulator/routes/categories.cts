/**
 * Categories (auth A or OAuth Bearer): one counted list, no paging; create, get, update and delete. A category
 * has a name and a hierarchy (a whole number from 0), both required on create and on update (the PUT replaces
 * them). They live in the store's own map, which vouchers and campaigns read their categories from.
 */
import { randomBytes } from 'crypto';
import { countedList } from '../envelopes.cjs';
import { invalidPayload, notFound } from '../errors.cjs';
import { noContent, ok, type Ctx, type Router } from '../router.cjs';
import type { Category } from '../state.cjs';
import { bodyObject, isInt, rejectUnknown, type Json } from '../validate.cjs';

/** The body of a create or an update: name and hierarchy, both required. */
function categoryFields(raw: unknown): { name: string; hierarchy: number } {
	const body: Json = bodyObject(raw);
	rejectUnknown(body, ['name', 'hierarchy']);
	if (typeof body.name !== 'string' || !body.name.trim()) throw invalidPayload('Property name is required and must be a non-empty string');
	if (!isInt(body.hierarchy) || body.hierarchy < 0) throw invalidPayload('Property hierarchy is required and must be an integer of at least 0');
	return { name: body.name, hierarchy: body.hierarchy };
}

function category(ctx: Ctx): Category {
	const found = ctx.env.store.categories.get(ctx.params.categoryId);
	if (!found) throw notFound('category', ctx.params.categoryId);
	return found;
}

export function register(r: Router): void {
	r.get('/v1/categories', 'A|B', (ctx) => ok(countedList([...ctx.env.store.categories.values()])));
	r.post('/v1/categories', 'A|B', (ctx) => {
		const created: Category = { id: `cat_${randomBytes(9).toString('hex')}`, ...categoryFields(ctx.body), object: 'category', created_at: new Date().toISOString() };
		ctx.env.store.categories.set(created.id, created);
		return ok(created);
	});
	r.get('/v1/categories/{categoryId}', 'A|B', (ctx) => ok(category(ctx)));
	r.put('/v1/categories/{categoryId}', 'A|B', (ctx) => {
		const existing = category(ctx);
		Object.assign(existing, categoryFields(ctx.body), { updated_at: new Date().toISOString() });
		return ok(existing);
	});
	r.delete('/v1/categories/{categoryId}', 'A|B', (ctx) => {
		ctx.env.store.categories.delete(category(ctx).id);
		return noContent();
	});
}
