import type { IDataObject } from 'n8n-workflow';
import { FIXTURES } from '../../emulator/index.cjs';
import { useEmulator } from '../v2/helpers.cjs';

/** Bulk and import jobs when something goes wrong midway: what the node says was accepted, and what it refuses to read. */

const ctx = useEmulator();

const posted = (path: string) => ctx.emu.control.requests({ method: 'POST', path });

/**
 * Resolves once `condition` holds, looking every few ms. Bounded so that a broken test fails instead of hanging,
 * and generously: what it waits for takes about a second, but a loaded 2-core machine can be ten times slower.
 */
async function until(condition: () => boolean, what: string, boundMs = UNTIL_BOUND_MS): Promise<void> {
	const started = Date.now();
	while (!condition()) {
		if (Date.now() - started > boundMs) throw new Error(`Gave up waiting until ${what} (${boundMs} ms)`);
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
}

const UNTIL_BOUND_MS = 60_000;

/**
 * The tests that run 10,000 items through n8n's engine (5 imports of 2,000 orders): 2 s on an idle machine, over
 * 40 s on a loaded one. Their bound covers that and an `until` on top.
 */
const TEN_THOUSAND_ITEMS_MS = 240_000;

const importOrders = {
	resource: 'order',
	operation: 'import',
	additionalFields: { sourceId: '={{ $json.id }}', amount: 1, status: 'PAID' },
};

/**
 * The 3rd of 5 order imports answers 503 (not repeated: an import is not an upsert) while the other four are
 * held back until that 503 is out, so they are accepted only after the node has seen the failure.
 */
function failThirdImportWhileOthersInFlight(): void {
	const answered503 = () => posted('/v1/orders/import').some((request) => request.status === 503);
	ctx.emu.control.setFaults({
		route: '/v1/orders/import',
		method: 'POST',
		sequence: ['ok', 'ok', 503],
		beforeProcessing: async (matched) => {
			if (matched !== 3) await until(answered503, 'the 503 was answered');
		},
	});
}

/** The accepted imports as the emulator saw them: the first order each carried, by its input item's index. */
function acceptedImports(): Array<{ firstItem: number }> {
	return posted('/v1/orders/import')
		.filter((request) => request.status === 200)
		.map((request) => ({ firstItem: Number(String(((request.body as IDataObject[])[0] as IDataObject).source_id).split('-').pop()) }));
}

const tenThousandOrders = Array.from({ length: 10_000 }, (_, n) => ({ id: `mid-${n}` }));

describe('A bulk job failing midway at the default concurrency', () => {
	it('waits for the requests in flight and names every accepted async action with its records and first input item', async () => {
		failThirdImportWhileOthersInFlight();
		const { error, items } = await ctx.run(importOrders as never, { input: tenThousandOrders });
		expect(items).toEqual([]);
		expect(error?.httpCode).toBe('503');
		const accepted = acceptedImports();
		expect(accepted).toHaveLength(4);
		const ids = [...ctx.emu.control.state.asyncActions.keys()];
		expect(ids).toHaveLength(4);
		const description = String(error?.description);
		expect(description).toContain('The request was not repeated');
		expect(description).toContain('5 requests were needed: the service accepted 4 (8000 records)');
		for (const id of ids) expect(description).toContain(id);
		for (const { firstItem } of accepted) expect(description).toMatch(new RegExp(`aa_\\w+ \\(2000 records from input item ${firstItem}[,)]`));
		const failedFirst = posted('/v1/orders/import').find((request) => request.status === 503)!;
		const failedItem = Number(String((failedFirst.body as IDataObject[])[0].source_id).split('-').pop());
		expect(description).toContain(`The request that failed carried 2000 records (from input item ${failedItem})`);
		// What the error names as accepted is what the service imported.
		await until(() => ctx.emu.control.state.orders.find(`mid-${accepted[0].firstItem}`) !== undefined, 'the accepted imports applied');
	}, TEN_THOUSAND_ITEMS_MS);

	it('with Continue On Fail, the failed request\'s item says the same as the error: not repeated, and what was accepted', async () => {
		failThirdImportWhileOthersInFlight();
		const { error, items } = await ctx.run(importOrders as never, { input: tenThousandOrders, continueOnFail: true });
		expect(error).toBeUndefined();
		const failures = items.filter((item) => item.json.error !== undefined);
		expect(failures).toHaveLength(1);
		const [failure] = failures;
		expect(failure.json).toMatchObject({ error: expect.any(String), httpCode: '503', records: 2000 });
		expect(String(failure.json.description)).toContain('The request was not repeated');
		expect(String(failure.json.description)).toContain('the service accepted 4 (8000 records)');
		for (const id of ctx.emu.control.state.asyncActions.keys()) expect(String(failure.json.description)).toContain(id);
		expect((failure.pairedItem as unknown[]).length).toBe(2000);
		expect(items.filter((item) => item.json.status === 'DONE')).toHaveLength(4);
	}, TEN_THOUSAND_ITEMS_MS);

	it("an accepted import finishes on its own, nobody asking, also when its timer fires before the wall clock's readyAt", async () => {
		const { appId, appToken } = ctx.emu.credentials;
		const answer = await fetch(`${ctx.emu.baseUrl}/v1/orders/import`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', 'X-App-Id': appId, 'X-App-Token': appToken },
			body: JSON.stringify([{ source_id: 'own-timer-1', amount: 1, status: 'PAID' }]),
		});
		expect(answer.status).toBe(200);
		const action = [...ctx.emu.control.state.asyncActions.values()][0];
		// The wall clock ends up behind the timer (a timer on the monotonic clock, an adjusted wall clock): the first
		// firing finds the job not due yet.
		action.readyAt += 300;
		await until(() => action.status === 'DONE', 'the import finished on its own', 30_000);
		expect(ctx.emu.control.state.orders.find('own-timer-1')).toBeDefined();
	}, 60_000);
});

