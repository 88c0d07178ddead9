import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';
import { voucherImportCsvProperties } from '../../../nodes/LoyaltyPromotions/actions/voucher/bulk';
import { FIXTURES } from '../../emulator/index.cjs';
import { parseCsv } from '../../emulator/validate.cjs';
import { useEmulator } from '../v2/helpers.cjs';

/** Voucher, order and campaign imports: all input items in as few requests as the service allows, each followed to its end. */

const ctx = useEmulator();

const posted = (path: string) => ctx.emu.control.requests({ method: 'POST', path }).map((request) => request.body as unknown);
const voucher = (code: string) => ctx.emu.control.state.findVoucher(code);

/** The rows of each CSV file sent to `path`, as objects by header (empty cells left out). */
function csvFiles(path: string): Array<Array<Record<string, string>>> {
	return ctx.emu.control.requests({ method: 'POST', path }).map((request) => {
		const body = String(request.body);
		const [header, ...rows] = parseCsv(body.slice(body.indexOf('\r\n\r\n') + 4, body.lastIndexOf('\r\n--')));
		return rows.map((row) => Object.fromEntries(header.map((column, i) => [column, row[i]]).filter(([, value]) => value !== '')));
	});
}

describe('Voucher: Import (JSON)', () => {
	const importVouchers = (extra: IDataObject = {}) => ({
		resource: 'voucher',
		operation: 'import',
		code: '={{ $json.code }}',
		type: 'DISCOUNT_VOUCHER',
		discountType: 'PERCENT',
		percentOff: 15,
		giftAmount: '={{ $json.gift ?? 0 }}',
		additionalFields: { categoryName: 'imported', metadataJson: '={{ JSON.stringify($json.meta ?? {}) }}' },
		...extra,
	});

	it('sends every item in one request, follows the async action, and pairs a duplicate code with its own item', async () => {
		const input = [{ code: 'IMP-1', meta: { batch: 1 } }, { code: FIXTURES.discountCodes[0] }, { code: 'IMP-2' }];
		const { items, error } = await ctx.run(importVouchers() as never, { input });
		expect(error).toBeUndefined();
		const discount = { type: 'DISCOUNT_VOUCHER', discount: { type: 'PERCENT', percent_off: 15 }, category: 'imported' };
		expect(posted('/v1/vouchers/import')).toEqual([
			[
				{ code: 'IMP-1', ...discount, metadata: { batch: 1 } },
				{ code: FIXTURES.discountCodes[0], ...discount },
				{ code: 'IMP-2', ...discount },
			],
		]);
		expect(items.map((item) => [item.pairedItem, item.json.done_count ?? item.json.code])).toEqual([
			[[{ item: 0 }, { item: 1 }, { item: 2 }], 2],
			[{ item: 1 }, FIXTURES.discountCodes[0]],
		]);
		expect(items[0].json).toMatchObject({ status: 'DONE', type: 'VOUCHERS.IMPORT', records: 3, failed_count: 1 });
		expect(items[1].json.error).toMatch(/already exists/);
		expect(voucher('IMP-1')).toMatchObject({ type: 'DISCOUNT_VOUCHER', category: 'imported', metadata: { batch: 1 }, campaign_id: null });

		const gift = await ctx.run(importVouchers({ type: 'GIFT_VOUCHER' }) as never, { input: [{ code: 'IMP-GIFT', gift: 25.5 }] });
		expect(gift.items[0].json).toMatchObject({ status: 'DONE', records: 1, failed_count: 0 });
		expect(voucher('IMP-GIFT')?.gift).toMatchObject({ amount: 2550, balance: 2550 });
	});

	it('refuses a gift amount with 3 decimals and an item without a code before sending; with Continue On Fail the rest go', async () => {
		const { error } = await ctx.run(importVouchers() as never, { input: [{ code: 'OK-1' }, { code: ' ' }] });
		expect(error?.message).toBe('Code: is required');
		expect(ctx.sent()).toEqual([]);

		const { items } = await ctx.run(importVouchers({ type: 'GIFT_VOUCHER' }) as never, {
			input: [{ code: 'COF-1', gift: 5 }, { code: 'COF-2', gift: 1.005 }, { code: 'COF-3', gift: 5, meta: ['x'] }],
			continueOnFail: true,
		});
		expect(items.map((item) => [item.pairedItem, item.json.error ?? item.json.status])).toEqual([
			[{ item: 0 }, 'DONE'],
			[{ item: 1 }, expect.stringMatching(/^Gift Amount: /)],
			[{ item: 2 }, expect.stringMatching(/^Metadata \(JSON\): /)],
		]);
		expect((posted('/v1/vouchers/import') as IDataObject[][]).map((body) => body.map((record) => record.code))).toEqual([['COF-1']]);
	});

	it('is not sent again after a lost answer (not an upsert): the error names the request to look up', async () => {
		ctx.emu.control.setFaults({ route: '/v1/vouchers/import', method: 'POST', sequence: ['reset'], resetAfterProcessing: true });
		const { error } = await ctx.run(importVouchers() as never, { input: [{ code: 'LOST-1' }] });
		expect(error).toBeDefined();
		expect(posted('/v1/vouchers/import')).toHaveLength(1);
		expect(error?.description).toContain('The request was not repeated');
		expect(error?.description).toContain('1 request was needed: the service accepted 0 (0 records). The request that failed carried 1 record (from input item 0).');
	});
});

