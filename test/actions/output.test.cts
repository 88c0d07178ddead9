import { FIXTURES } from '../emulator/index.cjs';
import { useEmulator } from './v2/helpers.cjs';

/** Version 3's Output on operations with large answers: Simplified (default), Raw, Selected Fields. */
const ctx = useEmulator();
const getCustomer = { resource: 'customer', operation: 'get', customerId: FIXTURES.customerId };

it('Simplified by default: the fields most workflows use', async () => {
	const { items, error } = await ctx.run(getCustomer);
	expect(error).toBeUndefined();
	expect(items[0].json.id).toBe(FIXTURES.customerId);
	expect(Object.keys(items[0].json).every((key) => ['id', 'source_id', 'name', 'email', 'phone', 'address', 'birthdate', 'metadata', 'summary', 'loyalty', 'created_at', 'updated_at'].includes(key))).toBe(true);
	expect(items[0].json.object).toBeUndefined();
});

it("Raw: the service's whole answer", async () => {
	const simplified = await ctx.run(getCustomer);
	const raw = await ctx.run({ ...getCustomer, output: 'raw' });
	expect(raw.items[0].json.object).toBe('customer');
	expect(Object.keys(raw.items[0].json).length).toBeGreaterThan(Object.keys(simplified.items[0].json).length);
});

it('Selected Fields: only the key paths named, nested ones included', async () => {
	const { items, error } = await ctx.run({ ...getCustomer, output: 'selected', outputFields: 'id, summary.orders.total_count ,, object' });
	expect(error).toBeUndefined();
	expect(Object.keys(items[0].json).sort()).toEqual(['id', 'object', 'summary']);
	expect(Object.keys(items[0].json.summary as object)).toEqual(['orders']);
});

it('Selected Fields with no field named is refused before anything is sent', async () => {
	const { error, items } = await ctx.run({ ...getCustomer, output: 'selected', outputFields: ' , ' });
	expect(items).toEqual([]);
	expect(error?.message).toMatch(/^Fields: is required/);
	expect(ctx.sent()).toEqual([]);
});

it("version 2's Simplify keeps working for its saved workflows", async () => {
	const whole = await ctx.run({ ...getCustomer, simplify: false }, { typeVersion: 2 });
	expect(whole.items[0].json.object).toBe('customer');
	const simple = await ctx.run(getCustomer, { typeVersion: 2 });
	expect(simple.items[0].json.object).toBeUndefined();
});
