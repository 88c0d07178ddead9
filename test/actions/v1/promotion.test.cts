/** Promotion tiers and stacks, through n8n's engine against the emulator. */
import { FIXTURES } from '../../emulator/index.cjs';
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { listSearch } from '../../harness/loadOptions.cjs';
import { serviceErrorOf, useEmulator, type Parameters } from './setup.cjs';

const ctx = useEmulator();

const tier = (operation: string, extra: Parameters = {}) => ({ resource: 'promotionTier', operation, ...extra });
const stack = (operation: string, extra: Parameters = {}) => ({ resource: 'promotionStack', operation, ...extra });
const PROMO = FIXTURES.promotionCampaignId;
const [TIER_1, TIER_2] = FIXTURES.promotionTierIds;
const byId = (value: string) => ({ __rl: true, mode: 'id', value });

describe('Promotion Tier', () => {
	it('creates a tier in a campaign: the discount typed in main units is sent in hundredths, the tier comes after the last', async () => {
		const { items, error } = await ctx.run(
			tier('create', {
				campaignId: byId(PROMO),
				name: '5 off',
				discountType: 'AMOUNT',
				amountOff: 5.5,
				additionalFields: { banner: 'Save 5.50', active: false, startDate: '2030-01-01T00:00:00Z', metadataJson: '{"channel": "web"}' },
			}),
		);
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ id: expect.stringMatching(/^promo_/), campaign_id: PROMO, hierarchy: 3, active: false, object: 'promotion_tier' });
		expect(ctx.sent()).toEqual([
			{
				method: 'POST',
				path: `/v1/promotions/${PROMO}/tiers`,
				query: {},
				body: {
					name: '5 off',
					action: { discount: { type: 'AMOUNT', amount_off: 550 } },
					banner: 'Save 5.50',
					start_date: '2030-01-01T00:00:00.000Z',
					metadata: { channel: 'web' },
					active: false,
				},
			},
		]);
		ctx.emu.control.clearRequests();
		const listed = await ctx.run(tier('getAllInCampaign', { campaignId: PROMO, returnAll: true }));
		expect(listed.items.map((item) => [item.json.id, item.json.hierarchy])).toEqual([[TIER_1, 1], [TIER_2, 2], [items[0].json.id, 3]]);
		expect(ctx.sent()).toEqual([{ method: 'GET', path: `/v1/promotions/${PROMO}/tiers`, query: {}, body: undefined }]);
		// Available Now Only leaves the disabled tier out of the list of all tiers.
		const available = await ctx.run(tier('getAll', { returnAll: true, filters: { isAvailable: true } }));
		expect(available.items.map((item) => item.json.id)).not.toContain(items[0].json.id);
		expect(ctx.sent()[1].query).toEqual({ limit: '100', is_available: 'true' });
	});

	it('a promotion campaign created with tiers has them as tiers of its own', async () => {
		const promotionJson = JSON.stringify({ tiers: [{ name: 'Tier A', action: { discount: { type: 'PERCENT', percent_off: 5 } } }] });
		const created = await ctx.run({ resource: 'campaign', operation: 'create', name: 'Tiered', campaignType: 'PROMOTION', promotionJson });
		const { items } = await ctx.run(tier('getAllInCampaign', { campaignId: created.items[0].json.id, returnAll: true }));
		expect(items.map((item) => item.json)).toEqual([expect.objectContaining({ name: 'Tier A', hierarchy: 1, campaign_id: created.items[0].json.id })]);
	});

	it('refuses a tier for a campaign that is not a promotion, with the service error', async () => {
		const result = await ctx.run(tier('create', { campaignId: FIXTURES.discountCampaignId, name: 'Nope', amountOff: 1 }));
		expect(serviceErrorOf(result)).toMatchObject({ httpCode: '400', key: 'invalid_payload' });
	});

	it('does not resend a create after a 503', async () => {
		ctx.emu.control.setFaults({ route: '/v1/promotions/**', method: 'POST', sequence: [503] });
		const result = await ctx.run(tier('create', { campaignId: PROMO, name: 'After 503', amountOff: 1 }));
		expect(result.error?.httpCode).toBe('503');
		expect(ctx.sent()).toHaveLength(1);
	});

	it('updates only the fields given, disables and enables, then deletes', async () => {
		const created = await ctx.run(tier('create', { campaignId: PROMO, name: 'Lifecycle', discountType: 'PERCENT', percentOff: 15 }));
		const id = String(created.items[0].json.id);
		ctx.emu.control.clearRequests();
		const updated = await ctx.run(
			tier('update', { promotionTierId: byId(id), updateFields: { name: 'Renamed', hierarchy: 7, discountJson: '{"type": "PERCENT", "percent_off": 20}' } }),
		);
		expect(updated.error).toBeUndefined();
		expect(updated.items[0].json).toMatchObject({ id, name: 'Renamed', hierarchy: 7, action: { discount: { type: 'PERCENT', percent_off: 20 } }, campaign_id: PROMO });
		expect(ctx.sent()).toEqual([
			{ method: 'PUT', path: `/v1/promotions/tiers/${id}`, query: {}, body: { hierarchy: 7, name: 'Renamed', action: { discount: { type: 'PERCENT', percent_off: 20 } } } },
		]);
		const disabled = await ctx.run(tier('disable', { promotionTierId: id }));
		expect(disabled.items[0].json).toMatchObject({ id, active: false });
		const enabled = await ctx.run(tier('enable', { promotionTierId: id }));
		expect(enabled.items[0].json).toMatchObject({ id, active: true });
		ctx.emu.control.clearRequests();
		const deleted = await ctx.run(tier('delete', { promotionTierId: id }));
		expect(deleted.items[0].json).toEqual({ deleted: true, id });
		expect(ctx.sent()).toEqual([{ method: 'DELETE', path: `/v1/promotions/tiers/${id}`, query: {}, body: undefined }]);
		const gone = await ctx.run(tier('get', { promotionTierId: id }));
		expect(serviceErrorOf(gone)).toMatchObject({ httpCode: '404', key: 'not_found', resource_id: id });
	});

	it('Limit pages through the list of all tiers', async () => {
		const { items } = await ctx.run(tier('getAll', { limit: 1 }));
		expect(items).toHaveLength(1);
		expect(ctx.sent()).toEqual([{ method: 'GET', path: '/v1/promotions/tiers', query: { limit: '1' }, body: undefined }]);
	});

	it.each([
		[tier('create', { campaignId: PROMO, name: '  ', amountOff: 1 }), 'Name', /is required/],
		[tier('create', { campaignId: '..', name: 'x', amountOff: 1 }), 'Campaign', /must be an ID/],
		[tier('create', { campaignId: PROMO, name: 'x', discountType: 'PERCENT', percentOff: 120 }), 'Percent Off', /at most 100/],
		[tier('update', { promotionTierId: TIER_1, updateFields: {} }), 'Update Fields', /at least one field/],
		[tier('update', { promotionTierId: TIER_1, updateFields: { discountJson: '[1]' } }), 'Discount (JSON)', /JSON object/],
		[tier('get', { promotionTierId: '  ' }), 'Promotion Tier', /is required/],
	])('refuses %j naming %s, sending nothing', (parameters, field, rule) => ctx.expectInvalid(parameters, field, rule));

	it('From List finds a tier by its name', async () => {
		const { results } = await listSearch('searchPromotionTiers', { parameters: { resource: 'promotionTier', operation: 'get' } as never, credentials: credentialsFor(ctx.emu) }, '20%');
		expect(results).toEqual([{ name: `20% off (${PROMO})`, value: TIER_2 }]);
	});
});

