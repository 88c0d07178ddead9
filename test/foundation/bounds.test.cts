/**
 * Every wait and every loop of the transport is bounded, whatever the service answers: an hour-long
 * Retry-After (or X-Rate-Limit-Retry) fails at once with a 429 saying what was asked, the waits after 429s add
 * up to a bounded total per execution, the pacer holds a request for at most one bounded wait, and a list whose
 * cursors come round again, or that ignores its cursor, stops with an error instead of looping or returning
 * entries twice. Each misbehaviour is scripted in the emulator and met over real HTTP through n8n-core.
 */
import type { IDataObject } from 'n8n-workflow';
import { FIXTURES, fixtureCounts } from '../emulator/index.cjs';
import type { ListSpec } from '../../nodes/LoyaltyPromotions/transport/paginate';
import { setupEmulator, type FoundationEnv, type ProbeJob } from './support.cjs';

let env: FoundationEnv;
beforeAll(async () => {
	env = await setupEmulator();
});
afterAll(() => env.emu.stop());
beforeEach(() => env.emu.control.reset());

const categories: ProbeJob = { request: { method: 'GET', path: '/v1/categories' } };
const sent = (path: string) => env.emu.control.requests({ method: 'GET', path });
const HOUR_AHEAD = () => String(Math.ceil(Date.now() / 1000) + 3600);

describe('rate-limit waits', () => {
	it('a Retry-After of an hour is not waited: one request, then a 429 saying what the service asked', async () => {
		env.emu.control.setFaults({ route: '/v1/categories', rateLimitRate: 1, retryAfterSeconds: 3600 });
		const result = await env.probe([categories]);
		expect(result.error).toMatchObject({ httpCode: '429' });
		expect(result.error?.message).toBe('The service asked to wait 1 h before the next request (Retry-After: 3600)');
		expect(result.error?.description).toMatch(/^The node waits at most 1 min at a time for the rate limit, so it stopped waiting/);
		expect(sent('/v1/categories')).toHaveLength(1);
	});

	it('a Retry-After given as an HTTP date an hour ahead is refused the same way', async () => {
		const date = new Date(Date.now() + 3_600_000).toUTCString();
		env.emu.control.setFaults({ route: '/v1/categories', sequence: [429], retryAfterSeconds: date as unknown as number });
		const result = await env.probe([categories]);
		expect(result.error?.message).toMatch(/^The service asked to wait (59 min \d+ s|1 h( 1 s)?) before the next request \(Retry-After: .+ GMT\)$/);
		expect(sent('/v1/categories')).toHaveLength(1);
	});

	it('a 429 whose X-Rate-Limit-Retry is an hour ahead (no Retry-After) is refused the same way', async () => {
		env.emu.control.setFaults({ route: '/v1/categories', sequence: [429], omitRetryAfter: true, headers: { 'X-Rate-Limit-Retry': HOUR_AHEAD() } });
		const result = await env.probe([categories]);
		expect(result.error).toMatchObject({ httpCode: '429' });
		expect(result.error?.message).toMatch(/^The service asked to wait (59 min \d+ s|1 h( 1 s)?) before the next request \(X-Rate-Limit-Retry: \d+, .+ from now\)$/);
		expect(sent('/v1/categories')).toHaveLength(1);
	});

	it('after a refused wait, the other items fail at once without being sent', async () => {
		env.emu.control.setFaults({ route: '/v1/categories', rateLimitRate: 1, retryAfterSeconds: 3600 });
		const result = await env.probe({ defaults: categories, items: [{}, {}, {}] }, { continueOnFail: true });
		expect(result.items.map((item) => item.json.error)).toEqual([
			expect.stringMatching(/^The service asked to wait 1 h/),
			expect.stringMatching(/^The service asked to wait 1 h/),
			expect.stringMatching(/^The service asked to wait 1 h/),
		]);
		expect(result.items.map((item) => item.json.httpCode)).toEqual(['429', '429', '429']);
		expect(sent('/v1/categories')).toHaveLength(1);
	});

	it('the waits after 429s add up to a bounded total per execution, then the run stops waiting', async () => {
		env.emu.control.setFaults({ route: '/v1/categories', rateLimitRate: 1, retryAfterSeconds: 0.3 });
		const result = await env.probe([{ ...categories, transportOptions: { waitLimits: { maxWaitMs: 5000, maxTotalWaitMs: 800 } } }]);
		expect(result.error).toMatchObject({ httpCode: '429' });
		expect(result.error?.message).toMatch(/^The service asked to wait again \(0 s, Retry-After: 0\.3\) after 1 s of waiting in this run$/);
		expect(result.error?.description).toMatch(/^The node waits at most 1 s in all per run for the rate limit, so it stopped waiting and did not send this request again \(3 attempts\)/);
		// 0.3 s + 0.3 s fit in 0.8 s; the third wait would not.
		expect(sent('/v1/categories')).toHaveLength(3);
	});

	it('the pacer holds a request at most one bounded wait, even when the headers say the window ends in an hour', async () => {
		// Every answer says: no request left until an hour from now. The pacer would wait that hour; it waits
		// its bound (here 0.3 s) and sends, and the service decides.
		env.emu.control.setFaults({
			route: '/v1/categories',
			headers: { 'X-Rate-Limit-Limit': '5', 'X-Rate-Limit-Remaining': '0', 'X-Rate-Limit-Retry': HOUR_AHEAD() },
		});
		const result = await env.probe({ defaults: { ...categories, transportOptions: { waitLimits: { maxWaitMs: 300 } } }, items: [{}, {}, {}] });
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.total)).toEqual([3, 3, 3]);
		expect(sent('/v1/categories').map((request) => request.status)).toEqual([200, 200, 200]);
	});
});

