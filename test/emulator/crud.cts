/**
 * Plain CRUD resources of the emulator, from one description each: create, get, list, update and delete with
 * the service's envelopes, 404s and required fields, over one generic store (Store.records). A resource with real
 * rules (balances, redemptions, async actions) keeps its hand-written routes; a plain one is a CrudSpec, so the
 * emulator grows with the service's rules, not with its endpoint count. Hooks add a resource's own rules.
 */
import { randomBytes } from 'crypto';
import type { AuthScheme } from './auth.cjs';
import { countedList, idCursorList, pagedList } from './envelopes.cjs';
import { invalidPayload, notFound } from './errors.cjs';
import { noContent, ok, type Ctx, type Reply, type Router } from './router.cjs';
import { v2Page } from './routes/loyaltyV2Lists.cjs';
import { bodyObject, isObject, parseLimit, type Json } from './validate.cjs';

export type CrudOperation = 'list' | 'create' | 'get' | 'update' | 'delete';

export interface CrudSpec {
	/** The collection's path, with its parents' parameters, e.g. '/v1/segments' or '/v2/loyalties/programs/{programId}/benefits'. */
	path: string;
	/** The path parameter of one record, e.g. 'segmentId'. */
	idParam: string;
	/** New ids are this prefix and 16 hex digits, e.g. 'seg_'. */
	idPrefix: string;
	/** The records' `object` field, e.g. 'segment'; also the resource_type of their 404s. */
	object: string;
	auth: AuthScheme;
	/** Which operations the service has (default: all five). */
	operations?: readonly CrudOperation[];
	/** How lists come back: counted `{data, total}`, paged under `dataRef` with `page`, by id cursor, or v2 cursor. */
	envelope: 'counted' | 'paged' | 'idCursor' | 'v2';
	/** The list's key for 'paged' (e.g. 'segments'), and the v2 cursor prefix for 'v2' (e.g. 'lcrsben_'). */
	dataRef?: string;
	/** Body fields a create must have (non-empty). */
	required?: readonly string[];
	/** The update's method: PUT (default) or PATCH. */
	updateMethod?: 'PUT' | 'PATCH';
	/** The answer to a create: 200 (default) or 201. */
	createStatus?: 200 | 201;
	/** Fields every new record starts with, before the body's. */
	defaults?(ctx: Ctx): Json;
	/** Completes a record after a create or update (e.g. the keys the service fills in); never changes the body. */
	complete?(record: Json): void;
	/** The resource's own rules: throw an ApiError to refuse. `existing` is set on updates. */
	check?(body: Json, ctx: Ctx, existing?: Json): void;
	/** A list's filters from the query (default: none). */
	filter?(record: Json, query: Record<string, string>): boolean;
	/** Counted lists the service returns whole, with no paging parameters (the management API's lists). */
	unpaged?: boolean;
	/** Checks that the parents the path names exist (e.g. the project), throwing the service's 404; runs first on every route. */
	parent?(ctx: Ctx): void;
	/** Where the records live when another spec's collection holds them (default: this spec's own, by its path). */
	records?(ctx: Ctx): Map<string, Json>;
}

const nowIso = () => new Date().toISOString();

/** The collection of a spec under the path's parent parameters (e.g. one program's benefits). */
export function collection(ctx: Ctx, spec: CrudSpec): Map<string, Json> {
	if (spec.records) return spec.records(ctx);
	const parents = [...spec.path.matchAll(/\{(\w+)\}/g)].map((match) => ctx.params[match[1]]);
	const key = [spec.path, ...parents].join('|');
	let records = ctx.env.store.records.get(key);
	if (!records) {
		records = new Map();
		ctx.env.store.records.set(key, records);
	}
	return records;
}

/** One record, or the service's 404 naming its type and id. */
export function findRecord(ctx: Ctx, spec: CrudSpec): Json {
	const id = ctx.params[spec.idParam];
	const record = collection(ctx, spec).get(id);
	if (!record) throw notFound(spec.object, id);
	return record;
}