describe('Voucher: Import CSV (upsert by code)', () => {
	const importCsv = {
		resource: 'voucher',
		operation: 'importCsv',
		code: '={{ $json.code }}',
		type: 'DISCOUNT_VOUCHER',
		discountType: 'AMOUNT',
		amountOff: '={{ $json.off ?? 5 }}',
		giftAmount: '={{ $json.gift ?? 0 }}',
		additionalFields: { active: '={{ $json.active ?? true }}', redemptionLimit: 2, metadataJson: '={{ JSON.stringify($json.meta ?? {}) }}' },
	};

	it("writes the service's columns with metadata columns, creates new codes and updates the ones the project has", async () => {
		ctx.emu.control.state.bulkRefusals.set('CSV-BAD', 'the code does not match the pattern');
		const input = [{ code: 'CSV-1', off: 12.5, meta: { tier: 'gold' } }, { code: FIXTURES.discountCodes[1], active: false, meta: { tier: 'silver' } }, { code: 'CSV-BAD' }];
		const { items, error } = await ctx.run(importCsv as never, { input });
		expect(error).toBeUndefined();
		expect(csvFiles('/v1/vouchers/importCSV')).toEqual([
			[
				{ Code: 'CSV-1', 'Voucher Type': 'DISCOUNT_VOUCHER', Value: '1250', 'Discount Type': 'AMOUNT', 'Redemption Limit': '2', Active: 'true', tier: 'gold' },
				{ Code: FIXTURES.discountCodes[1], 'Voucher Type': 'DISCOUNT_VOUCHER', Value: '500', 'Discount Type': 'AMOUNT', 'Redemption Limit': '2', Active: 'false', tier: 'silver' },
				{ Code: 'CSV-BAD', 'Voucher Type': 'DISCOUNT_VOUCHER', Value: '500', 'Discount Type': 'AMOUNT', 'Redemption Limit': '2', Active: 'true' },
			],
		]);
		expect(items.map((item) => [item.json.rows ?? item.json.row, item.pairedItem])).toEqual([
			[3, [{ item: 0 }, { item: 1 }, { item: 2 }]],
			[3, { item: 2 }],
		]);
		expect(items[0].json).toMatchObject({ status: 'DONE', type: 'VOUCHERS.IMPORT_CSV', done_count: 2, failed_count: 1 });
		expect(items[1].json).toMatchObject({ error: 'the code does not match the pattern', code: 'CSV-BAD' });
		expect(voucher('CSV-1')).toMatchObject({ discount: { type: 'AMOUNT', amount_off: 1250 }, redemption: { quantity: 2 }, metadata: { tier: 'gold' } });
		expect(voucher(FIXTURES.discountCodes[1])).toMatchObject({ active: false, metadata: { tier: 'silver' } });

		await ctx.run({ ...importCsv, type: 'GIFT_VOUCHER' } as never, { input: [{ code: 'CSV-GIFT', gift: 40 }] });
		expect(csvFiles('/v1/vouchers/importCSV')[1]).toEqual([{ Code: 'CSV-GIFT', 'Voucher Type': 'GIFT_VOUCHER', Value: '4000', 'Redemption Limit': '2', Active: 'true' }]);
		expect(voucher('CSV-GIFT')?.gift).toMatchObject({ amount: 4000 });
	});

	it('does not offer Units Free, which a CSV cannot carry, and refuses it where a saved workflow holds it, before sending', async () => {
		const offered = voucherImportCsvProperties.find((property) => property.name === 'discountType')?.options?.map((option) => (option as INodePropertyOptions).value);
		expect(offered).toEqual(['AMOUNT', 'FIXED', 'PERCENT']);
		expect(voucherImportCsvProperties.map((property) => property.name)).not.toEqual(expect.arrayContaining(['unitOff']));
		expect(voucherImportCsvProperties.map((property) => property.name)).not.toEqual(expect.arrayContaining(['unitType']));
		await ctx.expectInvalid({ ...importCsv, discountType: 'UNIT', unitType: 'prod_1' } as never, 'Discount Type', /Units Free is not offered by Import CSV: .*Use Import for Units Free/, [{ code: 'U-1' }]);
		await ctx.expectInvalid({ ...importCsv, discountType: 'UNIT', recordFields: 'auto' } as never, 'Discount Type', /Units Free is not offered by Import CSV/, [{ code: 'U-2' }]);
	});
});

