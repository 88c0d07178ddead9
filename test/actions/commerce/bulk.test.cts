import type { IDataObject } from 'n8n-workflow';
import { FIXTURES } from '../../emulator/index.cjs';
import { parseCsv } from '../../emulator/validate.cjs';
import { useEmulator } from '../v2/helpers.cjs';

const ctx = useEmulator();

const posted = (path: string) => ctx.emu.control.requests({ method: 'POST', path }).map((request) => request.body as IDataObject);
const customer = (sourceId: string) => ctx.emu.control.state.findCustomer(sourceId);

describe('Customer: Update Metadata in Bulk (100 customers a request, one request per distinct metadata)', () => {
	const metadataInBulk = (extra: Record<string, unknown> = {}) => ({
		resource: 'customer',
		operation: 'updateMetadataInBulk',
		sourceId: '={{ $json.id }}',
		metadataJson: '={{ JSON.stringify($json.meta) }}',
		...extra,
	});

	it('groups items by metadata, sends at most 100 source IDs a request, follows each async action and sums it up per request', async () => {
		const input = Array.from({ length: 250 }, (_, n) => ({ id: `bulk-m-${n}`, meta: n % 2 ? { tier: 'gold', score: 2 } : { score: 1, tier: 'silver' } }));
		const { items, error } = await ctx.run(metadataInBulk() as never, { input });
		expect(error).toBeUndefined();

		const bodies = posted('/v1/customers/metadata/async');
		// Silver (even items) first: the group of the first item, then gold; each split at 100.
		expect(bodies.map((body) => [(body.source_ids as string[]).length, body.metadata])).toEqual([
			[100, { score: 1, tier: 'silver' }],
			[25, { score: 1, tier: 'silver' }],
			[100, { tier: 'gold', score: 2 }],
			[25, { tier: 'gold', score: 2 }],
		]);
		expect((bodies[0].source_ids as string[]).slice(0, 3)).toEqual(['bulk-m-0', 'bulk-m-2', 'bulk-m-4']);

		// One summary per request, paired with the items it carried, in input order of their first item.
		expect(items).toHaveLength(4);
		expect(items.map((item) => [item.json.records, item.json.status, item.json.type, item.json.failed_count])).toEqual([
			[100, 'DONE', 'CUSTOMERS.METADATA_UPDATE', 0],
			[100, 'DONE', 'CUSTOMERS.METADATA_UPDATE', 0],
			[25, 'DONE', 'CUSTOMERS.METADATA_UPDATE', 0],
			[25, 'DONE', 'CUSTOMERS.METADATA_UPDATE', 0],
		]);
		expect((items[0].pairedItem as Array<{ item: number }>).slice(0, 2)).toEqual([{ item: 0 }, { item: 2 }]);
		expect(items.every((item) => typeof item.json.async_action_id === 'string')).toBe(true);
		expect(customer('bulk-m-7')?.metadata).toEqual({ tier: 'gold', score: 2 });
		expect(customer('bulk-m-8')?.metadata).toEqual({ score: 1, tier: 'silver' });
	});

	it('reads the records mapped automatically (Record Fields), without an expression per field', async () => {
		const input = [
			{ source_id: 'map-m-1', metadata: { tier: 'gold' } },
			{ source_id: 'map-m-2', metadata: { tier: 'gold' } },
			{ source_id: 'map-m-3', metadata: { tier: 'silver', vip: true } },
		];
		const parameters = { resource: 'customer', operation: 'updateMetadataInBulk', recordFields: 'auto' };
		const { items, error } = await ctx.run(parameters as never, { input });
		expect(error).toBeUndefined();
		expect(posted('/v1/customers/metadata/async')).toEqual([
			{ source_ids: ['map-m-1', 'map-m-2'], metadata: { tier: 'gold' } },
			{ source_ids: ['map-m-3'], metadata: { tier: 'silver', vip: true } },
		]);
		expect(items.map((item) => [item.json.records, item.pairedItem])).toEqual([
			[2, [{ item: 0 }, { item: 1 }]],
			[1, { item: 2 }],
		]);
		expect(customer('map-m-3')?.metadata).toEqual({ tier: 'silver', vip: true });
	});

	it('merges into the metadata a customer has, and gives a failed record as its own item with the reason', async () => {
		ctx.emu.control.state.bulkRefusals.set('bulk-r-1', 'metadata key "tier" does not match the schema');
		const input = [0, 1, 2].map((n) => ({ id: `bulk-r-${n}`, meta: { tier: 'gold' } }));
		const { items, error } = await ctx.run(metadataInBulk() as never, { input });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(2);
		expect(items[0].json).toMatchObject({ status: 'DONE', records: 3, failed_count: 1 });
		// The contract's metadata errors do not carry the source ID: the failure is paired with its request's items.
		expect(items[1].json).toMatchObject({
			error: 'Record refused: source_id bulk-r-1: metadata key "tier" does not match the schema',
			key: 'record_refused',
			async_action_id: items[0].json.async_action_id,
		});
		expect(items[1].pairedItem).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(customer('bulk-r-0')?.metadata).toEqual({ tier: 'gold' });
		expect(customer('bulk-r-1')).toBeUndefined();
	});

	it('refuses bad items before sending anything: no source ID, metadata that is not an object, no metadata', async () => {
		const input = [
			{ id: '', meta: { a: 1 } },
			{ id: 'ok', meta: { a: 1 } },
		];
		const { error } = await ctx.run(metadataInBulk() as never, { input });
		expect(error?.message).toBe('Source ID: is required');
		expect(ctx.sent()).toEqual([]);

		const { items } = await ctx.run(metadataInBulk() as never, {
			input: [{ id: 'cof-0', meta: { a: 1 } }, { id: 'cof-1', meta: ['x'] }, { id: 'cof-2', meta: {} }, { id: 'cof-3', meta: { a: 1 } }],
			continueOnFail: true,
		});
		expect(items.map((item) => [item.pairedItem, item.json.error ?? item.json.status])).toEqual([
			[[{ item: 0 }, { item: 3 }], 'DONE'],
			[{ item: 1 }, expect.stringMatching(/^Metadata \(JSON\): /)],
			[{ item: 2 }, 'Metadata: is required: set at least one key (pairs or JSON)'],
		]);
		expect(posted('/v1/customers/metadata/async').map((body) => body.source_ids)).toEqual([['cof-0', 'cof-3']]);
	});

	it('is sent again after a lost answer (an upsert), without creating a customer twice', async () => {
		ctx.emu.control.setFaults({ route: '/v1/customers/metadata/async', method: 'POST', sequence: ['reset'], resetAfterProcessing: true });
		const { items, error } = await ctx.run(metadataInBulk() as never, { input: [{ id: 'lost-m-1', meta: { a: 1 } }] });
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ status: 'DONE', records: 1 });
		expect(posted('/v1/customers/metadata/async')).toHaveLength(2);
		expect([...ctx.emu.control.state.customers.values()].filter((c) => c.source_id === 'lost-m-1')).toHaveLength(1);
	});

	it('a 429 of the bulk_api_calls limit past the wait bounds fails naming the limit and what had been sent', async () => {
		// The bulk limit is spent after one request: the service asks to wait an hour, past the node's bound of 60 s.
		ctx.emu.control.setFaults({ route: '/v1/customers/metadata/async', method: 'POST', sequence: ['ok', 429], retryAfterSeconds: 3600, headers: { 'X-Rate-Limit-Type': 'bulk_api_calls' } });
		const input = Array.from({ length: 150 }, (_, n) => ({ id: `rl-${n}`, meta: { a: 1 } }));
		const { error, items } = await ctx.run(metadataInBulk({ options: { concurrency: 1 } }) as never, { input });
		expect(items).toEqual([]);
		expect(error?.httpCode).toBe('429');
		expect(error?.message).toBe('The service asked to wait 1 h for its bulk_api_calls limit before the next request (Retry-After: 3600)');
		const [first] = ctx.emu.control.requests({ method: 'GET', path: '/v1/async-actions/*' }).map((request) => request.path.split('/').pop());
		expect(error?.description).toContain(
			`2 requests were needed: the service accepted 1 (100 records): async action ${first} (100 records from input item 0, done). The request that failed carried 50 records (from input item 100).`,
		);
		// The second request was refused, never repeated.
		expect(ctx.emu.control.requests({ method: 'POST', path: '/v1/customers/metadata/async' })).toHaveLength(2);
	});

	it('with Continue On Fail, a request refused at the rate limit becomes one error item for its records, the rest stand', async () => {
		// The bulk limit is spent after one request: the service asks to wait an hour, past the node's bound of 60 s.
		ctx.emu.control.setFaults({ route: '/v1/customers/metadata/async', method: 'POST', sequence: ['ok', 429], retryAfterSeconds: 3600, headers: { 'X-Rate-Limit-Type': 'bulk_api_calls' } });
		const input = Array.from({ length: 101 }, (_, n) => ({ id: `rlc-${n}`, meta: { a: 1 } }));
		const { error, items } = await ctx.run(metadataInBulk({ options: { concurrency: 1 } }) as never, { input, continueOnFail: true });
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.status ?? item.json.error, item.json.records])).toEqual([
			['DONE', 100],
			[expect.stringMatching(/bulk_api_calls limit/), 1],
		]);
		expect(items[0].pairedItem).toHaveLength(100);
		expect(items[1].pairedItem).toEqual({ item: 100 });
	});
});

