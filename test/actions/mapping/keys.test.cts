/**
 * Map Automatically's input keys: names matched as a user writes them, exact keys first, dotted keys into a JSON
 * field (never reaching a prototype), a customer's address in the service's shape, ignored keys listed, and every
 * mapped value's error naming the field and the input key.
 */
import { NodeHelpers, type IDataObject, type INode, type INodeParameters } from 'n8n-workflow';
import { LoyaltyPromotions } from '../../../nodes/LoyaltyPromotions/LoyaltyPromotions.node';
import { RESOURCES } from '../../../nodes/LoyaltyPromotions/actions/resources';
import type { OperationDefinition } from '../../../nodes/LoyaltyPromotions/actions/types';
import { recordFields } from '../../../nodes/LoyaltyPromotions/shared/mapping';
import { FIXTURES } from '../../emulator/index.cjs';
import { MINIMAL, minimalParameters } from '../minimal.cjs';
import { useEmulator } from '../v2/helpers.cjs';
import { panelParameters } from './panel.cjs';

const ctx = useEmulator();
jest.setTimeout(300_000);

const AUTO = { recordFields: 'auto' };
const customerUpsert = (extra: INodeParameters = {}) => ({ resource: 'customer', operation: 'upsert', ...AUTO, ...extra });

async function sentBody(parameters: INodeParameters, json: IDataObject) {
	const { error, run } = await ctx.run(parameters, { input: [json] });
	expect(error).toBeUndefined();
	return { body: ctx.sent()[0]?.body, hints: run.data.resultData.runData['Node Under Test']?.[0]?.hints ?? [] };
}

async function refused(parameters: INodeParameters, json: IDataObject): Promise<string | undefined> {
	const { error, items } = await ctx.run(parameters, { input: [json] });
	expect(items).toEqual([]);
	expect(ctx.emu.control.requests()).toEqual([]);
	return error?.message;
}

describe('Map Automatically: input key names', () => {
	it("matches keys ignoring case, spaces, underscores and hyphens, and the typed parameter's name", async () => {
		const { body, hints } = await sentBody(customerUpsert(), {
			sourceId: 'crm-loose',
			Name: 'Jane',
			EMAIL: 'jane@example.com',
			'phone ': '+48 600',
			'Birth-Date': '1990-02-03',
		});
		expect(body).toEqual({ source_id: 'crm-loose', name: 'Jane', email: 'jane@example.com', phone: '+48 600', birthdate: '1990-02-03' });
		expect(hints).toEqual([]);
	});

	it('reads the exact key first; a looser spelling of the same field is listed as left out', async () => {
		const { body, hints } = await sentBody(customerUpsert(), { source_id: 'crm-exact', name: 'Exact', Name: 'Loose' });
		expect(body).toEqual({ source_id: 'crm-exact', name: 'Exact' });
		expect(hints).toEqual([
			{
				type: 'warning',
				location: 'outputPane',
				message:
					'Map Automatically left out input fields "Name" names name, which the item gives under another key: give each field under one key, its own name. Rename them, or set Unknown Input Fields to Refuse to fail such items instead.',
			},
		]);
	});

	it('says which field a left-out key names, apart from the keys that name none', async () => {
		const { hints } = await sentBody(customerUpsert(), { source_id: 'crm-both', name: 'Exact', NAME: 'Loose', warehouse_zone: 'B' });
		expect(hints.map((hint) => hint.message)).toEqual([
			'Map Automatically left out input fields "warehouse_zone": they match no field of this record (it takes source_id, name, email, phone, description, birthdate, address, metadata); "NAME" names name, which the item gives under another key: give each field under one key, its own name. Rename them, or set Unknown Input Fields to Refuse to fail such items instead.',
		]);
	});

	it('refuses two loose spellings of one field rather than pick one, naming both', async () => {
		expect(await refused(customerUpsert(), { source_id: 'crm-two', Name: 'A', NAME: 'B' })).toBe(
			'Name (input field "name"): the item has several keys for it ("Name", "NAME"): keep one, or name one "name"',
		);
	});

	it('with Refuse, a loose spelling that matches is taken and an unknown key still fails the item', async () => {
		expect(await refused(customerUpsert({ unknownInputFields: 'refuse' }), { 'Source ID': 'crm-refuse', Name: 'A', tier: 'gold' })).toBe(
			'Input fields "tier": are not fields of this record',
		);
		ctx.emu.control.reset();
		const { body } = await sentBody(customerUpsert({ unknownInputFields: 'refuse' }), { 'Source ID': 'crm-refuse', Name: 'A' });
		expect(body).toEqual({ source_id: 'crm-refuse', name: 'A' });
	});

	it('never reads an inherited key: an item without own keys gives nothing', async () => {
		const json = Object.create({ source_id: 'inherited', name: 'Inherited' }) as IDataObject;
		expect(await refused(customerUpsert(), json)).toMatch(/^Source ID \(input field "source_id"\): is required/);
	});
});

