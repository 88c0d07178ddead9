import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { DEFAULT_MAX_AMOUNT_PER_CALL, DEFAULT_MAX_POINTS_PER_CALL } from '../../nodes/LoyaltyPromotions/shared/limits';
import { FIXTURES } from '../emulator/index.cjs';
import { fromAI, runAsTool } from '../harness/asTool.cjs';
import { credentialsFor } from '../harness/emulatorCredentials.cjs';
import { useEmulator } from './v2/helpers.cjs';

/**
 * Redeem and Validate are bounded per call, not per redeemable: the credits and points of all redeemables together
 * (the list and More Redeemables (JSON) alike), and the order's amount when a voucher is given no credits (a gift
 * card then pays what the order needs). More Redeemables (JSON) takes only the contract's shapes: any other (a
 * text, a list, a `Gift` key, a top-level or nested `credits`) is refused, so nothing goes out unchecked. Generated
 * over both operations × every shape; each refusal names the field and the bound and sends nothing.
 */

const ctx = useEmulator();

const OPERATIONS = [
	['redeem', 'redemption'],
	['validate', 'validation'],
] as const;

const MAX_AMOUNT = DEFAULT_MAX_AMOUNT_PER_CALL.toFixed(2);

const giftCard = (index: number, credits: number): IDataObject => ({ type: 'giftCard', code: `GIFT-${index}`, credits });
const loyaltyCard = (index: number, points: number): IDataObject => ({ type: 'loyaltyCard', code: `LOYAL-${index}`, reward: FIXTURES.loyaltyRewardId, points });
const voucher: IDataObject = { type: 'voucher', code: FIXTURES.percentCode };
const json = (entries: unknown) => JSON.stringify(entries);

interface Case {
	title: string;
	list?: IDataObject[];
	fields?: IDataObject;
	/** The refusal, or undefined when the call is sent. */
	refused?: RegExp;
}

/** Shapes of More Redeemables (JSON) the contract does not allow: each refused, naming the entry and the key. */
const SHAPES: Case[] = [
	{ title: 'an entry that is a text', fields: { redeemablesJson: json(['GIFT-1']) }, refused: /^More Redeemables \(JSON\): entry 1 must be an object/ },
	{ title: 'gift as a list', fields: { redeemablesJson: json([{ object: 'voucher', code: 'GIFT-1', gift: [{ credits: 5_000_000 }] }]) }, refused: /^More Redeemables \(JSON\) entry 1: gift: must be an object/ },
	{ title: 'gift as a text', fields: { redeemablesJson: json([{ object: 'voucher', code: 'GIFT-1', gift: '5000000' }]) }, refused: /^More Redeemables \(JSON\) entry 1: gift: must be an object/ },
	{ title: 'a Gift key', fields: { redeemablesJson: json([{ object: 'voucher', code: 'GIFT-1', Gift: { credits: 5_000_000 } }]) }, refused: /^More Redeemables \(JSON\) entry 1: has the key "Gift", which the service does not take there/ },
	{ title: 'a top-level credits', fields: { redeemablesJson: json([{ object: 'voucher', code: 'GIFT-1', credits: 5_000_000 }]) }, refused: /^More Redeemables \(JSON\) entry 1: has the key "credits"/ },
	{ title: 'a nested gift in gift', fields: { redeemablesJson: json([{ object: 'voucher', code: 'GIFT-1', gift: { credits: 100, gift: { credits: 5_000_000 } } }]) }, refused: /^More Redeemables \(JSON\) entry 1: gift: has the key "gift"/ },
	{ title: 'reward as a list', fields: { redeemablesJson: json([{ object: 'voucher', code: 'LOYAL-1', reward: [{ points: 1_000_000 }] }]) }, refused: /^More Redeemables \(JSON\) entry 1: reward: must be an object/ },
	{ title: 'a gift on a promotion tier', fields: { redeemablesJson: json([{ object: 'promotion_tier', id: 'promo_1', gift: { credits: 100 } }]) }, refused: /^More Redeemables \(JSON\) entry 1: gift: is taken only by a voucher/ },
	{ title: 'the whole field as one object', fields: { redeemablesJson: json({ object: 'voucher', code: 'GIFT-1', gift: { credits: 5_000_000 } }) }, refused: /^More Redeemables \(JSON\)/ },
];