describe('Customer: Update in Bulk (records of 100 a request)', () => {
	const updateInBulk = {
		resource: 'customer',
		operation: 'updateInBulk',
		sourceId: '={{ $json.id }}',
		updateFields: { name: '={{ $json.name }}', email: '={{ $json.email ?? "" }}', metadataJson: '={{ JSON.stringify($json.meta ?? {}) }}' },
	};

	it('sends each item as one record, upserts unknown customers, and pairs a failed record with its own item', async () => {
		ctx.emu.control.state.bulkRefusals.set('bu-2', 'the customer is locked');
		const input = Array.from({ length: 120 }, (_, n) => ({ id: `bu-${n}`, name: `Customer ${n}`, ...(n === 0 ? { email: 'c0@example.com', meta: { vip: true } } : {}) }));
		const { items, error } = await ctx.run(updateInBulk as never, { input });
		expect(error).toBeUndefined();
		const bodies = posted('/v1/customers/bulk/async') as unknown as IDataObject[][];
		expect(bodies.map((body) => body.length)).toEqual([100, 20]);
		expect(bodies[0][0]).toEqual({ source_id: 'bu-0', name: 'Customer 0', email: 'c0@example.com', metadata: { vip: true } });
		expect(bodies[0][1]).toEqual({ source_id: 'bu-1', name: 'Customer 1' });

		expect(items.map((item) => [item.json.records ?? item.json.source_id, item.json.done_count ?? item.json.error])).toEqual([
			[100, 99],
			['bu-2', 'Record refused: the customer is locked'],
			[20, 20],
		]);
		expect(items[1].pairedItem).toEqual({ item: 2 });
		expect(items[2].json).toMatchObject({ type: 'CUSTOMERS.BULK_UPDATE', failed_count: 0, reports: [] });
		expect(customer('bu-0')).toMatchObject({ name: 'Customer 0', email: 'c0@example.com', metadata: { vip: true } });
		expect(customer('bu-119')).toMatchObject({ name: 'Customer 119' });
		expect(customer('bu-2')).toBeUndefined();
	});

	it('needs at least one field to update, named before anything is sent', async () => {
		await ctx.expectInvalid({ ...updateInBulk, updateFields: {} } as never, 'Update Fields', /add at least one field/, [{ id: 'x' }]);
	});
});

