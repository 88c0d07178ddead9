import { FIXTURES } from '../../emulator/index.cjs';
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { listSearch } from '../../harness/loadOptions.cjs';
import { serviceErrorOf, useEmulator } from './setup.cjs';

const ctx = useEmulator();

const get = (extra: Record<string, unknown> = {}) => ({
	resource: 'campaignTemplate',
	operation: 'get',
	campaignTemplateId: FIXTURES.campaignTemplateId,
	...extra,
});

describe('Campaign Template: Get', () => {
	it('gets the template without its JSON template by default', async () => {
		const { items, error } = await ctx.run(get());
		expect(error).toBeUndefined();
		expect(ctx.sent()).toEqual([{ method: 'GET', path: `/v1/templates/campaigns/${FIXTURES.campaignTemplateId}`, query: {}, body: undefined }]);
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ id: FIXTURES.campaignTemplateId, object: 'campaign_template', campaign_type: 'DISCOUNT_COUPONS' });
		expect(items[0].json).not.toHaveProperty('json_template');
	});

	it('Expand JSON Template sends expand=json_template and the template comes back', async () => {
		const { items } = await ctx.run(get({ campaignTemplateId: FIXTURES.campaignTemplateGiftId, expandJsonTemplate: true }));
		expect(ctx.sent()[0]).toMatchObject({ path: `/v1/templates/campaigns/${FIXTURES.campaignTemplateGiftId}`, query: { expand: 'json_template' } });
		expect(items[0].json).toMatchObject({ campaign_type: 'GIFT_VOUCHERS' });
		expect(items[0].json).toHaveProperty('json_template');
	});

	it('maps a 404 for an unknown template, its ID encoded', async () => {
		const result = await ctx.run(get({ campaignTemplateId: 'camt_?nope' }));
		expect(ctx.sent()[0].path).toBe('/v1/templates/campaigns/camt_%3Fnope');
		expect(result.error?.message).toMatch(/^Resource not found: \S/);
		expect(serviceErrorOf(result)).toMatchObject({ httpCode: '404', key: 'not_found', resource_id: 'camt_?nope', resource_type: 'campaign_template' });
	});

	it('requires the Campaign Template ID', async () => {
		await ctx.expectInvalid(get({ campaignTemplateId: '={{ "" }}' }), 'Campaign Template ID', /is required/);
	});

	it('with Continue On Fail, one unknown template among three gives a paired error item', async () => {
		const { items, error } = await ctx.run(get({ campaignTemplateId: '={{ $json.id }}' }), {
			input: [{ id: FIXTURES.campaignTemplateId }, { id: 'camt_missing' }, { id: FIXTURES.campaignTemplateGiftId }],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.pairedItem, item.json.id ?? item.json.key])).toEqual([
			[{ item: 0 }, FIXTURES.campaignTemplateId],
			[{ item: 1 }, 'not_found'],
			[{ item: 2 }, FIXTURES.campaignTemplateGiftId],
		]);
	});

	it('authenticates with an OAuth token when chosen', async () => {
		const { items, error } = await ctx.run(get({ authentication: 'oAuth2' }));
		expect(error).toBeUndefined();
		expect(items[0].json.id).toBe(FIXTURES.campaignTemplateId);
		const [token, request] = ctx.emu.control.requests();
		expect(token.path).toBe('/v1/oauth/token');
		expect(request.headers).toMatchObject({ authorization: '***', 'x-app-id': ctx.emu.credentials.appId });
	});
});

const template = (operation: string, extra: Record<string, unknown> = {}) => ({ resource: 'campaignTemplate', operation, ...extra });