describe("An async action's answer that cannot be read", () => {
	const updateInBulk = { resource: 'customer', operation: 'updateInBulk', sourceId: '={{ $json.id }}', updateFields: { name: 'Ann' } };

	/** Rewrites the emulator's action before each status look. */
	function tamper(change: (action: IDataObject) => void): void {
		ctx.emu.control.setFaults({
			route: '/v1/async-actions/*',
			method: 'GET',
			beforeProcessing: () => {
				for (const action of ctx.emu.control.state.asyncActions.values()) change(action as unknown as IDataObject);
			},
		});
	}

	it('a DONE result whose errors is not a list is an error quoting the service (addresses with secrets redacted), not 0 failed', async () => {
		tamper((action) => {
			Object.assign(action, { status: 'DONE', finish: undefined, result: { errors: 'worker crashed, see https://ops:hunter2@logs.example.com/x' } });
		});
		const { error, items } = await ctx.run(updateInBulk as never, { input: [{ id: 'mal-1' }] });
		expect(items).toEqual([]);
		expect(error?.message).toMatch(/^The service's result of the customer bulk update \(async action aa_\w+\) cannot be read: errors is not a list/);
		expect(`${error?.message} ${error?.description}`).toContain('worker crashed, see https://***@logs.example.com/x');
		expect(`${error?.message} ${error?.description}`).not.toContain('hunter2');
		expect(error?.description).toContain('look up async action');
	});

	it('a status answer naming another async action is an error, not this action\'s result', async () => {
		tamper((action) => {
			action.id = 'aa_someone_else';
		});
		const { error, items } = await ctx.run(updateInBulk as never, { input: [{ id: 'mis-1' }] });
		expect(items).toEqual([]);
		expect(error?.message).toMatch(/^The service answered the status of async action aa_someone_else when asked for aa_\w+/);
	});
});

describe('The same record twice in one batch', () => {
	it('is refused before anything is sent, naming both input items', async () => {
		const updateInBulk = { resource: 'customer', operation: 'updateInBulk', sourceId: '={{ $json.id }}', updateFields: { name: '={{ $json.name }}' } };
		const { error, items } = await ctx.run(updateInBulk as never, {
			input: [
				{ id: 'dup-1', name: 'A' },
				{ id: 'dup-2', name: 'B' },
				{ id: 'dup-1', name: 'C' },
			],
		});
		expect(items).toEqual([]);
		expect(error?.message).toBe('Source ID: "dup-1" is in input items 0 and 2; one batch takes each customer once');
		expect(error?.description).toContain('Nothing was sent to the service.');
		expect(ctx.sent()).toEqual([]);
	});

	it('with two metadata values for one customer is refused too; with Continue On Fail both items fail and the others go', async () => {
		const metadataInBulk = { resource: 'customer', operation: 'updateMetadataInBulk', sourceId: '={{ $json.id }}', metadataJson: '={{ JSON.stringify($json.meta) }}' };
		const input = [
			{ id: 'dm-1', meta: { tier: 'gold' } },
			{ id: 'dm-2', meta: { tier: 'gold' } },
			{ id: 'dm-1', meta: { tier: 'silver' } },
		];
		const { error } = await ctx.run(metadataInBulk as never, { input });
		expect(error?.message).toBe('Source ID: "dm-1" is in input items 0 and 2; one batch takes each customer once');
		expect(ctx.sent()).toEqual([]);

		const { items } = await ctx.run(metadataInBulk as never, { input, continueOnFail: true });
		expect(items.map((item) => [item.pairedItem, item.json.error ?? item.json.status])).toEqual([
			[{ item: 0 }, 'Source ID: "dm-1" is in input items 0 and 2; one batch takes each customer once'],
			[{ item: 1 }, 'DONE'],
			[{ item: 2 }, 'Source ID: "dm-1" is in input items 0 and 2; one batch takes each customer once'],
		]);
		expect(posted('/v1/customers/metadata/async').map((request) => request.body)).toEqual([{ source_ids: ['dm-2'], metadata: { tier: 'gold' } }]);
	});
});

describe('Voucher codes that differ only in case in one batch', () => {
	const voucherOperations: Array<[string, Record<string, unknown>, string]> = [
		['Update in Bulk', { resource: 'voucher', operation: 'updateInBulk', code: '={{ $json.code }}', metadataJson: '={{ JSON.stringify($json.meta) }}' }, '/v1/vouchers/bulk/async'],
		['Update Metadata in Bulk', { resource: 'voucher', operation: 'updateMetadataInBulk', code: '={{ $json.code }}', metadataJson: '{"campaign":"winter"}' }, '/v1/vouchers/metadata/async'],
	];
	const input = [
		{ code: 'CASE-ABC', meta: { n: 1 } },
		{ code: 'CASE-other', meta: { n: 2 } },
		{ code: 'case-abc', meta: { n: 3 } },
		{ code: 'Case-Abc', meta: { n: 4 } },
	];
	const message = 'Code: "CASE-ABC", "case-abc", "Case-Abc" (input items 0, 2 and 3) differ only in case, which a project with case-insensitive codes takes as one voucher; one batch takes each voucher once';

	it.each(voucherOperations)('%s: refused before anything is sent, naming every item and spelling', async (_name, parameters) => {
		const { error, items } = await ctx.run(parameters as never, { input });
		expect(items).toEqual([]);
		expect(error?.message).toBe(message);
		expect(error?.description).toContain('Nothing was sent to the service.');
		expect(ctx.sent()).toEqual([]);
	});

	it.each(voucherOperations)('%s under Continue On Fail: those items fail, the other code goes', async (_name, parameters, endpoint) => {
		const { items } = await ctx.run(parameters as never, { input, continueOnFail: true });
		// The other code is sent (the emulator knows no such voucher: its own failure is the service's answer).
		const refused = items.filter((item) => item.json.error === message);
		expect(refused.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 2 }, { item: 3 }]);
		const sent = JSON.stringify(posted(endpoint).map((request) => request.body));
		expect(sent).toContain('CASE-other');
		expect(sent.toLowerCase()).not.toContain('case-abc');
	});

	it('customer source IDs that differ in case are different customers, sent as they are', async () => {
		const updateInBulk = { resource: 'customer', operation: 'updateInBulk', sourceId: '={{ $json.id }}', updateFields: { name: 'Ann' } };
		const { error } = await ctx.run(updateInBulk as never, { input: [{ id: 'Cust-A' }, { id: 'cust-a' }] });
		expect(error).toBeUndefined();
		expect(posted('/v1/customers/bulk/async').map((request) => (request.body as IDataObject[]).map((record) => record.source_id))).toEqual([['Cust-A', 'cust-a']]);
	});
});