const ID_CURSOR: ListSpec = { envelope: 'idCursor', pageSizeParam: 'limit', cursorParam: 'starting_after_id', maxPageSize: 100 };
const COUNTED: ListSpec = { envelope: 'counted', pageSizeParam: 'limit', cursorParam: 'starting_after_id', maxPageSize: 100 };
const V2_CURSOR: ListSpec = { envelope: 'v2Cursor', pageSizeParam: 'limit', cursorParam: 'cursor', maxPageSize: 100 };
const memberActivity = `/v1/loyalties/members/${FIXTURES.memberWithManyActivities}/activity`;
const customerActivities = `/v1/customers/${FIXTURES.customerWithManyActivities}/activities`;
const buckets = `/v2/loyalties/programs/${FIXTURES.programActive}/members/${FIXTURES.memberId}/cards/${FIXTURES.cardId}/pending-points`;

const walk = (path: string, list: ListSpec, extra: Partial<ProbeJob> = {}): ProbeJob => ({
	request: { method: 'GET', path },
	list,
	returnAll: true,
	...extra,
});

async function walkError(job: ProbeJob, credentials?: Parameters<FoundationEnv['probe']>[1]): Promise<{ message: string; items: IDataObject[] }> {
	const result = await env.probe([job], credentials);
	expect(result.error).toBeDefined();
	return { message: result.error!.message, items: result.items.map((item) => item.json) };
}

describe('list walks', () => {
	it('cursors that come round again (A, B, A, …) stop the walk at the first repeat, not after thousands of pages', async () => {
		env.emu.control.setFaults({ route: memberActivity, cursorCycle: ['A', 'B'] });
		const { message, items } = await walkError(walk(memberActivity, ID_CURSOR));
		expect(message).toMatch(/^The service sent the cursor "A" for page 4 a second time, so the list would loop\. Stopped after reading 300 entries/);
		expect(items).toEqual([]);
		expect(sent(memberActivity).map((request) => request.query.starting_after_id)).toEqual([undefined, 'A', 'B']);
	});

	it('a v2 list whose cursors come round again stops the same way (OAuth)', async () => {
		env.emu.control.setFaults({ route: buckets, cursorCycle: ['A', 'B'] });
		const { message } = await walkError(
			walk(buckets, { ...V2_CURSOR, maxPageSize: 5 }, { credentialType: 'loyaltyPromotionsOAuth2Api' }),
		);
		expect(message).toMatch(/^The service sent the cursor "A" for page 4 a second time/);
		expect(sent(buckets).map((request) => request.query.cursor)).toEqual([undefined, 'A', 'B']);
	});

	it('an id-cursor list that ignores its cursor (the same page again) stops without returning an entry twice', async () => {
		env.emu.control.setFaults({ route: memberActivity, ignoreCursor: true });
		const { message } = await walkError(walk(memberActivity, ID_CURSOR));
		expect(message).toMatch(/^The service answered page 2 with entries it had already sent \(it ignored the cursor "[^"]+"\)\. Stopped after reading 100 entries/);
		expect(sent(memberActivity)).toHaveLength(2);
	});

	it('a counted list that ignores its cursor stops the same way, also when the pages differ in size (a limit)', async () => {
		env.emu.control.setFaults({ route: customerActivities, ignoreCursor: true });
		const { message } = await walkError(walk(customerActivities, COUNTED, { returnAll: false, limit: 150 }));
		expect(message).toMatch(/^The service answered page 2 with entries it had already sent/);
		expect(sent(customerActivities).map((request) => request.query.limit)).toEqual(['100', '50']);
	});

	it('a v2 list that ignores its cursor (a fresh cursor, the same page) stops the same way', async () => {
		env.emu.control.setFaults({ route: buckets, ignoreCursor: true });
		const { message } = await walkError(walk(buckets, { ...V2_CURSOR, maxPageSize: 5 }, { credentialType: 'loyaltyPromotionsOAuth2Api' }));
		expect(message).toMatch(/^The service answered page 2 with entries it had already sent/);
		expect(sent(buckets)).toHaveLength(2);
	});

	it('Return All reads a bounded number of pages: a list longer than its bound fails loudly', async () => {
		const total = fixtureCounts(1).memberActivities;
		const { message } = await walkError(walk(memberActivity, { ...ID_CURSOR, maxPageSize: 10, maxEntries: 25 }));
		expect(total).toBeGreaterThan(40);
		expect(message).toBe(
			'The list has more than 30 entries in 3 pages, more than the node reads in one run (at most 25 entries in 4 pages). Narrow it with the operation\'s filters, or turn off Return All and set a Limit.',
		);
		expect(sent(memberActivity)).toHaveLength(3);
	});

	it('Return All holds a bounded number of bytes: a list of huge pages stops at the budget, naming it and what to do', async () => {
		// Each page of 10 activity entries is a few KB of JSON; a budget of 20,000 bytes is passed within a few pages.
		const { message, items } = await walkError(walk(memberActivity, { ...ID_CURSOR, maxPageSize: 10, maxBytes: 20_000 }));
		expect(items).toEqual([]);
		expect(message).toMatch(
			/^The list's entries came to more than 0\.02 MB after \d+ entries in (\d+) pages, more than the node holds of one list in one run \(0\.02 MB\)\. Narrow it with the operation's filters, or turn off Return All and set a Limit\.$/,
		);
		const pages = Number(/in (\d+) pages/.exec(message)![1]);
		expect(sent(memberActivity)).toHaveLength(pages);
		expect(pages).toBeLessThan(fixtureCounts(1).memberActivities / 10);
	});

	it('a well-behaved list is still read whole (the bounds do not get in the way)', async () => {
		const result = await env.probe([walk(memberActivity, ID_CURSOR)]);
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(fixtureCounts(1).memberActivities);
	});
});
