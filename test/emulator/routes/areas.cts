/**
 * Areas (auth A or Bearer), the public v1 API announced on 22 July 2026, over the generic store: list (paged,
 * counted), create, get, update and delete. The service has not published the bodies; what is known and kept here:
 * an area has a name, a project has at most 100 areas, reads need areas.read and writes areas.manage, and the
 * endpoints exist only when the project has Areas and Stores for campaigns. The ID prefix is the emulator's own.
 */
import { collection, registerCrud, seedRecord, type CrudSpec } from '../crud.cjs';
import { ApiError, invalidPayload } from '../errors.cjs';
import { requireFeature, requirePermission } from '../projectAccess.cjs';
import type { Ctx, Router } from '../router.cjs';

/** The dashboard's limit: 100 areas per project. */
export const MAX_AREAS = 100;

/** The areas every fresh project has here: the three of the service's areas-and-stores scenario, by ID. */
export const AREA_FIXTURES = [
	{ id: 'area_0a1b2c3d4e5f6071', name: 'France' },
	{ id: 'area_0a1b2c3d4e5f6072', name: 'Germany' },
	{ id: 'area_0a1b2c3d4e5f6073', name: 'Poland' },
] as const;

const SEEDED = '|areasSeeded';

/** Seeds the fixture areas on the first request after a reset (the store is rebuilt then), so fixtures.cts stays as it is. */
function seedOnce(ctx: Ctx): void {
	if (ctx.env.store.records.has(SEEDED)) return;
	ctx.env.store.records.set(SEEDED, new Map());
	for (const area of AREA_FIXTURES) seedRecord(ctx.env.store, AREA_SPEC, { ...area, created_at: '2026-07-22T10:00:00.000Z' });
}

export const AREA_SPEC: CrudSpec = {
	path: '/v1/areas',
	idParam: 'areaId',
	idPrefix: 'area_',
	object: 'area',
	auth: 'A|B',
	envelope: 'counted',
	required: ['name'],
	parent(ctx) {
		seedOnce(ctx);
		requireFeature(ctx, (access) => access.areasFeature, 'Areas and Stores for campaigns');
		requirePermission(ctx, ctx.method === 'GET' ? 'areas.read' : 'areas.manage');
	},
	check(body, ctx, existing) {
		if (body.name !== undefined && (typeof body.name !== 'string' || !body.name.trim())) throw invalidPayload('Property name must be a non-empty string');
		if (!existing && collection(ctx, AREA_SPEC).size >= MAX_AREAS)
			throw new ApiError(400, 'limit_exceeded', `A project has at most ${MAX_AREAS} areas`);
	},
};

export function register(r: Router): void {
	registerCrud(r, AREA_SPEC);
}
