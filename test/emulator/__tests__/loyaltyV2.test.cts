import { fixtureCounts } from '../index.cjs';
import { expectError, FIXTURES, setup, TestEnv } from './helpers.cjs';

let t: TestEnv;
/** An emulator that accepts only the published contract's current shapes, as the live service does. */
let strict: TestEnv;
let B: Record<string, string>;
beforeAll(async () => {
	t = await setup();
	strict = await setup({ acceptSeedShapes: false });
});
beforeEach(async () => {
	t.emu.control.reset();
	strict.emu.control.reset();
	B = await t.B();
});

/** Bearer headers for `env`'s emulator. */
const bearer = async (env: TestEnv) => (env === t ? B : await env.B());
afterAll(async () => {
	await t.emu.stop();
	await strict.emu.stop();
});

const buckets = (program = FIXTURES.programActive, member = FIXTURES.memberId, card = FIXTURES.cardId, q = '') =>
	`/v2/loyalties/programs/${program}/members/${member}/cards/${card}/pending-points${q}`;

describe('GET /v2/.../cards/{cardId}/pending-points', () => {
	it('returns a v2 list of PENDING future buckets, 10 by default, with a cursor', async () => {
		const r = await t.http.get(buckets(), { headers: B });
		expect(r.status).toBe(200);
		expect(Object.keys(r.data).sort()).toEqual(['cursor', 'data', 'object']);
		expect(r.data.object).toBe('list');
		expect(r.data.data).toHaveLength(10);
		expect(r.data.cursor.next).toMatch(/^lcrscppb_[a-f0-9]+$/);
		expect(Date.parse(r.data.cursor.expires_at)).toBeGreaterThan(Date.now());
		const b = r.data.data[0];
		expect(b).toMatchObject({
			id: expect.any(String), card_id: FIXTURES.cardId, card_definition_id: FIXTURES.cardDefinitionActive, program_id: FIXTURES.programActive,
			card_type: 'INDIVIDUAL', member_id: FIXTURES.memberId, points: { total: expect.any(Number) }, date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
			type: expect.any(String), status: 'PENDING', created_at: expect.any(String), object: 'card_pending_points_bucket',
		});
	});

	it('walks every page with cursor; only PENDING buckets dated in the future; the cursor is null at the end', async () => {
		const all: any[] = [];
		let cursor: string | null = null;
		do {
			const r: any = await t.http.get(buckets(undefined, undefined, undefined, `?limit=7${cursor ? `&cursor=${cursor}` : ''}`), { headers: B });
			expect(r.status).toBe(200);
			all.push(...r.data.data);
			cursor = r.data.cursor?.next;
		} while (cursor);
		expect(all).toHaveLength(fixtureCounts(1).buckets);
		const today = new Date().toISOString().slice(0, 10);
		expect(all.every((b) => b.status === 'PENDING' && b.date > today)).toBe(true);
		const dates = all.map((b) => b.date);
		expect([...dates].sort()).toEqual(dates);
		const stored = t.emu.control.state.buckets.get(FIXTURES.cardId)!;
		expect(stored.length).toBeGreaterThan(all.length);
	});

	it('orders by -date', async () => {
		const r = await t.http.get(buckets(undefined, undefined, undefined, '?limit=100&order=-date'), { headers: B });
		const dates = r.data.data.map((b: any) => b.date);
		expect([...dates].sort().reverse()).toEqual(dates);
	});

	it('an empty list when the card definition has pending points disabled', async () => {
		const r = await t.http.get(buckets(undefined, undefined, FIXTURES.cardPendingPointsDisabled), { headers: B });
		expect(r.status).toBe(200);
		expect(r.data).toEqual({ object: 'list', data: [], cursor: null });
	});

	it('400 for an expired, unknown or malformed cursor', async () => {
		t.emu.control.setCursorLifetime(30);
		const r = await t.http.get(buckets(undefined, undefined, undefined, '?limit=2'), { headers: B });
		await new Promise((res) => setTimeout(res, 60));
		expectError(await t.http.get(buckets(undefined, undefined, undefined, `?cursor=${r.data.cursor.next}`), { headers: B }), 400, 'cursor_expired');
		expectError(await t.http.get(buckets(undefined, undefined, undefined, '?cursor=lcrscppb_abc123'), { headers: B }), 400, 'invalid_cursor');
		expectError(await t.http.get(buckets(undefined, undefined, undefined, '?cursor=nope'), { headers: B }), 400);
	});

	it('400 for a cursor of another card and for a bad limit or order', async () => {
		const r = await t.http.get(buckets(undefined, undefined, undefined, '?limit=2'), { headers: B });
		expectError(await t.http.get(buckets(undefined, undefined, FIXTURES.cardPendingPointsDisabled, `?cursor=${r.data.cursor.next}`), { headers: B }), 400);
		for (const q of ['?limit=0', '?limit=101', '?order=id'])
			expectError(await t.http.get(buckets(undefined, undefined, undefined, q), { headers: B }), 400);
	});

	it('404 for unknown program, member or card', async () => {
		expectError(await t.http.get(buckets('lprg_ffff'), { headers: B }), 404, 'not_found');
		expectError(await t.http.get(buckets(undefined, 'lmbr_nope'), { headers: B }), 404, 'not_found');
		const r = await t.http.get(buckets(undefined, undefined, 'lcrd_nope'), { headers: B });
		expectError(r, 404, 'not_found');
		expect(r.data).toMatchObject({ resource_id: 'lcrd_nope', resource_type: 'card' });
	});
});

