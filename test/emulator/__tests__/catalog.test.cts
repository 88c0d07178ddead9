import { expectError, FIXTURES, setup, TestEnv } from './helpers.cjs';

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

describe('category writes', () => {
	it('a create and a PUT need both name and hierarchy (an integer from 0); unknown fields are refused', async () => {
		expectError(await t.http.post('/v1/categories', { name: 'No hierarchy' }, { headers: t.A }), 400, 'invalid_payload');
		expectError(await t.http.post('/v1/categories', { name: 'Negative', hierarchy: -1 }, { headers: t.A }), 400, 'invalid_payload');
		expectError(await t.http.put(`/v1/categories/${FIXTURES.categoryIds[0]}`, { name: 'Only a name' }, { headers: t.A }), 400, 'invalid_payload');
		expectError(await t.http.post('/v1/categories', { name: 'x', hierarchy: 1, color: 'red' }, { headers: t.A }), 400, 'invalid_payload');
		const created = await t.http.post('/v1/categories', { name: 'Kept', hierarchy: 0 }, { headers: t.A });
		expect(created.data).toMatchObject({ id: expect.stringMatching(/^cat_/), name: 'Kept', hierarchy: 0, object: 'category' });
		const updated = await t.http.put(`/v1/categories/${created.data.id}`, { name: 'Kept too', hierarchy: 2 }, { headers: t.A });
		expect(updated.data).toMatchObject({ name: 'Kept too', hierarchy: 2, updated_at: expect.any(String) });
		expect((await t.http.delete(`/v1/categories/${created.data.id}`, { headers: t.A })).status).toBe(204);
		expectError(await t.http.get(`/v1/categories/${created.data.id}`, { headers: t.A }), 404, 'not_found');
	});
});

describe('product collections', () => {
	const post = (body: unknown) => t.http.post('/v1/product-collections', body, { headers: t.A });

	it('a static collection takes products and no filter; an auto-update one a filter with a junction and no products', async () => {
		expectError(await post({ type: 'STATIC', name: 'x', filter: { junction: 'and' } }), 400, 'invalid_payload');
		expectError(await post({ type: 'AUTO_UPDATE', name: 'x' }), 400, 'invalid_payload');
		expectError(await post({ type: 'AUTO_UPDATE', name: 'x', filter: { junction: 'xor' } }), 400, 'invalid_payload');
		expectError(await post({ type: 'STATIC', name: 'x', products: [{ id: FIXTURES.productId, object: 'voucher' }] }), 400, 'invalid_payload');
		expectError(await post({ type: 'DYNAMIC', name: 'x' }), 400, 'invalid_payload');
	});

	it("an update replaces an auto-update collection's filter, and a static one takes only its name", async () => {
		const id = (await post({ type: 'AUTO_UPDATE', name: 'Replace', filter: { junction: 'and', name: { conditions: { $is: ['a'] } }, price: { conditions: { $more_than: [1] } } } })).data.id;
		const replaced = await t.http.put(`/v1/product-collections/${id}`, { filter: { junction: 'or', source_id: { conditions: { $in: ['x'] } } } }, { headers: t.A });
		expect(replaced.data.filter).toEqual({ junction: 'or', source_id: { conditions: { $in: ['x'] } } });
		expectError(await t.http.put(`/v1/product-collections/${FIXTURES.productCollectionIds[0]}`, { filter: { junction: 'and' } }, { headers: t.A }), 400, 'invalid_payload');
	});

	it("lists a static collection's products and SKUs, and an auto-update one's by its filter", async () => {
		const fixed = await t.http.get(`/v1/product-collections/${FIXTURES.productCollectionIds[0]}/products`, { headers: t.A });
		expect(fixed.data).toMatchObject({ object: 'list', data_ref: 'data', total: 2 });
		expect(fixed.data.data[1]).toMatchObject({ id: FIXTURES.skuId, object: 'sku', product: { id: FIXTURES.productId } });
		const auto = await t.http.get(`/v1/product-collections/${FIXTURES.productCollectionIds[1]}/products?limit=100`, { headers: t.A });
		expect(auto.data.data.length).toBeGreaterThan(0);
		expect(auto.data.data.every((entry: { name: string }) => entry.name.startsWith('Coffee'))).toBe(true);
	});

	it('a collection a validation rule names cannot be deleted', async () => {
		const id = (await post({ type: 'STATIC', name: 'In use' })).data.id;
		await t.http.post('/v1/validation-rules', { name: 'Uses it', rules: { '1': { name: 'product.id', conditions: { $is: [id] }, rules: {} }, logic: '1' } }, { headers: t.A });
		expectError(await t.http.delete(`/v1/product-collections/${id}`, { headers: t.A }), 400, 'resource_in_use');
	});
});

describe('locations and the app-side metadata schemas', () => {
	it('the location list pages by date: limit, has_more, strict created_at bounds', async () => {
		const first = await t.http.get('/v1/locations?limit=3', { headers: t.A });
		expect(first.data).toMatchObject({ object: 'list', data_ref: 'data', total: FIXTURES.locationIds.length, has_more: true });
		const last = first.data.data[2].created_at;
		const next = await t.http.get(`/v1/locations?limit=3&filters[created_at][conditions][$before]=${last}`, { headers: t.A });
		expect(next.data.data.every((location: { created_at: string }) => location.created_at < last)).toBe(true);
	});

	it('metadata schemas are the app keys\' project\'s, listed under schemas and read by resource', async () => {
		const list = await t.http.get('/v1/metadata-schemas', { headers: t.A });
		expect(list.data).toMatchObject({ object: 'list', data_ref: 'schemas', total: 2 });
		expect((await t.http.get('/v1/metadata-schemas/order', { headers: t.A })).data).toMatchObject({ related_object: 'order', allow_defined_only: true });
		expectError(await t.http.get('/v1/metadata-schemas/unknown', { headers: t.A }), 404, 'not_found');
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
