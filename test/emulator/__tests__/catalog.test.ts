import { expectError, FIXTURES, setup, TestEnv } from './helpers';

let t: TestEnv;
beforeAll(async () => {
	t = await setup();
});
afterAll(() => t.emu.stop());

describe('GET /v1/categories', () => {
	it('returns a counted list with app keys', async () => {
		const r = await t.http.get('/v1/categories', { headers: t.A });
		expect(r.status).toBe(200);
		expect(r.data).toMatchObject({ object: 'list', data_ref: 'data', total: 3 });
		expect(r.data.data[0]).toMatchObject({ id: FIXTURES.categoryIds[0], name: expect.any(String), hierarchy: 1, created_at: expect.any(String), object: 'category' });
	});
	it('accepts a Bearer token, with or without app keys', async () => {
		const B = await t.B('categories');
		expect((await t.http.get('/v1/categories', { headers: B })).status).toBe(200);
		expect((await t.http.get('/v1/categories', { headers: { Authorization: B.Authorization } })).status).toBe(200);
	});
	it('401 for an invalid Bearer or missing keys', async () => {
		expectError(await t.http.get('/v1/categories', { headers: { ...t.A, Authorization: 'Bearer nope' } }), 401, 'unauthorized');
		expectError(await t.http.get('/v1/categories'), 401, 'unauthorized');
	});
});

describe('POST /v1/rewards/{rewardId}/assignments', () => {
	const post = (reward: string, body: unknown) => t.http.post(`/v1/rewards/${reward}/assignments`, body, { headers: t.A });

	it('creates a reward assignment', async () => {
		const r = await post(FIXTURES.rewardId, { campaign: FIXTURES.campaignId, parameters: { loyalty: { points: 100 } } });
		expect(r.status).toBe(200);
		expect(r.data).toEqual({
			id: expect.any(String), reward_id: FIXTURES.rewardId, related_object_id: FIXTURES.campaignId, related_object_type: 'campaign',
			parameters: { loyalty: { points: 100 } }, created_at: expect.any(String), updated_at: null, object: 'reward_assignment',
		});
		expect(t.emu.control.state.rewardAssignments.get(r.data.id)).toBeDefined();
	});

	it('counts a duplicate create', async () => {
		const before = t.emu.control.counters().duplicateCreates;
		const body = { campaign: FIXTURES.campaignId, parameters: { loyalty: { points: 7 } } };
		await post(FIXTURES.rewardIds[2], body);
		await post(FIXTURES.rewardIds[2], body);
		expect(t.emu.control.counters().duplicateCreates).toBe(before + 1);
	});

	it.each([
		['missing campaign', { parameters: {} }],
		['non-string campaign', { campaign: 1, parameters: {} }],
		['missing parameters', { campaign: 'camp_loyalty00000001' }],
		['non-object parameters', { campaign: 'camp_loyalty00000001', parameters: 5 }],
		['non-integer points', { campaign: 'camp_loyalty00000001', parameters: { loyalty: { points: 'x' } } }],
		['0 points (the minimum is 1)', { campaign: 'camp_loyalty00000001', parameters: { loyalty: { points: 0 } } }],
		['parameters without loyalty', { campaign: 'camp_loyalty00000001', parameters: {} }],
		['a non-boolean auto_redeem', { campaign: 'camp_loyalty00000001', parameters: { loyalty: { points: 5, auto_redeem: 'yes' } } }],
	])('400 for %s', async (_, body) => {
		expectError(await post(FIXTURES.rewardId, body), 400, 'invalid_payload');
	});

	it('a pay-with-points (COIN) reward needs no parameters', async () => {
		const coin = FIXTURES.rewardIds[1];
		expect(t.emu.control.state.rewards.get(coin)?.type).toBe('COIN');
		const r = await post(coin, { campaign: FIXTURES.campaignId });
		expect(r.status).toBe(200);
		expect(r.data.parameters).toEqual({});
	});

	it('404 for an unknown reward or campaign; 401 without keys', async () => {
		const a = await post('rew_nope', { campaign: FIXTURES.campaignId, parameters: {} });
		expectError(a, 404, 'not_found');
		expect(a.data.resource_type).toBe('reward');
		const b = await post(FIXTURES.rewardId, { campaign: 'camp_nope', parameters: { loyalty: { points: 1 } } });
		expectError(b, 404, 'not_found');
		expect(b.data).toMatchObject({ resource_type: 'campaign', resource_id: 'camp_nope' });
		expectError(await t.http.post(`/v1/rewards/${FIXTURES.rewardId}/assignments`, { campaign: FIXTURES.campaignId, parameters: {} }), 401);
	});
});

describe('GET /v1/templates/campaigns/{campaignTemplateId}', () => {
	const get = (id: string, q = '') => t.http.get(`/v1/templates/campaigns/${id}${q}`, { headers: t.A });
	it('returns the template without json_template', async () => {
		const r = await get(FIXTURES.campaignTemplateId);
		expect(r.status).toBe(200);
		expect(r.data).toMatchObject({ id: FIXTURES.campaignTemplateId, name: expect.any(String), campaign_type: 'DISCOUNT_COUPONS', created_at: expect.any(String), object: 'campaign_template' });
		expect(r.data).not.toHaveProperty('json_template');
		expect((await get(FIXTURES.campaignTemplateGiftId)).data.campaign_type).toBe('GIFT_VOUCHERS');
	});
	it('expand=json_template adds a json_template object', async () => {
		const r = await get(FIXTURES.campaignTemplateId, '?expand=json_template');
		expect(r.data.json_template).toEqual(expect.any(Object));
	});
	it('400 for other expand values; 404 unknown; 401', async () => {
		expectError(await get(FIXTURES.campaignTemplateId, '?expand=vouchers'), 400, 'invalid_param');
		const r = await get('camt_nope');
		expectError(r, 404, 'not_found');
		expect(r.data.resource_type).toBe('campaign_template');
		expectError(await t.http.get(`/v1/templates/campaigns/${FIXTURES.campaignTemplateId}`), 401);
	});
});
