/**
 * The bin (auth A or Bearer) over the generic store (crud.cts): a voucher deleted without force=true is moved here
 * as an entry (`tbe_…`); entries are listed by id cursor, filtered by resource type, name or ID, and deleted for
 * good (204).
 */
import { collection, registerCrud, type CrudSpec } from '../crud.cjs';
import type { Ctx, Router } from '../router.cjs';
import type { Json } from '../validate.cjs';

const condition = (query: Record<string, string>, field: string, operator: string) => query[`filters[${field}][conditions][${operator}]`];

export const BIN_SPEC: CrudSpec = {
	path: '/v1/trash-bin',
	idParam: 'binEntryId',
	idPrefix: 'tbe_',
	object: 'bin_entry',
	auth: 'A|B',
	operations: ['list', 'delete'],
	envelope: 'idCursor',
	filter(entry, query) {
		const name = condition(query, 'resource_name', '$contains');
		const id = condition(query, 'resource_id', '$is');
		const types = condition(query, 'resource_type', '$in');
		return (!name || String(entry.resource_name).includes(name)) && (!id || entry.resource_id === id) && (!types || types.split(',').includes(String(entry.resource_type)));
	},
};

/** Moves a deleted resource into the bin (what DELETE without force does on the service). */
export function moveToBin(ctx: Ctx, resource: Json & { id: string }, type: 'campaign' | 'product' | 'sku' | 'voucher', name: string): void {
	const id = ctx.env.store.newId('tbe_');
	collection(ctx, BIN_SPEC).set(id, {
		id, created_at: new Date().toISOString(), deleted_by_user_id: null, resource_id: resource.id, resource_type: type, resource_name: name, resource_parent_id: null, object: type,
	});
}

export function register(r: Router): void {
	registerCrud(r, BIN_SPEC);
}