describe('Map Automatically: dotted keys into a JSON field', () => {
	it('sets keys of the metadata object, over the object the item gives under metadata', async () => {
		const { body, hints } = await sentBody(customerUpsert(), {
			source_id: 'crm-dot',
			'metadata.tier': 'gold',
			'Metadata.region': 'EU',
			metadata: { tier: 'silver', since: 2020 },
		});
		expect(body).toEqual({ source_id: 'crm-dot', metadata: { tier: 'gold', region: 'EU', since: 2020 } });
		expect(hints).toEqual([]);
	});

	it('refuses a dotted key that would reach a prototype, naming it, and leaves Object.prototype alone', async () => {
		for (const key of ['__proto__', 'constructor', 'prototype']) {
			ctx.emu.control.reset();
			expect(await refused(customerUpsert(), { source_id: 'crm-proto', [`metadata.${key}`]: { polluted: true } })).toBe(
				`Metadata (JSON) (input field "metadata.${key}"): "${key}" cannot be a key of metadata`,
			);
		}
		expect(({} as IDataObject).polluted).toBeUndefined();
	});

	it('a dotted key of a field that is not a JSON object is left out and listed', async () => {
		const { body, hints } = await sentBody(customerUpsert(), { source_id: 'crm-dotname', 'name.first': 'Jane' });
		expect(body).toEqual({ source_id: 'crm-dotname' });
		expect(hints[0]?.message).toMatch(/^Map Automatically left out input fields "name\.first": /);
	});
});

describe("Map Automatically: a customer's address", () => {
	it("takes the address in the service's shape, as every customer record operation does", async () => {
		const address = { line_1: 'Main 1', line_2: 'Flat 2', city: 'Warsaw', postal_code: '00-001', state: 'Mazovia', country: 'Poland' };
		const { body } = await sentBody(customerUpsert(), { source_id: 'crm-address', address });
		expect(body).toEqual({ source_id: 'crm-address', address });
		const customerRecords = RESOURCES.flatMap((resource) =>
			resource.operations
				.filter((operation) => recordFields(operation).some((field) => field.path.endsWith('.address')))
				.map((operation) => `${resource.value}.${operation.value}`),
		);
		expect(customerRecords.sort()).toEqual([
			'customer.import',
			'customer.update',
			'customer.updateInBulk',
			'customer.upsert',
			'referralHolder.add',
			'referralHolder.addInCampaign',
		]);
	});

	it('refuses an address part the service does not have, and an address that is not an object, naming the input key', async () => {
		expect(await refused(customerUpsert(), { source_id: 'crm-address', address: { city: 'Warsaw', floor: 3 } })).toBe(
			'Address (input field "address"): has no part "floor" (its parts: line1, line2, city, country, postalCode, state)',
		);
		ctx.emu.control.reset();
		expect(await refused(customerUpsert(), { source_id: 'crm-address', address: 'Main 1, Warsaw' })).toBe(
			'Address (input field "address"): must be an object, e.g. {"city": "Warsaw"}',
		);
	});
});

