import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { FIXTURES } from '../../emulator/index.cjs';
import { LoyaltyPromotions } from '../../../nodes/LoyaltyPromotions/LoyaltyPromotions.node';
import { RESOURCES } from '../../../nodes/LoyaltyPromotions/actions/resources';
import { recordFields } from '../../../nodes/LoyaltyPromotions/shared/mapping';
import { useEmulator } from '../v2/helpers.cjs';

const ctx = useEmulator();

const skuPath = `/v1/products/${FIXTURES.productId}/skus`;
/** Version 3's Record Fields: Map Automatically (the default version of these tests). */
const AUTO = { recordFields: 'auto' };
/** Version 2's resource mapper, mapping automatically. */
const version2Auto = { mappingMode: 'autoMapInputData', value: null };

const skuUpsert = (extra: Record<string, unknown> = {}) => ({
	resource: 'sku',
	operation: 'upsert',
	productId: FIXTURES.productId,
	...AUTO,
	...extra,
});

describe('Record Fields: Map Automatically', () => {
	it('takes each item\'s fields straight from its JSON, checked and converted as the typed fields are', async () => {
		const { items, error } = await ctx.run(skuUpsert(), {
			input: [
				{ source_id: 'inv-1', sku: 'Blue, M', price: 1250, currency: 'EUR', attributes: { color: 'blue' }, image_url: 'https://example.com/b.png', metadata: { tier: 2 } },
				{ source_id: 'inv-2', sku: 'Red, L', price: '300' },
			],
		});
		expect(error).toBeUndefined();
		expect(ctx.sent()).toEqual([
			{
				method: 'POST',
				path: skuPath,
				query: {},
				body: { source_id: 'inv-1', sku: 'Blue, M', price: 1250, currency: 'EUR', attributes: { color: 'blue' }, image_url: 'https://example.com/b.png', metadata: { tier: 2 } },
			},
			{ method: 'POST', path: skuPath, query: {}, body: { source_id: 'inv-2', sku: 'Red, L', price: 300 } },
		]);
		expect(items.map((item) => [item.json.source_id, item.pairedItem])).toEqual([
			['inv-1', { item: 0 }],
			['inv-2', { item: 1 }],
		]);
	});

	it('keeps the typed fields the items leave out (a fixed currency), and the item wins where both are set', async () => {
		const { error } = await ctx.run(skuUpsert({ additionalFields: { currency: 'EUR', sku: 'typed' } }), {
			input: [{ source_id: 'inv-3', sku: 'from item' }],
		});
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({ source_id: 'inv-3', sku: 'from item', currency: 'EUR' });
	});

	it('ignores unknown input keys by default, and with Refuse fails the item naming them before anything is sent', async () => {
		const input = [{ source_id: 'inv-4', sku: 'A', warehouse: 'north', colour: 'x' }];
		const ignored = await ctx.run(skuUpsert(), { input });
		expect(ignored.error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({ source_id: 'inv-4', sku: 'A' });

		ctx.emu.control.reset();
		const refused = await ctx.run(skuUpsert({ unknownInputFields: 'refuse' }), { input });
		expect(refused.error?.message).toBe('Input fields "warehouse", "colour": are not fields of this record');
		expect(refused.error?.description).toMatch(/^The fields it takes: source_id, sku, price, currency, attributes, image_url, metadata\./);
		expect(ctx.emu.control.requests()).toEqual([]);
	});

	it('checks every mapped value by its typed field\'s rule, naming the field and the input key', async () => {
		const cases: Array<[IDataObject, RegExp]> = [
			[{ source_id: 'inv-5', price: 'twelve' }, /^Price \(input field "price"\): /],
			[{ source_id: 'inv-5', price: -1 }, /^Price \(input field "price"\): /],
			[{ source_id: 'inv-5', sku: { nested: true } }, /^SKU \(input field "sku"\): /],
			[{ source_id: 'inv-5', attributes: [1, 2] }, /^Attributes \(JSON\) \(input field "attributes"\): must be a JSON object/],
			[{ source_id: 'inv-5', image_url: 'ftp://example.com/a.gif' }, /^Image URL \(input field "image_url"\): /],
			[{ sku: 'no source id' }, /^Source ID \(input field "source_id"\): is required/],
		];
		for (const [json, message] of cases) {
			ctx.emu.control.reset();
			const { error, items } = await ctx.run(skuUpsert(), { input: [json] });
			expect(items).toEqual([]);
			expect(error?.message).toMatch(message);
			expect(ctx.emu.control.requests()).toEqual([]);
		}
	});

	it('with Continue On Fail, a bad item becomes an error item and the others go out', async () => {
		const { items, error } = await ctx.run(skuUpsert(), {
			continueOnFail: true,
			input: [{ source_id: 'inv-6', price: 'x' }, { source_id: 'inv-7', price: 100 }],
		});
		expect(error).toBeUndefined();
		expect(items[0]).toMatchObject({ json: { error: expect.stringMatching(/^Price \(input field "price"\)/) }, pairedItem: { item: 0 } });
		expect(items[1]).toMatchObject({ json: { source_id: 'inv-7', price: 100 }, pairedItem: { item: 1 } });
		expect(ctx.sent().map((request) => request.body)).toEqual([{ source_id: 'inv-7', price: 100 }]);
	});

	it('maps path IDs too: SKU Update takes the SKU from the item\'s id', async () => {
		const { error } = await ctx.run(
			{ resource: 'sku', operation: 'update', productId: FIXTURES.productId, ...AUTO },
			{ input: [{ id: FIXTURES.skuId, price: 700 }] },
		);
		expect(error).toBeUndefined();
		expect(ctx.sent()).toEqual([{ method: 'PUT', path: `${skuPath}/${FIXTURES.skuId}`, query: {}, body: { price: 700 } }]);
	});
});

describe('Record Fields: the other record operations', () => {
	it('Customer Create or Update and Update, Product Create or Update, Order Create, Loyalty Member Add: one body each from the item', async () => {
		const cases: Array<[Record<string, unknown>, IDataObject, { method: string; path: string; body: unknown }]> = [
			[
				{ resource: 'customer', operation: 'upsert' },
				{ source_id: 'crm-1', name: 'Jane', email: 'jane@example.com', metadata: { tier: 'gold' }, ignored: true },
				{ method: 'POST', path: '/v1/customers', body: { source_id: 'crm-1', name: 'Jane', email: 'jane@example.com', metadata: { tier: 'gold' } } },
			],
			[
				{ resource: 'customer', operation: 'update' },
				{ id: FIXTURES.customerId, phone: '+48 600 000 000' },
				{ method: 'PUT', path: `/v1/customers/${FIXTURES.customerId}`, body: { phone: '+48 600 000 000' } },
			],
			[
				{ resource: 'product', operation: 'upsert' },
				{ source_id: 'shop-1', name: 'Mug', price: 999, attributes: 'color, size' },
				{ method: 'POST', path: '/v1/products', body: { source_id: 'shop-1', name: 'Mug', price: 999, attributes: ['color', 'size'] } },
			],
			[
				{ resource: 'order', operation: 'create' },
				{ source_id: 'ord-1', status: 'PAID', amount: 2000, customer_source_id: 'crm-9' },
				{ method: 'POST', path: '/v1/orders', body: { source_id: 'ord-1', status: 'PAID', amount: 2000, customer: { source_id: 'crm-9' } } },
			],
			[
				{ resource: 'loyaltyMember', operation: 'add', campaignId: FIXTURES.campaignId },
				{ customer: 'crm-2', source_id: 'member-crm-2', channel: 'shop' },
				{ method: 'POST', path: `/v1/loyalties/${FIXTURES.campaignId}/members`, body: { customer: { source_id: 'crm-2' }, source_id: 'member-crm-2', channel: 'shop' } },
			],
		];
		for (const [parameters, json, request] of cases) {
			ctx.emu.control.reset();
			const { error } = await ctx.run({ ...parameters, ...AUTO } as never, { input: [json] });
			expect(error).toBeUndefined();
			expect(ctx.sent()[0]).toEqual({ ...request, query: {} });
		}
	});

	it('an order status outside the service\'s list is refused by the typed field\'s rule', async () => {
		const { error } = await ctx.run({ resource: 'order', operation: 'create', ...AUTO }, { input: [{ source_id: 'o', status: 'SHIPPED' }] });
		expect(error?.message).toMatch(/^Status \(input field "status"\): /);
		expect(ctx.emu.control.requests()).toEqual([]);
	});

	it('SKU Import reads each row from its item, with no expression', async () => {
		const { error, items } = await ctx.run(
			{ resource: 'sku', operation: 'import', productId: FIXTURES.productId, ...AUTO },
			{ input: [{ source_id: 'imp-auto-1', sku: 'A', price: 200 }, { source_id: 'imp-auto-2', sku: 'B' }] },
		);
		expect(error).toBeUndefined();
		expect(items.length).toBeGreaterThan(0);
		const skus = [...ctx.emu.control.state.skus.values()].filter((sku) => String(sku.source_id).startsWith('imp-auto-'));
		expect(skus.map((sku) => [sku.source_id, sku.sku, sku.price])).toEqual([
			['imp-auto-1', 'A', 200],
			['imp-auto-2', 'B', null],
		]);
	});
});

describe('Record Fields: campaigns', () => {
	it('Campaign Create takes the name, the gift amount its type shows and the settings from the item; the campaign type stays typed', async () => {
		const { error } = await ctx.run(
			{ resource: 'campaign', operation: 'create', campaignType: 'GIFT_VOUCHERS', ...AUTO },
			{
				input: [
					{
						name: 'Mapped Gift Cards',
						amount: 2500,
						description: 'From the sheet',
						type: 'STATIC',
						join_once: true,
						start_date: '2026-06-01T00:00:00.000Z',
						metadata: { region: 'EU' },
						validation_rules: 'val_1, val_2',
						vouchers_count: 5,
					},
				],
			},
		);
		expect(error).toBeUndefined();
		expect(ctx.sent()[0]).toMatchObject({ method: 'POST', path: '/v1/campaigns' });
		expect(ctx.sent()[0].body).toEqual({
			name: 'Mapped Gift Cards',
			campaign_type: 'GIFT_VOUCHERS',
			description: 'From the sheet',
			type: 'STATIC',
			join_once: true,
			start_date: '2026-06-01T00:00:00.000Z',
			metadata: { region: 'EU' },
			validation_rules: ['val_1', 'val_2'],
			voucher: { type: 'GIFT_VOUCHER', gift: { amount: 2500 } },
			vouchers_count: 5,
		});
	});

	it('Campaign Update takes the campaign from the item\'s id and sends only the fields it holds', async () => {
		const { error } = await ctx.run(
			{ resource: 'campaign', operation: 'update', ...AUTO },
			{ input: [{ id: FIXTURES.campaignId, description: 'Renamed season', auto_join: true, name: 'not updatable here' }] },
		);
		expect(error).toBeUndefined();
		expect(ctx.sent()).toEqual([
			{ method: 'PUT', path: `/v1/campaigns/${FIXTURES.campaignId}`, query: {}, body: { description: 'Renamed season', auto_join: true } },
		]);
	});

	it('a campaign value is checked by its typed field\'s rule, and Refuse names the keys a campaign does not take', async () => {
		const cases: Array<[Record<string, unknown>, IDataObject, RegExp]> = [
			[{ operation: 'create' }, { name: 'C', amount_off: 5, type: 'WEEKLY' }, /^Type \(input field "type"\): /],
			[{ operation: 'create' }, { name: 'C', amount_off: 5, vouchers_count: 0 }, /^Vouchers Count \(input field "vouchers_count"\): /],
			[{ operation: 'create' }, { name: 'C', amount_off: 5, activity_duration_after_publishing: '24 days' }, /^Activity Duration After Publishing \(input field "activity_duration_after_publishing"\): /],
			[{ operation: 'create', unknownInputFields: 'refuse' }, { name: 'C', percent_off: 5 }, /^Input field "percent_off": .*Percent Off is not used for the panel's Discount Type "Amount Off"/],
			[{ operation: 'update' }, { id: FIXTURES.campaignId, join_once: 'sometimes' }, /^Join Once \(input field "join_once"\): /],
			[{ operation: 'update', unknownInputFields: 'refuse' }, { id: FIXTURES.campaignId, budget: 10 }, /^Input fields "budget": are not fields of this record$/],
		];
		for (const [parameters, json, message] of cases) {
			ctx.emu.control.reset();
			const { error } = await ctx.run({ resource: 'campaign', ...parameters, ...AUTO } as never, { input: [json] });
			expect(error?.message).toMatch(message);
			expect(ctx.emu.control.requests()).toEqual([]);
		}
	});
});

describe('Record Fields: bulk updates and imports (one record per item, sent together)', () => {
	const bulk = (resource: string, operation: string, extra: Record<string, unknown> = {}) => ({ resource, operation, ...AUTO, ...extra }) as never;
	const posted = (path: string) => ctx.emu.control.requests({ method: 'POST', path }).map((request) => request.body);

	it('Customer and Product Update in Bulk: each item\'s fields become its record, converted as typed fields are', async () => {
		const customers = await ctx.run(bulk('customer', 'updateInBulk'), {
			input: [
				{ source_id: 'bulk-map-1', name: 'Ann', email: 'ann@example.com', birthdate: '1990-02-03', metadata: { tier: 'gold' }, crm_score: 7 },
				{ source_id: 'bulk-map-2', phone: '+1 555 0100' },
			],
		});
		expect(customers.error).toBeUndefined();
		expect(posted('/v1/customers/bulk/async')).toEqual([
			[
				{ source_id: 'bulk-map-1', name: 'Ann', email: 'ann@example.com', birthdate: '1990-02-03', metadata: { tier: 'gold' } },
				{ source_id: 'bulk-map-2', phone: '+1 555 0100' },
			],
		]);
		expect(ctx.emu.control.state.findCustomer('bulk-map-1')?.email).toBe('ann@example.com');

		const products = await ctx.run(bulk('product', 'updateInBulk'), { input: [{ source_id: 'bulk-prod-1', name: 'Mug', price: 450, attributes: 'color' }] });
		expect(products.error).toBeUndefined();
		expect(posted('/v1/products/bulk/async')).toEqual([[{ source_id: 'bulk-prod-1', name: 'Mug', price: 450, attributes: ['color'] }]]);
	});

	it('Update Metadata in Bulk (customers, products, vouchers) and Voucher Update in Bulk: the ID and metadata from the item', async () => {
		const cases: Array<[string, string, IDataObject[], string, unknown]> = [
			['customer', 'updateMetadataInBulk', [{ source_id: 'meta-1', metadata: { tier: 'gold' } }, { source_id: 'meta-2', metadata: { tier: 'gold' } }], '/v1/customers/metadata/async', [{ source_ids: ['meta-1', 'meta-2'], metadata: { tier: 'gold' } }]],
			['product', 'updateMetadataInBulk', [{ source_id: 'pmeta-1', metadata: { shelf: 3 } }], '/v1/products/metadata/async', [{ source_ids: ['pmeta-1'], metadata: { shelf: 3 } }]],
			['voucher', 'updateMetadataInBulk', [{ code: 'CODE-0000', metadata: { batch: 'b1' } }], '/v1/vouchers/metadata/async', [{ codes: ['CODE-0000'], metadata: { batch: 'b1' } }]],
			['voucher', 'updateInBulk', [{ code: 'CODE-0000', metadata: { batch: 'b2' } }, { code: 'CODE-0037', metadata: { batch: 'b3' } }], '/v1/vouchers/bulk/async', [[{ code: 'CODE-0000', metadata: { batch: 'b2' } }, { code: 'CODE-0037', metadata: { batch: 'b3' } }]]],
		];
		for (const [resource, operation, input, path, bodies] of cases) {
			ctx.emu.control.reset();
			const { error, items } = await ctx.run(bulk(resource, operation), { input });
			expect(error).toBeUndefined();
			expect(items.length).toBeGreaterThan(0);
			expect(posted(path)).toEqual(bodies);
		}
	});

	it('Customer Import reads each row from its item, with no expression', async () => {
		const { error } = await ctx.run(bulk('customer', 'import'), {
			input: [
				{ source_id: 'imp-map-1', name: 'Bo', email: 'bo@example.com', metadata: { segment: 'vip' } },
				{ source_id: 'imp-map-2', phone: '+48 600 100 200' },
			],
		});
		expect(error).toBeUndefined();
		const imported = (sourceId: string) => ctx.emu.control.state.findCustomer(sourceId);
		expect(imported('imp-map-1')).toMatchObject({ name: 'Bo', email: 'bo@example.com', metadata: { segment: 'vip' } });
		expect(imported('imp-map-2')).toMatchObject({ phone: '+48 600 100 200' });
	});

	it('a bad record value or an unknown key (with Refuse) stops the batch before anything is sent, naming the field', async () => {
		const cases: Array<[string, string, Record<string, unknown>, IDataObject, RegExp]> = [
			['customer', 'updateInBulk', {}, { source_id: 'x', birthdate: 'yesterday' }, /^Birthdate \(input field "birthdate"\): /],
			['customer', 'updateInBulk', {}, { name: 'no source id' }, /^Source ID \(input field "source_id"\): is required/],
			['product', 'updateInBulk', {}, { source_id: 'x', price: 'cheap' }, /^Price \(input field "price"\): /],
			['customer', 'updateMetadataInBulk', {}, { source_id: 'x', metadata: ['gold'] }, /^Metadata \(JSON\) \(input field "metadata"\): must be a JSON object/],
			['voucher', 'updateMetadataInBulk', {}, { code: 'CODE-0000' }, /^Metadata: is required/],
			['customer', 'import', { unknownInputFields: 'refuse' }, { source_id: 'x', loyalty_tier: 'gold' }, /^Input fields "loyalty_tier": are not fields of this record$/],
		];
		for (const [resource, operation, extra, json, message] of cases) {
			ctx.emu.control.reset();
			const { error } = await ctx.run(bulk(resource, operation, extra), { input: [json, { source_id: 'fine', code: 'CODE-0000', metadata: { a: 1 } }] });
			expect(error?.message).toMatch(message);
			expect(ctx.emu.control.requests()).toEqual([]);
		}
	});
});

describe('Record Fields: Set Each Field Below (the default)', () => {
	it('sends the typed fields, each value given once', async () => {
		const { error } = await ctx.run({ resource: 'sku', operation: 'upsert', productId: FIXTURES.productId, sourceId: 'typed', additionalFields: { price: 1 } });
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({ source_id: 'typed', price: 100 });
	});
});

describe("version 2's Map Input Fields (resource mapper), for its saved workflows", () => {
	it('Map Automatically takes each item\'s fields from its JSON', async () => {
		const { error } = await ctx.run(
			{ resource: 'sku', operation: 'upsert', productId: FIXTURES.productId, columns: version2Auto, unknownInputFields: 'refuse' },
			{ input: [{ source_id: 'inv-9', price: '300' }], typeVersion: 2 },
		);
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({ source_id: 'inv-9', price: 300 });
	});

	it('Map Each Field Below sends the values set per field, expressions included, over the typed ones', async () => {
		const { error } = await ctx.run(
			skuUpsert({
				recordFields: undefined,
				sourceId: 'typed-id',
				columns: { mappingMode: 'defineBelow', value: { sku: '={{ $json.name }}', price: 2 }, matchingColumns: [], schema: [] },
			}),
			{ input: [{ name: 'From expression' }], typeVersion: 2 },
		);
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({ source_id: 'typed-id', sku: 'From expression', price: 200 });
	});

	it('with nothing mapped (the default), the typed fields work as before', async () => {
		const { error } = await ctx.run({ resource: 'sku', operation: 'upsert', productId: FIXTURES.productId, sourceId: 'typed', additionalFields: { price: 1 } }, { typeVersion: 2 });
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({ source_id: 'typed', price: 100 });
	});

	it('a saved node whose mapper the editor stored with its field list (on first open) and no values still runs on the typed fields', async () => {
		const { fields } = await new LoyaltyPromotions().nodeVersions[2].methods!.resourceMapping!.getRecordFields.call({
			getNodeParameter: (name: string) => ({ resource: 'sku', operation: 'upsert' })[name],
		} as never);
		const { error } = await ctx.run(
			{ resource: 'sku', operation: 'upsert', productId: FIXTURES.productId, sourceId: 'typed', columns: { mappingMode: 'defineBelow', value: {}, matchingColumns: [], schema: fields, attemptToConvertTypes: false, convertFieldsToString: false } },
			{ typeVersion: 2 },
		);
		expect(error).toBeUndefined();
		expect(ctx.sent()[0].body).toEqual({ source_id: 'typed' });
	});
});

describe('Map Input Fields: the description', () => {
	const node = new LoyaltyPromotions();
	const describe2 = node.nodeVersions[2].description.properties;
	const describe1 = node.nodeVersions[1].description.properties;
	const shownFor = (properties: INodeProperties[], resource: string, operation: string) =>
		properties.filter((p) => p.displayOptions?.show?.resource?.includes(resource) && p.displayOptions?.show?.operation?.includes(operation));

	it('every record names typed parameters of its operation (a typo fails here, not in a user\'s run)', () => {
		const withRecord = RESOURCES.flatMap((resource) => resource.operations.filter((operation) => operation.record).map((operation) => ({ resource, operation })));
		expect(withRecord.length).toBeGreaterThanOrEqual(3);
		for (const { resource, operation } of withRecord) {
			const fields = recordFields(operation);
			expect(fields.length).toBeGreaterThan(0);
			const names = shownFor(describe2, resource.value, operation.value).map((p) => p.name);
			expect(names).toEqual(expect.arrayContaining(['columns', 'recordFields', 'unknownInputFields']));
		}
	});

	it('version 1 never shows it; versions 2 and 3 hide a mapped required field when mapped automatically', () => {
		expect(describe1.some((p) => p.name === 'columns' || p.name === 'unknownInputFields' || p.name === 'recordFields')).toBe(false);
		const sourceId = shownFor(describe2, 'sku', 'upsert').find((p) => p.name === 'sourceId');
		expect(sourceId?.displayOptions?.hide).toEqual({ '/columns.mappingMode': ['autoMapInputData'], recordFields: ['auto'] });
		const columns = shownFor(describe2, 'sku', 'upsert').find((p) => p.name === 'columns');
		expect(columns?.displayOptions?.show?.['@version']).toEqual([2]);
		expect(columns?.typeOptions?.resourceMapper).toMatchObject({ resourceMapperMethod: 'getRecordFields', supportAutoMap: true });
		const recordFieldsChoice = shownFor(describe2, 'sku', 'upsert').find((p) => p.name === 'recordFields');
		expect(recordFieldsChoice?.displayOptions?.show?.['@version']).toEqual([3]);
		expect(recordFieldsChoice?.default).toBe('fields');
	});

	it('version 2\'s resource mapper lists the operation\'s fields with their types, none required (the typed field carries the rule)', async () => {
		const parameters: Record<string, string> = { resource: 'sku', operation: 'upsert' };
		const context = { getNodeParameter: (name: string) => parameters[name] } as never;
		const { fields } = await node.nodeVersions[2].methods!.resourceMapping!.getRecordFields.call(context);
		expect(fields.map(({ id, type, required }) => [id, type, required])).toEqual([
			['source_id', 'string', false],
			['sku', 'string', false],
			['price', 'number', false],
			['currency', 'string', false],
			['attributes', 'object', false],
			['image_url', 'string', false],
			['metadata', 'object', false],
		]);
	});

	it("version 2's resource mapper loads every record operation's columns, those shown only for a controlling value too, none required", async () => {
		for (const resource of RESOURCES) {
			for (const operation of resource.operations.filter((candidate) => candidate.record)) {
				const parameters: Record<string, string> = { resource: resource.value, operation: operation.value };
				const { fields } = await node.nodeVersions[2].methods!.resourceMapping!.getRecordFields.call({ getNodeParameter: (name: string) => parameters[name] } as never);
				const expected = recordFields(operation).map((field) => [field.name, field.type, false]);
				expect([resource.value, operation.value, fields.map(({ id, type, required }) => [id, type, required])]).toEqual([resource.value, operation.value, expected]);
			}
		}
		const voucherCreate = RESOURCES.find((resource) => resource.value === 'voucher')!.operations.find((operation) => operation.value === 'create')!;
		expect(recordFields(voucherCreate).map((field) => field.name)).toEqual(expect.arrayContaining(['amount_off', 'percent_off', 'fixed_amount', 'unit_off', 'unit_type', 'amount', 'points']));
	});
});
