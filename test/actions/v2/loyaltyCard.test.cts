import { FIXTURES } from '../../emulator/index.cjs';
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { TestCredentialsHelper } from '../../harness/credentialsHelper.cjs';
import { useEmulator, type ActionTestContext } from './helpers.cjs';

const base = {
	resource: 'loyaltyCard',
	operation: 'getManyPendingPointBuckets',
	programId: FIXTURES.programActive,
	memberId: FIXTURES.memberId,
	cardId: FIXTURES.cardId,
};
const listPath = `/v2/loyalties/programs/${FIXTURES.programActive}/members/${FIXTURES.memberId}/cards/${FIXTURES.cardId}/pending-points`;

const ids = (items: Array<{ json: Record<string, unknown> }>) => items.map((item) => item.json.id as string);

describe('Loyalty Card (Beta): Get Many Pending Point Buckets', () => {
	const ctx = useEmulator();

	it('returns exactly Limit buckets, oldest activation first, in one request', async () => {
		const { items, error } = await ctx.run({ ...base, limit: 7 });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(7);
		expect(ctx.sent()).toEqual([{ method: 'GET', path: listPath, query: { order: 'date', limit: '7' }, body: undefined }]);
		const dates = items.map((item) => item.json.date as string);
		expect([...dates].sort()).toEqual(dates);
		for (const { json } of items) expect(json).toMatchObject({ object: 'card_pending_points_bucket', card_id: FIXTURES.cardId, status: 'PENDING' });
		expect(items.map((item) => item.pairedItem)).toEqual(Array(7).fill({ item: 0 }));
	});

	it('returns all 25 future buckets with Return All, newest first when asked', async () => {
		const { items, error } = await ctx.run({ ...base, returnAll: true, order: '-date' });
		expect(error).toBeUndefined();
		expect(new Set(ids(items)).size).toBe(25);
		const dates = items.map((item) => item.json.date as string);
		expect([...dates].sort().reverse()).toEqual(dates);
		expect(ctx.sent()).toEqual([{ method: 'GET', path: listPath, query: { order: '-date', limit: '100' }, body: undefined }]);
	});

	it('gives no items for a card whose pending points are disabled', async () => {
		const { items, error } = await ctx.run({ ...base, cardId: FIXTURES.cardPendingPointsDisabled, returnAll: true });
		expect(error).toBeUndefined();
		expect(items).toEqual([]);
	});

	it('maps a 404 for an unknown card', async () => {
		const { error } = await ctx.run({ ...base, cardId: 'lcrd_ffffffffffff', limit: 5 });
		expect(error?.httpCode).toBe('404');
		expect(error?.context?.serviceError).toMatchObject({ key: 'not_found', resource_id: 'lcrd_ffffffffffff' });
	});

	describe('validation, nothing sent', () => {
		it('checks the program id pattern', () => ctx.expectInvalid({ ...base, programId: 'lprg_XYZ' }, 'Program', /must match/));
		it('needs the member id', () => ctx.expectInvalid({ ...base, memberId: '={{ "  " }}' }, 'Member ID', /is required/));
		it('checks the member and card id patterns', async () => {
			await ctx.expectInvalid({ ...base, memberId: 'member-1' }, 'Member ID', /must match \^lmbr_\[a-f0-9\]\+\$/);
			await ctx.expectInvalid({ ...base, cardId: 'lcrd_XYZ' }, 'Card ID', /must match \^lcrd_\[a-f0-9\]\+\$/);
		});
		it('keeps Limit within 1 to 100', () => ctx.expectInvalid({ ...base, limit: 101 }, 'Limit', /from 1 to 100/));
	});

	describe('OAuth token', () => {
		// One item at a time: n8n's preAuthentication runs for every request that starts while the token is
		// still empty, so parallel first requests would each buy one (see the failing-by-design test below).
		const sequential = { options: { concurrency: 1 } };

		it('is bought once and reused across items', async () => {
			const { items, error } = await ctx.run({ ...base, limit: 2, ...sequential }, { input: [{}, {}, {}] });
			expect(error).toBeUndefined();
			expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 0 }, { item: 1 }, { item: 1 }, { item: 2 }, { item: 2 }]);
			expect(ctx.sent()).toHaveLength(3);
			expect(ctx.tokenRequests()).toBe(1);
			for (const request of ctx.emu.control.requests({ path: listPath })) expect(request.headers.authorization).toBe('***');
		});

		it('is refreshed once after the service expired it, and the run succeeds', async () => {
			const credentials = new TestCredentialsHelper(credentialsFor(ctx.emu));
			expect((await ctx.run({ ...base, limit: 1, ...sequential }, { credentials })).error).toBeUndefined();
			expect(ctx.tokenRequests()).toBe(1);
			const firstToken = credentials.stored.get('loyaltyPromotionsOAuth2Api')?.accessToken;
			ctx.emu.control.expireAllTokens();
			const { items, error } = await ctx.run({ ...base, limit: 3, ...sequential }, { credentials, input: [{}, {}] });
			expect(error).toBeUndefined();
			expect(items).toHaveLength(6);
			expect(ctx.tokenRequests()).toBe(2);
			expect(credentials.stored.get('loyaltyPromotionsOAuth2Api')?.accessToken).not.toBe(firstToken);
		});

		it('is bought once with the default Concurrency too', async () => {
			const { error } = await ctx.run({ ...base, limit: 2 }, { input: [{}, {}, {}] });
			expect(error).toBeUndefined();
			expect(ctx.tokenRequests()).toBe(1);
		});
	});

	it('with Continue On Fail, pairs error items with their inputs and lists the others', async () => {
		const { items, error } = await ctx.run(
			{ ...base, programId: '={{ $json.programId }}', cardId: '={{ $json.cardId }}', limit: 2 },
			{
				input: [
					{ programId: FIXTURES.programActive, cardId: FIXTURES.cardId },
					{ programId: 'bad', cardId: FIXTURES.cardId },
					{ programId: FIXTURES.programActive, cardId: 'lcrd_ffffffffffff' },
					{ programId: FIXTURES.programActive, cardId: FIXTURES.cardId },
				],
				continueOnFail: true,
			},
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }, { item: 3 }]);
		expect(items[2].json.error).toMatch(/^Program: must match/);
		expect(items[3].json).toMatchObject({ httpCode: '404', key: 'not_found', resource_id: 'lcrd_ffffffffffff' });
		expect(ctx.sent()).toHaveLength(3);
	});
});

describe('Loyalty Card (Beta): Get Many Pending Point Buckets across pages', () => {
	const big: ActionTestContext = useEmulator({ seed: 5 });

	it('walks the v2 cursor with Return All: 125 distinct buckets in two requests', async () => {
		const { items, error } = await big.run({ ...base, returnAll: true });
		expect(error).toBeUndefined();
		expect(new Set(ids(items)).size).toBe(125);
		const sent = big.sent();
		expect(sent).toHaveLength(2);
		expect(sent[0].query).toEqual({ order: 'date', limit: '100' });
		expect(sent[1].query).toEqual({ order: 'date', limit: '100', cursor: expect.stringMatching(/^lcrscppb_[a-f0-9]+$/) });
		const dates = items.map((item) => item.json.date as string);
		expect([...dates].sort()).toEqual(dates);
	});

	it('stops at Limit without a second page', async () => {
		const { items } = await big.run({ ...base, limit: 100 });
		expect(items).toHaveLength(100);
		expect(big.sent()).toHaveLength(1);
	});
});
