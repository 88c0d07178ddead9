/** Referral code holders, in both forms (with the campaign in the path and without), through n8n's engine. */
import { FIXTURES } from '../../emulator/index.cjs';
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { listSearch } from '../../harness/loadOptions.cjs';
import { serviceErrorOf, useEmulator, type Parameters } from './setup.cjs';

const ctx = useEmulator();

const holder = (operation: string, extra: Parameters = {}) => ({ resource: 'referralHolder', operation, memberId: FIXTURES.referralCode, ...extra });
const inCampaign = { campaignId: FIXTURES.friendsReferralCampaignId };
const BASE = `/v1/referrals/members/${FIXTURES.referralCode}/holders`;
const SCOPED = `/v1/referrals/${FIXTURES.friendsReferralCampaignId}/members/${FIXTURES.referralCode}/holders`;

describe('Referral Holder', () => {
	it("lists a code's referrer and referees, in both forms, filtered by role", async () => {
		const all = await ctx.run(holder('getAll', { returnAll: true }));
		expect(all.error).toBeUndefined();
		expect(all.items.map((item) => [item.json.id, item.json.holder_role])).toEqual(
			expect.arrayContaining([
				[FIXTURES.referralReferrerHolderId, 'REFERRER'],
				[FIXTURES.referralRefereeHolderId, 'REFEREE'],
			]),
		);
		const referees = await ctx.run(holder('getAllInCampaign', { ...inCampaign, limit: 10, filters: { role: 'REFEREE' } }));
		expect(referees.items.every((item) => item.json.holder_role === 'REFEREE')).toBe(true);
		expect(ctx.sent().map(({ path, query }) => [path, query])).toEqual([
			[BASE, { limit: '100' }],
			[SCOPED, { limit: '10', 'filters[holder_role][conditions][$is]': 'REFEREE' }],
		]);
	});

	it('adds a new customer by source ID as a referee (the customer is created with its fields), then removes them', async () => {
		const added = await ctx.run(
			holder('addInCampaign', { ...inCampaign, customer: 'friend-of-alice', customerFields: { name: 'Bob', email: 'bob@example.com' }, additionalFields: { holderMetadata: '{"channel":"email"}' } }),
		);
		expect(added.error).toBeUndefined();
		expect(added.items).toHaveLength(1);
		const id = String(added.items[0].json.id);
		expect(added.items[0].json).toMatchObject({ id: expect.stringMatching(/^rh_/), holder_role: 'REFEREE', campaign_id: FIXTURES.friendsReferralCampaignId, metadata: { channel: 'email' } });
		const again = await ctx.run(holder('add', { customer: 'friend-of-alice' }));
		expect(serviceErrorOf(again)).toMatchObject({ httpCode: '409' });
		const removed = await ctx.run(holder('remove', { holderId: { __rl: true, mode: 'id', value: id } }));
		expect(removed.items[0].json).toEqual({ deleted: true, id });
		expect(ctx.sent().map(({ method, path, body }) => [method, path, body])).toEqual([
			['POST', SCOPED, { holders: [{ source_id: 'friend-of-alice', name: 'Bob', email: 'bob@example.com' }], metadata: { channel: 'email' } }],
			['POST', BASE, { holders: [{ source_id: 'friend-of-alice' }] }],
			['DELETE', `${BASE}/${id}`, undefined],
		]);
	});

	it('adds an existing customer by ID (an unknown ID is a 404), and removes them in the campaign form', async () => {
		const unknown = await ctx.run(holder('add', { customer: 'cust_unknown00000001' }));
		expect(serviceErrorOf(unknown)).toMatchObject({ httpCode: '404', resource_id: 'cust_unknown00000001' });
		const created = await ctx.run({ resource: 'customer', operation: 'upsert', sourceId: 'referee-by-id' });
		const customerId = String(created.items[0].json.id);
		ctx.emu.control.clearRequests();
		const byId = await ctx.run(holder('add', { customer: customerId }));
		expect(byId.items[0].json).toMatchObject({ customer_id: customerId, holder_role: 'REFEREE' });
		const id = String(byId.items[0].json.id);
		const removed = await ctx.run(holder('removeInCampaign', { ...inCampaign, holderId: id }));
		expect(removed.items[0].json).toEqual({ deleted: true, id });
		expect(ctx.sent().map(({ method, path, body }) => [method, path, body])).toEqual([
			['POST', BASE, { holders: [{ id: customerId }] }],
			['DELETE', `${SCOPED}/${id}`, undefined],
		]);
	});

	it('the referrer cannot be removed; a code outside the campaign named is a 404', async () => {
		const referrer = await ctx.run(holder('remove', { holderId: FIXTURES.referralReferrerHolderId }));
		expect(serviceErrorOf(referrer)).toMatchObject({ httpCode: '400' });
		const elsewhere = await ctx.run(holder('getAllInCampaign', { campaignId: FIXTURES.discountCampaignId, limit: 5 }));
		expect(serviceErrorOf(elsewhere)).toMatchObject({ httpCode: '404', resource_id: FIXTURES.referralCode });
	});

	it('does not resend an Add after a 503', async () => {
		ctx.emu.control.setFaults({ route: BASE, method: 'POST', sequence: [503] });
		const failed = await ctx.run(holder('add', { customer: 'after-503' }));
		expect(failed.error?.httpCode).toBe('503');
		expect(ctx.sent()).toHaveLength(1);
	});

	it('From List offers the referral codes of the campaign chosen, and the holders of the code chosen', async () => {
		const codes = await listSearch('searchReferralCodes', { parameters: { resource: 'referralHolder', operation: 'getAllInCampaign', ...inCampaign } as never, credentials: credentialsFor(ctx.emu) });
		expect(codes.results).toEqual([{ name: `${FIXTURES.referralCode} (Friends Referral)`, value: FIXTURES.referralCode }]);
		const holders = await listSearch('searchReferralHolders', { parameters: { resource: 'referralHolder', operation: 'remove', memberId: FIXTURES.referralCode } as never, credentials: credentialsFor(ctx.emu) });
		expect(holders.results).toEqual(expect.arrayContaining([{ name: `${FIXTURES.customerId} (referee)`, value: FIXTURES.referralRefereeHolderId }]));
	});

	it.each([
		[holder('add', { customer: ' ' }), 'Customer', /is required|must be an ID/],
		[holder('add', { customer: 'x', additionalFields: { holderMetadata: '[1]' } }), 'Holder Metadata (JSON)', /JSON object/],
		[holder('remove', { holderId: '..' }), 'Holder', /must be an ID/],
		[holder('getAllInCampaign', { campaignId: '..', limit: 5 }), 'Campaign', /must be an ID/],
	])('refuses %j naming %s, sending nothing', (parameters, field, rule) => ctx.expectInvalid(parameters, field, rule));
});
