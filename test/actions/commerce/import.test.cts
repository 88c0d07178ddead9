import type { IDataObject } from 'n8n-workflow';
import { FIXTURES } from '../../emulator/index.cjs';
import { parseCsv } from '../../emulator/validate.cjs';
import { useEmulator } from '../v2/helpers.cjs';

const ctx = useEmulator();

/** SKU → Import with every field read from the input item. */
const skuImport = (extra: Record<string, unknown> = {}) => ({
	resource: 'sku',
	operation: 'import',
	productId: '={{ $json.product }}',
	sourceId: '={{ $json.sourceId }}',
	additionalFields: {
		sku: '={{ $json.name }}',
		price: '={{ $json.price }}',
		metadataJson: '={{ JSON.stringify($json.meta ?? {}) }}',
	},
	...extra,
});

/** The CSV files the emulator received, parsed. */
function uploadedFiles(path = '/v1/skus/importCSV'): string[][][] {
	return ctx.emu.control
		.requests({ method: 'POST', path })
		.map((request) => {
			const body = String(request.body);
			const start = body.indexOf('\r\n\r\n') + 4;
			const end = body.lastIndexOf('\r\n--');
			return parseCsv(body.slice(start, end));
		});
}

const skuBySource = (sourceId: string) => [...ctx.emu.control.state.skus.values()].find((sku) => sku.source_id === sourceId);

