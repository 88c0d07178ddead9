import type { INodeProperties } from 'n8n-workflow';
import { LoyaltyPromotions } from '../../nodes/LoyaltyPromotions/LoyaltyPromotions.node';
import { MINIMAL } from './minimal';
import { useEmulator } from './v2/helpers';

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
		const properties = new LoyaltyPromotions().description.properties as INodeProperties[];
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