describe('Order: Import (historical orders, 2,000 a request)', () => {
	const importOrders = {
		resource: 'order',
		operation: 'import',
		additionalFields: { sourceId: '={{ $json.id }}', amount: '={{ $json.amount }}', status: 'PAID', customerSourceId: '={{ $json.customer }}' },
	};

	it('sends 2,000 orders a request, pairs a failed order with its item by source ID, and imports the rest', async () => {
		ctx.emu.control.state.bulkRefusals.set('imp-o-3', 'the order amount does not match its items');
		const input = Array.from({ length: 2001 }, (_, n) => ({ id: `imp-o-${n}`, amount: 10.5, customer: 'imp-o-customer' }));
		const { items, error } = await ctx.run(importOrders as never, { input });
		expect(error).toBeUndefined();
		const bodies = posted('/v1/orders/import') as IDataObject[][];
		expect(bodies.map((body) => body.length)).toEqual([2000, 1]);
		expect(bodies[0][0]).toEqual({ source_id: 'imp-o-0', status: 'PAID', amount: 1050, customer: { source_id: 'imp-o-customer' } });
		expect(items.map((item) => [item.json.records ?? item.json.source_id, item.json.done_count ?? item.json.error])).toEqual([
			[2000, 1999],
			['imp-o-3', 'the order amount does not match its items'],
			[1, 1],
		]);
		expect(items[1].pairedItem).toEqual({ item: 3 });
		expect(items[0].json).toMatchObject({ status: 'DONE', type: 'ORDERS.IMPORT', failed_count: 1 });
		expect(ctx.emu.control.state.orders.find('imp-o-2000')).toMatchObject({ status: 'PAID', amount: 1050 });
		expect(ctx.emu.control.state.orders.find('imp-o-3')).toBeUndefined();
	});

	it('refuses an amount with 3 decimals before sending, naming the item and field', async () => {
		const { error } = await ctx.run(importOrders as never, { input: [{ id: 'ok', amount: 1 }, { id: 'bad', amount: 1.005 }] });
		expect(error?.message).toMatch(/^Amount: /);
		expect(error?.context?.itemIndex).toBe(1);
		expect(ctx.sent()).toEqual([]);
	});
});

