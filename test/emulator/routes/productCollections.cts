/**
 * Product collections (auth A or Bearer) over the generic store (crud.cts): a STATIC collection lists products and
 * SKUs by ID; an AUTO_UPDATE one holds a filter (`junction` "and" or "or", then conditions per field) and its
 * products are those of the catalogue that meet it at the time of asking. An update may rename either kind and
 * replace (not merge) an auto-update collection's filter; a static one takes only `name`. A collection that a
 * validation rule names cannot be deleted (400 resource_in_use). Lists are paged by page number (at most 100).
 */
import { sortByOrder } from '../envelopes.cjs';
import { ApiError, invalidPayload } from '../errors.cjs';
import { collection, findRecord, registerCrud, type CrudSpec } from '../crud.cjs';
import { ok, noContent, type Ctx, type Router } from '../router.cjs';
import type { Product, Sku } from '../state.cjs';
import { bodyObject, isObject, pageOf, parseDateParam, parseLimit, parsePage, rejectUnknown, type Json } from '../validate.cjs';
import { RULE_SPEC } from './validationRules.cjs';

const TYPES = ['STATIC', 'AUTO_UPDATE'];
const JUNCTIONS = ['and', 'or'];
/** The list orders the contract's shared order parameter names. */
const ORDERS = ['created_at', '-created_at', 'updated_at', '-updated_at', 'type', '-type', 'code', '-code', 'campaign', '-campaign', 'category', '-category'];

function checkName(body: Json, required: boolean): void {
	if (body.name === undefined && !required) return;
	if (typeof body.name !== 'string' || !body.name.trim()) throw invalidPayload('Property name is required and must be a non-empty string');
}

function checkFilter(filter: unknown): void {
	if (!isObject(filter)) throw invalidPayload('Property filter is required for an AUTO_UPDATE collection and must be an object');
	if (!JUNCTIONS.includes(String(filter.junction))) throw invalidPayload('Property filter.junction must be one of and, or');
	for (const [field, value] of Object.entries(filter)) {
		if (field === 'junction') continue;
		if (!isObject(value) || !isObject(value.conditions)) throw invalidPayload(`Property filter.${field} must be an object with conditions`);
	}
}

function checkProducts(products: unknown): void {
	if (!Array.isArray(products)) throw invalidPayload('Property products must be an array');
	for (const [index, item] of products.entries()) {
		if (!isObject(item) || typeof item.id !== 'string' || !item.id) throw invalidPayload(`Property products[${index}].id is required`);
		if (item.object !== 'product' && item.object !== 'sku') throw invalidPayload(`Property products[${index}].object must be one of product, sku`);
		rejectUnknown(item, ['id', 'object', 'product_id']);
	}
}

export const COLLECTION_SPEC: CrudSpec = {
	path: '/v1/product-collections',
	idParam: 'productCollectionId',
	idPrefix: 'pc_',
	object: 'products_collection',
	auth: 'A|B',
	operations: ['list', 'create', 'get'],
	envelope: 'paged',
	dataRef: 'data',
	required: ['type', 'name'],
	check(body) {
		rejectUnknown(body, ['type', 'name', 'products', 'filter']);
		if (!TYPES.includes(String(body.type))) throw invalidPayload(`Property type must be one of ${TYPES.join(', ')}`);
		checkName(body, true);
		if (body.type === 'STATIC') {
			if (body.filter !== undefined) throw invalidPayload('A STATIC collection takes products, not a filter');
			if (body.products !== undefined) checkProducts(body.products);
			return;
		}
		if (body.products !== undefined) throw invalidPayload('An AUTO_UPDATE collection takes a filter, not products');
		checkFilter(body.filter);
	},
};

/** PUT: a static collection takes only its name; an auto-update one its name and a filter that replaces the old. */
function updateCollection(ctx: Ctx) {
	const existing = findRecord(ctx, COLLECTION_SPEC);
	const body = bodyObject(ctx.body);
	if (existing.type === 'STATIC') {
		rejectUnknown(body, ['name']);
		checkName(body, true);
	} else {
		rejectUnknown(body, ['name', 'filter']);
		checkName(body, false);
		if (body.filter !== undefined) checkFilter(body.filter);
	}
	const updated: Json = { ...existing, ...body, updated_at: new Date().toISOString() };
	collection(ctx, COLLECTION_SPEC).set(String(existing.id), updated);
	return ok(updated);
}