describe('Promotion Stack', () => {
	it('creates a stack of tiers in order, by the campaign name; lists it in the campaign and among all stacks', async () => {
		const { items, error } = await ctx.run(stack('create', { campaignId: byId('Spring Promotion'), name: 'Reversed', tierIds: `${TIER_2}, ${TIER_1}` }));
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ id: expect.stringMatching(/^stack_/), campaign_id: PROMO, tiers: { ids: [TIER_2, TIER_1] }, object: 'promotion_stack' });
		expect(ctx.sent()).toEqual([
			{ method: 'POST', path: '/v1/promotions/Spring%20Promotion/stacks', query: {}, body: { name: 'Reversed', tiers: { ids: [TIER_2, TIER_1], hierarchy_mode: 'MANUAL' } } },
		]);
		ctx.emu.control.clearRequests();
		const inCampaign = await ctx.run(stack('getAllInCampaign', { campaignId: PROMO, returnAll: true }));
		expect(inCampaign.items.map((item) => item.json.name)).toEqual(['Both tiers', 'Reversed']);
		const all = await ctx.run(stack('getAll', { returnAll: true, filters: { order: 'name', createdAfter: '2000-01-01T00:00:00Z' } }));
		expect(all.items.map((item) => item.json.name)).toEqual(['Both tiers', 'Reversed']);
		expect(ctx.sent().map((request) => [request.path, request.query])).toEqual([
			[`/v1/promotions/${PROMO}/stacks`, {}],
			['/v1/promotions/stacks', { limit: '100', 'created_at[after]': '2000-01-01T00:00:00.000Z', order: 'name' }],
		]);
	});

	it('maps the 400 for a tier of another campaign', async () => {
		const other = await ctx.run({ resource: 'campaign', operation: 'create', name: 'Other promo', campaignType: 'PROMOTION', promotionJson: '{"tiers": []}' });
		const result = await ctx.run(stack('create', { campaignId: other.items[0].json.id, name: 'Foreign', tierIds: TIER_1 }));
		expect(serviceErrorOf(result)).toMatchObject({ httpCode: '400', key: 'invalid_payload' });
	});

	it('gets, updates the tiers and deletes a stack', async () => {
		const created = await ctx.run(stack('create', { campaignId: PROMO, name: 'Temp', tierIds: TIER_1 }));
		const id = String(created.items[0].json.id);
		ctx.emu.control.clearRequests();
		const got = await ctx.run(stack('get', { campaignId: PROMO, stackId: byId(id) }));
		expect(got.items[0].json).toMatchObject({ id, name: 'Temp' });
		const updated = await ctx.run(stack('update', { campaignId: PROMO, stackId: id, updateFields: { tierIds: `${TIER_1},${TIER_2}` } }));
		expect(updated.items[0].json).toMatchObject({ id, name: 'Temp', tiers: { ids: [TIER_1, TIER_2] } });
		const deleted = await ctx.run(stack('delete', { campaignId: PROMO, stackId: id }));
		expect(deleted.items[0].json).toEqual({ deleted: true, id });
		expect(ctx.sent()).toEqual([
			{ method: 'GET', path: `/v1/promotions/${PROMO}/stacks/${id}`, query: {}, body: undefined },
			{ method: 'PUT', path: `/v1/promotions/${PROMO}/stacks/${id}`, query: {}, body: { tiers: { ids: [TIER_1, TIER_2], hierarchy_mode: 'MANUAL' } } },
			{ method: 'DELETE', path: `/v1/promotions/${PROMO}/stacks/${id}`, query: {}, body: undefined },
		]);
		const gone = await ctx.run(stack('get', { campaignId: PROMO, stackId: id }));
		expect(serviceErrorOf(gone)).toMatchObject({ httpCode: '404', resource_id: id });
	});

	it.each([
		[stack('create', { campaignId: PROMO, name: 'x', tierIds: ' , ' }), 'Promotion Tier IDs', /at least one tier/],
		[stack('create', { campaignId: PROMO, name: 'x', tierIds: `${TIER_1}, ${TIER_1}` }), 'Promotion Tier IDs', /twice/],
		[stack('create', { campaignId: PROMO, name: 'x', tierIds: Array.from({ length: 31 }, (_, i) => `promo_${i}`).join(',') }), 'Promotion Tier IDs', /at most 30/],
		[stack('create', { campaignId: PROMO, name: ' ', tierIds: TIER_1 }), 'Name', /is required/],
		[stack('update', { campaignId: PROMO, stackId: FIXTURES.promotionStackId, updateFields: {} }), 'Update Fields', /at least one field/],
		[stack('get', { campaignId: PROMO, stackId: '..' }), 'Promotion Stack', /must be an ID/],
	])('refuses %j naming %s, sending nothing', (parameters, field, rule) => ctx.expectInvalid(parameters, field, rule));

	it("From List shows the stacks of the campaign chosen, or every campaign's", async () => {
		const chosen = await listSearch('searchPromotionStacks', {
			parameters: { resource: 'promotionStack', operation: 'get', campaignId: byId(PROMO) } as never,
			credentials: credentialsFor(ctx.emu),
		});
		expect(chosen.results).toEqual(expect.arrayContaining([{ name: `Both tiers (${PROMO})`, value: FIXTURES.promotionStackId }]));
		const any = await listSearch('searchPromotionStacks', { parameters: { resource: 'promotionStack', operation: 'get' } as never, credentials: credentialsFor(ctx.emu) });
		expect(any.results.map((result) => result.value)).toContain(FIXTURES.promotionStackId);
		expect(ctx.sent().map((request) => request.path)).toEqual([`/v1/promotions/${PROMO}/stacks`, '/v1/promotions/stacks']);
	});
});
