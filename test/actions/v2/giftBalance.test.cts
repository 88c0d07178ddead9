/**
 * A gift voucher given by a benefit or a loyalty reward is loaded with its Gift Balance: a balance of 0 gives
 * nothing, and is refused before sending (typed, left at its default, or mapped from an item), naming the field.
 */
import type { INodeParameters } from 'n8n-workflow';
import { FIXTURES } from '../../emulator/index.cjs';
import { useEmulator } from './helpers.cjs';

const ctx = useEmulator();
jest.setTimeout(60_000);

const GIFTS: Array<[string, INodeParameters]> = [
	['benefit', { resource: 'benefit', operation: 'create', name: 'A gift', benefitType: 'DIGITAL', digitalType: 'GIFT_VOUCHERS', digitalCampaignId: FIXTURES.giftCampaignId }],
	[
		'loyalty reward',
		{
			resource: 'loyaltyReward',
			operation: 'create',
			name: 'A gift',
			rewardType: 'DIGITAL',
			digitalType: 'GIFT_VOUCHERS',
			campaignId: FIXTURES.giftCampaignId,
			costs: { cost: [{ points: 10, cardDefinitionId: FIXTURES.cardDefinitionActive }] },
		},
	],
];

describe.each(GIFTS)('a gift voucher %s', (_, parameters) => {
	it.each([
		['typed 0', { giftBalance: 0 }],
		['left at its default', {}],
	])('refuses a Gift Balance %s before sending', (__, given) => ctx.expectInvalid({ ...parameters, ...given }, 'Gift Balance', /^Gift Balance: must be more than 0/));

	it.each([
		['balance', { balance: 0 }],
		['digital.gift_vouchers.balance', { digital: { type: 'GIFT_VOUCHERS', gift_vouchers: { balance: 0 } } }],
	])('refuses a mapped %s of 0, naming the key', async (key, item) => {
		const { error, items } = await ctx.run({ ...parameters, recordFields: 'auto' }, { input: [{ name: 'A mapped gift', ...item }] });
		expect(items).toEqual([]);
		expect(error?.message).toMatch(new RegExp(`^Gift Balance \\(input field "${key.replace(/\./g, '\\.')}"\\): must be more than 0`));
		expect(ctx.sent()).toEqual([]);
	});

	it('sends a balance of 0.01 as 1 hundredth', async () => {
		const { error } = await ctx.run({ ...parameters, giftBalance: 0.01 });
		expect(error?.message).toBeUndefined();
		expect(ctx.sent()[0].body).toMatchObject({ digital: { gift_vouchers: { balance: 1 } } });
	});
});