describe('Bulk with a different value per record: 100 records a request through the per-record endpoints', () => {
	it('Customer → Update in Bulk sends 250 customers with their own metadata in 3 requests', async () => {
		const updateInBulk = { resource: 'customer', operation: 'updateInBulk', sourceId: '={{ $json.id }}', updateFields: { metadataJson: '={{ JSON.stringify($json.meta) }}' } };
		const input = Array.from({ length: 250 }, (_, n) => ({ id: `own-${n}`, meta: { score: n } }));
		const { error, items } = await ctx.run(updateInBulk as never, { input });
		expect(error).toBeUndefined();
		expect(posted('/v1/customers/bulk/async').map((request) => (request.body as unknown[]).length)).toEqual([100, 100, 50]);
		expect(items.map((item) => item.json.done_count)).toEqual([100, 100, 50]);
		expect(ctx.emu.control.state.findCustomer('own-249')?.metadata).toEqual({ score: 249 });
	});

	it('Voucher → Update Metadata in Bulk sends codes with different metadata 100 a request through /vouchers/bulk/async', async () => {
		const metadataInBulk = { resource: 'voucher', operation: 'updateMetadataInBulk', code: '={{ $json.code }}', metadataJson: '={{ JSON.stringify($json.meta) }}' };
		const input = FIXTURES.discountCodes.map((code, n) => ({ code, meta: { batch: n } }));
		const { error, items } = await ctx.run(metadataInBulk as never, { input });
		expect(error).toBeUndefined();
		expect(posted('/v1/vouchers/metadata/async')).toEqual([]);
		expect(posted('/v1/vouchers/bulk/async').map((request) => request.body)).toEqual([input.map(({ code, meta }) => ({ code, metadata: meta }))]);
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ status: 'DONE', type: 'VOUCHERS.BULK_UPDATE', records: input.length, failed_count: 0 });
		expect(ctx.emu.control.state.findVoucher(FIXTURES.discountCodes[1])?.metadata).toMatchObject({ batch: 1 });
	});
});
