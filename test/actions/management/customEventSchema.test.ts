import { FIXTURES } from '../../emulator';
import { useEmulator } from '../v2/helpers';

const ctx = useEmulator();
const base = { resource: 'customEventSchema', operation: 'getAll' };
const schemasPath = `/management/v1/projects/${FIXTURES.projectId}/custom-event-schemas`;

describe('Custom Event Schema: Get Many', () => {
	it("lists the credential's project's schemas with Return All, in one request with management keys", async () => {
		const { items, error } = await ctx.run({ ...base, returnAll: true });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual(FIXTURES.customEventSchemaIds);
		expect(items[0].json).toMatchObject({ object: 'custom-event-schema', schema: { properties: expect.any(Object) } });
		expect(ctx.sent()).toEqual([{ method: 'GET', path: schemasPath, query: {}, body: undefined }]);
		const [request] = ctx.emu.control.requests();
		expect(request.headers['x-management-id']).toBe(ctx.emu.credentials.managementId);
		expect(request.headers['x-app-id']).toBeUndefined();
	});

	it('cuts the whole list at Limit', async () => {
		const { items } = await ctx.run({ ...base, limit: 2 });
		expect(items.map((item) => item.json.id)).toEqual(FIXTURES.customEventSchemaIds.slice(0, 2));
		expect(ctx.sent()).toHaveLength(1);
	});

	it('uses the Project ID parameter over the credential, and maps the 404 of an unknown project', async () => {
		const { error } = await ctx.run({ ...base, projectId: 'proj_other', returnAll: true });
		expect(error?.httpCode).toBe('404');
		expect(error?.context?.serviceError).toMatchObject({ key: 'not_found', resource_id: 'proj_other' });
		expect(ctx.sent().map((request) => request.path)).toEqual(['/management/v1/projects/proj_other/custom-event-schemas']);
	});

	it('maps the 402 of a plan without the Management API, mentioning the plan', async () => {
		ctx.emu.control.setManagementFeature(false);
		const { error } = await ctx.run({ ...base, returnAll: true });
		expect(error?.httpCode).toBe('402');
		expect(error?.description).toMatch(/plan/);
		expect(error?.context?.serviceError).toMatchObject({ key: 'missing_required_feature' });
	});
});