describe('POST /v2/loyalties/programs/{programId}/rewards/batch', () => {
	const batch = async (program: string, body: unknown, env = t) => env.http.post(`/v2/loyalties/programs/${program}/rewards/batch`, body, { headers: await bearer(env) });
	const [assignedId, second, third] = FIXTURES.v2RewardIds;
	const limited = (quantity: number) => ({ type: 'LIMITED', limited: { quantity } });
	const entry = (id: string, quantity = 10) => ({ id, stock: limited(quantity) });

	it('assigns and unassigns, unassigning first; the answer lists program rewards with their stock', async () => {
		const r = await batch(FIXTURES.programActive, {
			assign: [entry(second), { id: third, stock: { type: 'UNLIMITED' } }, entry(assignedId, 250)],
			unassign: [{ id: assignedId }],
		});
		expect(r.status).toBe(200);
		expect(r.data.unassigned).toEqual([
			{ reward_id: assignedId, stock: limited(50), redeemed: 3, created_at: expect.any(String), updated_at: null, object: 'program_reward' },
		]);
		expect(r.data.assigned).toEqual([
			{ reward_id: second, stock: limited(10), redeemed: 0, created_at: expect.any(String), updated_at: null, object: 'program_reward' },
			{ reward_id: third, stock: { type: 'UNLIMITED' }, redeemed: 0, created_at: expect.any(String), updated_at: null, object: 'program_reward' },
			expect.objectContaining({ reward_id: assignedId, stock: limited(250) }),
		]);
		const stored = t.emu.control.state.programRewards.get(FIXTURES.programActive)!;
		expect(stored.get(assignedId)!.stock).toEqual(limited(250));
		expect(stored.has(second)).toBe(true);
	});

	it('answers null for the list that was not asked for', async () => {
		const r = await batch(FIXTURES.programActive, { unassign: [{ id: assignedId }] });
		expect(r.data).toEqual({ assigned: null, unassigned: [expect.objectContaining({ reward_id: assignedId })] });
		const none = await batch(FIXTURES.programActive, {});
		expect(none.data).toEqual({ assigned: null, unassigned: null });
	});

	it('still accepts the seed shape (integer stock with costs), stored as a LIMITED stock', async () => {
		const seed = { id: second, costs: [{ spending: [{ points: 100, card_definition_id: FIXTURES.cardDefinitionActive }] }], stock: 7 };
		const r = await batch(FIXTURES.programActive, { assign: [seed] });
		expect(r.status).toBe(200);
		expect(r.data.assigned).toEqual([expect.objectContaining({ reward_id: second, stock: limited(7) })]);
		const missingCard = { ...seed, costs: [{ spending: [{ points: 1, card_definition_id: 'lcdef_0fff' }] }] };
		expectError(await batch(FIXTURES.programActive, { assign: [missingCard] }), 404, 'not_found');
	});

	it('refuses the seed shape when running with acceptSeedShapes: false', async () => {
		const seed = { id: second, costs: [{ spending: [{ points: 100, card_definition_id: FIXTURES.cardDefinitionActive }] }], stock: 7 };
		const r = await batch(FIXTURES.programActive, { assign: [seed] }, strict);
		expectError(r, 400, 'invalid_payload');
		expect(r.data.details).toMatch(/costs|stock/);
		expect((await batch(FIXTURES.programActive, { assign: [entry(second)] }, strict)).status).toBe(200);
	});

	it('400 for a program id not matching ^lprg_[a-f0-9]+$', async () => {
		expectError(await batch('program_1', { assign: [entry(second)] }), 400, 'invalid_param');
		expectError(await batch('lprg_XYZ', { assign: [entry(second)] }), 400, 'invalid_param');
	});

	it('404 for an unknown program, reward or assignment (the whole batch fails)', async () => {
		expectError(await batch('lprg_abcdef', { assign: [entry(second)] }), 404, 'not_found');
		const r = await batch(FIXTURES.programActive, { assign: [entry('lrew_0fff')] });
		expectError(r, 404, 'not_found');
		expect(r.data).toMatchObject({ resource_id: 'lrew_0fff', resource_type: 'reward' });
		expectError(await batch(FIXTURES.programActive, { unassign: [{ id: 'lrew_0fff' }] }), 404);
		expectError(await batch(FIXTURES.programActive, { unassign: [{ id: FIXTURES.v2RewardIds[5] }] }), 404);
	});

	it('at most 10 entries in assign and 10 in unassign', async () => {
		const ids = FIXTURES.v2RewardIds.slice(0, 11);
		expectError(await batch(FIXTURES.programActive, { assign: ids.map((id) => entry(id)) }), 400, 'invalid_payload');
		expectError(await batch(FIXTURES.programActive, { unassign: ids.map((id) => ({ id })) }), 400, 'invalid_payload');
		const ten = await batch(FIXTURES.programDraft, { assign: ids.slice(0, 10).map((id) => entry(id)) });
		expect(ten.status).toBe(200);
		expect(ten.data.assigned).toHaveLength(10);
	});

	it.each([
		['assign not an array', { assign: {} }],
		['an unknown top-level property', { assign: [], add: [] }],
		['entry without id', { assign: [{ stock: { type: 'UNLIMITED' } }] }],
		['an id that is not lrew_…', { assign: [{ id: FIXTURES.rewardIds[0], stock: { type: 'UNLIMITED' } }] }],
		['entry without stock', { assign: [{ id: 'lrew_0000000000002' }] }],
		['an unknown stock type', { assign: [{ id: 'lrew_0000000000002', stock: { type: 'SOME' } }] }],
		['LIMITED without limited', { assign: [{ id: 'lrew_0000000000002', stock: { type: 'LIMITED' } }] }],
		['UNLIMITED with limited', { assign: [{ id: 'lrew_0000000000002', stock: { type: 'UNLIMITED', limited: { quantity: 1 } } }] }],
		['a negative quantity', { assign: [{ id: 'lrew_0000000000002', stock: { type: 'LIMITED', limited: { quantity: -1 } } }] }],
		['a fractional quantity', { assign: [{ id: 'lrew_0000000000002', stock: { type: 'LIMITED', limited: { quantity: 1.5 } } }] }],
		['an unknown entry property', { assign: [{ id: 'lrew_0000000000002', stock: { type: 'UNLIMITED' }, note: 'x' }] }],
		['a reward twice in assign', { assign: [{ id: 'lrew_0000000000002', stock: { type: 'UNLIMITED' } }, { id: 'lrew_0000000000002', stock: { type: 'UNLIMITED' } }] }],
		['a reward twice in unassign', { unassign: [{ id: 'lrew_0000000000001' }, { id: 'lrew_0000000000001' }] }],
		['seed shape: negative points', { assign: [{ id: 'lrew_0000000000002', costs: [{ spending: [{ points: -1, card_definition_id: 'lcdef_a0000000000001' }] }], stock: 1 }] }],
		['seed shape: missing costs', { assign: [{ id: 'lrew_0000000000002', stock: 1 }] }],
	])('400 for %s', async (_, body) => {
		expectError(await batch(FIXTURES.programActive, body), 400, 'invalid_payload');
	});

	it('leaves the state untouched when validation fails', async () => {
		const before = [...t.emu.control.state.programRewards.get(FIXTURES.programActive)!.keys()];
		await batch(FIXTURES.programActive, { unassign: [{ id: assignedId }], assign: [entry('lrew_0fff')] });
		expect([...t.emu.control.state.programRewards.get(FIXTURES.programActive)!.keys()]).toEqual(before);
	});

	it('401 with neither app keys nor a Bearer token', async () => {
		expectError(await t.http.post(`/v2/loyalties/programs/${FIXTURES.programActive}/rewards/batch`, { assign: [entry(second)] }, { headers: {} }), 401, 'unauthorized');
	});
});