describe('Campaign Template: Get Many, Create, Update, Delete', () => {
	it('Get Many sends the name and campaign type filters as the service names them and reads the id-cursor list', async () => {
		const { items, error } = await ctx.run(template('getAll', { returnAll: true, filters: { name: 'template', campaignType: 'GIFT_VOUCHERS', order: '-id' } }));
		expect(error).toBeUndefined();
		expect(ctx.sent()).toEqual([
			{
				method: 'GET',
				path: '/v1/templates/campaigns',
				query: { limit: '100', order: '-id', 'filters[name][conditions][$contains]': 'template', 'filters[campaign_type][conditions][$is]': 'GIFT_VOUCHERS' },
				body: undefined,
			},
		]);
		expect(items.map((item) => item.json.id)).toEqual([FIXTURES.campaignTemplateGiftId]);
	});

	it('Return All follows more_starting_after until has_more is false', async () => {
		const { items } = await ctx.run(template('getAll', { returnAll: true }));
		expect(items.length).toBeGreaterThanOrEqual(2);
		expect(new Set(items.map((item) => item.json.id)).size).toBe(items.length);
	});

	it('creates a template from a campaign, renames it and deletes it (the delete answers deleted: true)', async () => {
		const created = await ctx.run(template('create', { name: 'From gift', source: 'campaign', campaignId: FIXTURES.giftCampaignId, additionalFields: { description: 'Q4' } }));
		expect(created.error).toBeUndefined();
		expect(ctx.sent()[0]).toMatchObject({ method: 'POST', path: '/v1/templates/campaigns', body: { name: 'From gift', description: 'Q4', campaign_id: FIXTURES.giftCampaignId } });
		const id = String(created.items[0].json.id);
		expect(created.items[0].json).toMatchObject({ name: 'From gift', campaign_type: 'GIFT_VOUCHERS', object: 'campaign_template' });
		ctx.emu.control.clearRequests();

		const updated = await ctx.run(template('update', { campaignTemplateId: id, updateFields: { name: 'Renamed gift' } }));
		expect(ctx.sent()).toEqual([{ method: 'PUT', path: `/v1/templates/campaigns/${id}`, query: {}, body: { name: 'Renamed gift' } }]);
		expect(updated.items[0].json).toMatchObject({ id, name: 'Renamed gift' });
		ctx.emu.control.clearRequests();

		const deleted = await ctx.run(template('delete', { campaignTemplateId: id }));
		expect(ctx.sent()[0]).toMatchObject({ method: 'DELETE', path: `/v1/templates/campaigns/${id}` });
		expect(deleted.items.map((item) => item.json)).toEqual([{ deleted: true, id }]);
		const gone = await ctx.run(template('get', { campaignTemplateId: id }));
		expect(serviceErrorOf(gone)).toMatchObject({ httpCode: '404', resource_type: 'campaign_template' });
	});

	it('a template made of a promotion tier names the tier and becomes a discount coupons template', async () => {
		const { items } = await ctx.run(template('create', { name: 'From tier', source: 'promotionTier', promotionTierId: FIXTURES.promotionTierIds[0] }));
		expect(ctx.sent()[0].body).toEqual({ name: 'From tier', promotion_tier_id: FIXTURES.promotionTierIds[0] });
		expect(items[0].json).toMatchObject({ campaign_type: 'DISCOUNT_COUPONS' });
	});

	it('the service refuses a template of a promotion campaign, and the node does not repeat the create', async () => {
		const result = await ctx.run(template('create', { name: 'From promotion', campaignId: FIXTURES.promotionCampaignId }));
		expect(result.error?.httpCode).toBe('400');
		expect(ctx.sent()).toHaveLength(1);
	});

	it('Update needs at least one field, and Create a name, before anything is sent', async () => {
		await ctx.expectInvalid(template('update', { campaignTemplateId: FIXTURES.campaignTemplateId, updateFields: {} }), 'Update Fields', /at least one field/);
		await ctx.expectInvalid(template('create', { name: '={{ "" }}', campaignId: FIXTURES.giftCampaignId }), 'Name', /is required/);
		await ctx.expectInvalid(template('delete', { campaignTemplateId: '={{ "" }}' }), 'Campaign Template', /is required/);
	});

	it('a name another template has is refused by the service with 409', async () => {
		const result = await ctx.run(template('update', { campaignTemplateId: FIXTURES.campaignTemplateGiftId, updateFields: { name: 'Discount template' } }));
		expect(result.error?.httpCode).toBe('409');
	});

	it('From List asks the service for templates whose name contains the text', async () => {
		const { results } = await listSearch('searchCampaignTemplates', { parameters: template('update') as never, credentials: credentialsFor(ctx.emu) }, 'Gift');
		expect(results).toEqual([{ name: 'Gift template (Gift Vouchers)', value: FIXTURES.campaignTemplateGiftId }]);
		expect(ctx.sent()[0].query).toEqual({ limit: '100', 'filters[name][conditions][$contains]': 'Gift' });
	});
});