describe('Customer: Import (CSV, upsert by source ID)', () => {
	const importCustomers = {
		resource: 'customer',
		operation: 'import',
		sourceId: '={{ $json.id }}',
		additionalFields: {
			name: '={{ $json.name }}',
			address: { value: { city: '={{ $json.city ?? "" }}' } },
			metadataJson: '={{ JSON.stringify($json.meta ?? {}) }}',
		},
	};

	it("writes the service's columns and metadata columns, and pairs a failed row with its item", async () => {
		ctx.emu.control.state.bulkRefusals.set('imp-c-2', 'duplicated email');
		const input = [
			{ id: 'imp-c-1', name: 'Ann, "A"', city: 'Oslo', meta: { tier: 'gold' } },
			{ id: 'imp-c-2', name: 'Bob' },
		];
		const { items, error } = await ctx.run(importCustomers as never, { input });
		expect(error).toBeUndefined();
		const [file] = ctx.emu.control.requests({ method: 'POST', path: '/v1/customers/importCSV' }).map((request) => {
			const body = String(request.body);
			return parseCsv(body.slice(body.indexOf('\r\n\r\n') + 4, body.lastIndexOf('\r\n--')));
		});
		expect(file[0].slice(0, 2)).toEqual(['Source_id', 'Name']);
		expect(file[0]).toContain('Address_City');
		const row = (n: number) => Object.fromEntries(file[0].map((column, i) => [column, file[n][i]]).filter(([, value]) => value !== ''));
		expect(row(1)).toEqual({ Source_id: 'imp-c-1', Name: 'Ann, "A"', Address_City: 'Oslo', tier: 'gold' });
		expect(row(2)).toEqual({ Source_id: 'imp-c-2', Name: 'Bob' });

		expect(items.map((item) => [item.json.rows ?? item.json.row, item.pairedItem])).toEqual([
			[2, [{ item: 0 }, { item: 1 }]],
			[2, { item: 1 }],
		]);
		expect(items[0].json).toMatchObject({ status: 'DONE', type: 'CUSTOMERS.IMPORT_CSV', done_count: 1, failed_count: 1 });
		expect(items[1].json).toMatchObject({ error: 'duplicated email', source_id: 'imp-c-2' });
		expect(customer('imp-c-1')).toMatchObject({ name: 'Ann, "A"', address: { city: 'Oslo' }, metadata: { tier: 'gold' } });
	});
});

