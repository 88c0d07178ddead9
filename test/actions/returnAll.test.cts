import type { IDataObject } from 'n8n-workflow';
import { useEmulator } from './v2/helpers.cjs';

/**
 * Return All never returns an entry twice nor loses one silently, also when the list changes during the walk
 * (page-numbered lists shift when entries are added or removed ahead of the page being read): repeats are
 * dropped by id, a count the service gets wrong does not cut the walk short, and a change that may have hidden
 * entries fails naming the reason.
 */

const ctx = useEmulator();
const CUSTOMERS = 150;

async function api(method: string, path: string, body?: IDataObject): Promise<IDataObject> {
	const { appId, appToken } = ctx.emu.credentials;
	const response = await fetch(`${ctx.emu.baseUrl}${path}`, {
		method,
		headers: { 'X-App-Id': appId, 'X-App-Token': appToken, 'Content-Type': 'application/json' },
		body: body ? JSON.stringify(body) : undefined,
	});
	if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
	return response.status === 204 ? {} : ((await response.json()) as IDataObject);
}

/** Runs Customer → Get Many (Return All), calling `between` while the service is about to serve page 2. */
async function walkCustomers(between?: () => Promise<void>, faults: object = {}) {
	ctx.emu.control.setFaults({
		route: '/v1/customers',
		method: 'GET',
		...faults,
		...(between ? { beforeProcessing: async (matched: number) => (matched === 2 ? await between() : undefined) } : {}),
	});
	return await ctx.run({ resource: 'customer', operation: 'getAll', returnAll: true });
}

const ids = (items: Array<{ json: IDataObject }>) => items.map((item) => item.json.id as string);

it.each([1, 2, 5])('%i customers created during the walk: every customer once, and no error', async (created) => {
	const { error, items } = await walkCustomers(async () => {
		for (let i = 0; i < created; i++) await api('POST', '/v1/customers', { source_id: `walk-new-${created}-${i}` });
	});
	expect(error).toBeUndefined();
	expect(new Set(ids(items)).size).toBe(items.length);
	expect(items.length).toBeGreaterThanOrEqual(CUSTOMERS);
});

it('a total lower than the list does not cut the walk short', async () => {
	const { error, items } = await walkCustomers(undefined, { listTotal: 100 });
	expect(error).toBeUndefined();
	expect(items).toHaveLength(CUSTOMERS);
	expect(new Set(ids(items)).size).toBe(CUSTOMERS);
});

it('customers deleted from pages already read (the list shifts up): an error naming the reason, not a short list', async () => {
	let first: IDataObject[] = [];
	const { error, items } = await walkCustomers(async () => {
		first = ((await api('GET', '/v1/customers?limit=3')).customers as IDataObject[]) ?? [];
		for (const customer of first) await api('DELETE', `/v1/customers/${String(customer.id)}`);
	});
	expect(first).toHaveLength(3);
	expect(items).toEqual([]);
	expect(error?.message).toMatch(/The list changed while it was read \(it had 150 entries, now 147\)/);
	expect(error?.message).toMatch(/entries may be missing/);
});

it('a page that overlaps the previous one with no entry added: an error, never the entries twice', async () => {
	// The service serves page 2 from 50 entries earlier (as if 50 entries were inserted, but the count stays).
	ctx.emu.control.setFaults({
		route: '/v1/customers',
		method: 'GET',
		beforeProcessing: async (matched: number) => {
			if (matched === 2) for (let i = 0; i < 50; i++) await api('POST', '/v1/customers', { source_id: `overlap-${i}` });
		},
		listTotal: CUSTOMERS,
	});
	const { error, items } = await ctx.run({ resource: 'customer', operation: 'getAll', returnAll: true });
	expect(items).toEqual([]);
	expect(error?.message).toMatch(/The list changed while it was read/);
});
