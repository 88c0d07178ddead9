import { MINIMAL } from './minimal.cjs';
import { useEmulator } from './v2/helpers.cjs';

/** Issue 19's smaller findings: each refused or reported clearly, naming the field or what happened. */

const ctx = useEmulator();

it('an ID with a lone surrogate is refused naming the field, with nothing sent', async () => {
	await ctx.expectInvalid({ resource: 'customer', operation: 'get', customerId: 'cust_\uD800abc' }, 'Customer', /broken Unicode/);
});

it('null or plain entries in a list are an error saying so, not a crash', async () => {
	ctx.emu.control.setFaults({
		route: '/v1/customers',
		replaceReply: { contentType: 'application/json', body: '{"object": "list", "data_ref": "customers", "customers": [{"id": "cust_1"}, null, "x"], "total": 3}' },
	});
	const { error, items } = await ctx.run({ resource: 'customer', operation: 'getAll', returnAll: true });
	expect(items).toEqual([]);
	expect(error?.message).toMatch(/The service's list held an entry that is not an object \(null\)/);
});

describe('product import', () => {
	const run = () => ctx.run({ resource: 'product', operation: 'import', ...MINIMAL['product.import'] });

	it('a 404 on the import status says the import may still apply', async () => {
		ctx.emu.control.setFaults({ route: '/v1/async-actions/', method: 'GET', sequence: [404] });
		const { error } = await run();
		expect(error?.httpCode).toBe('404');
		expect(error?.description).toMatch(/The service accepted the product import \(async action aa_[^)]+\) but did not find its status: it may still apply/);
		expect(error?.description).not.toMatch(/Check the IDs/);
	});

	it('a plain-text result is an error quoting it, not a success with nothing failed', async () => {
		ctx.emu.control.setFaults({
			route: '/v1/async-actions/',
			method: 'GET',
			beforeProcessing: () => {
				for (const action of ctx.emu.control.state.asyncActions.values()) Object.assign(action, { status: 'DONE', finish: undefined, result: 'ok' });
			},
		});
		const { error, items } = await run();
		expect(items).toEqual([]);
		expect(error?.message).toMatch(/^The service's result of the product import \(async action aa_\w+\) cannot be read: it is not an object$/);
		expect(error?.description).toContain('The service answered: "ok".');
	});
});

it.each(['70000000000000.01', '90000000000000'])('an amount of %s, beyond what goes out exact to the cent, is refused', async (amount) => {
	await ctx.expectInvalid({ resource: 'voucher', operation: 'adjustBalance', ...MINIMAL['voucher.adjustBalance'], amount: Number(amount) }, 'Amount', /at most 10000000000000/);
});