/** Sums over the redeemables and the order: past the bound refused with the total; at it, sent. */
const SUMS: Case[] = [
	{ title: '30 gift cards × 10,000.00 in the list (each at the bound)', list: Array.from({ length: 30 }, (_, i) => giftCard(i, 10_000)), refused: new RegExp(`^Redeemables: together at most ${MAX_AMOUNT} per call \\(Max Amount per Call\\), got 300000\\.00`) },
	{ title: '30 gift cards × 333.33 in the list (9,999.90 together)', list: Array.from({ length: 30 }, (_, i) => giftCard(i, 333.33)) },
	{ title: '2 × 6,000.00 in More Redeemables (JSON)', fields: { redeemablesJson: json([1, 2].map((i) => ({ object: 'voucher', code: `GIFT-${i}`, gift: { credits: 600_000 } }))) }, refused: /^Redeemables: together at most 10000\.00 per call .*got 12000\.00/ },
	{ title: '6,000.00 in the list and 6,000.00 in the JSON', list: [giftCard(1, 6_000)], fields: { redeemablesJson: json([{ object: 'voucher', code: 'GIFT-2', gift: { credits: 600_000 } }]) }, refused: /^Redeemables: together at most 10000\.00 per call .*got 12000\.00/ },
	{ title: 'a voucher with no credits and an order of 20,000.00 (Order Amount)', list: [voucher], fields: { orderAmount: 20_000 }, refused: /^Redeemables: together at most 10000\.00 per call \(Max Amount per Call\), got 20000\.00 \(the order's 20000\.00, which a gift card given no Credits pays\): give each gift card's Credits, or raise Max Amount per Call/ },
	{ title: 'a gift card with Credits 0 (what the order needs) and an order of 20,000.00', list: [giftCard(1, 0)], fields: { orderAmount: 20_000 }, refused: /^Redeemables: together at most 10000\.00 per call .*got 20000\.00/ },
	{ title: 'a voucher and an order of 10,000.00 (at the bound)', list: [voucher], fields: { orderAmount: 10_000 } },
	{ title: 'a voucher and Order (JSON) amount 2,000,000 hundredths', list: [voucher], fields: { orderJson: json({ amount: 2_000_000 }) }, refused: /^Redeemables: together at most 10000\.00 per call .*got 20000\.00/ },
	{ title: "a voucher and Order (JSON) items worth 15,000.00", list: [voucher], fields: { orderJson: json({ items: [{ price: 500_000, quantity: 3 }] }) }, refused: /^Redeemables: together at most 10000\.00 per call .*got 15000\.00/ },
	{ title: 'a voucher and Order (JSON) items without a price', list: [voucher], fields: { orderJson: json({ items: [{ product_id: 'prod_1', quantity: 3 }] }) }, refused: /^Order \(JSON\): needs an amount, or each item's amount or price, when a voucher is given no Credits/ },
	{ title: 'a gift card with credits 6,000.00 and a voucher with an order of 5,000.00', list: [giftCard(1, 6_000), voucher], fields: { orderAmount: 5_000 }, refused: /^Redeemables: together at most 10000\.00 per call .*got 11000\.00 \(credits 6000\.00 and the order's 5000\.00/ },
	{ title: 'a gift card with credits 9,000.00 and an order of 20,000.00 (no voucher without credits)', list: [giftCard(1, 9_000)], fields: { orderAmount: 20_000 } },
	{ title: `2 loyalty cards × 60,000 points (Max Points per Call ${DEFAULT_MAX_POINTS_PER_CALL})`, list: [loyaltyCard(1, 60_000), loyaltyCard(2, 60_000)], refused: /^Redeemables: together at most 100000 per call \(Max Points per Call\), got 120000/ },
	{ title: '60,000 points in the list and 60,000 in the JSON', list: [loyaltyCard(1, 60_000)], fields: { redeemablesJson: json([{ object: 'voucher', code: 'LOYAL-2', reward: { id: FIXTURES.loyaltyRewardId, points: 60_000 } }]) }, refused: /^Redeemables: together at most 100000 per call .*got 120000/ },
];

async function run(resource: string, operation: string, { list, fields }: Case) {
	ctx.emu.control.clearRequests();
	return ctx.run({ resource, operation, redeemables: { redeemable: list ?? [] }, additionalFields: { ...fields } } as INodeParameters);
}

describe.each(OPERATIONS)('%s', (operation, resource) => {
	it.each([...SHAPES, ...SUMS].map((entry) => [entry.title, entry] as const))('%s', async (_title, entry) => {
		const { error } = await run(resource, operation, entry);
		const posts = ctx.sent().filter((request) => request.method === 'POST');
		if (entry.refused) {
			expect(error?.message).toMatch(entry.refused);
			expect(error?.description).toBe('Nothing was sent to the service.');
			expect(ctx.sent()).toEqual([]);
		} else {
			expect(error?.description).not.toBe('Nothing was sent to the service.');
			expect(posts).toHaveLength(1);
			expect((posts[0].body as { redeemables: unknown[] }).redeemables).toHaveLength((entry.list ?? []).length);
		}
	});

	it('as an AI tool, the order amount from $fromAI (the MCP example\'s Redeem Voucher): 50,000.00 refused, nothing sent; 50.00 sent', async () => {
		const parameters = { resource, operation, redeemables: { redeemable: [{ type: 'voucher', code: fromAI('code', 'string') }] }, additionalFields: { orderAmount: fromAI('orderAmount', 'number') } };
		ctx.emu.control.clearRequests();
		const drained = await runAsTool({ parameters, toolArguments: { code: FIXTURES.giftCode, orderAmount: 50_000 }, credentials: credentialsFor(ctx.emu) });
		expect(drained.error).toMatch(/Redeemables: together at most 10000\.00 per call \(Max Amount per Call\), got 50000\.00/);
		expect(ctx.sent()).toEqual([]);
		await runAsTool({ parameters, toolArguments: { code: FIXTURES.giftCode, orderAmount: 50 }, credentials: credentialsFor(ctx.emu) });
		expect(ctx.sent().filter((request) => request.method === 'POST')).toHaveLength(1);
	});
});