describe('PUT /v2/loyalties/card-definitions/{id}', () => {
	const put = async (id: string, body: unknown, env = t) => env.http.put(`/v2/loyalties/card-definitions/${id}`, body, { headers: await bearer(env) });
	const current = {
		points_expiration: { type: 'ROLLING_EXPIRATION', rolling_expiration: { period: { value: 6, unit: 'MONTH' }, rounding: { type: 'END_OF_PARTICULAR_MONTH', value: 12 } } },
		pending_points: { type: 'FIXED_DATES', fixed_dates: { dates: [{ day: 29, month: 2 }] } },
		earning_limits: { global: { type: 'LIMITED', limits: [{ type: 'BALANCE_BASED', max: 10000 }] }, transactions: { type: 'LIMITED', limits: [{ type: 'POINTS', max: 50 }, { type: 'SPENDING', min_amount: 1000 }] } },
		spending_limits: { global: { type: 'NO_LIMIT', limits: null }, transactions: { type: 'LIMITED', limits: [{ type: 'POINTS', max: 500 }] } },
		refunds: { spent_points: { type: 'REFUNDABLE', methods: [{ type: 'RETURN_POINTS', mode: 'REFUND_ITEM' }] }, earned_points: { type: 'REFUNDABLE', methods: [{ type: 'REVOKE_FROM_PENDING' }] } },
		pay_with_points: { type: 'EXCHANGE_RATIO', exchange_ratio: { formula: 0.01 } },
	};

	it('updates any field of a DRAFT card definition in the current shape and sets updated_at', async () => {
		const body = { name: 'Renamed', metadata: { a: 1 }, code_config: { pattern: 'LC-########', length: 8 }, balance_settings: { allow_negative: false }, ...current };
		const r = await put(FIXTURES.cardDefinitionDraft, body, strict);
		expect(r.status).toBe(200);
		// a scope's limits sent as null come back as the contract's empty list
		const spendingLimits = { ...current.spending_limits, global: { type: 'NO_LIMIT', limits: [] } };
		expect(r.data).toMatchObject({ ...body, spending_limits: spendingLimits, id: FIXTURES.cardDefinitionDraft, object: 'card_definition', status: 'DRAFT', type: 'INDIVIDUAL' });
		expect(r.data.updated_at).toEqual(expect.any(String));
	});

	it('still accepts the seed shapes (mode objects without type), unless acceptSeedShapes is false', async () => {
		const seed = { points_expiration: { calendar_expiration: { expiration_dates: [{ day: 31, month: 12 }] } }, pending_points: { fixed_dates: { dates: [{ day: 1, month: 1 }] } } };
		const r = await put(FIXTURES.cardDefinitionDraft, seed);
		expect(r.status).toBe(200);
		expect(r.data).toMatchObject(seed);
		const refused = await put(FIXTURES.cardDefinitionDraft, seed, strict);
		expectError(refused, 400, 'invalid_payload');
		expect(refused.data.details).toMatch(/points_expiration\.type is required/);
	});

	it('a non-DRAFT card definition accepts only name and metadata (409 otherwise)', async () => {
		const ok = await put(FIXTURES.cardDefinitionActive, { name: 'New name', metadata: { x: 'y' } });
		expect(ok.status).toBe(200);
		expect(ok.data).toMatchObject({ name: 'New name', metadata: { x: 'y' }, status: 'ACTIVE' });
		const r = await put(FIXTURES.cardDefinitionActive, { name: 'n', code_config: { length: 12 } });
		expectError(r, 409, 'resource_in_invalid_state');
		expect(r.data.details).toMatch(/code_config/);
		expect(r.data.details).toMatch(/ACTIVE/);
		expect(t.emu.control.state.cardDefinitions.get(FIXTURES.cardDefinitionActive)!.name).toBe('New name');
	});

	it('rejects unknown properties with 400', async () => {
		const r = await put(FIXTURES.cardDefinitionDraft, { name: 'x', colour: 'red' });
		expectError(r, 400, 'invalid_payload');
		expect(r.data.details).toMatch(/colour/);
		expectError(await put(FIXTURES.cardDefinitionDraft, { points_expiration: { yearly: {} } }), 400);
	});

	it('name must be 1 to 200 characters; at least one field', async () => {
		expectError(await put(FIXTURES.cardDefinitionDraft, { name: '' }), 400, 'invalid_payload');
		expectError(await put(FIXTURES.cardDefinitionDraft, { name: 'x'.repeat(201) }), 400, 'invalid_payload');
		expect((await put(FIXTURES.cardDefinitionDraft, { name: 'x'.repeat(200) })).status).toBe(200);
		expectError(await put(FIXTURES.cardDefinitionDraft, {}), 400, 'invalid_payload');
	});

	it.each([
		['a rolling period without unit', { points_expiration: { type: 'ROLLING_EXPIRATION', rolling_expiration: { period: { value: 6 } } } }, /unit is required/],
		['a rolling period over its unit maximum', { points_expiration: { type: 'ROLLING_EXPIRATION', rolling_expiration: { period: { value: 13, unit: 'MONTH' } } } }, /at most 12 when unit is MONTH/],
		['a mode object other than the type', { points_expiration: { type: 'NO_EXPIRATION', calendar_expiration: { expiration_dates: [{ day: 1, month: 1 }] } } }, /null or absent when points_expiration.type is NO_EXPIRATION/],
		['the type without its mode object', { pending_points: { type: 'PERIOD_BASED' } }, /period_based is required/],
		['a rounding month with another rounding type', { points_expiration: { type: 'ROLLING_EXPIRATION', rolling_expiration: { period: { value: 1, unit: 'YEAR' }, rounding: { type: 'END_OF_MONTH', value: 3 } } } }, /value must be null or absent/],
		['30 February', { pending_points: { type: 'FIXED_DATES', fixed_dates: { dates: [{ day: 30, month: 2 }] } } }, /at most 29 in month 2/],
		['a sliding expiration with no activity', { points_expiration: { type: 'SLIDING_EXPIRATION', sliding_expiration: { period: { value: 1, unit: 'YEAR' } } } }, /must be true/],
		['an event type that is not a schema id', { pending_points: { type: 'EVENT_BASED', event_based: { event_types: ['order_paid'], cancel_period: { value: 30, unit: 'DAY' } } } }, /must match/],
		['a LIMITED global limit without limits', { earning_limits: { global: { type: 'LIMITED', limits: [] }, transactions: { type: 'NO_LIMIT' } } }, /exactly 1 entry/],
		['a repeated transaction limit type', { earning_limits: { global: { type: 'NO_LIMIT' }, transactions: { type: 'LIMITED', limits: [{ type: 'POINTS', max: 1 }, { type: 'POINTS', max: 2 }] } } }, /must not repeat/],
		['a limit of an unknown type', { spending_limits: { global: { type: 'LIMITED', limits: [{ type: 'BALANCE_BASED', max: 1 }] }, transactions: { type: 'NO_LIMIT' } } }, /must be one of SPENDING_BASED, TIME_BASED/],
		['a refund method without mode', { refunds: { spent_points: { type: 'REFUNDABLE', methods: [{ type: 'RETURN_POINTS' }] }, earned_points: { type: 'NONE' } } }, /mode is required/],
		['a negative balance with expiring points', { balance_settings: { allow_negative: true } }, /allow_negative can be true only when points_expiration.type is NO_EXPIRATION/],
		['a non-boolean allow_negative', { balance_settings: { allow_negative: 'no' } }, /must be a boolean/],
		['metadata that is not an object', { metadata: [] }, /must be an object/],
	])('400 for %s', async (_, body, details) => {
		const r = await put(FIXTURES.cardDefinitionDraft, body, strict);
		expectError(r, 400, 'invalid_payload');
		expect(r.data.details).toMatch(details);
	});

	it('a negative balance is accepted once points never expire', async () => {
		const r = await put(FIXTURES.cardDefinitionDraft, { points_expiration: { type: 'NO_EXPIRATION' }, balance_settings: { allow_negative: true } });
		expect(r.status).toBe(200);
		expect(r.data).toMatchObject({ points_expiration: { type: 'NO_EXPIRATION' }, balance_settings: { allow_negative: true } });
	});

	it('400 for an id not matching ^lcdef_[a-f0-9]+$; 404 for an unknown one; 401 without app keys or a token', async () => {
		expectError(await put('lcdf_draft00000001', { name: 'x' }), 400, 'invalid_param');
		expectError(await put('lcdef_0fff', { name: 'x' }), 404, 'not_found');
		expectError(await t.http.put(`/v2/loyalties/card-definitions/${FIXTURES.cardDefinitionDraft}`, { name: 'x' }, { headers: {} }), 401);
	});
});