function listReply(ctx: Ctx, spec: CrudSpec, records: Json[]): Reply {
	const rows = spec.filter ? records.filter((record) => spec.filter!(record, ctx.query)) : records;
	switch (spec.envelope) {
		case 'v2':
			return v2Page(ctx, spec.path, spec.dataRef ?? 'lcrs_', rows as Array<Json & { id: string; created_at: string }>);
		case 'idCursor': {
			const limit = parseLimit(ctx.query, 10);
			const after = ctx.query.starting_after_id;
			const start = after ? rows.findIndex((record) => record.id === after) + 1 : 0;
			const page = rows.slice(start, start + limit) as Array<Json & { id: string }>;
			// `total` counts the page's entries, not every match (the service's bin list, the one crud list of this kind)
			return ok({ ...idCursorList(page, start + limit < rows.length), total: page.length });
		}
		case 'paged': {
			const limit = parseLimit(ctx.query, 10);
			const page = Math.max(1, Number(ctx.query.page ?? 1) || 1);
			return ok(pagedList(spec.dataRef ?? 'data', rows.slice((page - 1) * limit, page * limit), rows.length));
		}
		default: {
			if (spec.unpaged) return ok(countedList(rows));
			const limit = parseLimit(ctx.query, 10);
			const page = Math.max(1, Number(ctx.query.page ?? 1) || 1);
			return ok(countedList(rows.slice((page - 1) * limit, page * limit), rows.length));
		}
	}
}

/** Registers a spec's routes on the router. */
export function registerCrud(r: Router, spec: CrudSpec): void {
	const offered = new Set(spec.operations ?? ['list', 'create', 'get', 'update', 'delete']);
	const route = (handler: (ctx: Ctx) => Reply) => (ctx: Ctx) => {
		spec.parent?.(ctx);
		return handler(ctx);
	};
	const one = `${spec.path}/{${spec.idParam}}`;
	if (offered.has('list')) r.get(spec.path, spec.auth, route((ctx) => listReply(ctx, spec, [...collection(ctx, spec).values()])));
	if (offered.has('create')) {
		r.post(spec.path, spec.auth, route((ctx) => {
			const body = bodyObject(ctx.body);
			for (const field of spec.required ?? []) {
				const value = body[field];
				if (value === undefined || value === null || value === '') throw invalidPayload(`Property ${field} is required`);
			}
			spec.check?.(body, ctx);
			const id = `${spec.idPrefix}${randomBytes(8).toString('hex')}`;
			const record: Json = { id, ...spec.defaults?.(ctx), ...body, object: spec.object, created_at: nowIso() };
			spec.complete?.(record);
			collection(ctx, spec).set(id, record);
			return { status: spec.createStatus ?? 200, body: record };
		}));
	}
	if (offered.has('get')) r.get(one, spec.auth, route((ctx) => ok(findRecord(ctx, spec))));
	if (offered.has('update')) {
		r.add(spec.updateMethod ?? 'PUT', one, spec.auth, route((ctx) => {
			const existing = findRecord(ctx, spec);
			const body = bodyObject(ctx.body);
			spec.check?.(body, ctx, existing);
			const merged: Json = { ...existing };
			for (const [key, value] of Object.entries(body)) {
				if (['id', 'object', 'created_at'].includes(key)) continue;
				merged[key] = isObject(value) && isObject(existing[key]) && key !== 'metadata' ? { ...(existing[key] as Json), ...value } : value;
			}
			merged.updated_at = nowIso();
			spec.complete?.(merged);
			collection(ctx, spec).set(String(existing.id), merged);
			return ok(merged);
		}));
	}
	if (offered.has('delete')) {
		r.delete(one, spec.auth, route((ctx) => {
			findRecord(ctx, spec);
			collection(ctx, spec).delete(ctx.params[spec.idParam]);
			return noContent();
		}));
	}
}

/** Seeds a record into a spec's collection, for fixtures (parents as the path's parameters). */
export function seedRecord(store: { records: Map<string, Map<string, Json>> }, spec: CrudSpec, record: Json & { id: string }, parents: string[] = []): void {
	const key = [spec.path, ...parents].join('|');
	if (!store.records.has(key)) store.records.set(key, new Map());
	store.records.get(key)!.set(record.id, { object: spec.object, created_at: nowIso(), ...record });
}
