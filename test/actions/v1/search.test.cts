/** Pick, don't type: the From List searches and the category dropdown, through n8n-core's LoadOptionsContext. */
import { FIXTURES } from '../../emulator/index.cjs';
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { listSearch, loadOptions } from '../../harness/loadOptions.cjs';
import { useEmulator } from './setup.cjs';

const ctx = useEmulator();

const call = (parameters: Record<string, unknown>) => ({ parameters: parameters as never, credentials: credentialsFor(ctx.emu) });

describe('Campaign pickers', () => {
	it('From List shows every campaign by name and type; the value is its ID, narrowed by the typed text', async () => {
		const all = await listSearch('searchCampaigns', call({ resource: 'campaign', operation: 'get' }));
		expect(all.results).toHaveLength(ctx.emu.control.state.campaigns.size);
		expect(all.results).toEqual(expect.arrayContaining([{ name: 'Welcome Discount (Discount Coupons)', value: FIXTURES.welcomeCampaignId }]));
		expect(all.paginationToken).toBeUndefined();
		const loyal = await listSearch('searchCampaigns', call({ resource: 'campaign', operation: 'get' }), 'loyalty');
		expect(loyal.results.map((r) => r.value).sort()).toEqual([FIXTURES.campaignId, FIXTURES.campaignOtherId]);
		expect(ctx.sent().map((r) => `${r.method} ${r.path} ${JSON.stringify(r.query)}`)).toEqual([
			'GET /v1/campaigns {"limit":"100"}',
			'GET /v1/campaigns {"limit":"100"}',
		]);
	});

	it('the campaign filters that match by name get the name as the value', async () => {
		const { results } = await listSearch('searchCampaignNames', call({ resource: 'redemption', operation: 'getAll' }), 'gift');
		expect(results).toEqual([{ name: 'Gift Cards (Gift Vouchers)', value: 'Gift Cards' }]);
	});

	it('Loyalty Program lists the loyalty campaigns only', async () => {
		const { results } = await listSearch('searchLoyaltyCampaigns', call({ resource: 'loyaltyMember', operation: 'add' }));
		expect(results).toEqual([
			{ name: 'Loyalty Program', value: FIXTURES.campaignId },
			{ name: 'Second Loyalty Program', value: FIXTURES.campaignOtherId },
		]);
		expect(ctx.sent()[0].path).toBe('/v1/loyalties');
	});
});

describe('Voucher picker', () => {
	it('pages through the vouchers as the user scrolls, 100 at a time, and ends at the last page the service serves', async () => {
		const first = await listSearch('searchVouchers', call({ resource: 'voucher', operation: 'get' }));
		expect(first.results).toHaveLength(100);
		expect(first.paginationToken).toBe('2');
		const second = await listSearch('searchVouchers', call({ resource: 'voucher', operation: 'get' }), undefined, '2');
		expect(second.results).toHaveLength(100);
		expect(new Set([...first.results, ...second.results].map((r) => r.value)).size).toBe(200);
		const last = await listSearch('searchVouchers', call({ resource: 'voucher', operation: 'get' }), undefined, '99');
		expect(last.results).toHaveLength(100);
		expect(last.paginationToken).toBeUndefined();
		expect(ctx.sent().map((r) => r.query)).toEqual([{ limit: '100' }, { limit: '100', page: '2' }, { limit: '100', page: '99' }]);
	});

	it('the service matches the typed code; each entry says its type and campaign', async () => {
		const { results } = await listSearch('searchVouchers', call({ resource: 'voucher', operation: 'get' }), 'GIFT');
		expect(results.map((r) => r.value).sort()).toEqual([FIXTURES.giftCode, FIXTURES.giftEmptyCode]);
		expect(results).toEqual(expect.arrayContaining([{ name: `${FIXTURES.giftCode} (gift card, Gift Cards)`, value: FIXTURES.giftCode }]));
		const disabled = await listSearch('searchVouchers', call({ resource: 'voucher', operation: 'get' }), FIXTURES.disabledCode);
		expect(disabled.results).toEqual([{ name: `${FIXTURES.disabledCode} (discount, disabled)`, value: FIXTURES.disabledCode }]);
		expect(ctx.sent().map((r) => r.query)).toEqual([
			{ limit: '100', code: 'GIFT' },
			{ limit: '100', code: FIXTURES.disabledCode },
		]);
	});
	it('finds a code typed in another case, as the service matches codes in a project whose codes are not case sensitive', async () => {
		const { results } = await listSearch('searchVouchers', call({ resource: 'voucher', operation: 'get' }), 'gift-1');
		expect(results.map((r) => r.value)).toContain(FIXTURES.giftCode);
		expect(ctx.sent().map((r) => r.query)).toEqual([{ limit: '100', code: 'gift-1' }]);
	});
});

describe('Loyalty card picker', () => {
	it("lists the members of the loyalty program chosen in the node, with their points", async () => {
		const { results } = await listSearch('searchLoyaltyCards', call({ resource: 'loyaltyMember', operation: 'getAll', campaignId: { __rl: true, mode: 'list', value: FIXTURES.campaignId } }));
		expect(results.map((r) => r.value).sort()).toEqual([FIXTURES.memberEmpty, FIXTURES.memberWithManyActivities, FIXTURES.memberWithPendingPoints]);
		expect(results).toEqual(expect.arrayContaining([{ name: `${FIXTURES.memberWithPendingPoints} (500 points)`, value: FIXTURES.memberWithPendingPoints }]));
		expect(ctx.sent()[0].path).toBe(`/v1/loyalties/${FIXTURES.campaignId}/members`);
	});

	it('without a program (or with one from an expression) it keeps the loyalty cards among all vouchers', async () => {
		const { results } = await listSearch('searchLoyaltyCards', call({ resource: 'loyaltyMember', operation: 'adjustPoints', additionalFields: { campaignId: '={{ $json.program }}' } }));
		expect(results.map((r) => r.value).sort()).toEqual([FIXTURES.memberEmpty, FIXTURES.memberWithManyActivities, FIXTURES.memberWithPendingPoints]);
		expect(ctx.sent()[0].path).toBe('/v1/vouchers');
	});
});

describe('Redemption picker and category dropdown', () => {
	it('From List shows the latest redemptions first, by code, result and date', async () => {
		const { results } = await listSearch('searchRedemptions', call({ resource: 'redemption', operation: 'get' }));
		expect(results.map((r) => r.value)).toEqual([...FIXTURES.redemptionIds].reverse());
		expect(results[0].name).toMatch(new RegExp(`^${FIXTURES.percentCode} · failure · 2024-`));
		expect(ctx.sent()[0].query).toEqual({ order: '-created_at', limit: '100' });
	});

	it('Category loads the project categories by name, the value being the ID', async () => {
		const options = await loadOptions('loadCategories', call({ resource: 'voucher', operation: 'create' }));
		expect(options).toEqual([
			{ name: 'Books', value: FIXTURES.categoryIds[1] },
			{ name: 'Clothing', value: FIXTURES.categoryIds[2] },
			{ name: 'Electronics', value: FIXTURES.categoryIds[0] },
		]);
	});

	it('uses the OAuth credential when the node is set to it', async () => {
		const options = await loadOptions('loadCategories', call({ resource: 'voucher', operation: 'create', authentication: 'oAuth2' }));
		expect(options).toHaveLength(3);
		expect(ctx.emu.control.requests().map((r) => r.path)).toEqual(['/v1/oauth/token', '/v1/categories']);
	});
});