describe('PUT /v2/loyalties/tier-structures/{id}', () => {
	const put = async (id: string, body: unknown, env = t) => env.http.put(`/v2/loyalties/tier-structures/${id}`, body, { headers: await bearer(env) });
	const earned = (card = FIXTURES.cardDefinitionDraft) => ({ card_definition_id: card, period: { value: 6, unit: 'MONTH' }, type: 'NEXT_TRACKING_PERIOD' });

	it('updates a DRAFT tier structure in the current shape', async () => {
		const body = {
			name: 'Tiers',
			expiration: { type: 'CALENDAR_EXPIRATION', calendar_expiration: { calendar_dates: [{ day: 31, month: 12 }] } },
			downgrade: { type: 'MULTI_LEVEL', grace_period: { value: 10, unit: 'DAY', round_up: true } },
			metadata: { k: 1 },
		};
		const r = await put(FIXTURES.tierStructureDraft, body, strict);
		expect(r.status).toBe(200);
		expect(r.data).toMatchObject({
			id: FIXTURES.tierStructureDraft, object: 'tier_structure', type: 'POINT_BALANCE',
			point_balance: { card_definition_id: FIXTURES.cardDefinitionDraft }, ...body,
		});
		expect(r.data).not.toHaveProperty('point_earned');
		expect(r.data).not.toHaveProperty('card_definition_id');
		expect(r.data.updated_at).toEqual(expect.any(String));
	});

	it('switches type with the matching tracking settings, the other one left out', async () => {
		const r = await put(FIXTURES.tierStructureDraft, { type: 'POINT_EARNED', point_earned: earned(FIXTURES.cardDefinitionActive) }, strict);
		expect(r.status).toBe(200);
		expect(r.data).toMatchObject({ type: 'POINT_EARNED', point_earned: earned(FIXTURES.cardDefinitionActive) });
		expect(r.data).not.toHaveProperty('point_balance');
		const back = await put(FIXTURES.tierStructureDraft, { type: 'POINT_BALANCE', point_balance: { card_definition_id: FIXTURES.cardDefinitionDraft }, point_earned: null }, strict);
		expect(back.data).toMatchObject({ type: 'POINT_BALANCE', point_balance: { card_definition_id: FIXTURES.cardDefinitionDraft } });
		expect(back.data).not.toHaveProperty('point_earned');
	});

	it.each([
		['type POINT_EARNED without point_earned', { type: 'POINT_EARNED' }, /point_earned is required/],
		['type POINT_BALANCE with point_earned', { type: 'POINT_BALANCE', point_balance: { card_definition_id: 'lcdef_d0000000000001' }, point_earned: earned() }, /point_earned must be null or absent/],
		['a top-level card_definition_id', { card_definition_id: 'lcdef_d0000000000001' }, /Unknown properties in body: card_definition_id/],
		['point_earned without its type', { type: 'POINT_EARNED', point_earned: { card_definition_id: 'lcdef_d0000000000001', period: { value: 6, unit: 'MONTH' } } }, /point_earned\.type is required/],
		['a tracking period over 52 weeks', { type: 'POINT_EARNED', point_earned: { card_definition_id: 'lcdef_d0000000000001', period: { value: 53, unit: 'WEEK' }, type: 'IMMEDIATELY' } }, /at most 52 when unit is WEEK/],
		['a card definition id not lcdef_…', { type: 'POINT_BALANCE', point_balance: { card_definition_id: 'lcdf_draft00000001' } }, /must match/],
		['an expiration without type (the seed shape)', { expiration: { calendar_expiration: { calendar_dates: [{ day: 31, month: 12 }] } } }, /expiration\.type is required/],
		['an unknown expiration type', { expiration: { type: 'ROLLING_EXPIRATION' } }, /must be one of NO_RETENTION/],
		['a downgrade grace period with NO_DOWNGRADE', { downgrade: { type: 'NO_DOWNGRADE', grace_period: { value: 1, unit: 'DAY' } } }, /grace_period must be null or absent/],
		['a grace period without unit', { downgrade: { type: 'SINGLE_LEVEL', grace_period: { value: 1 } } }, /unit is required/],
		['a sliding expiration without period', { expiration: { type: 'SLIDING_EXPIRATION', sliding_expiration: { earning_activity: true } } }, /period is required/],
	])('400 for %s', async (_, body, details) => {
		const r = await put(FIXTURES.tierStructureDraft, body, strict);
		expectError(r, 400, 'invalid_payload');
		expect(r.data.details).toMatch(details);
	});

	it('still accepts the seed shapes: top-level card_definition_id, point_earned {period}, untyped expiration and downgrade', async () => {
		const r = await put(FIXTURES.tierStructureDraft, { type: 'POINT_EARNED', card_definition_id: FIXTURES.cardDefinitionActive, point_earned: { period: { value: 6 } } });
		expect(r.status).toBe(200);
		expect(r.data).toMatchObject({ type: 'POINT_EARNED', point_earned: { card_definition_id: FIXTURES.cardDefinitionActive, period: { value: 6 } } });
		expect(r.data).not.toHaveProperty('point_balance');
		const back = await put(FIXTURES.tierStructureDraft, { type: 'POINT_BALANCE', point_earned: null, downgrade: { grace_period: { value: 10, round_up: true } } });
		expect(back.data).toMatchObject({ type: 'POINT_BALANCE', point_balance: { card_definition_id: FIXTURES.cardDefinitionActive }, downgrade: { grace_period: { value: 10, round_up: true } } });
		expect(back.data).not.toHaveProperty('point_earned');
		expectError(await put(FIXTURES.tierStructureDraft, { point_earned: { period: { value: 6 } } }), 400, 'invalid_payload');
	});

	it('a non-DRAFT tier structure accepts only name and metadata', async () => {
		expect((await put(FIXTURES.tierStructureActive, { name: 'Gold', metadata: {} })).status).toBe(200);
		const r = await put(FIXTURES.tierStructureActive, { type: 'POINT_BALANCE', point_balance: { card_definition_id: FIXTURES.cardDefinitionActive } });
		expectError(r, 409, 'resource_in_invalid_state');
		expect(r.data.details).toMatch(/type/);
	});

	it('validation: name length, type value, id pattern, unknown card definition, empty body', async () => {
		expectError(await put(FIXTURES.tierStructureDraft, { name: '' }), 400);
		expectError(await put(FIXTURES.tierStructureDraft, { name: 'y'.repeat(201) }), 400);
		expectError(await put(FIXTURES.tierStructureDraft, { type: 'POINTS' }), 400);
		expectError(await put(FIXTURES.tierStructureDraft, {}), 400);
		expectError(await put(FIXTURES.tierStructureDraft, { type: 'POINT_BALANCE', point_balance: { card_definition_id: 'lcdef_0fff' } }), 404, 'not_found');
		expectError(await put('ltst_draft00000001', { name: 'x' }), 400, 'invalid_param');
		expectError(await put('lts_0fff', { name: 'x' }), 404, 'not_found');
	});
});

