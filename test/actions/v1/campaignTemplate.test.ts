import { FIXTURES } from '../../emulator';
import { serviceErrorOf, useEmulator } from './setup';

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
		expect(result.error?.message).toBe('Resource not found');
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
