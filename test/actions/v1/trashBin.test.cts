/** The bin and the async actions list, through n8n's engine against the emulator. */
import { FIXTURES } from '../../emulator/index.cjs';
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { listSearch } from '../../harness/loadOptions.cjs';
import { serviceErrorOf, useEmulator } from './setup.cjs';

const ctx = useEmulator();

describe('Trash Bin: Get Many and Delete Permanently', () => {
	it('a voucher deleted without force is in the bin: listed by type, then deleted for good (deleted: true)', async () => {
		await ctx.run({ resource: 'voucher', operation: 'delete', code: FIXTURES.discountCodes[2] });
		ctx.emu.control.clearRequests();
		const listed = await ctx.run({ resource: 'trashBin', operation: 'getAll', returnAll: true, filters: { resourceType: 'voucher', resourceName: 'SAVE10' } });
		expect(listed.error).toBeUndefined();
		expect(ctx.sent()).toEqual([
			{
				method: 'GET',
				path: '/v1/trash-bin',
				query: { limit: '100', 'filters[resource_name][conditions][$contains]': 'SAVE10', 'filters[resource_type][conditions][$in]': 'voucher' },
				body: undefined,
			},
		]);
		expect(listed.items.map((item) => item.json)).toEqual([expect.objectContaining({ resource_type: 'voucher', resource_name: FIXTURES.discountCodes[2] })]);
		const id = String(listed.items[0].json.id);
		ctx.emu.control.clearRequests();
		const deleted = await ctx.run({ resource: 'trashBin', operation: 'delete', binEntryId: id });
		expect(ctx.sent()).toEqual([{ method: 'DELETE', path: `/v1/trash-bin/${id}`, query: {}, body: undefined }]);
		expect(deleted.items.map((item) => item.json)).toEqual([{ deleted: true, id }]);
		const again = await ctx.run({ resource: 'trashBin', operation: 'delete', binEntryId: id });
		expect(serviceErrorOf(again)).toMatchObject({ httpCode: '404' });
	});

	it('Delete Permanently checks the bin entry ID pattern before sending', async () => {
		await ctx.expectInvalid({ resource: 'trashBin', operation: 'delete', binEntryId: 'v_123' }, 'Bin Entry', /must match/);
	});

	it('From List asks the service for entries whose resource name contains the text', async () => {
		await ctx.run({ resource: 'voucher', operation: 'delete', code: FIXTURES.discountCodes[1] });
		ctx.emu.control.clearRequests();
		const { results } = await listSearch('searchBinEntries', { parameters: { resource: 'trashBin', operation: 'delete' } as never, credentials: credentialsFor(ctx.emu) }, 'SAVE10-B');
		expect(results).toEqual([{ name: `${FIXTURES.discountCodes[1]} (Voucher)`, value: expect.stringMatching(/^tbe_/) }]);
		expect(ctx.sent()[0].query).toEqual({ limit: '100', 'filters[resource_name][conditions][$contains]': 'SAVE10-B' });
	});
});

describe('Async Action: Get Many', () => {
	it('lists the async actions newest first, asking each next page with end_date at the last one read', async () => {
		for (const sourceId of ['async-1', 'async-2', 'async-3'])
			await ctx.run({ resource: 'customer', operation: 'updateMetadataInBulk', sourceId, metadataJson: `{"n": "${sourceId}"}` });
		ctx.emu.control.clearRequests();
		const { items, error } = await ctx.run({ resource: 'asyncAction', operation: 'getAll', returnAll: true });
		expect(error).toBeUndefined();
		expect(items.length).toBeGreaterThanOrEqual(3);
		expect(new Set(items.map((item) => item.json.id)).size).toBe(items.length);
		const created = items.map((item) => Date.parse(String(item.json.created_at)));
		expect(created).toEqual([...created].sort((a, b) => b - a));
		expect(ctx.sent()[0]).toEqual({ method: 'GET', path: '/v1/async-actions', query: { limit: '100' }, body: undefined });
	});

	it('Limit 2 reads one page of 2; Scheduled Before is sent as end_date', async () => {
		const { items } = await ctx.run({ resource: 'asyncAction', operation: 'getAll', limit: 2, filters: { endDate: '2100-01-01T00:00:00Z' } });
		expect(items).toHaveLength(2);
		expect(ctx.sent()).toEqual([{ method: 'GET', path: '/v1/async-actions', query: { limit: '2', end_date: '2100-01-01T00:00:00.000Z' }, body: undefined }]);
	});
});