describe('PUT /v2/loyalties/programs/{id}', () => {
	const put = (id: string, body: unknown) => t.http.put(`/v2/loyalties/programs/${id}`, body, { headers: B });

	it('merges metadata and updates dates in DRAFT', async () => {
		const r = await put(FIXTURES.programDraft, { name: 'Spring', start_date: '2030-01-01T00:00:00Z', end_date: '2030-06-01T00:00:00Z', metadata: { season: 'spring' } });
		expect(r.status).toBe(200);
		expect(r.data).toEqual({
			id: FIXTURES.programDraft, name: 'Spring', status: 'DRAFT', start_date: '2030-01-01T00:00:00.000Z', end_date: '2030-06-01T00:00:00.000Z',
			metadata: { fixture: true, season: 'spring' }, created_at: expect.any(String), updated_at: expect.any(String), object: 'program',
		});
		const r2 = await put(FIXTURES.programDraft, { metadata: { extra: 1 }, end_date: null });
		expect(r2.data.metadata).toEqual({ fixture: true, season: 'spring', extra: 1 });
		expect(r2.data.end_date).toBeNull();
	});

	it('dates change only in DRAFT (409); name and metadata still change', async () => {
		const r = await put(FIXTURES.programActive, { start_date: '2030-01-01T00:00:00Z' });
		expectError(r, 409, 'resource_in_invalid_state');
		expect(r.data.details).toMatch(/ACTIVE/);
		expectError(await put(FIXTURES.programInactive, { end_date: null }), 409);
		expect((await put(FIXTURES.programActive, { name: 'Still fine', metadata: { z: 1 } })).data).toMatchObject({ name: 'Still fine', metadata: { fixture: true, z: 1 } });
	});

	it('validation: id pattern, name length, timestamps, at least one field; 404', async () => {
		expectError(await put('prog_1', { name: 'x' }), 400, 'invalid_param');
		expectError(await put(FIXTURES.programDraft, { name: '' }), 400);
		expectError(await put(FIXTURES.programDraft, { name: 'z'.repeat(201) }), 400);
		expectError(await put(FIXTURES.programDraft, { start_date: 'yesterday' }), 400);
		expectError(await put(FIXTURES.programDraft, { start_date: '2030-02-01T00:00:00Z', end_date: '2030-01-01T00:00:00Z' }), 400);
		expectError(await put(FIXTURES.programDraft, {}), 400);
		expectError(await put('lprg_fffffff', { name: 'x' }), 404, 'not_found');
	});

	it('rejects unknown properties; validity_hours follows its type', async () => {
		const r = await put(FIXTURES.programDraft, { name: 'x', colour: 'red' });
		expectError(r, 400, 'invalid_payload');
		expect(r.data.details).toMatch(/colour/);
		expectError(await put(FIXTURES.programDraft, { validity_hours: { type: 'DAILY' } }), 400, 'invalid_payload');
		expectError(await put(FIXTURES.programDraft, { validity_hours: { type: 'ANY_TIME', daily: [{}] } }), 400, 'invalid_payload');
		expect((await put(FIXTURES.programDraft, { validity_hours: { type: 'ANY_TIME' } })).status).toBe(200);
		expectError(await put(FIXTURES.programActive, { validity_hours: { type: 'ANY_TIME' } }), 409, 'resource_in_invalid_state');
	});
});

