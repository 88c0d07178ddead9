/** A STANDALONE campaign (one code shared by everyone), created through the API since 21 May 2026 with its voucher.code. */
import { serviceErrorOf, useEmulator, type Parameters } from './setup.cjs';

const ctx = useEmulator();

const standalone = (name: string, additionalFields: Parameters) => ({
	resource: 'campaign',
	operation: 'create',
	name,
	campaignType: 'DISCOUNT_COUPONS',
	discountType: 'PERCENT',
	percentOff: 10,
	additionalFields: { type: 'STANDALONE', ...additionalFields },
});

describe('Campaign → Create, Type Standalone', () => {
	it('sends the code as voucher.code; the campaign holds that one code', async () => {
		const created = await ctx.run(standalone('Standalone summer', { standaloneCode: ' SUMMER-ONE ' }));
		expect(created.error).toBeUndefined();
		expect(ctx.sent()[0].body).toMatchObject({ type: 'STANDALONE', voucher: { type: 'DISCOUNT_VOUCHER', code: 'SUMMER-ONE' } });
		const voucher = await ctx.run({ resource: 'voucher', operation: 'get', code: 'SUMMER-ONE' });
		expect(voucher.items[0].json).toMatchObject({ code: 'SUMMER-ONE', campaign_id: created.items[0].json.id });
	});

	it('the service refuses a second campaign with a code already taken (409)', async () => {
		await ctx.run(standalone('Standalone first', { standaloneCode: 'TAKEN-ONE' }));
		const twice = await ctx.run(standalone('Standalone second', { standaloneCode: 'TAKEN-ONE' }));
		expect(serviceErrorOf(twice)).toMatchObject({ httpCode: '409', key: 'duplicate_found' });
	});

	it.each([
		[standalone('No code', {}), /is required with Type Standalone/],
		[standalone('Blank code', { standaloneCode: '  ' }), /is required with Type Standalone/],
		[{ ...standalone('Not standalone', { standaloneCode: 'X' }), additionalFields: { type: 'AUTO_UPDATE', standaloneCode: 'X' } }, /is only for Type Standalone/],
	])('refuses %j naming Standalone Code, sending nothing', (parameters, rule) => ctx.expectInvalid(parameters, 'Standalone Code', rule));

	it('the emulator refuses a STANDALONE campaign without voucher.code, as the service does', async () => {
		const { appId, appToken } = ctx.emu.credentials;
		const response = await fetch(`${ctx.emu.baseUrl}/v1/campaigns`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'x-app-id': appId, 'x-app-token': appToken },
			body: JSON.stringify({ name: 'Raw standalone', campaign_type: 'DISCOUNT_COUPONS', type: 'STANDALONE', voucher: { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 5 } } }),
		});
		expect(response.status).toBe(400);
		expect(JSON.stringify(await response.json())).toContain('voucher.code');
	});
});