describe('SKU: Import (one CSV file for all items, async action polled until done)', () => {
	it('sends every item as one row in one file, quoting commas, quotes and line breaks, and pairs the failed row with its item', async () => {
		const input = [
			{ product: FIXTURES.productId, sourceId: 'imp-1', name: 'Blue, size "M"', price: 12.5, meta: { color: 'blue', tags: ['a', 'b'] } },
			{ product: FIXTURES.productSourceId, sourceId: 'imp-2', name: 'Two\nlines', price: 0.1 },
			{ product: 'prod_unknown', sourceId: 'imp-3', name: 'Orphan', price: 1, meta: { note: ' padded ' } },
			{ product: FIXTURES.productId, sourceId: FIXTURES.skuSourceId, name: 'Renamed', price: 3 },
		];
		const { items, error } = await ctx.run(skuImport() as never, { input });
		expect(error).toBeUndefined();

		expect(uploadedFiles()).toEqual([
			[
				['product_id', 'source_id', 'sku', 'price', 'image_url', 'attributes', 'color', 'tags', 'note'],
				[FIXTURES.productId, 'imp-1', 'Blue, size "M"', '1250', '', '', 'blue', 'a,b', ''],
				[FIXTURES.productSourceId, 'imp-2', 'Two\nlines', '10', '', '', '', '', ''],
				['prod_unknown', 'imp-3', 'Orphan', '100', '', '', '', '', ' padded '],
				[FIXTURES.productId, FIXTURES.skuSourceId, 'Renamed', '300', '', '', '', '', ''],
			],
		]);
		const polls = ctx.emu.control.requests({ method: 'GET', path: '/v1/async-actions/*' });
		expect(polls.length).toBeGreaterThanOrEqual(1);
		const actionId = polls[0].path.split('/').pop();

		// The summary (paired with every row of the file), then the failed row, paired with its own item.
		expect(items).toHaveLength(2);
		expect(items[0].json).toMatchObject({ async_action_id: actionId, status: 'DONE', type: 'SKUS.IMPORT_CSV', rows: 4, done_count: 3, failed_count: 1 });
		expect(items[0].pairedItem).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }]);
		expect(items[1].json).toMatchObject({ error: expect.stringMatching(/prod_unknown/), row: 3, source_id: 'imp-3', async_action_id: actionId });
		expect(items[1].pairedItem).toEqual({ item: 2 });

		expect(skuBySource('imp-1')).toMatchObject({ sku: 'Blue, size "M"', price: 1250, metadata: { color: 'blue', tags: 'a,b' } });
		expect(skuBySource('imp-2')).toMatchObject({ sku: 'Two\nlines', price: 10, product_id: FIXTURES.productId });
		expect(skuBySource(FIXTURES.skuSourceId)).toMatchObject({ id: FIXTURES.skuId, sku: 'Renamed', price: 300 });
		expect(skuBySource('imp-3')).toBeUndefined();
	});

	it('checks every item before sending: a metadata key that cannot be a CSV header stops the run, naming the field', async () => {
		const { items, error } = await ctx.run(skuImport() as never, {
			input: [
				{ product: FIXTURES.productId, sourceId: 'ok-1', name: 'a', price: 1 },
				{ product: FIXTURES.productId, sourceId: 'bad-1', name: 'b', price: 1, meta: { 'two words': 'x' } },
			],
		});
		expect(items).toEqual([]);
		expect(error?.message).toBe('Metadata: key "two words" becomes a CSV header, which may not be empty or hold spaces');
		expect(ctx.sent()).toEqual([]);
	});

	it('with Continue On Fail, an invalid item becomes its own error item and the others are imported', async () => {
		const { items, error } = await ctx.run(skuImport() as never, {
			input: [
				{ product: FIXTURES.productId, sourceId: 'cof-1', name: 'a', price: 1 },
				{ product: FIXTURES.productId, sourceId: 'cof-2', name: 'b', price: -1 },
				{ product: FIXTURES.productId, sourceId: 'cof-3', name: 'c', price: 2, meta: { price: 'x' } },
				{ product: FIXTURES.productId, sourceId: 'cof-4', name: 'd', price: 3 },
			],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.pairedItem, item.json.error ?? item.json.status])).toEqual([
			[[{ item: 0 }, { item: 3 }], 'DONE'],
			[{ item: 1 }, expect.stringMatching(/^Price: must be a non-negative amount/)],
			[{ item: 2 }, 'Metadata: key "price" is a standard column of the import; set it with its own field'],
		]);
		expect(uploadedFiles()[0].map((row) => row[1])).toEqual(['source_id', 'cof-1', 'cof-4']);
	});

	it('is sent again after a lost answer (rows keyed by source ID), without creating any SKU twice', async () => {
		ctx.emu.control.setFaults({ route: '/v1/skus/importCSV', method: 'POST', sequence: ['reset'], resetAfterProcessing: true });
		const input = [1, 2, 3].map((n) => ({ product: FIXTURES.productId, sourceId: `lost-${n}`, name: `Lost ${n}`, price: n }));
		const { items, error } = await ctx.run(skuImport() as never, { input });
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ status: 'DONE', done_count: 3 });
		const counters = ctx.emu.control.counters();
		expect(counters.importsStarted).toBe(2);
		// Both files were applied (the first one's action finishes on its own); the second updated what the first created.
		const actions = () => [...ctx.emu.control.state.asyncActions.values()];
		for (let waited = 0; !actions().every((action) => action.status === 'DONE'); waited += 50) {
			if (waited > 10_000) throw new Error(`waited 10 s for both async actions to finish; saw ${actions().map((a) => a.status).join(', ')}`);
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
		expect(actions()).toHaveLength(2);
		expect([...ctx.emu.control.state.skus.values()].filter((sku) => sku.source_id?.startsWith('lost-'))).toHaveLength(3);
		expect(ctx.emu.control.counters().skusCreated).toBe(3);
	});

	it('stops waiting at Wait Up To (Seconds), naming the async action to look up, after a bounded number of polls', async () => {
		ctx.emu.control.setAsyncActionTiming({ baseMs: 60_000 });
		const { error } = await ctx.run(skuImport({ waitSeconds: 2 }) as never, { input: [{ product: FIXTURES.productId, sourceId: 'slow-1', name: 's', price: 1 }] });
		const polls = ctx.emu.control.requests({ method: 'GET', path: '/v1/async-actions/*' });
		const actionId = polls[0].path.split('/').pop();
		expect(error?.message).toMatch(new RegExp(`^The SKU import did not finish within 2 s \\(async action ${actionId}, last seen IN_PROGRESS, \\d+% done\\)$`));
		expect(error?.description).toMatch(/may still finish it: look up async action/);
		// 0.5 s, 1 s, then the rest of the 2 s: three looks.
		expect(polls.length).toBeLessThanOrEqual(4);
		ctx.emu.control.setAsyncActionTiming({ baseMs: 100 });
	});

	it('splits rows over several files when they would pass the file size limit, pairing failures across files', async () => {
		// Three rows of 3.1 MB: two fit in one file of at most 9 MB, the third goes in a second file.
		const name = 'x'.repeat(3_100_000);
		const input = [
			{ product: FIXTURES.productId, sourceId: 'big-1', name, price: 1 },
			{ product: FIXTURES.productId, sourceId: 'big-2', name, price: 1 },
			{ product: 'prod_unknown', sourceId: 'big-3', name, price: 1 },
		];
		const { items, error } = await ctx.run(skuImport() as never, { input });
		expect(error).toBeUndefined();
		const files = uploadedFiles();
		// the files go out Concurrency at a time, so they may arrive in either order
		expect(files.map((file) => file.slice(1).map((row) => row[1])).sort((a, b) => a[0].localeCompare(b[0]))).toEqual([['big-1', 'big-2'], ['big-3']]);
		expect(items.map((item) => [item.json.rows ?? item.json.row, item.pairedItem])).toEqual([
			[2, [{ item: 0 }, { item: 1 }]],
			[1, { item: 2 }],
			[1, { item: 2 }],
		]);
		expect((items[2].json as IDataObject).error).toMatch(/prod_unknown/);
	});
});

