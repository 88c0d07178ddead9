import type { INodeParameters } from 'n8n-workflow';
import { FIXTURES } from '../../emulator/index.cjs';
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { listSearch } from '../../harness/loadOptions.cjs';
import { useEmulator } from './helpers.cjs';

/** Loyalty Card (Beta): a member's card points, transactions, activities and buckets (pending buckets list: loyaltyCard.test.cts). */
const ctx = useEmulator();
const ids = { programId: FIXTURES.programActive, memberId: FIXTURES.memberId, cardId: FIXTURES.cardId };
const card = (operation: string, parameters: INodeParameters = {}) => ctx.run({ resource: 'loyaltyCard', operation, ...ids, ...parameters } as INodeParameters);
const cardPath = `/v2/loyalties/programs/${FIXTURES.programActive}/members/${FIXTURES.memberId}/cards/${FIXTURES.cardId}`;

/** The card's balance, read through Program Member → Get. */
async function balance(): Promise<number> {
	const { items } = await ctx.run({ resource: 'programMember', operation: 'get', programId: ids.programId, memberId: ids.memberId });
	const cards = items[0].json.cards as Array<{ card: { id: string; balance: { points: number } } }>;
	return cards.find((entry) => entry.card.id === FIXTURES.cardId)!.card.balance.points;
}

describe('Loyalty Card (Beta): Add or Subtract Points', () => {
	it('adds points with a reason: a transaction, the balance and a new expiring bucket', async () => {
		const { items, error } = await card('adjustPoints', { points: 150, additionalFields: { reason: 'Goodwill' } });
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			status: 'TRANSACTION_CREATED',
			message: 'Points addition transaction created',
			transaction: { id: expect.stringMatching(/^lctx_/), type: 'ADMIN_CREDIT', status: 'PENDING', details: { reason: 'Goodwill', points: { total: 150 } } },
		});
		expect(ctx.sent()).toEqual([{ method: 'POST', path: `${cardPath}/points`, query: {}, body: { points: 150, reason: 'Goodwill' } }]);
		expect(await balance()).toBe(1350);
		const buckets = await card('getManyExpiringPointBuckets', { returnAll: true });
		expect(buckets.items.map((item) => (item.json.points as { total: number }).total)).toEqual([200, 400, 600, 150]);
	});

	it('subtracts points, soonest-expiring first; a subtraction past the balance is REJECTED by the service, never below zero', async () => {
		const { error } = await card('adjustPoints', { points: -300 });
		expect(error).toBeUndefined();
		expect(await balance()).toBe(900);
		const buckets = await card('getManyExpiringPointBuckets', { returnAll: true });
		expect(buckets.items.map((item) => (item.json.points as { total: number }).total)).toEqual([300, 600]);
		const tooMuch = await card('adjustPoints', { points: -5000 });
		expect(tooMuch.error).toBeUndefined();
		expect(await balance()).toBe(900);
		const transactions = await card('getManyTransactions', { limit: 1 });
		expect(transactions.items[0].json).toMatchObject({ type: 'ADMIN_DEBIT', status: 'REJECTED', details: { rejection: { reason: 'insufficient_balance' } } });
	});

	it("maps the service's 423 for an inactive member, and is sent once", async () => {
		await ctx.run({ resource: 'programMember', operation: 'deactivate', programId: ids.programId, memberId: ids.memberId });
		ctx.emu.control.clearRequests();
		const { error } = await card('adjustPoints', { points: 10 });
		expect(error?.httpCode).toBe('423');
		expect(error?.context?.serviceError).toMatchObject({ key: 'non_active_member' });
		expect(ctx.sent()).toHaveLength(1);
	});

	it('is marked not safe to repeat: the panel says each run adds the points again', async () => {
		const { adjustPoints } = await import('../../../nodes/LoyaltyPromotions/actions/loyaltyCard/adjustPoints');
		const { isSafeToRepeat } = await import('../../../nodes/LoyaltyPromotions/actions/types');
		expect(isSafeToRepeat(adjustPoints)).toBe(false);
		expect(adjustPoints.repeatHint).toMatch(/adds or subtracts the points again/);
	});

	describe('validation, nothing sent', () => {
		const base = { resource: 'loyaltyCard', operation: 'adjustPoints', ...ids };
		it('refuses 0 points', () => ctx.expectInvalid({ ...base, points: 0 }, 'Points', /other than 0/));
		it('refuses fractional points', () => ctx.expectInvalid({ ...base, points: 1.5 }, 'Points', /whole number/));
		it('keeps the reason within 255 characters', () => ctx.expectInvalid({ ...base, points: 5, additionalFields: { reason: 'r'.repeat(256) } }, 'Reason', /at most 255/));
		it('checks the card ID pattern', () => ctx.expectInvalid({ ...base, cardId: 'LC-00000001', points: 5 }, 'Card', /must match \^lcrd_/));
	});
});

describe('Loyalty Card (Beta): Get Many Transactions, Get Many Activities', () => {
	it('lists transactions newest first through the v2 cursor, with date filters', async () => {
		await card('adjustPoints', { points: 10 });
		const { items, error } = await card('getManyTransactions', { returnAll: true, filters: { createdAfter: '2000-01-01T00:00:00Z' } });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.type)).toEqual(['ADMIN_CREDIT', 'ADMIN_CREDIT']);
		expect(items[1].json).toMatchObject({ id: 'lctx_0000000000001', details: { reason: 'Opening balance' } });
		expect(ctx.sent()[1].query).toEqual({ 'filters[created_at][conditions][$after]': '2000-01-01T00:00:00.000Z', limit: '100' });
	});

	it("lists the card's activities, filtered by type", async () => {
		const all = await card('getManyActivities', { returnAll: true });
		expect(all.items.map((item) => item.json.type)).toEqual(['vl.card.code_generation.succeeded', 'vl.card.assigned', 'vl.card.created']);
		const one = await card('getManyActivities', { limit: 5, filters: { type: 'vl.card.created' } });
		expect(one.items.map((item) => item.json.type)).toEqual(['vl.card.created']);
	});

	it('maps a 404 for a card of another member', async () => {
		const { error } = await card('getManyTransactions', { cardId: 'lcrd_ffffffff', limit: 5 });
		expect(error?.httpCode).toBe('404');
		expect(error?.context?.serviceError).toMatchObject({ resource_type: 'card' });
	});
});

