import type { IBinaryData } from 'n8n-workflow';
import { FIXTURES } from '../../emulator/index.cjs';
import { useEmulator } from '../v2/helpers.cjs';

const ctx = useEmulator();
const run = (operation: string, parameters: Record<string, unknown> = {}, options = {}) =>
	ctx.run({ resource: 'export', operation, ...parameters } as never, options);
const fileText = (binary: IBinaryData) => Buffer.from(binary.data, 'base64').toString('utf8');

describe('Export: Create, Get, Get Many', () => {
	it('creates a customer export with the chosen fields and order', async () => {
		const { items, error } = await run('create', { exportedObject: 'customer', fields: ['email', 'source_id'], order: '-created_at' });
		expect(error).toBeUndefined();
		expect(ctx.sent()).toEqual([
			{ method: 'POST', path: '/v1/exports', query: {}, body: { exported_object: 'customer', parameters: { fields: ['email', 'source_id'], order: '-created_at' } } },
		]);
		expect(items[0].json).toMatchObject({ object: 'export', status: 'SCHEDULED', exported_object: 'customer', result: null });
	});

	it("sends only the exported object when nothing else is chosen (the service's default columns)", async () => {
		await run('create', { exportedObject: 'points_expiration' });
		expect(ctx.sent()[0].body).toEqual({ exported_object: 'points_expiration' });
	});

	it('limits a voucher export to a campaign, with filters as JSON', async () => {
		await run('create', {
			exportedObject: 'voucher',
			campaignId: { __rl: true, mode: 'id', value: FIXTURES.campaignId },
			filtersJson: '{ "junction": "and", "active": { "conditions": { "$is": true } } }',
		});
		expect(ctx.sent()[0].body).toEqual({
			exported_object: 'voucher',
			parameters: { campaign_id: FIXTURES.campaignId, filters: { junction: 'and', active: { conditions: { $is: true } } } },
		});
	});

	it('refuses a field of another kind of export, before sending', async () => {
		await ctx.expectInvalid({ resource: 'export', operation: 'create', exportedObject: 'order', fields: '={{ ["id", "email"] }}' } as never, 'Fields', /unknown value "email"/);
	});

	it('gets an export by ID and lists exports newest first', async () => {
		const got = await run('get', { exportId: FIXTURES.exportId });
		expect(got.items[0].json).toMatchObject({ id: FIXTURES.exportId, status: 'DONE', result: { url: expect.stringContaining(`/v1/exports/${FIXTURES.exportId}?token=`) } });
		await run('create', { exportedObject: 'order' });
		const listed = await run('getAll', { returnAll: true });
		expect(listed.items.map((item) => item.json.exported_object)).toEqual(['order', 'customer']);
	});
});

