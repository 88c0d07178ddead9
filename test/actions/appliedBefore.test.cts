import * as answer from '../../nodes/LoyaltyPromotions/actions/answer';
import { RESOURCES } from '../../nodes/LoyaltyPromotions/actions/resources';
import { isSafeToRepeat } from '../../nodes/LoyaltyPromotions/actions/types';
import { APPLIED_BEFORE_ERROR } from '../../nodes/LoyaltyPromotions/transport/errors';
import { MINIMAL, minimalParameters } from './minimal.cjs';
import { useEmulator } from './v2/helpers.cjs';

/**
 * An error met after the service accepted a request that is not safe to repeat (here: making the output items of
 * its answer fails) says the request was applied, so that nobody runs it again believing nothing happened; after a
 * request that is safe to repeat it says no such thing. Generated over every operation that sends one request per
 * item (lists page, bulk operations send one job).
 */

const ctx = useEmulator();

const OPERATIONS = RESOURCES.flatMap((resource) =>
	resource.operations
		.filter((operation) => !operation.list && !operation.batch && MINIMAL[`${resource.value}.${operation.value}`])
		.map((operation) => ({ key: `${resource.value}.${operation.value}`, resource: resource.value, operation: operation.value, write: !isSafeToRepeat(operation) })),
);

// the failure happens only in the run under test, not in the runs that make its prerequisites (a new campaign, customer)
const failing = { now: false };
beforeAll(() => {
	const real = answer.answerItems;
	jest.spyOn(answer, 'answerItems').mockImplementation(async (...args) => {
		if (failing.now) throw new Error('the answer could not be read');
		return await real(...args);
	});
});
afterAll(() => jest.restoreAllMocks());

it('covers writes and reads', () => {
	expect(OPERATIONS.filter((o) => o.write).length).toBeGreaterThan(50);
	expect(OPERATIONS.filter((o) => !o.write).length).toBeGreaterThan(50);
});

it.each(OPERATIONS)('$key: an error after the service answered says whether the request was applied', async ({ key, resource, operation, write }) => {
	const parameters = await minimalParameters(key, ctx.emu);
	ctx.emu.control.clearRequests();
	failing.now = true;
	const { error, items } = await ctx.run({ resource, operation, ...parameters }).finally(() => {
		failing.now = false;
	});
	expect(items).toEqual([]);
	const sent = ctx.emu.control.requests();
	expect(sent.length).toBeGreaterThan(0);
	// a request the service refused (a fixture in a state it does not allow): its own error, never "applied"
	if (sent.some((r) => r.status >= 300)) {
		expect(error?.message).not.toBe('the answer could not be read');
		expect(String(error?.description ?? '')).not.toContain(APPLIED_BEFORE_ERROR);
		return;
	}
	expect(error?.message).toBe('the answer could not be read');
	if (write) expect(error?.description).toContain(APPLIED_BEFORE_ERROR);
	else expect(String(error?.description ?? '')).not.toContain(APPLIED_BEFORE_ERROR);
});

// an answer whose entries are not records (`holders: [null]`) is refused inside the router, with the applied wording,
// instead of failing in n8n's engine after execute() returned
it.each(['referralHolder.add', 'referralHolder.addInCampaign'])('%s: an answer entry that is not a record is refused and says the write was applied', async (key) => {
	const [resource, operation] = key.split('.');
	const parameters = await minimalParameters(key, ctx.emu);
	ctx.emu.control.setAnswers([{ method: 'POST', route: '**/holders', body: { object: 'list', data_ref: 'holders', holders: [null] } }]);
	const { error, items } = await ctx.run({ resource, operation, ...parameters }).finally(() => ctx.emu.control.setAnswers(null));
	expect(items).toEqual([]);
	expect(error?.message).toMatch(/entry that is not a record \(entry 1: null\)/);
	expect(error?.description).toContain(APPLIED_BEFORE_ERROR);
});
