import { fixtureCounts } from '..';
import { expectError, FIXTURES, setup, TestEnv } from './helpers';

let t: TestEnv;
let B: Record<string, string>;
beforeAll(async () => {
	t = await setup();
});
beforeEach(async () => {
	t.emu.control.reset();
	B = await t.B();
});
afterAll(() => t.emu.stop());

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

	it('walks every page with cursor; only PENDING buckets dated in the future; next is null at the end', async () => {
		const all: any[] = [];
		let cursor: string | null = null;
		do {
			const r: any = await t.http.get(buckets(undefined, undefined, undefined, `?limit=7${cursor ? `&cursor=${cursor}` : ''}`), { headers: B });
			expect(r.status).toBe(200);
			all.push(...r.data.data);
			cursor = r.data.cursor.next;
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
		expect(r.data).toEqual({ object: 'list', data: [], cursor: { next: null, expires_at: null } });
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
	const batch = (program: string, body: unknown) => t.http.post(`/v2/loyalties/programs/${program}/rewards/batch`, body, { headers: B });
	const entry = (id: string, points = 100) => ({ id, costs: [{ spending: [{ points, card_definition_id: FIXTURES.cardDefinitionActive }] }], stock: 10 });

	it('assigns and unassigns, unassigning first', async () => {
		const r = await batch(FIXTURES.programActive, { assign: [entry(FIXTURES.rewardIds[1]), entry(FIXTURES.programRewardId, 250)], unassign: [{ id: FIXTURES.programRewardId }] });
		expect(r.status).toBe(200);
		expect(r.data.unassigned).toEqual([expect.objectContaining({ reward_id: FIXTURES.programRewardId, object: 'program_reward', stock: 50 })]);
		expect(r.data.assigned).toHaveLength(2);
		expect(r.data.assigned[0]).toEqual({
			reward_id: FIXTURES.rewardIds[1], costs: [{ rules: {}, spending: [{ points: 100, card_definition_id: FIXTURES.cardDefinitionActive }] }],
			stock: 10, redeemed: 0, created_at: expect.any(String), object: 'program_reward',
		});
		const stored = t.emu.control.state.programRewards.get(FIXTURES.programActive)!;
		expect(stored.get(FIXTURES.programRewardId)!.costs[0].spending[0].points).toBe(250);
		expect(stored.has(FIXTURES.rewardIds[1])).toBe(true);
	});

	it('400 for a program id not matching ^lprg_[a-f0-9]+$', async () => {
		expectError(await batch('program_1', { assign: [entry(FIXTURES.rewardId)] }), 400, 'invalid_param');
		expectError(await batch('lprg_XYZ', { assign: [entry(FIXTURES.rewardId)] }), 400, 'invalid_param');
	});

	it('404 for an unknown program or reward', async () => {
		expectError(await batch('lprg_abcdef', { assign: [entry(FIXTURES.rewardId)] }), 404, 'not_found');
		const r = await batch(FIXTURES.programActive, { assign: [entry('rew_nope')] });
		expectError(r, 404, 'not_found');
		expect(r.data).toMatchObject({ resource_id: 'rew_nope', resource_type: 'reward' });
		expectError(await batch(FIXTURES.programActive, { unassign: [{ id: 'rew_nope' }] }), 404);
		expectError(await batch(FIXTURES.programActive, { unassign: [{ id: FIXTURES.rewardIds[5] }] }), 404);
	});

	it('at most 10 entries in assign and 10 in unassign', async () => {
		const ids = FIXTURES.rewardIds.slice(0, 11);
		expectError(await batch(FIXTURES.programActive, { assign: ids.map((id) => entry(id)) }), 400, 'invalid_payload');
		expectError(await batch(FIXTURES.programActive, { unassign: ids.map((id) => ({ id })) }), 400, 'invalid_payload');
		const ten = await batch(FIXTURES.programDraft, { assign: ids.slice(0, 10).map((id) => entry(id)) });
		expect(ten.status).toBe(200);
		expect(ten.data.assigned).toHaveLength(10);
	});

	it.each([
		['empty body', {}],
		['assign not an array', { assign: {} }],
		['entry without id', { assign: [{ costs: [{ spending: [{ points: 1, card_definition_id: 'x' }] }], stock: 1 }] }],
		['negative points', { assign: [{ id: 'rew_0000000000001', costs: [{ spending: [{ points: -1, card_definition_id: 'lcdf_active0000001' }] }], stock: 1 }] }],
		['fractional points', { assign: [{ id: 'rew_0000000000001', costs: [{ spending: [{ points: 1.5, card_definition_id: 'lcdf_active0000001' }] }], stock: 1 }] }],
		['missing stock', { assign: [{ id: 'rew_0000000000001', costs: [{ spending: [{ points: 1, card_definition_id: 'lcdf_active0000001' }] }] }] }],
		['missing costs', { assign: [{ id: 'rew_0000000000001', stock: 1 }] }],
	])('400 for %s', async (_, body) => {
		expectError(await batch(FIXTURES.programActive, body), 400, 'invalid_payload');
	});

	it('leaves the state untouched when validation fails', async () => {
		const before = [...t.emu.control.state.programRewards.get(FIXTURES.programActive)!.keys()];
		await batch(FIXTURES.programActive, { unassign: [{ id: FIXTURES.programRewardId }], assign: [entry('rew_nope')] });
		expect([...t.emu.control.state.programRewards.get(FIXTURES.programActive)!.keys()]).toEqual(before);
	});

	it('401 without a Bearer token', async () => {
		expectError(await t.http.post(`/v2/loyalties/programs/${FIXTURES.programActive}/rewards/batch`, { assign: [entry(FIXTURES.rewardId)] }, { headers: t.A }), 401, 'unauthorized');
	});
});

describe('PUT /v2/loyalties/card-definitions/{id}', () => {
	const put = (id: string, body: unknown) => t.http.put(`/v2/loyalties/card-definitions/${id}`, body, { headers: B });

	it('updates any field of a DRAFT card definition and sets updated_at', async () => {
		const body = {
			name: 'Renamed', metadata: { a: 1 }, code_config: { pattern: 'LC-########', length: 8 },
			points_expiration: { calendar_expiration: { expiration_dates: [{ day: 31, month: 12 }] } },
			pending_points: { fixed_dates: { dates: [{ day: 1, month: 1 }] } }, balance_settings: { allow_negative: true },
		};
		const r = await put(FIXTURES.cardDefinitionDraft, body);
		expect(r.status).toBe(200);
		expect(r.data).toMatchObject({ ...body, id: FIXTURES.cardDefinitionDraft, object: 'card_definition', status: 'DRAFT', type: 'INDIVIDUAL' });
		expect(r.data.updated_at).toEqual(expect.any(String));
		for (const f of ['earning_limits', 'spending_limits', 'refunds', 'created_at']) expect(r.data).toHaveProperty(f);
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

	it('validates shapes (400) and answers 404 / 401', async () => {
		expectError(await put(FIXTURES.cardDefinitionDraft, { balance_settings: { allow_negative: 'no' } }), 400);
		expectError(await put(FIXTURES.cardDefinitionDraft, { pending_points: { period_based: { period: { value: 'x' } } } }), 400);
		expectError(await put(FIXTURES.cardDefinitionDraft, { metadata: [] }), 400);
		expectError(await put('lcdf_nope', { name: 'x' }), 404, 'not_found');
		expectError(await t.http.put(`/v2/loyalties/card-definitions/${FIXTURES.cardDefinitionDraft}`, { name: 'x' }, { headers: t.A }), 401);
	});
});

describe('PUT /v2/loyalties/tier-structures/{id}', () => {
	const put = (id: string, body: unknown) => t.http.put(`/v2/loyalties/tier-structures/${id}`, body, { headers: B });

	it('updates a DRAFT tier structure', async () => {
		const r = await put(FIXTURES.tierStructureDraft, { name: 'Tiers', downgrade: { grace_period: { value: 10, round_up: true } }, metadata: { k: 1 } });
		expect(r.status).toBe(200);
		expect(r.data).toMatchObject({ id: FIXTURES.tierStructureDraft, name: 'Tiers', object: 'tier_structure', type: 'POINT_BALANCE', point_earned: null, downgrade: { grace_period: { value: 10, round_up: true } }, metadata: { k: 1 } });
		expect(r.data.updated_at).toEqual(expect.any(String));
	});

	it('point_earned is required when type becomes POINT_EARNED', async () => {
		expectError(await put(FIXTURES.tierStructureDraft, { type: 'POINT_EARNED' }), 400, 'invalid_payload');
		const r = await put(FIXTURES.tierStructureDraft, { type: 'POINT_EARNED', point_earned: { period: { value: 6 } } });
		expect(r.status).toBe(200);
		expect(r.data).toMatchObject({ type: 'POINT_EARNED', point_earned: { period: { value: 6 } } });
	});

	it('point_earned must be null for POINT_BALANCE', async () => {
		expectError(await put(FIXTURES.tierStructureDraft, { point_earned: { period: { value: 6 } } }), 400, 'invalid_payload');
		expectError(await put(FIXTURES.tierStructureDraftEarned, { type: 'POINT_BALANCE', point_earned: { period: { value: 6 } } }), 400);
		const r = await put(FIXTURES.tierStructureDraftEarned, { type: 'POINT_BALANCE', point_earned: null });
		expect(r.data).toMatchObject({ type: 'POINT_BALANCE', point_earned: null });
	});

	it('a non-DRAFT tier structure accepts only name and metadata', async () => {
		expect((await put(FIXTURES.tierStructureActive, { name: 'Gold', metadata: {} })).status).toBe(200);
		const r = await put(FIXTURES.tierStructureActive, { type: 'POINT_BALANCE', point_earned: null });
		expectError(r, 409, 'resource_in_invalid_state');
		expect(r.data.details).toMatch(/type/);
	});

	it('validation: name length, type value, unknown card definition, empty body', async () => {
		expectError(await put(FIXTURES.tierStructureDraft, { name: '' }), 400);
		expectError(await put(FIXTURES.tierStructureDraft, { name: 'y'.repeat(201) }), 400);
		expectError(await put(FIXTURES.tierStructureDraft, { type: 'POINTS' }), 400);
		expectError(await put(FIXTURES.tierStructureDraft, {}), 400);
		expectError(await put(FIXTURES.tierStructureDraft, { card_definition_id: 'lcdf_nope' }), 404, 'not_found');
		expectError(await put('ltst_nope', { name: 'x' }), 404, 'not_found');
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
});
