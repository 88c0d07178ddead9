import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { inexactNumberIn, inexactNumberRule, numberLiteralsOf } from '../../nodes/LoyaltyPromotions/transport/exactNumbers';
import { MINIMAL } from '../actions/minimal.cjs';
import { useEmulator } from '../actions/v2/helpers.cjs';

/**
 * No number is rounded on its way to the service, wherever it enters: JSON text (every JSON field: the generated
 * sweep is in jsonShape.test.cts), an expression that gives a JSON field an object or a text field a number, and a
 * Map Automatically key. A whole number past 2^53 - 1 (in any form: 12345678901234567890, 1e21) is refused naming
 * the field and where; a decimal within the range, and 2^53 - 1 itself, go out as written.
 */

const ctx = useEmulator();

const redeem = (orderJson: string): INodeParameters => ({
	...MINIMAL['redemption.redeem'],
	resource: 'redemption',
	operation: 'redeem',
	additionalFields: { ...((MINIMAL['redemption.redeem'].additionalFields as IDataObject) ?? {}), orderJson },
});

async function refused(parameters: INodeParameters, input?: IDataObject[]): Promise<string | undefined> {
	const { error, items } = await ctx.run(parameters, input ? { input } : {});
	expect(items).toEqual([]);
	expect(String(error?.description)).toMatch(/Nothing was sent to the service\.$/);
	expect(ctx.emu.control.requests()).toEqual([]);
	return error?.message;
}

describe('JSON text', () => {
	it("the issue's Order (JSON): a 20-digit source ID is refused naming the field, the path and the digits typed", async () => {
		expect(await refused(redeem('{"amount": 5000, "customer": {"source_id": 12345678901234567890}}'))).toBe(
			'Order (JSON): customer.source_id: is the number 12345678901234567890, which reads as 12345678901234567000: past 9007199254740991, a number no longer holds every digit, so it would be sent rounded. Pass an ID or a code as text (in quotes in JSON), e.g. "12345678901234567890"',
		);
	});

	it.each([
		['2^53, which a number holds but not its neighbour 2^53 + 1', '9007199254740993', 'is the number 9007199254740993, which reads as 9007199254740992'],
		['an exponent', '1e21', 'is the number 1e21, which reads as 1e+21'],
		['a decimal past the range (each such number is whole)', '12345678901234567890.5', 'is the number 12345678901234567890.5, which reads as 12345678901234567000'],
		['a negative one', '-9007199254740993', 'is the number -9007199254740993, which reads as -9007199254740992'],
	])('%s is refused', async (_case, literal, rule) => {
		expect(await refused(redeem(`{"amount": 5000, "metadata": {"crm": ${literal}}}`))).toMatch(new RegExp(`^Order \\(JSON\\): metadata\\.crm: ${rule.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: past`));
	});

	it('numbers a JavaScript number holds go out as written: 2^53 - 1, 0.1, a long decimal', async () => {
		const { error } = await ctx.run(redeem('{"amount": 5000, "metadata": {"big": 9007199254740991, "tenth": 0.1, "long": 12.345678901234567, "small": -9007199254740991}}'));
		expect(error).toBeUndefined();
		expect((ctx.sent()[0].body as IDataObject).order).toMatchObject({ metadata: { big: 9007199254740991, tenth: 0.1, long: 12.345678901234567, small: -9007199254740991 } });
	});
});

describe('expressions', () => {
	it('an expression giving a JSON field an object: the number it holds is refused naming the field and the path', async () => {
		const message = await refused(redeem('={{ { "amount": 5000, "customer": { "source_id": 12345678901234567890 } } }}'));
		expect(message).toMatch(/^Order \(JSON\): customer\.source_id: is the number 12345678901234567000: past 9007199254740991/);
	});

	it('an expression giving a text field a number past the range: refused, not sent as its rounded text', async () => {
		const message = await refused({ resource: 'customer', operation: 'upsert', sourceId: 'exact-numbers', additionalFields: { name: '={{ 12345678901234567890 }}' } } as INodeParameters);
		expect(message).toMatch(/^Name: is the number 12345678901234567000: past 9007199254740991/);
	});

	it('an expression giving a whole-number field a number past the range: refused', async () => {
		const message = await refused({ resource: 'customer', operation: 'getAll', limit: '={{ 12345678901234567890 }}' } as INodeParameters);
		expect(message).toMatch(/^Limit: must be a whole number from 1 to 100/);
	});
});

describe('Map Automatically', () => {
	it("an item's number past the range under a text field's key: refused naming the field and the key", async () => {
		const message = await refused({ resource: 'customer', operation: 'upsert', recordFields: 'auto' } as INodeParameters, [{ source_id: 'exact-mapped', name: Number('12345678901234567890') }]);
		expect(message).toMatch(/^Name \(input field "name"\): is the number 12345678901234567000: past 9007199254740991/);
	});

	it("an item's number past the range inside a JSON field's key: refused naming the field, the key and the path", async () => {
		const message = await refused({ resource: 'customer', operation: 'upsert', recordFields: 'auto' } as INodeParameters, [{ source_id: 'exact-mapped', metadata: { crm_id: Number('12345678901234567890') } }]);
		expect(message).toMatch(/crm_id: is the number 12345678901234567000: past 9007199254740991/);
	});
});

describe('the transport, for any number no field check saw', () => {
	it('finds the first inexact number of a query, a form or a body, with its place', () => {
		expect(inexactNumberIn({ order: { items: [{ quantity: 1 }, { quantity: 2 ** 60 }] } })).toEqual({ at: 'order.items[1].quantity', value: 2 ** 60 });
		expect(inexactNumberIn({ filters: { amount: { $gt: [1e21] } } }, 'brackets')).toEqual({ at: 'filters[amount][$gt][0]', value: 1e21 });
		expect(inexactNumberIn([Number.NaN])).toEqual({ at: '[0]', value: Number.NaN });
		expect(inexactNumberIn({ a: 9007199254740991, b: 0.1, c: [-9007199254740991], d: Buffer.from([1]) })).toBeUndefined();
		expect(inexactNumberRule(Infinity)).toBe('is Infinity, which JSON has no number for (it would be sent as null)');
		expect(numberLiteralsOf('{"a": "12 in text", "b": -1.5e3, "c": [7]}')).toEqual(['-1.5e3', '7']);
	});
});
