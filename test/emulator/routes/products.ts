/** SKUs of a product (auth A): POST is an upsert by `id` or `source_id`; PUT by id or source id sets updated_at. */
import { conflict, invalidPayload, notFound } from '../errors';
import { Ctx, ok, Router } from '../router';
import type { Product, Sku } from '../state';
import { bodyObject, Json, optionalInt, optionalObject, optionalString } from '../validate';

function product(ctx: Ctx): Product {
	const p = ctx.env.store.findProduct(ctx.params.productId);
	if (!p) throw notFound('product', ctx.params.productId);
	return p;
}

/** The updatable SKU fields present in `body`, validated. */
function skuFields(body: Json): Partial<Sku> {
	const out: Partial<Sku> = {};
	const sku = optionalString(body, 'sku');
	if (sku !== undefined) out.sku = sku;
	const price = optionalInt(body, 'price', 0);
	if (price !== undefined) out.price = price;
	const currency = optionalString(body, 'currency');
	if (currency !== undefined) out.currency = currency;
	const attributes = optionalObject(body, 'attributes');
	if (attributes !== undefined) out.attributes = attributes ?? {};
	const imageUrl = optionalString(body, 'image_url');
	if (imageUrl !== undefined) out.image_url = imageUrl;
	const metadata = optionalObject(body, 'metadata');
	if (metadata !== undefined) out.metadata = metadata ?? {};
	return out;
}

export function register(r: Router): void {
	r.post('/v1/products/{productId}/skus', 'A', (ctx) => {
		const p = product(ctx);
		const body = bodyObject(ctx.body);
		const id = optionalString(body, 'id');
		const sourceId = optionalString(body, 'source_id');
		const fields = skuFields(body);
		const store = ctx.env.store;
		const existing = (id ? store.skus.get(id) : undefined) ?? (sourceId ? store.findSkuBySourceId(sourceId) : undefined);
		if (existing) {
			if (existing.product_id !== p.id)
				throw conflict(`SKU ${existing.id} belongs to product ${existing.product_id}, not ${p.id}`);
			if (sourceId !== undefined && sourceId !== existing.source_id) {
				if (sourceId && store.findSkuBySourceId(sourceId)) throw conflict(`Another SKU already has source_id ${sourceId}`);
				existing.source_id = sourceId;
			}
			Object.assign(existing, fields, { updated_at: new Date().toISOString() });
			ctx.env.counters.skusUpdated++;
			return ok(existing);
		}
		const sku: Sku = {
			id: id || store.newId('sku_'),
			source_id: sourceId ?? null,
			product_id: p.id,
			sku: null,
			price: null,
			currency: null,
			attributes: {},
			image_url: null,
			metadata: {},
			...fields,
			created_at: new Date().toISOString(),
			updated_at: null,
			object: 'sku',
		};
		store.skus.set(sku.id, sku);
		ctx.env.counters.skusCreated++;
		ctx.env.noteCreate(ctx.path, body);
		return ok(sku);
	});

	r.put('/v1/products/{productId}/skus/{skuId}', 'A', (ctx) => {
		const p = product(ctx);
		const body = bodyObject(ctx.body);
		const sku = ctx.env.store.findSku(p.id, ctx.params.skuId);
		if (!sku) throw notFound('sku', ctx.params.skuId);
		const fields = skuFields(body);
		if (body.id !== undefined && body.id !== sku.id) throw invalidPayload('Field id cannot be changed');
		Object.assign(sku, fields, { updated_at: new Date().toISOString() });
		ctx.env.counters.skusUpdated++;
		return ok(sku);
	});
}
