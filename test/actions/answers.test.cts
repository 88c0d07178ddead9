import { MINIMAL } from './minimal.cjs';
import { useEmulator } from './v2/helpers.cjs';
import { FIXTURES } from '../emulator/index.cjs';

/**
 * Only an answer the operation expects counts as success: a JSON object, or no content where the service
 * documents a 204 (its DELETEs). A wrong Custom URL or a proxy's page answers 200 with anything else; that is an
 * error quoting what came back, so that a redemption never looks done when it was not.
 */

const ctx = useEmulator();

const WRONG_ANSWERS: Array<[string, { contentType?: string; body?: string }, RegExp]> = [
	['an HTML page', { body: '<html><body>Welcome to our proxy</body></html>' }, /<html><body>Welcome to our proxy/],
	['truncated JSON', { contentType: 'application/json', body: '{"id": "r_1", "result": "SUC' }, /\{"id": "r_1", "result": "SUC/],
	['an empty body', { contentType: 'application/json', body: '' }, /an empty body/],
	['null', { contentType: 'application/json', body: 'null' }, /null/],
	['a JSON string', { contentType: 'application/json', body: '"ok"' }, /: "?ok"?\./],
];

const OPERATIONS: Array<[string, string, string]> = [
	['redemption', 'redeem', '/v1/redemptions'],
	['loyaltyMember', 'adjustPoints', '/balance'],
	['voucher', 'adjustBalance', '/balance'],
	['voucher', 'getAll', '/v1/vouchers'],
];

describe.each(OPERATIONS)('%s %s', (resource, operation, route) => {
	it.each(WRONG_ANSWERS)('a 200 with %s is an error quoting it, not a success', async (_what, reply, quoted) => {
		ctx.emu.control.setFaults({ route, replaceReply: reply });
		const { error, items } = await ctx.run({ resource, operation, ...MINIMAL[`${resource}.${operation}`] });
		expect(items).toEqual([]);
		expect(error?.message).toMatch(/^The service answered 200 with something other than the JSON object this operation expects/);
		expect(error?.description).toMatch(quoted);
	});
});

it('a documented 204 (Customer Delete) is a success', async () => {
	const { error, items } = await ctx.run({ resource: 'customer', operation: 'delete', customerId: FIXTURES.customerId });
	expect(error).toBeUndefined();
	expect(items.map((item) => item.json)).toEqual([{ deleted: true, id: FIXTURES.customerId }]);
	expect(ctx.emu.control.requests({ method: 'DELETE' }).map((request) => request.status)).toEqual([204]);
});

it('a 204 where the service documents an object (Redeem) is an error', async () => {
	ctx.emu.control.setFaults({ route: '/v1/redemptions', replaceReply: { status: 204 } });
	const { error, items } = await ctx.run({ resource: 'redemption', operation: 'redeem', ...MINIMAL['redemption.redeem'] });
	expect(items).toEqual([]);
	expect(error?.message).toMatch(/^The service answered 204 with something other than the JSON object/);
});

it('a long page is quoted in part, and never with more than its first 200 characters', async () => {
	ctx.emu.control.setFaults({ route: '/v1/redemptions', replaceReply: { body: `<html>${'x'.repeat(5000)}</html>` } });
	const { error } = await ctx.run({ resource: 'redemption', operation: 'redeem', ...MINIMAL['redemption.redeem'] });
	expect(error?.description).toMatch(/<html>x{194}…/);
	expect(error?.description?.length).toBeLessThan(800);
});
