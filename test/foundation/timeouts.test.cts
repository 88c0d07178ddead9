/**
 * A request that gets no answer within n8n's request timeout is reported as timed out (not as a lost
 * connection), and one that is not safe to repeat says it was not repeated. Through the transport probe on
 * n8n's real execution context, against the emulator holding its answers back.
 */
import { timedOut } from '../../nodes/LoyaltyPromotions/transport/errors';
import { setupEmulator, thrownErrors, type FoundationEnv, type ProbeJob } from './support.cjs';

let env: FoundationEnv;
beforeAll(async () => {
	env = await setupEmulator();
});
afterAll(() => env.emu.stop());
beforeEach(() => {
	env.emu.control.reset();
	thrownErrors.length = 0;
});

/** The client's timeout, and how long the emulator holds every answer back: well past it. */
const TIMEOUT_MS = 1000;
const HELD_MS = 3000;
const transportOptions = { timeoutMs: TIMEOUT_MS, maxFaultRetries: 1, backoffBaseMs: 5 };
const trackEvent: ProbeJob = {
	request: { method: 'POST', path: '/v1/events', body: { event: 'order_shipped', customer: { source_id: 'customer-1' } } },
	transportOptions,
};
const categories: ProbeJob = { request: { method: 'GET', path: '/v1/categories' }, transportOptions };

describe('a request that meets the timeout', () => {
	it('that is not safe to repeat: says it timed out and was not repeated, sent once', async () => {
		env.emu.control.setFaults({ route: '/v1/events', delayMs: HELD_MS });
		const { error } = await env.probe([trackEvent]);
		expect(error?.message).toBe(
			'The service did not answer within 1 s: the request timed out; the request was not repeated, as it may have been applied',
		);
		expect(error?.message).not.toMatch(/connection was lost|could not reach/i);
		expect(error?.description).toMatch(/^No answer came from the service at http:\/\/127\.0\.0\.1:\d+ within 1 s \(ECONNABORTED\), so the node stopped waiting\./);
		expect(error?.description).toContain('The request was not repeated, because repeating it could apply it twice');
		expect(env.emu.control.requests({ method: 'POST', path: '/v1/events' })).toHaveLength(1);
	}, 60_000);

	it('that is safe to repeat: repeated, then says it timed out', async () => {
		env.emu.control.setFaults({ route: '/v1/categories', delayMs: HELD_MS });
		const { error } = await env.probe([categories]);
		expect(error?.message).toBe('The service did not answer within 1 s: the request timed out');
		expect(error?.description).toContain('Gave up after 2 attempts.');
		expect(error?.description).not.toContain('not repeated');
		expect(env.emu.control.requests({ method: 'GET', path: '/v1/categories' })).toHaveLength(2);
	}, 60_000);

	it('under Continue On Fail: the item says the same', async () => {
		env.emu.control.setFaults({ route: '/v1/events', delayMs: HELD_MS });
		const { error, items } = await env.probe([trackEvent], { continueOnFail: true });
		expect(error).toBeUndefined();
		expect(items[0].json.error).toMatch(/^The service did not answer within 1 s: the request timed out; the request was not repeated/);
	}, 60_000);

	it('a connection the service closes is still a lost connection, not a timeout', async () => {
		env.emu.control.setFaults({ route: '/v1/events', resetAfterProcessing: true });
		const { error } = await env.probe([trackEvent]);
		expect(error?.message).toBe('The connection was lost before the service answered; the request was not repeated, as it may have been applied');
	}, 60_000);
});

describe('timedOut', () => {
	it.each([
		[{ code: 'ECONNABORTED', message: 'timeout of 60000ms exceeded' }, true],
		[{ code: 'ETIMEDOUT', message: 'timeout of 60000ms exceeded' }, true],
		[{ code: 'ESOCKETTIMEDOUT', message: 'socket hang up' }, true],
		[{ code: 'ECONNABORTED', message: 'Request aborted' }, false],
		[{ code: 'ECONNRESET', message: 'socket hang up' }, false],
		[{ code: 'ETIMEDOUT', message: 'x', status: 504 }, false],
	])('%j → %s', (failure, expected) => {
		expect(timedOut(failure)).toBe(expected);
	});
});
