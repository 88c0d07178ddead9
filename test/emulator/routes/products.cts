/**
 * Products and their SKUs (auth A or Bearer). Product and SKU POSTs are upserts by `id` or `source_id`; PUT by id or source
 * id sets updated_at; the paged lists; DELETE (product and its SKUs); CSV imports of products and SKUs, run as
 * async actions that report per-row failures.
 */
import { pagedList } from '../envelopes.cjs';
import { ApiError, conflict, invalidPayload, notFound } from '../errors.cjs';
import { Ctx, Env, noContent, ok, Router } from '../router.cjs';
import type { Product, Sku, Store } from '../state.cjs';
import {
	bodyObject, isObject, Json, multipartFiles, optionalInt, optionalObject, optionalString, pageOf, parseCsv,
	parseDateParam, parseEnumParam, parseLimit, parsePage,
} from '../validate.cjs';
import { asyncActionView, startAsyncAction } from './asyncActions.cjs';

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
	registerProducts(r);
	r.post('/v1/products/{productId}/skus', 'A|B', (ctx) => {
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
				store.addSku(existing);
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
		store.addSku(sku);
		ctx.env.counters.skusCreated++;
		ctx.env.noteCreate(ctx.path, body);
		return ok(sku);
	});

	r.put('/v1/products/{productId}/skus/{skuId}', 'A|B', (ctx) => {
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

// ---------- Products, SKU reads and CSV imports ----------

/** The sort orders the product and SKU lists accept (the spec lists some that sort like created_at here). */
const LIST_ORDERS = ['created_at', '-created_at', 'updated_at', '-updated_at', 'type', '-type', 'code', '-code', 'campaign', '-campaign', 'category', '-category'] as const;

/** The largest CSV file an import accepts (the service documents 10 MB). */
export const MAX_IMPORT_FILE_BYTES = 10_000_000;

function skusOf(store: Store, productId: string): Sku[] {
	return [...store.skus.values()].filter((s) => s.product_id === productId);
}

/** A product as the API returns it, with its SKUs. */
function productView(p: Product, store: Store): Json {
	const skus = skusOf(store, p.id);
	return { ...p, image_url: (p as Product & { image_url?: string | null }).image_url ?? null, skus: { object: 'list', data_ref: 'data', data: skus, total: skus.length } };
}

/** The writable product fields present in `body`. */
export function productFields(body: Json): Partial<Product> & { image_url?: string | null } {
	const out: Partial<Product> & { image_url?: string | null } = {};
	const name = optionalString(body, 'name');
	if (name !== undefined) out.name = name ?? '';
	const price = optionalInt(body, 'price', 0);
	if (price !== undefined) out.price = price;
	if (body.attributes !== undefined) {
		if (!Array.isArray(body.attributes) || body.attributes.some((a) => typeof a !== 'string'))
			throw invalidPayload('Field attributes must be an array of strings');
		out.attributes = body.attributes as string[];
	}
	const metadata = optionalObject(body, 'metadata');
	if (metadata !== undefined) out.metadata = metadata ?? {};
	const imageUrl = optionalString(body, 'image_url');
	if (imageUrl !== undefined) out.image_url = imageUrl;
	return out;
}

export function newProduct(store: Store, id: string | undefined, sourceId: string | null | undefined, fields: Partial<Product>): Product {
	const p: Product = {
		id: id || store.newId('prod_'),
		source_id: sourceId ?? null,
		name: '',
		price: null,
		attributes: [],
		metadata: {},
		...fields,
		created_at: new Date().toISOString(),
		updated_at: null,
		object: 'product',
	};
	store.products.set(p.id, p);
	if (p.source_id) store.productsBySourceId.set(p.source_id, p.id);
	return p;
}

/** Sorted and filtered by the list query (order, start_date, end_date on created_at), then one page. */
function listPage<T extends { id: string; created_at: string; updated_at: string | null }>(ctx: Ctx, all: T[]): { data: T[]; total: number } {
	const q = ctx.query;
	const limit = parseLimit(q, 10);
	const page = parsePage(q, 100);
	const order = parseEnumParam(q, 'order', LIST_ORDERS, 'created_at')!;
	const start = parseDateParam(q, 'start_date');
	const end = parseDateParam(q, 'end_date');
	const desc = order.startsWith('-');
	const key = (e: T) => (order.endsWith('updated_at') ? e.updated_at ?? e.created_at : e.created_at);
	const list = all
		.filter((e) => (start === undefined || Date.parse(e.created_at) >= start) && (end === undefined || Date.parse(e.created_at) <= end))
		.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
	if (desc) list.reverse();
	return { data: pageOf(list, page, limit), total: list.length };
}

/** The CSV file of an import request: multipart/form-data with a `file` part, at most 10 MB, header first. */
export function importedCsv(ctx: Ctx): { header: string[]; rows: string[][]; raw: string } {
	const file = multipartFiles(ctx.body, String(ctx.headers['content-type'] ?? '')).get('file');
	if (!file) throw new ApiError(400, 'invalid_payload', "Payload should have required property 'file'", { message: 'Invalid payload' });
	if (Buffer.byteLength(file.content) > MAX_IMPORT_FILE_BYTES)
		throw invalidPayload(`The file is ${Buffer.byteLength(file.content)} bytes; an import accepts at most ${MAX_IMPORT_FILE_BYTES}`);
	const [header, ...rows] = parseCsv(file.content);
	if (!header) throw invalidPayload('The CSV file is empty: the first line must hold the headers');
	return { header: header.map((h) => h.trim()), rows, raw: file.content };
}

/** The row's cells by header; empty cells are left out. */
export function cells(header: string[], row: string[]): Record<string, string> {
	const out: Record<string, string> = {};
	header.forEach((h, i) => {
		if (row[i] !== undefined && row[i] !== '') out[h] = row[i];
	});
	return out;
}

/** A whole number ≥ 0 from a CSV cell, or a reason why not. */
function priceCell(value: string | undefined): number | undefined | { reason: string } {
	if (value === undefined) return undefined;
	return /^\d+$/.test(value.trim()) ? Number(value.trim()) : { reason: `price: must be a whole number in the smallest currency unit (got "${value}")` };
}

const SKU_COLUMNS = ['product_id', 'sku', 'source_id', 'price', 'image_url', 'attributes'];
const PRODUCT_COLUMNS = ['name', 'source_id', 'price', 'attributes', 'image_url'];

function metadataCells(row: Record<string, string>, standard: string[]): Json {
	const metadata: Json = {};
	for (const [k, v] of Object.entries(row)) if (!standard.includes(k)) metadata[k] = v;
	return metadata;
}

/** One SKU row applied to the store: created or updated by source_id, or the reason it failed. */
function importSku(env: Env, row: Record<string, string>): string | undefined {
	const { store, counters } = env;
	const sourceId = row.source_id?.trim();
	if (!sourceId) return 'source_id: is required';
	if (!row.product_id) return 'product_id: is required';
	const product = store.findProduct(row.product_id.trim());
	if (!product) return `Cannot find product with id ${row.product_id}`;
	const price = priceCell(row.price);
	if (isObject(price)) return price.reason as string;
	let attributes: Json | undefined;
	if (row.attributes !== undefined) {
		try {
			const parsed: unknown = JSON.parse(row.attributes.replace(/'/g, '"'));
			if (!isObject(parsed)) throw new Error();
			attributes = parsed;
		} catch {
			return `attributes: must be a JSON object, e.g. {"color":"blue"} (got ${row.attributes})`;
		}
	}
	const existing = store.findSkuBySourceId(sourceId);
	if (existing && existing.product_id !== product.id) return `Resource sku with source_id ${sourceId} is in use by product ${existing.product_id}`;
	const fields: Partial<Sku> = {};
	if (row.sku !== undefined) fields.sku = row.sku;
	if (price !== undefined) fields.price = price as number;
	if (row.image_url !== undefined) fields.image_url = row.image_url;
	if (attributes) fields.attributes = attributes;
	const metadata = metadataCells(row, SKU_COLUMNS);
	if (existing) {
		Object.assign(existing, fields, { metadata: { ...existing.metadata, ...metadata }, updated_at: new Date().toISOString() });
		counters.skusUpdated++;
		return undefined;
	}
	const sku: Sku = {
		id: store.newId('sku_'),
		source_id: sourceId,
		product_id: product.id,
		sku: null,
		price: null,
		currency: null,
		attributes: {},
		image_url: null,
		...fields,
		metadata,
		created_at: new Date().toISOString(),
		updated_at: null,
		object: 'sku',
	};
	store.addSku(sku);
	counters.skusCreated++;
	return undefined;
}

/** One product row: an existing source_id renames that product (the only change an import makes), else a new one. */
function importProduct(env: Env, row: Record<string, string>): string | undefined {
	const { store, counters } = env;
	if (!row.name) return 'name: is required';
	const price = priceCell(row.price);
	if (isObject(price)) return price.reason as string;
	const sourceId = row.source_id?.trim();
	const existing = sourceId ? store.findProduct(sourceId) : undefined;
	if (existing) {
		existing.name = row.name;
		existing.updated_at = new Date().toISOString();
		return undefined;
	}
	newProduct(store, undefined, sourceId, {
		name: row.name,
		price: (price as number | undefined) ?? null,
		attributes: row.attributes ? row.attributes.split(',').map((a) => a.trim()).filter(Boolean) : [],
		metadata: metadataCells(row, PRODUCT_COLUMNS),
		...(row.image_url ? { image_url: row.image_url } : {}),
	});
	counters.productsCreated++;
	return undefined;
}

/** POST …/importCSV: checks the file now, imports its rows when the async action finishes. */
function importRoute(kind: 'sku' | 'product') {
	const [required, type, apply] =
		kind === 'sku' ? (['source_id', 'SKUS.IMPORT_CSV', importSku] as const) : (['name', 'PRODUCTS.IMPORT_CSV', importProduct] as const);
	return (ctx: Ctx) => {
		const { header, rows, raw } = importedCsv(ctx);
		for (const column of kind === 'sku' ? [required, 'product_id'] : [required])
			if (!header.includes(column)) throw invalidPayload(`The CSV file has no ${column} column (headers: ${header.join(', ')})`);
		ctx.env.counters.importsStarted++;
		ctx.env.noteCreate(ctx.path, raw);
		const env = ctx.env;
		const action = startAsyncAction(env, type, rows.length, ctx.requestId, () => {
			const failed: Json[] = [];
			rows.forEach((row, i) => {
				const values = cells(header, row);
				const reason = apply(env, values);
				if (reason) failed.push({ row: i + 1, ...(values.source_id !== undefined ? { source_id: values.source_id } : {}), reason });
			});
			const done = rows.length - failed.length;
			return { message: `${done} ${kind}(s) imported successfully, ${failed.length} failed.`, failed, done_count: done, failed_count: failed.length };
		});
		return ok({ async_action_id: asyncActionView(action).id });
	};
}

function registerProducts(r: Router): void {
	r.get('/v1/products', 'A|B', (ctx) => {
		const { data, total } = listPage(ctx, [...ctx.env.store.products.values()]);
		return ok(pagedList('products', data.map((p) => productView(p, ctx.env.store)), total));
	});

	r.post('/v1/products', 'A|B', (ctx) => {
		const { store, counters } = ctx.env;
		const body = bodyObject(ctx.body);
		const id = optionalString(body, 'id');
		const sourceId = optionalString(body, 'source_id');
		const fields = productFields(body);
		const existing = (id ? store.products.get(id) : undefined) ?? (sourceId ? store.findProduct(sourceId) : undefined);
		if (existing) {
			Object.assign(existing, fields, { updated_at: new Date().toISOString() });
			return ok(productView(existing, store));
		}
		const p = newProduct(store, id ?? undefined, sourceId, fields);
		counters.productsCreated++;
		ctx.env.noteCreate(ctx.path, body);
		return ok(productView(p, store));
	});

	r.get('/v1/products/{productId}', 'A|B', (ctx) => ok(productView(product(ctx), ctx.env.store)));

	r.put('/v1/products/{productId}', 'A|B', (ctx) => {
		const p = product(ctx);
		const body = bodyObject(ctx.body);
		for (const locked of ['id', 'source_id']) if (body[locked] !== undefined) throw invalidPayload(`Field ${locked} cannot be changed`);
		Object.assign(p, productFields(body), { updated_at: new Date().toISOString() });
		return ok(productView(p, ctx.env.store));
	});

	r.delete('/v1/products/{productId}', 'A|B', (ctx) => {
		const p = product(ctx);
		parseEnumParam(ctx.query, 'force', ['true', 'false'] as const);
		const { store } = ctx.env;
		// Permanently (force=true) or to the bin: either way it leaves the catalogue, its SKUs with it.
		store.products.delete(p.id);
		if (p.source_id) store.productsBySourceId.delete(p.source_id);
		for (const s of skusOf(store, p.id)) store.skus.delete(s.id);
		return noContent();
	});

	// As the contract's list has it: data_ref "data", the SKUs under `skus`.
	r.get('/v1/products/{productId}/skus', 'A|B', (ctx) => {
		const { data, total } = listPage(ctx, skusOf(ctx.env.store, product(ctx).id));
		return ok({ object: 'list', data_ref: 'data', skus: data, total });
	});

	r.delete('/v1/products/{productId}/skus/{skuId}', 'A|B', (ctx) => {
		const p = product(ctx);
		parseEnumParam(ctx.query, 'force', ['true', 'false'] as const);
		const { store } = ctx.env;
		const sku = store.skus.get(ctx.params.skuId) ?? store.findSkuBySourceId(ctx.params.skuId);
		// A SKU of another product is not found under this one.
		if (!sku || sku.product_id !== p.id) throw notFound('sku', ctx.params.skuId);
		// Permanently (force=true) or to the bin: either way it leaves the catalogue.
		store.skus.delete(sku.id);
		return noContent();
	});

	r.get('/v1/skus/{skuId}', 'A|B', (ctx) => {
		const { store } = ctx.env;
		const sku = store.skus.get(ctx.params.skuId) ?? store.findSkuBySourceId(ctx.params.skuId);
		if (!sku) throw notFound('sku', ctx.params.skuId);
		return ok(sku);
	});

	r.post('/v1/skus/importCSV', 'A|B', importRoute('sku'));
	r.post('/v1/products/importCSV', 'A|B', importRoute('product'));
}