function deleteCollection(ctx: Ctx) {
	const existing = findRecord(ctx, COLLECTION_SPEC);
	const id = String(existing.id);
	const rules = [...collection(ctx, RULE_SPEC).values()].filter((rule) => JSON.stringify(rule.rules ?? {}).includes(id));
	if (rules.length > 0) {
		throw new ApiError(400, 'resource_in_use', `Resource products_collection with id ${id} is in use by validation_rules with ids [${rules.map((rule) => String(rule.id)).join(', ')}]`, {
			resource_id: id,
			resource_type: 'products_collection',
			message: 'Resource in use',
		});
	}
	collection(ctx, COLLECTION_SPEC).delete(id);
	return noContent();
}

/** A product as a collection lists it: without its SKUs. */
const productEntry = (product: Product): Json => ({ ...product, image_url: (product as Product & { image_url?: string | null }).image_url ?? null });

/** A field of a product a filter names: its own (name, price, source_id…) or `metadata.<key>`. */
function fieldOf(product: Product, field: string): unknown {
	if (field.startsWith('metadata.')) return (product.metadata ?? {})[field.slice('metadata.'.length)];
	return (product as unknown as Json)[field];
}

/** One condition on one value; operators the emulator does not know never match. */
function meets(value: unknown, operator: string, operand: unknown): boolean {
	const operands = Array.isArray(operand) ? operand : [operand];
	switch (operator) {
		case '$is':
		case '$in':
			return operands.some((o) => o === value);
		case '$is_not':
		case '$not_in':
			return operands.every((o) => o !== value);
		case '$contains':
			return typeof value === 'string' && operands.some((o) => value.includes(String(o)));
		case '$starts_with':
			return typeof value === 'string' && operands.some((o) => value.startsWith(String(o)));
		case '$more_than':
			return typeof value === 'number' && operands.some((o) => value > Number(o));
		case '$less_than':
			return typeof value === 'number' && operands.some((o) => value < Number(o));
		case '$has_value':
			return value !== undefined && value !== null;
		case '$is_unknown':
			return value === undefined || value === null;
		default:
			return false;
	}
}

function matchesFilter(product: Product, filter: Json): boolean {
	const tests = Object.entries(filter)
		.filter(([field]) => field !== 'junction')
		.map(([field, spec]) => Object.entries(((spec as Json).conditions ?? {}) as Json).every(([operator, operand]) => meets(fieldOf(product, field), operator, operand)));
	if (tests.length === 0) return true;
	return filter.junction === 'or' ? tests.some(Boolean) : tests.every(Boolean);
}

/** The products and SKUs in a collection now: a static one's that still exist, an auto-update one's by its filter. */
function entriesOf(ctx: Ctx, record: Json): Json[] {
	const { store } = ctx.env;
	if (record.type !== 'STATIC') return [...store.products.values()].filter((product) => matchesFilter(product, record.filter as Json)).map(productEntry);
	return ((record.products ?? []) as Json[]).flatMap((item): Json[] => {
		if (item.object === 'product') {
			const product = store.products.get(String(item.id));
			return product ? [productEntry(product)] : [];
		}
		const sku: Sku | undefined = store.skus.get(String(item.id));
		const product = sku ? store.products.get(sku.product_id) : undefined;
		return sku ? [{ ...sku, product: product ? productEntry(product) : null }] : [];
	});
}

function listProducts(ctx: Ctx) {
	const record = findRecord(ctx, COLLECTION_SPEC);
	const q = ctx.query;
	const limit = parseLimit(q, 10);
	const page = parsePage(q, 100);
	const after = parseDateParam(q, 'starting_after');
	const rows = entriesOf(ctx, record).filter((entry) => after === undefined || Date.parse(String(entry.created_at)) > after);
	const sorted = sortByOrder(rows, q, ORDERS, 'created_at', (entry, field) => (entry[field] as string | null) ?? null);
	return ok({ object: 'list', data_ref: 'data', data: pageOf(sorted, page, limit), total: sorted.length });
}

export function register(r: Router): void {
	r.put('/v1/product-collections/{productCollectionId}', 'A|B', updateCollection);
	r.delete('/v1/product-collections/{productCollectionId}', 'A|B', deleteCollection);
	r.get('/v1/product-collections/{productCollectionId}/products', 'A|B', listProducts);
	registerCrud(r, COLLECTION_SPEC);
}