describe('GET /v2/loyalties/programs/{id}/reports/…', () => {
	const reports = `/v2/loyalties/programs/${FIXTURES.programActive}/reports`;
	const get = (path: string) => t.http.get(`${reports}${path}`, { headers: B });

	it('a daily report needs start_date, end_date after it and a resolution', async () => {
		expectError(await get('/spending/daily?end_date=2024-01-03&resolution=day'), 400, 'invalid_param');
		expectError(await get('/spending/daily?start_date=2024-01-01&end_date=2024-01-03'), 400, 'invalid_param');
		expectError(await get('/spending/daily?start_date=2024-01-01&end_date=2024-01-03&resolution=year'), 400, 'invalid_param');
		expectError(await get('/spending/daily?start_date=2024-01-03&end_date=2024-01-03&resolution=day'), 400, 'invalid_param');
		expectError(await get('/spending/daily?start_date=2024-01-01&end_date=2024-02-30&resolution=day'), 400, 'invalid_param');
	});

	it("the range stays within the resolution's bound", async () => {
		expect((await get('/tiers/daily?start_date=2024-01-01&end_date=2024-03-31&resolution=day')).status).toBe(200);
		expectError(await get('/tiers/daily?start_date=2024-01-01&end_date=2024-04-01&resolution=day'), 400, 'invalid_param');
		expect((await get('/tiers/daily?start_date=2024-01-01&end_date=2024-03-25&resolution=week')).status).toBe(200);
		expectError(await get('/tiers/daily?start_date=2024-01-01&end_date=2024-03-26&resolution=week'), 400, 'invalid_param');
		expect((await get('/tiers/daily?start_date=2024-01-01&end_date=2025-01-01&resolution=quarter')).status).toBe(200);
		expectError(await get('/tiers/daily?start_date=2024-01-01&end_date=2025-01-02&resolution=month'), 400, 'invalid_param');
	});

	it('answers { object: report, data } computed from the tier transactions, filtered by the report’s own IDs', async () => {
		const r = await get('/tiers/daily?start_date=2024-01-01&end_date=2024-01-31&resolution=month');
		expect(r.status).toBe(200);
		expect(r.data).toEqual({
			object: 'report',
			data: [
				{ date: '2024-01-01', tier_structure_id: FIXTURES.tierStructureActive, tier_id: 'lt_0000000000001', joins: 1, upgrades: 0, downgrades: 0, lefts: 0, prolongs: 0, object: 'program_tiers_daily_report' },
				{ date: '2024-01-01', tier_structure_id: FIXTURES.tierStructureActive, tier_id: 'lt_0000000000002', joins: 0, upgrades: 1, downgrades: 0, lefts: 0, prolongs: 0, object: 'program_tiers_daily_report' },
			],
		});
		const notIn = await get('/tiers/summary?filters[tier_id][conditions][$not_in]=lt_0000000000001');
		expect(notIn.data.data.map((row: { tier_id: string }) => row.tier_id)).toEqual(['lt_0000000000002']);
		expectError(await get('/tiers/summary?filters[card_definition_id][conditions][$is]=lcdef_01'), 400, 'invalid_param');
		expectError(await get('/tiers/summary?filters[tier_id][conditions][$is]=tier-1'), 400, 'invalid_param');
	});

	it('answers 404 for an unknown program, member, card or earning rule', async () => {
		expectError(await t.http.get('/v2/loyalties/programs/lprg_ffffffffffff/reports/spending/summary', { headers: B }), 404, 'not_found');
		const member = `/v2/loyalties/programs/${FIXTURES.programActive}/members/${FIXTURES.memberId}`;
		const range = 'start_date=2024-01-01&end_date=2024-01-02&resolution=day';
		expectError(await t.http.get(`${member}/cards/lcrd_ffffffffffff/reports/daily?${range}`, { headers: B }), 404, 'not_found');
		expectError(await t.http.get(`${member}/earning-rules/lern_ffffffffffff/reports/daily?${range}`, { headers: B }), 404, 'not_found');
	});
});