describe('Export: Download', () => {
	it('fetches the finished file as binary data, without sending the credential to the file address', async () => {
		const { items, error } = await run('download', { exportId: FIXTURES.exportId });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ id: FIXTURES.exportId, status: 'DONE' });
		const file = items[0].binary!.data;
		expect(file).toMatchObject({ fileName: `customer-${FIXTURES.exportId}.csv`, mimeType: 'text/csv' });
		const lines = fileText(file).trim().split('\n');
		expect(lines[0]).toBe('ID,Source ID,Name,Email');
		expect(lines[1]).toBe(`${FIXTURES.customerId},${FIXTURES.customerSourceId},Customer One,customer-1@example.com`);
		const [lookup, download] = ctx.emu.control.requests();
		expect(lookup.headers['x-app-token']).toBe('***');
		expect(download.query).toEqual({ token: expect.any(String) });
		expect(download.headers['x-app-id']).toBeUndefined();
		expect(download.headers['x-app-token']).toBeUndefined();
		expect(download.headers.authorization).toBeUndefined();
	});

	it('puts the file in the binary field asked for', async () => {
		const { items } = await run('download', { exportId: FIXTURES.exportId, binaryPropertyName: 'customers' });
		expect(Object.keys(items[0].binary ?? {})).toEqual(['customers']);
	});

	it('waits for a running export (polling its status), then downloads it', async () => {
		ctx.emu.control.setExportTiming({ delayMs: 700 });
		const created = await run('create', { exportedObject: 'order', fields: ['id', 'status'] });
		const id = String(created.items[0].json.id);
		const { items, error } = await run('download', { exportId: id, waitSeconds: 30 });
		expect(error).toBeUndefined();
		const lines = fileText(items[0].binary!.data).trim().split('\n');
		expect(lines[0]).toBe('ID,Status');
		expect(lines).toHaveLength(1 + 10_100);
		const looks = ctx.emu.control.requests({ method: 'GET', path: `/v1/exports/${id}` }).filter((request) => !request.query.token);
		expect(looks.length).toBeGreaterThan(1);
		ctx.emu.control.setExportTiming({ delayMs: 100 });
	});

	it('fails at once for a running export when Wait Up To (Seconds) is 0', async () => {
		ctx.emu.control.setExportTiming({ delayMs: 60_000 });
		const created = await run('create', { exportedObject: 'customer' });
		const id = String(created.items[0].json.id);
		const { error } = await run('download', { exportId: id, waitSeconds: 0 });
		expect(error?.message).toMatch(new RegExp(`^Export ${id} is not done yet \\(status (SCHEDULED|IN_PROGRESS)\\)$`));
		const timedOut = await run('download', { exportId: id, waitSeconds: 1 });
		expect(timedOut.error?.message).toMatch(new RegExp(`^Export ${id} was not done within 1 s \\(last seen IN_PROGRESS\\)$`));
		ctx.emu.control.setExportTiming({ delayMs: 100 });
	});

	it('refuses a file address that is neither https nor the service’s own, fetching nothing from it', async () => {
		ctx.emu.control.setExportTiming({ downloadBaseUrl: ctx.emu.baseUrl.replace('127.0.0.1', 'localhost') });
		const { error } = await run('download', { exportId: FIXTURES.exportId });
		expect(error?.message).toMatch(/^Refused to download export exp_0000000000001 over http from http:\/\/localhost:\d+: only https, or the service's own address$/);
		expect(ctx.emu.control.requests().filter((request) => request.query.token)).toEqual([]);
		ctx.emu.control.setExportTiming({ downloadBaseUrl: null });
	});

	it('maps a refused download token (401) to an error naming the status', async () => {
		await run('get', { exportId: FIXTURES.exportId });
		const job = ctx.emu.control.state.exports.get(FIXTURES.exportId)!;
		job.token = 'rotated';
		const { error } = await run('download', { exportId: FIXTURES.exportId });
		expect(error?.httpCode).toBe('401');
		expect(error?.message).toBe('Unauthorized');
	});
});

describe('Order: Export and Export: Delete', () => {
	it("Order → Export sends the orders' export with the chosen fields, order and filters, and answers the scheduled export", async () => {
		const { items, error } = await ctx.run({
			resource: 'order',
			operation: 'export',
			fields: ['id', 'amount', 'status'],
			order: '-created_at',
			filtersJson: '{"status": {"conditions": {"$in": ["PAID"]}}}',
		} as never);
		expect(error).toBeUndefined();
		expect(ctx.sent()).toEqual([
			{
				method: 'POST',
				path: '/v1/orders/export',
				query: {},
				body: { parameters: { fields: ['id', 'amount', 'status'], order: '-created_at', filters: { status: { conditions: { $in: ['PAID'] } } } } },
			},
		]);
		expect(items[0].json).toMatchObject({ object: 'export', exported_object: 'order', status: 'SCHEDULED' });
	});

	it('Order → Export with nothing chosen sends an empty body (the service then exports ID, source ID and status)', async () => {
		await ctx.run({ resource: 'order', operation: 'export' } as never);
		expect(ctx.sent()[0].body).toEqual({});
	});

	it('Order → Export refuses a sort the orders export has not, before sending', async () => {
		const { error } = await ctx.run({ resource: 'order', operation: 'export', order: 'name' } as never);
		expect(error?.message).toMatch(/^Sort By: /);
		expect(ctx.sent()).toEqual([]);
	});

	it('Export → Delete deletes the export (deleted: true); a second delete finds none', async () => {
		const created = await run('create', { exportedObject: 'customer' });
		const id = String(created.items[0].json.id);
		ctx.emu.control.clearRequests();
		const deleted = await run('delete', { exportId: id });
		expect(ctx.sent()).toEqual([{ method: 'DELETE', path: `/v1/exports/${id}`, query: {}, body: undefined }]);
		expect(deleted.items.map((item) => item.json)).toEqual([{ deleted: true, id }]);
		const again = await run('delete', { exportId: id });
		expect(again.error?.httpCode).toBe('404');
	});
});
