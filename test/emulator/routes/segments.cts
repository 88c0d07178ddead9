/**
 * Customer segments (auth A or Bearer) over the generic store (crud.cts): create, get and delete are plain; the
 * list is the service's own: no page parameter (`page` is ignored), pages asked for by `start_date` / `end_date`
 * (announced 21 May 2026, not in the contract: the emulator's rule is inclusive bounds on created_at, and an
 * end_date before start_date is a 400), the contract's `filters[created_at][conditions][$before|$after]` still
 * honoured (strict bounds), newest first unless `order=created_at`, and
 * the entries under `data`, as `data_ref` says and the contract's list schema requires (it also lists a `segments`
 * key, which its example does not send). A static
 * segment takes customer IDs (at most 20,000) and no filter; an active (`auto-update`) or passive one takes a
 * filter object and no customers, and a project has at most 100 of those.
 */
import { sortByOrder } from '../envelopes.cjs';
import { invalidParam, invalidPayload } from '../errors.cjs';
import { collection, registerCrud, type CrudSpec } from '../crud.cjs';
import { ok, type Ctx, type Router } from '../router.cjs';
import { isObject, parseDateParam, parseEnumParam, parseLimit, rejectUnknown, type Json } from '../validate.cjs';

const TYPES = ['auto-update', 'passive', 'static'] as const;
const MAX_STATIC_CUSTOMERS = 20_000;
const MAX_DYNAMIC = 100;

export const SEGMENT_SPEC: CrudSpec = {
	path: '/v1/segments',
	idParam: 'segmentId',
	idPrefix: 'seg_',
	object: 'segment',
	auth: 'A|B',
	operations: ['create', 'get', 'delete'],
	envelope: 'counted',
	required: ['name'],
	defaults: () => ({ type: 'static', filter: null, updated_at: null, initial_sync_status: 'DONE' }),
	check(body, ctx) {
		rejectUnknown(body, ['name', 'type', 'customers', 'filter']);
		if (typeof body.name !== 'string' || !body.name.trim()) throw invalidPayload('Field name must be a non-empty string');
		const type = body.type ?? 'static';
		if (!TYPES.includes(type as never)) throw invalidPayload(`Field type must be one of ${TYPES.join(', ')}`);
		if (type === 'static') {
			if (body.filter !== undefined) throw invalidPayload('A static segment takes customers, not a filter');
			const customers = body.customers ?? [];
			if (!Array.isArray(customers) || customers.some((id) => typeof id !== 'string' || !id)) throw invalidPayload('Field customers must be an array of customer IDs');
			if (customers.length > MAX_STATIC_CUSTOMERS) throw invalidPayload(`A static segment holds at most ${MAX_STATIC_CUSTOMERS} customers`);
			return;
		}
		if (body.customers !== undefined) throw invalidPayload(`An ${String(type)} segment takes a filter, not customers`);
		if (!isObject(body.filter) || Object.keys(body.filter).length === 0) throw invalidPayload(`Field filter is required for an ${String(type)} segment and must be an object`);
		const dynamic = [...collection(ctx, SEGMENT_SPEC).values()].filter((segment) => segment.type !== 'static').length;
		if (dynamic >= MAX_DYNAMIC) throw invalidPayload(`A project has at most ${MAX_DYNAMIC} active and passive segments`);
	},
};

const condition = (query: Record<string, string>, field: string, operator: string) => query[`filters[${field}][conditions][${operator}]`];

function listSegments(ctx: Ctx) {
	const q = ctx.query;
	const limit = parseLimit(q, 10);
	const before = parseDateParam(q, 'filters[created_at][conditions][$before]');
	const after = parseDateParam(q, 'filters[created_at][conditions][$after]');
	const start = parseDateParam(q, 'start_date');
	const end = parseDateParam(q, 'end_date');
	if (start !== undefined && end !== undefined && end < start) throw invalidParam(`Query parameter end_date must not be before start_date (got ${q.start_date} to ${q.end_date})`);
	const contains = condition(q, 'name', '$contains')?.toLowerCase();
	const name = condition(q, 'name', '$is');
	const type = parseEnumParam(q, 'filters[type][conditions][$is]', TYPES);
	const rows = [...collection(ctx, SEGMENT_SPEC).values()].filter((segment: Json) => {
		const created = Date.parse(String(segment.created_at));
		return (
			(before === undefined || created < before) &&
			(after === undefined || created > after) &&
			(start === undefined || created >= start) &&
			(end === undefined || created <= end) &&
			(contains === undefined || String(segment.name).toLowerCase().includes(contains)) &&
			(name === undefined || segment.name === name) &&
			(type === undefined || segment.type === type)
		);
	});
	const sorted = sortByOrder(rows, q, ['created_at', '-created_at'], '-created_at', (segment) => String(segment.created_at));
	return ok({ object: 'list', data_ref: 'data', data: sorted.slice(0, limit), total: sorted.length });
}

export function register(r: Router): void {
	r.get('/v1/segments', 'A|B', listSegments);
	registerCrud(r, SEGMENT_SPEC);
}