describe('Campaign Template: Set Up Campaign and Set Up Promotion Tier', () => {
	it("sets up a campaign from the template's settings, the given fields replacing them", async () => {
		const { items, error } = await ctx.run(
			template('setUpCampaign', { campaignTemplateId: FIXTURES.campaignTemplateId, name: 'From template', additionalFields: { vouchersCount: 2, redemptionLimit: 3, joinOnce: true } }),
		);
		expect(error).toBeUndefined();
		expect(ctx.sent()).toEqual([
			{
				method: 'POST',
				path: `/v1/templates/campaigns/${FIXTURES.campaignTemplateId}/campaign-setup`,
				query: {},
				body: { name: 'From template', join_once: true, vouchers_count: 2, voucher: { redemption: { quantity: 3 } } },
			},
		]);
		expect(items[0].json).toMatchObject({ object: 'campaign_setup', created_resources: [], campaign: { name: 'From template', campaign_type: 'DISCOUNT_COUPONS', join_once: true } });
	});

	it('a campaign set up twice under one name is refused as a duplicate, and the POST is not repeated after a 503', async () => {
		await ctx.run(template('setUpCampaign', { campaignTemplateId: FIXTURES.campaignTemplateId, name: 'Twice' }));
		const again = await ctx.run(template('setUpCampaign', { campaignTemplateId: FIXTURES.campaignTemplateId, name: 'Twice' }));
		expect(again.error?.httpCode).toBe('409');
		ctx.emu.control.clearRequests();
		ctx.emu.control.setFaults({ route: `/v1/templates/campaigns/${FIXTURES.campaignTemplateId}/campaign-setup`, method: 'POST', sequence: [503] });
		const failed = await ctx.run(template('setUpCampaign', { campaignTemplateId: FIXTURES.campaignTemplateId, name: 'After 503' }));
		expect(failed.error?.httpCode).toBe('503');
		expect(ctx.sent()).toHaveLength(1);
	});

	it("adds a promotion tier of a discount template to a promotion campaign, with the template's discount", async () => {
		const { items, error } = await ctx.run(
			template('setUpTier', { campaignTemplateId: FIXTURES.campaignTemplateId, campaignId: FIXTURES.promotionCampaignId, name: 'Tier from template', additionalFields: { banner: '10% off' } }),
		);
		expect(error).toBeUndefined();
		expect(ctx.sent()[0]).toMatchObject({
			method: 'POST',
			path: `/v1/templates/campaigns/${FIXTURES.campaignTemplateId}/tier-setup`,
			body: { campaign_id: FIXTURES.promotionCampaignId, name: 'Tier from template', banner: '10% off' },
		});
		expect(items[0].json).toMatchObject({
			object: 'promotion_tier_setup',
			promotion_tier: { name: 'Tier from template', campaign_id: FIXTURES.promotionCampaignId, action: { discount: { type: 'PERCENT', percent_off: 10 } } },
		});
	});

	it('a gift template makes no promotion tier (400 from the service)', async () => {
		const result = await ctx.run(template('setUpTier', { campaignTemplateId: FIXTURES.campaignTemplateGiftId, campaignId: FIXTURES.promotionCampaignId, name: 'Gift tier' }));
		expect(result.error?.httpCode).toBe('400');
	});

	it('Set Up Promotion Tier needs the campaign, and Set Up Campaign a name, before anything is sent', async () => {
		await ctx.expectInvalid(template('setUpTier', { campaignTemplateId: FIXTURES.campaignTemplateId, campaignId: '={{ "" }}', name: 'x' }), 'Campaign', /is required/);
		await ctx.expectInvalid(template('setUpCampaign', { campaignTemplateId: FIXTURES.campaignTemplateId, name: '={{ "" }}' }), 'Name', /is required/);
	});
});