describe('Product: Update in Bulk and Update Metadata in Bulk', () => {
	it('sends prices in the smallest unit, refuses a price with 3 decimals before sending, and upserts by source ID', async () => {
		const updateInBulk = { resource: 'product', operation: 'updateInBulk', sourceId: '={{ $json.id }}', updateFields: { name: '={{ $json.name }}', price: '={{ $json.price }}' } };
		const { items } = await ctx.run(updateInBulk as never, {
			input: [
				{ id: FIXTURES.productSourceId, name: 'Renamed', price: 12.5 },
				{ id: 'pb-2', name: 'Bad price', price: 1.005 },
				{ id: 'pb-3', name: 'New', price: 3 },
			],
			continueOnFail: true,
		});
		expect(posted('/v1/products/bulk/async')).toEqual([
			[
				{ source_id: FIXTURES.productSourceId, name: 'Renamed', price: 1250 },
				{ source_id: 'pb-3', name: 'New', price: 300 },
			],
		]);
		expect(items.map((item) => [item.pairedItem, item.json.error ?? item.json.done_count])).toEqual([
			[[{ item: 0 }, { item: 2 }], 2],
			[{ item: 1 }, expect.stringMatching(/^Price: /)],
		]);
		expect(ctx.emu.control.state.products.get(FIXTURES.productId)).toMatchObject({ name: 'Renamed', price: 1250 });
		expect(ctx.emu.control.state.findProduct('pb-3')).toMatchObject({ name: 'New', price: 300 });
	});

	it('sets metadata on many products in one request', async () => {
		const metadataInBulk = { resource: 'product', operation: 'updateMetadataInBulk', sourceId: '={{ $json.id }}', metadata: { fields: [{ key: 'season', value: 'winter' }] } };
		const { items, error } = await ctx.run(metadataInBulk as never, { input: [{ id: FIXTURES.productSourceId }, { id: 'pm-2' }] });
		expect(error).toBeUndefined();
		expect(posted('/v1/products/metadata/async')).toEqual([{ source_ids: [FIXTURES.productSourceId, 'pm-2'], metadata: { season: 'winter' } }]);
		expect(items[0].json).toMatchObject({ status: 'DONE', type: 'PRODUCTS.METADATA_UPDATE', records: 2, failed_count: 0 });
		expect(ctx.emu.control.state.findProduct('pm-2')?.metadata).toEqual({ season: 'winter' });
	});
});

describe('Voucher: Update in Bulk and Update Metadata in Bulk', () => {
	it("sets each voucher's own metadata, and gives an unknown code as its own failed item", async () => {
		const updateInBulk = { resource: 'voucher', operation: 'updateInBulk', code: '={{ $json.code }}', metadataJson: '={{ JSON.stringify($json.meta) }}' };
		const input = [
			{ code: FIXTURES.discountCodes[0], meta: { batch: 1 } },
			{ code: 'NO-SUCH-CODE', meta: { batch: 2 } },
			{ code: FIXTURES.discountCodes[1], meta: { batch: 3 } },
		];
		const { items, error } = await ctx.run(updateInBulk as never, { input });
		expect(error).toBeUndefined();
		expect(posted('/v1/vouchers/bulk/async')).toEqual([input.map(({ code, meta }) => ({ code, metadata: meta }))]);
		expect(items.map((item) => [item.pairedItem, item.json.done_count ?? item.json.code])).toEqual([
			[[{ item: 0 }, { item: 1 }, { item: 2 }], 2],
			[{ item: 1 }, 'NO-SUCH-CODE'],
		]);
		expect(items[1].json.error).toBe('Cannot find voucher with id NO-SUCH-CODE');
		expect(ctx.emu.control.state.findVoucher(FIXTURES.discountCodes[1])?.metadata).toMatchObject({ batch: 3 });
	});

	it('sends the codes that share metadata together, and refuses an item without a code before sending', async () => {
		const metadataInBulk = { resource: 'voucher', operation: 'updateMetadataInBulk', code: '={{ $json.code }}', metadataJson: '{"campaign":"winter"}' };
		const { error } = await ctx.run(metadataInBulk as never, { input: [{ code: FIXTURES.discountCodes[0] }, { code: ' ' }] });
		expect(error?.message).toBe('Code: is required');
		expect(ctx.sent()).toEqual([]);
		const { items } = await ctx.run(metadataInBulk as never, { input: FIXTURES.discountCodes.map((code) => ({ code })) });
		expect(posted('/v1/vouchers/metadata/async')).toEqual([{ codes: FIXTURES.discountCodes, metadata: { campaign: 'winter' } }]);
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ status: 'DONE', type: 'VOUCHERS.METADATA_UPDATE', records: 3, failed_count: 0 });
	});
});