describe('Loyalty Card (Beta): expiring and pending point buckets', () => {
	it('lists expiring buckets soonest first, or latest first', async () => {
		const soonest = await card('getManyExpiringPointBuckets', { limit: 2 });
		expect(soonest.items.map((item) => item.json.id)).toEqual(FIXTURES.expiringBucketIds.slice(0, 2));
		const latest = await card('getManyExpiringPointBuckets', { limit: 1, order: '-expiration_date' });
		expect(latest.items.map((item) => item.json.id)).toEqual([FIXTURES.expiringBucketIds[2]]);
		expect(ctx.sent()[1].query).toEqual({ order: '-expiration_date', limit: '1' });
	});

	it('expires a bucket now: its points leave the balance, and a second expiry is refused (423)', async () => {
		const { items, error } = await card('expirePointBucket', { bucketId: FIXTURES.expiringBucketIds[1] });
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ status: 'TRANSACTION_CREATED', transaction: { type: 'ADMIN_POINTS_EXPIRATION', details: { bucket: { id: FIXTURES.expiringBucketIds[1] } } } });
		expect(await balance()).toBe(800);
		const again = await card('expirePointBucket', { bucketId: FIXTURES.expiringBucketIds[1] });
		expect(again.error?.httpCode).toBe('423');
	});

	it('activates a future pending bucket (points join the balance) and cancels another; a settled bucket is refused (423)', async () => {
		const pending = await card('getManyPendingPointBuckets', { limit: 2 });
		const [first, second] = pending.items.map((item) => item.json as { id: string; points: { total: number } });
		const before = await balance();
		const activated = await card('activatePendingPointBucket', { bucketId: first.id });
		expect(activated.error).toBeUndefined();
		expect(activated.items[0].json).toMatchObject({ transaction: { type: 'PENDING_POINTS_ACTIVATED' }, message: 'Points activation transaction created' });
		expect(await balance()).toBe(before + first.points.total);
		const canceled = await card('cancelPendingPointBucket', { bucketId: second.id });
		expect(canceled.items[0].json).toMatchObject({ transaction: { type: 'PENDING_POINTS_CANCELED' } });
		const refused = await card('cancelPendingPointBucket', { bucketId: first.id });
		expect(refused.error?.httpCode).toBe('423');
		expect(refused.error?.context?.serviceError).toMatchObject({ key: 'invalid_pending_points_bucket_status' });
		expect(ctx.sent().filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([
			`${cardPath}/pending-points/${first.id}/activate`,
			`${cardPath}/pending-points/${second.id}/cancel`,
			`${cardPath}/pending-points/${first.id}/cancel`,
		]);
	});

	it('checks each kind of bucket ID against its pattern, nothing sent', async () => {
		await ctx.expectInvalid({ resource: 'loyaltyCard', operation: 'expirePointBucket', ...ids, bucketId: 'lcppb_0001' }, 'Points Bucket', /must match \^lcpeb_/);
		await ctx.expectInvalid({ resource: 'loyaltyCard', operation: 'activatePendingPointBucket', ...ids, bucketId: 'lcpeb_0001' }, 'Pending Points Bucket', /must match \^lcppb_/);
	});
});

describe('Card and bucket: From List', () => {
	const rl = (value: string) => ({ __rl: true, mode: 'id', value });
	const parameters = (operation: string, extra: INodeParameters = {}) =>
		({ resource: 'loyaltyCard', operation, programId: rl(ids.programId), memberId: rl(ids.memberId), ...extra }) as INodeParameters;

	it("lists the chosen member's cards with their code and balance", async () => {
		const { results } = await listSearch('searchMemberCards', { parameters: parameters('getManyTransactions'), credentials: credentialsFor(ctx.emu) });
		expect(results).toEqual(
			expect.arrayContaining([
				{ name: 'LC-00000001 (1200 points)', value: FIXTURES.cardId },
				{ name: 'LC-00000002 (0 points)', value: FIXTURES.cardPendingPointsDisabled },
			]),
		);
		const none = await listSearch('searchMemberCards', { parameters: { resource: 'loyaltyCard', operation: 'getManyTransactions' }, credentials: credentialsFor(ctx.emu) });
		expect(none.results).toEqual([]);
	});

	it("lists the chosen card's expiring buckets by points and date", async () => {
		const { results } = await listSearch('searchExpiringPointBuckets', { parameters: parameters('expirePointBucket', { cardId: rl(ids.cardId) }), credentials: credentialsFor(ctx.emu) });
		expect(results.map((item) => item.value)).toEqual(FIXTURES.expiringBucketIds);
		expect(results[0].name).toMatch(/^200 points, \d{4}-\d{2}-\d{2}$/);
		const pending = await listSearch('searchPendingPointBuckets', { parameters: parameters('cancelPendingPointBucket', { cardId: rl(ids.cardId) }), credentials: credentialsFor(ctx.emu) });
		expect(pending.results.length).toBeGreaterThan(0);
		expect(String(pending.results[0].value)).toMatch(/^lcppb_/);
	});
});