describe('Map Automatically: errors name the input key', () => {
	// The record's fields the panel shows for the operation's minimal values: a JSON field shown only for another
	// value (a segment's filter) is read, and checked, as shown.test.cts runs it.
	const shownFields = (key: string, resource: string, operation: OperationDefinition) => {
		const panel = panelParameters({ resource, operation: operation.value, ...MINIMAL[key] });
		return recordFields(operation).filter((candidate) => candidate.path.split('.')[0] in panel);
	};
	const withJsonField = RESOURCES.flatMap((resource) =>
		resource.operations.flatMap((operation) => {
			const key = `${resource.value}.${operation.value}`;
			const field = operation.record && shownFields(key, resource.value, operation).find((candidate) => candidate.property.type === 'json');
			return field ? [[key, resource.value, operation, field] as const] : [];
		}),
	);

	it.each(withJsonField)('%s: a JSON field the panel shows, given what it does not hold, is refused naming the field and the input key', async (key, resource, operationDefinition, field) => {
		const operation = operationDefinition.value;
		const parameters = await minimalParameters(key, ctx.emu);
		const [name, label] = [field.name, field.property.displayName];
		const before = ctx.sent().length;
		// The record's hidden required fields come from the item, as the minimal parameters give them.
		const item: IDataObject = { [name]: '[1, 2]' };
		for (const required of shownFields(key, resource, operationDefinition).filter((candidate) => candidate.required)) item[required.name] = parameters[required.path] as IDataObject[string];
		const { error, items } = await ctx.run({ resource, operation, ...parameters, ...AUTO }, { input: [item] });
		expect(items).toEqual([]);
		expect(error?.message).toMatch(new RegExp(`^${label.replace(/[()]/g, '\\$&')} \\(input field "${name}"\\)[: ]`));
		expect(ctx.sent().length).toBe(before);
	});

	it('an image address that is not HTTPS is refused naming the field and the input key (products and SKUs)', async () => {
		expect(await refused(customerUpsert({ resource: 'product', operation: 'upsert' }), { source_id: 'p-img', image_url: 'http://example.com/a.png' })).toMatch(
			/^Image URL \(input field "image_url"\): must be an HTTPS address/,
		);
		ctx.emu.control.reset();
		expect(
			await refused(
				{ resource: 'sku', operation: 'upsert', productId: FIXTURES.productId, ...AUTO },
				{ source_id: 's-img', 'Image URL': 'http://example.com/a.png' },
			),
		).toMatch(/^Image URL \(input field "Image URL"\): must be an HTTPS address/);
	});
});

describe('Record Fields on tool nodes', () => {
	it("a version 3 tool node (a model sets each field) offers no Record Fields and runs the typed fields; version 2's Map Input Fields stays, as saved version 2 tools may hold values there", () => {
		const node = new LoyaltyPromotions();
		for (const version of [2, 3]) {
			const description = node.nodeVersions[version].description;
			const parameters: INodeParameters = {
				resource: 'customer',
				operation: 'upsert',
				recordFields: 'auto',
				columns: { mappingMode: 'autoMapInputData', value: null },
			};
			const nodeOf = (type: string): INode => ({ id: 'n', name: 'n', type, typeVersion: version, position: [0, 0], parameters });
			const asTool = NodeHelpers.getNodeParameters(description.properties, parameters, true, false, nodeOf('x.loyaltyPromotionsTool'), {
				...description,
				name: 'x.loyaltyPromotionsTool',
			});
			const asNode = NodeHelpers.getNodeParameters(description.properties, parameters, true, false, nodeOf('x.loyaltyPromotions'), description);
			const mapping = (parameters?: INodeParameters | null) => (version === 3 ? parameters?.recordFields : (parameters?.columns as IDataObject | undefined)?.mappingMode);
			expect([version, mapping(asTool)]).toEqual([version, version === 3 ? undefined : 'autoMapInputData']);
			expect([version, mapping(asNode)]).toEqual([version, version === 3 ? 'auto' : 'autoMapInputData']);
		}
	});
});
