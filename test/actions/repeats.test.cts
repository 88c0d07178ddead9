import type { INodeProperties } from 'n8n-workflow';
import { ACTION_NODE_TYPE, nodeTypeFor } from '../harness/types.cjs';
import { FIXTURES } from '../emulator/index.cjs';
import { MINIMAL } from './minimal.cjs';
import { useEmulator } from './v2/helpers.cjs';

/**
 * Honest repeats, third round: a validation that takes a session lock is not repeated (each repeat without a key
 * takes a new lock), and the JSON fields of validations and redemptions are checked against the contract's enums
 * before anything is sent.
 */

const ctx = useEmulator();
const validate = (sessionJson: string) => ({
	resource: 'validation',
	operation: 'validate',
	...MINIMAL['validation.validate'],
	additionalFields: { ...(MINIMAL['validation.validate'].additionalFields as object), sessionJson },
});

describe('Validate with a session LOCK', () => {
	it('is not repeated after a 503, and the error says why', async () => {
		ctx.emu.control.setFaults({ route: '/v1/validations', sequence: [503] });
		const { error } = await ctx.run(validate('{"type": "LOCK", "ttl": 10, "ttl_unit": "MINUTES"}'));
		expect(ctx.emu.control.requests({ path: '/v1/validations' })).toHaveLength(1);
		expect(error?.description).toMatch(/The request was not repeated, because repeating it could apply it twice/);
	});

	it('without a session it is still repeated after a 503', async () => {
		ctx.emu.control.setFaults({ route: '/v1/validations', sequence: [503] });
		const { error } = await ctx.run({ resource: 'validation', operation: 'validate', ...MINIMAL['validation.validate'] });
		expect(error).toBeUndefined();
		expect(ctx.emu.control.requests({ path: '/v1/validations' }).map((request) => request.status)).toEqual([503, 200]);
	});

	it('the panel says so beside Session (JSON)', () => {
		const properties = nodeTypeFor(ACTION_NODE_TYPE).description.properties as INodeProperties[];
		const notice = properties.find(
			(property) => property.type === 'notice' && property.name === 'sessionLockNotice' && property.displayOptions?.show?.operation?.includes('validate'),
		);
		expect(notice?.displayName).toMatch(/^A validation with a session LOCK .*is not safe to repeat/);
	});
});

describe('Session (JSON) is checked against the contract', () => {
	it.each([
		['{"type": "LOCK", "ttl": 10, "ttl_unit": "MINUTE"}', /ttl_unit: must be one of "DAYS", "HOURS", "MICROSECONDS", "MILLISECONDS", "MINUTES", "NANOSECONDS", "SECONDS" \(got "MINUTE"\)/],
		['{"type": "HOLD"}', /type: must be one of "LOCK" \(got "HOLD"\)/],
		['{"type": "LOCK", "ttl": "ten"}', /ttl: must be a whole number/],
		['{"type": "LOCK", "key": {"id": 1}}', /key: must be text/],
	])('%s is refused before anything is sent', async (sessionJson, rule) => {
		await ctx.expectInvalid(validate(sessionJson), 'Session (JSON)', rule);
	});

	it('Order (JSON) status is one of the order statuses', async () => {
		await ctx.expectInvalid(
			{ resource: 'redemption', operation: 'redeem', ...MINIMAL['redemption.redeem'], additionalFields: { orderJson: '{"status": "DONE"}' } },
			'Order (JSON)',
			/status: must be one of "CREATED", "PAID", "CANCELED", "FULFILLED" \(got "DONE"\)/,
		);
	});

	it('a valid session goes out as written', async () => {
		const { error } = await ctx.run(validate('{"type": "LOCK", "key": "checkout-42", "ttl": 10, "ttl_unit": "MINUTES"}'));
		expect(error).toBeUndefined();
		expect((ctx.sent()[0].body as { session: unknown }).session).toEqual({ type: 'LOCK', key: 'checkout-42', ttl: 10, ttl_unit: 'MINUTES' });
	});
});

