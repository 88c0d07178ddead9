/**
 * Map Automatically reads the service's own record shape (what a read returns): nested objects and bracketed keys
 * as accepted key forms, a controlling value in any of them compared with the panel's, and amounts under the
 * service's own key in the service's unit (hundredths), under the panel's name in the panel's (the main unit); a
 * key that could be either is refused naming both readings. The round trip over the catalogue is
 * ../oracle/roundTrip.test.cts; these are the issue's own examples, each with the request it must send.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { FIXTURES } from '../../emulator/index.cjs';
import { useEmulator } from '../v2/helpers.cjs';

const ctx = useEmulator();
jest.setTimeout(120_000);

const AUTO = { recordFields: 'auto', unknownInputFields: 'refuse' };
const voucherCreate = (extra: INodeParameters = {}): INodeParameters => ({ resource: 'voucher', operation: 'create', ...AUTO, ...extra });
const skuCreate: INodeParameters = {
	resource: 'sku',
	operation: 'create',
	productId: { __rl: true, mode: 'id', value: FIXTURES.productId },
	...AUTO,
};

async function sent(parameters: INodeParameters, json: IDataObject): Promise<IDataObject | undefined> {
	const { error } = await ctx.run(parameters, { input: [json] });
	expect(error?.message).toBeUndefined();
	return ctx.sent()[0]?.body as IDataObject | undefined;
}

async function refused(parameters: INodeParameters, json: IDataObject): Promise<string | undefined> {
	const { error, items } = await ctx.run(parameters, { input: [json] });
	expect(items).toEqual([]);
	expect(ctx.emu.control.requests()).toEqual([]);
	return error?.message;
}

const SPRING20 = { code: 'SPRING20', type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 20 } };

describe("Map Automatically: the service's own shape", () => {
	it('a voucher as Voucher → Get answers it creates the same voucher when the panel says its discount type', async () => {
		// the code goes in the path (POST /v1/vouchers/SPRING20), the rest in the body
		expect(await sent(voucherCreate({ discountType: 'PERCENT' }), SPRING20)).toEqual({ type: SPRING20.type, discount: SPRING20.discount });
	});

	it('refuses it, naming the key and both values, when the panel says another discount type', async () => {
		const message = await refused(voucherCreate(), SPRING20);
		expect(message).toMatch(/^Discount Type \(input field "discount\.type"\): is "PERCENT" \(Percent Off\) in the item but "AMOUNT" \(Amount Off\) in the panel/);
	});

	it.each([
		// a bracketed key is named in its dotted form
		['discount.type', { code: 'BRACKET', 'discount[type]': 'PERCENT', 'discount[percent_off]': 15 }],
		['voucher.discount.type', { code: 'DEEP', 'voucher.discount.type': 'PERCENT', percent_off: 15 }],
	])('reads the controlling value under %s', async (key, item) => {
		expect(await refused(voucherCreate(), item)).toMatch(new RegExp(`^Discount Type \\(input field "${key.replace(/[.[\]]/g, '\\$&')}"\\): is "PERCENT"`));
	});

	it("reads campaign.campaign_type as the campaign's type", async () => {
		const message = await refused({ resource: 'campaign', operation: 'create', ...AUTO, name: 'Copied' }, { name: 'Copied', campaign: { campaign_type: 'GIFT_VOUCHERS' } });
		expect(message).toMatch(/^Campaign Type \(input field "campaign\.campaign_type"\): is "GIFT_VOUCHERS"/);
	});

	it("reads a gift card's amount in the service's unit from its own object", async () => {
		const card = { code: 'GIFT-1', type: 'GIFT_VOUCHER', gift: { amount: 5000 } };
		expect(await sent(voucherCreate({ type: 'GIFT_VOUCHER' }), card)).toEqual({ type: card.type, gift: card.gift });
	});
});

describe('Map Automatically: amounts in the unit their key names', () => {
	it.each([
		['price', 1999, 1999],
		['Price', 19.99, 1999],
	])('an item {"%s": %s} sends price %s', async (key, value, price) => {
		expect(await sent(skuCreate, { sku: `Unit ${key}`, [key]: value })).toEqual({ sku: `Unit ${key}`, price });
	});

	it('the service key takes whole hundredths only', async () => {
		expect(await refused(skuCreate, { price: 19.99 })).toBe(
			'Price (input field "price"): under the service\'s own key "price" is in hundredths, as a read returns it, so must be a whole number (got 19.99): name the key "Price" to give it in the currency\'s main unit',
		);
	});

	it.each([['PRICE'], ['price '], ['Amount_Off']])('refuses "%s", which could be either unit, naming the key and both readings', async (key) => {
		const [parameters, field] = key === 'Amount_Off' ? [voucherCreate(), 'amount_off'] : [skuCreate, 'price'];
		const message = await refused(parameters, { [key]: 25 });
		expect(message).toContain(`(input field "${key}"): could be the service's "${field}" in hundredths or the panel's`);
		expect(message).toContain(`25 would send 25 as the service's ${field}, or 2500 as the panel's`);
	});

	it("amount_off 25 under the service's key is 25 hundredths, under Amount Off 25.00", async () => {
		expect((await sent(voucherCreate(), { code: 'OFF-25', amount_off: 25 }))?.discount).toEqual({ type: 'AMOUNT', amount_off: 25 });
		ctx.emu.control.clearRequests();
		expect((await sent(voucherCreate(), { code: 'OFF-2500', 'Amount Off': 25 }))?.discount).toEqual({ type: 'AMOUNT', amount_off: 2500 });
	});
});
