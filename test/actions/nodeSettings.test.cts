/**
 * A node-wide setting that cannot be used (Concurrency from an expression, the wrong credential) under Continue
 * On Fail: every input item comes out as an error item naming the setting, nothing is sent, and no item looks
 * like a success. (Thrown from execute(), n8n would pass the input items on as they came.) Without Continue On
 * Fail the node fails with the same error.
 */
import { FIXTURES } from '../emulator/index.cjs';
import { useEmulator } from './v2/helpers.cjs';

const ctx = useEmulator();

const input = [{ n: 1 }, { n: 2 }, { n: 3 }];
const customerGet = { resource: 'customer', operation: 'get', customerId: FIXTURES.customerId };
const withConcurrency = (expression: string) => ({ ...customerGet, options: { concurrency: `={{ ${expression} }}` } });

const badConcurrency: Array<[string, RegExp]> = [
	['NaN', /^Concurrency: /],
	['"abc"', /^Concurrency: /],
	['0', /^Concurrency: .*1/],
	['21', /^Concurrency: .*20/],
	['2.5', /^Concurrency: /],
	['-1', /^Concurrency: /],
];

describe('Concurrency from an expression that gives no usable number', () => {
	it.each(badConcurrency)('%s under Continue On Fail: every item is an error item naming Concurrency, nothing sent', async (expression, rule) => {
		const { error, items } = await ctx.run(withConcurrency(expression), { input, continueOnFail: true });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(input.length);
		items.forEach((item, index) => {
			expect(item.json.error).toMatch(rule);
			expect(item.json.n).toBeUndefined();
			expect(item.pairedItem).toEqual({ item: index });
		});
		expect(ctx.emu.control.requests()).toEqual([]);
	});

	it.each(badConcurrency)('%s with On Error "continue (using error output)": every item goes to the error output', async (expression, rule) => {
		const { error, outputs } = await ctx.run(withConcurrency(expression), { input, onError: 'continueErrorOutput' });
		expect(error).toBeUndefined();
		expect(outputs[0] ?? []).toEqual([]);
		expect(outputs[1]).toHaveLength(input.length);
		for (const item of outputs[1]) expect(item.json.error).toMatch(rule);
		expect(ctx.emu.control.requests()).toEqual([]);
	});

	it.each(badConcurrency)('%s without Continue On Fail: the node fails naming Concurrency', async (expression, rule) => {
		const { error, items } = await ctx.run(withConcurrency(expression), { input });
		expect(items).toEqual([]);
		expect(error?.message).toMatch(rule);
		expect(ctx.emu.control.requests()).toEqual([]);
	});

	it('a usable Concurrency from an expression still works', async () => {
		const { error, items } = await ctx.run(withConcurrency('2'), { input, continueOnFail: true });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual(input.map(() => FIXTURES.customerId));
	});
});

describe('the wrong credential under Continue On Fail', () => {
	it('fails every item naming the credential to choose, nothing sent', async () => {
		const { error, items } = await ctx.run({ resource: 'webhook', operation: 'getAll', authentication: 'appKeys' }, { input, continueOnFail: true });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(input.length);
		for (const item of items) expect(item.json.error).toMatch(/Webhook operations use .*Management/);
		expect(ctx.emu.control.requests()).toEqual([]);
	});
});