describe('Product: Import', () => {
	const productImport = { resource: 'product', operation: 'import', name: '={{ $json.name }}', additionalFields: { sourceId: '={{ $json.sourceId ?? "" }}', attributes: 'color,size' } };

	it('creates new products and renames the one whose source ID exists', async () => {
		const { items, error } = await ctx.run(productImport as never, { input: [{ name: 'Cup', sourceId: 'cup-1' }, { name: 'Renamed maker', sourceId: FIXTURES.productSourceId }] });
		expect(error).toBeUndefined();
		expect(uploadedFiles('/v1/products/importCSV')).toEqual([
			[
				['name', 'source_id', 'price', 'attributes', 'image_url'],
				['Cup', 'cup-1', '', 'color,size', ''],
				['Renamed maker', FIXTURES.productSourceId, '', 'color,size', ''],
			],
		]);
		expect(items[0].json).toMatchObject({ status: 'DONE', type: 'PRODUCTS.IMPORT_CSV', done_count: 2, failed_count: 0 });
		expect(ctx.emu.control.state.products.get(FIXTURES.productId)?.name).toBe('Renamed maker');
	});

	it('is not sent again after a 503 when a row has no source ID (a repeat would create it twice)', async () => {
		ctx.emu.control.setFaults({ route: '/v1/products/importCSV', method: 'POST', sequence: [503] });
		const { error } = await ctx.run(productImport as never, { input: [{ name: 'No source' }] });
		expect(error?.httpCode).toBe('503');
		expect(ctx.emu.control.requests({ method: 'POST', path: '/v1/products/importCSV' })).toHaveLength(1);
	});

	it('is sent again after a 503 when every row has a source ID', async () => {
		ctx.emu.control.setFaults({ route: '/v1/products/importCSV', method: 'POST', sequence: [503] });
		const { error } = await ctx.run(productImport as never, { input: [{ name: 'Keyed', sourceId: 'keyed-1' }] });
		expect(error).toBeUndefined();
		expect(ctx.emu.control.requests({ method: 'POST', path: '/v1/products/importCSV' })).toHaveLength(2);
	});
});
