/**
 * Locations (auth A or Bearer): read-only through the API (they are drawn in the dashboard), over the generic
 * store. The list has a page size and no page or cursor parameter: `{ data, total, has_more }`, sorted by
 * created_at or updated_at, filtered by name and by created_at / updated_at conditions (strict bounds), which is
 * how a client asks for the next page.
 */
import { sortByOrder } from '../envelopes.cjs';
import { collection, registerCrud, type CrudSpec } from '../crud.cjs';
import { ok, type Ctx, type Router } from '../router.cjs';
import { parseDateParam, parseLimit, type Json } from '../validate.cjs';

export const LOCATION_SPEC: CrudSpec = {
	path: '/v1/locations',
	idParam: 'locationId',
	idPrefix: 'loc_',
	object: 'location',
	auth: 'A|B',
	operations: ['get'],
	envelope: 'counted',
};

const ORDERS = ['created_at', '-created_at', 'updated_at', '-updated_at'];
const condition = (query: Record<string, string>, field: string, operator: string) => query[`filters[${field}][conditions][${operator}]`];

/** A date filter of `field`: strict $before / $after bounds; a record without the date meets no bound. */
function dateBounds(query: Record<string, string>, field: string): (record: Json) => boolean {
	const before = parseDateParam(query, `filters[${field}][conditions][$before]`);
	const after = parseDateParam(query, `filters[${field}][conditions][$after]`);
	return (record) => {
		if (before === undefined && after === undefined) return true;
		const at = Date.parse(String(record[field]));
		return !Number.isNaN(at) && (before === undefined || at < before) && (after === undefined || at > after);
	};
}

function listLocations(ctx: Ctx) {
	const q = ctx.query;
	const limit = parseLimit(q, 10);
	const contains = condition(q, 'name', '$contains')?.toLowerCase();
	const created = dateBounds(q, 'created_at');
	const updated = dateBounds(q, 'updated_at');
	const rows = [...collection(ctx, LOCATION_SPEC).values()].filter(
		(location) => (contains === undefined || String(location.name).toLowerCase().includes(contains)) && created(location) && updated(location),
	);
	const sorted = sortByOrder(rows, q, ORDERS, '-created_at', (location, field) => (location[field] as string | null) ?? null);
	return ok({ object: 'list', data_ref: 'data', data: sorted.slice(0, limit), total: sorted.length, has_more: sorted.length > limit });
}

export function register(r: Router): void {
	r.get('/v1/locations', 'A|B', listLocations);
	registerCrud(r, LOCATION_SPEC);
}