describe('Campaign: Import Vouchers (JSON and CSV)', () => {
	const importVouchers = (extra: IDataObject = {}) => ({
		resource: 'campaign',
		operation: 'importVouchers',
		campaignId: FIXTURES.giftCampaignId,
		code: '={{ $json.code }}',
		additionalFields: { giftAmount: '={{ $json.gift }}', metadataJson: '={{ JSON.stringify($json.meta ?? {}) }}' },
		...extra,
	});

	it("imports the codes into the campaign, which gives their type, and pairs a duplicate with its item", async () => {
		const input = [{ code: 'CI-1', gift: 20, meta: { shop: 'north' } }, { code: FIXTURES.discountCodes[0], gift: 5 }];
		const { items, error } = await ctx.run(importVouchers() as never, { input });
		expect(error).toBeUndefined();
		expect(ctx.emu.control.requests({ method: 'POST', path: `/v1/campaigns/${FIXTURES.giftCampaignId}/import` }).map((request) => request.body)).toEqual([
			[
				{ code: 'CI-1', gift: { amount: 2000 }, metadata: { shop: 'north' } },
				{ code: FIXTURES.discountCodes[0], gift: { amount: 500 } },
			],
		]);
		expect(items.map((item) => [item.pairedItem, item.json.done_count ?? item.json.code])).toEqual([
			[[{ item: 0 }, { item: 1 }], 1],
			[{ item: 1 }, FIXTURES.discountCodes[0]],
		]);
		expect(items[0].json).toMatchObject({ status: 'DONE', type: 'CAMPAIGN.VOUCHERS_IMPORT' });
		expect(voucher('CI-1')).toMatchObject({ type: 'GIFT_VOUCHER', campaign_id: FIXTURES.giftCampaignId, gift: { amount: 2000 }, metadata: { shop: 'north' } });
	});

	it('refuses items that name different campaigns before sending anything', async () => {
		const { error } = await ctx.run(importVouchers({ campaignId: '={{ $json.campaign }}' }) as never, {
			input: [
				{ code: 'CD-1', gift: 1, campaign: FIXTURES.giftCampaignId },
				{ code: 'CD-2', gift: 1, campaign: FIXTURES.discountCampaignId },
			],
		});
		expect(error?.message).toMatch(/^Campaign: every item must name the same campaign/);
		expect(error?.context?.itemIndex).toBe(1);
		expect(ctx.sent()).toEqual([]);
	});

	it('the CSV form sends Code, Category, Active, Gift Amount and metadata columns, and lists failed rows', async () => {
		ctx.emu.control.state.bulkRefusals.set('CC-2', 'the code is too short');
		const { items, error } = await ctx.run(
			importVouchers({ operation: 'importVouchersCsv', additionalFields: { categoryName: 'imported', active: false, giftAmount: '={{ $json.gift }}', metadataJson: '={{ JSON.stringify($json.meta ?? {}) }}' } }) as never,
			{ input: [{ code: 'CC-1', gift: 12.34, meta: { shop: 'south' } }, { code: 'CC-2', gift: 1 }] },
		);
		expect(error).toBeUndefined();
		expect(csvFiles(`/v1/campaigns/${FIXTURES.giftCampaignId}/importCSV`)).toEqual([
			[
				{ Code: 'CC-1', Category: 'imported', Active: 'false', 'Gift Amount': '1234', shop: 'south' },
				{ Code: 'CC-2', Category: 'imported', Active: 'false', 'Gift Amount': '100' },
			],
		]);
		expect(items.map((item) => [item.pairedItem, item.json.rows ?? item.json.error])).toEqual([
			[[{ item: 0 }, { item: 1 }], 2],
			[{ item: 1 }, 'the code is too short'],
		]);
		expect(voucher('CC-1')).toMatchObject({ campaign_id: FIXTURES.giftCampaignId, active: false, category: 'imported', gift: { amount: 1234 }, metadata: { shop: 'south' } });
	});
});