describe('a repeat that fails after an earlier attempt may have succeeded says so', () => {
	it.each([
		['Voucher Create with a code (409 already exists)', '/v1/vouchers/', { resource: 'voucher', operation: 'create', type: 'DISCOUNT_VOUCHER', amountOff: 5, code: 'REPEAT-ONCE-1' }, '409'],
		['Redemption Roll Back (400 already rolled back)', '/rollback', { resource: 'redemption', operation: 'rollback', ...MINIMAL['redemption.rollback'] }, '400'],
		['Customer Delete (404)', '/v1/customers/', { resource: 'customer', operation: 'delete', customerId: 'cust_0000000000000002' }, '404'],
	])('%s', async (_what, route, parameters, status) => {
		ctx.emu.control.setFaults({ route, method: parameters.operation === 'delete' ? 'DELETE' : 'POST', sequence: ['reset'], resetAfterProcessing: true });
		const { error } = await ctx.run(parameters);
		expect(error?.httpCode).toBe(status);
		expect(error?.description).toMatch(/An earlier attempt of this request in this run \(attempt 1 of 2\) lost its answer \(ECONNRESET\) after the service may have acted on it: this answer may be the result of that attempt having done it\./);
	});

	it('a 4xx on the first attempt says nothing of earlier attempts', async () => {
		const { error } = await ctx.run({ resource: 'customer', operation: 'delete', customerId: 'cust_unknown_1' });
		expect(error?.httpCode).toBe('404');
		expect(error?.description).not.toMatch(/earlier attempt/);
	});
});

describe('Loyalty Member → Add: notice and behaviour agree', () => {
	it("the notice names Additional Fields → Source ID, the field that makes it safe", () => {
		const properties = nodeTypeFor(ACTION_NODE_TYPE).description.properties as INodeProperties[];
		const notice = properties.find(
			(property) => property.name === 'repeatNotice' && property.displayOptions?.show?.resource?.includes('loyaltyMember') && property.displayOptions?.show?.operation?.includes('add'),
		);
		expect(notice?.displayName).toMatch(/With a Source ID in Additional Fields \(the membership's ID in your system\) it is safe to repeat/);
		expect(notice?.displayName).not.toMatch(/customer Source ID/);
	});

	it('with Additional Fields → Source ID it is repeated after a 503; with only a customer source ID it is not', async () => {
		ctx.emu.control.setFaults({ route: '/members', method: 'POST', sequence: [503] });
		const safe = await ctx.run({ resource: 'loyaltyMember', operation: 'add', ...MINIMAL['loyaltyMember.add'], additionalFields: { sourceId: 'membership-1' } });
		expect(safe.error).toBeUndefined();
		ctx.emu.control.clearRequests();
		ctx.emu.control.setFaults({ route: '/members', method: 'POST', sequence: [503] });
		const unsafe = await ctx.run({ resource: 'loyaltyMember', operation: 'add', ...MINIMAL['loyaltyMember.add'] });
		expect(unsafe.error?.description).toMatch(/The request was not repeated/);
		expect(ctx.emu.control.requests({ path: /members$/, method: 'POST' })).toHaveLength(1);
	});
});

describe('Redemption → Roll Back sends the JSON body the contract asks for', () => {
	it.each([false, true])('stacked %s: an empty JSON object when nothing is set', async (stacked) => {
		const { error } = await ctx.run({ resource: 'redemption', operation: 'rollback', redemptionId: FIXTURES.redemptionIds[1], stacked });
		const [request] = ctx.emu.control.requests({ method: 'POST', path: /\/rollbacks?$/ });
		expect(request.headers['content-type']).toMatch(/^application\/json/);
		expect(request.body).toEqual({});
		if (!stacked) expect(error).toBeUndefined();
	});

	it("the rollback's customer (by source ID) and order go in the body", async () => {
		const { error } = await ctx.run({
			resource: 'redemption',
			operation: 'rollback',
			redemptionId: FIXTURES.redemptionIds[1],
			additionalFields: { customer: 'customer-1', orderJson: '{"source_id": "ORD-1", "status": "CANCELED"}' },
		});
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({ customer: { source_id: 'customer-1' }, order: { source_id: 'ORD-1', status: 'CANCELED' } });
	});

	it('Order (JSON) status is checked', async () => {
		await ctx.expectInvalid(
			{ resource: 'redemption', operation: 'rollback', redemptionId: FIXTURES.redemptionIds[1], additionalFields: { orderJson: '{"status": "REFUNDED"}' } },
			'Order (JSON)',
			/status: must be one of/,
		);
	});
});

describe('Order → Customer ID takes a source ID, as the other customer fields do', () => {
	it.each([
		['customer-77', { source_id: 'customer-77' }],
		['cust_0000000000000001', { id: 'cust_0000000000000001' }],
	])('%s', async (customerId, customer) => {
		const { error } = await ctx.run({ resource: 'order', operation: 'create', additionalFields: { sourceId: `order-of-${customerId}`, customerId } });
		expect(error).toBeUndefined();
		expect((ctx.sent()[0].body as { customer: unknown }).customer).toEqual(customer);
	});
});
