import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { FIXTURES } from '../emulator/index.cjs';
import { MINIMAL, OPERATIONS } from '../actions/minimal.cjs';
import { useEmulator } from '../actions/v2/helpers.cjs';

/**
 * The hostile inputs of a review, run through n8n's engine against the emulator: Selected Fields over an answer
 * that holds `__proto__`, numbers that are not exact given as IDs, impossible times after a date, Selected
 * Fields paths that cannot be followed, and schema property names that every object inherits.
 */

const ctx = useEmulator();
const byId = (value: unknown) => ({ __rl: true, mode: 'id', value });
const getCustomer = (parameters: IDataObject = {}) => ({ resource: 'customer', operation: 'get', customerId: byId(FIXTURES.customerId), ...parameters }) as INodeParameters;

describe('Selected Fields never reach a prototype', () => {
	it('a path through __proto__ is refused before anything is sent, and Object.prototype stays as it was', async () => {
		ctx.emu.control.setFaults({ hostileKeys: true });
		const { error, items } = await ctx.run(getCustomer({ output: 'selected', outputFields: 'id, metadata.__proto__.polluted' }));
		expect(({} as IDataObject).polluted).toBeUndefined();
		expect(items).toEqual([]);
		expect(error?.message).toBe('Fields: "metadata.__proto__.polluted": "__proto__" cannot be kept: n8n drops keys named __proto__, constructor, prototype from every item');
		expect(error?.description).toBe('Nothing was sent to the service.');
		expect(ctx.sent()).toEqual([]);
	});

	it.each(['constructor.prototype.polluted', 'metadata.constructor.prototype.polluted', 'list[].prototype'])('%s is refused the same way', async (field) => {
		const { error } = await ctx.run(getCustomer({ output: 'selected', outputFields: field }));
		expect(error?.message).toMatch(/^Fields: ".*": "(constructor|prototype)" cannot be kept/);
		expect(ctx.sent()).toEqual([]);
	});

	it('an answer whose objects hold __proto__, constructor and prototype gives them as plain data, in every Output', async () => {
		ctx.emu.control.setFaults({ hostileKeys: true });
		for (const output of [{ output: 'simplified' }, { output: 'raw' }, { output: 'selected', outputFields: 'id, metadata, metadata.toString, address.city' }]) {
			const { error, items } = await ctx.run(getCustomer(output));
			expect(error).toBeUndefined();
			expect(items[0].json.id).toBe(FIXTURES.customerId);
			expect(({} as IDataObject).polluted).toBeUndefined();
			expect(Object.getPrototypeOf(items[0].json)).toBe(Object.prototype);
			expect((items[0].json as { polluted?: unknown }).polluted).toBeUndefined();
		}
	});
});

describe('Selected Fields paths that cannot be followed say so', () => {
	it('a list index is refused before anything is sent, naming the step', async () => {
		const { error } = await ctx.run(getCustomer({ output: 'selected', outputFields: 'id, a.b[0]' }));
		expect(error?.message).toMatch(/^Fields: "a\.b\[0\]": "b\[0\]" is not a key: a step is a key, or a key followed by \[\] .* "b\[\]"/);
		expect(ctx.sent()).toEqual([]);
	});

	it('a path into text or into a list without [] is left out and shown as a hint in the output pane', async () => {
		const { error, items, run } = await ctx.run(getCustomer({ output: 'selected', outputFields: 'id, name.length, summary.orders.total_count.x, referrals.campaigns.0.id' }));
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual({ id: FIXTURES.customerId });
		const hints = run.data.resultData.runData['Node Under Test'][0].hints ?? [];
		expect(hints.map((hint) => hint.message).sort()).toEqual([
			'Fields: "name.length" was left out where it cannot be followed: "name" is text, which has no key "length"',
			'Fields: "referrals.campaigns.0.id" was left out where it cannot be followed: "referrals.campaigns" is a list: write "campaigns[]" to keep that value of every entry',
			'Fields: "summary.orders.total_count.x" was left out where it cannot be followed: "summary.orders.total_count" is a number, which has no key "x"',
		]);
		expect(hints.every((hint) => hint.location === 'outputPane' && hint.type === 'warning')).toBe(true);
	});
});

describe('Selected Fields hints: one per path, whatever the list or the key', () => {
	const ENTRIES = 5000;
	const answer = {
		id: 'cust_1',
		name: 'text',
		count: 3,
		list: [{ a: 1 }],
		object: { a: 1 },
		texts: Array.from({ length: ENTRIES }, () => 'text'),
		lists: Array.from({ length: ENTRIES }, () => [1]),
		objects: Array.from({ length: ENTRIES }, () => ({ a: 'text' })),
	};
	/** Every way a step cannot go on, each met once or in every one of 5,000 entries, and the first problem its hint names. */
	const PATHS: Array<[string, number, string]> = [
		['name.x', 1, '"name" is text, which has no key "x"'],
		['count.x', 1, '"count" is a number, which has no key "x"'],
		['list.a', 1, '"list" is a list: write "list[]" to keep that value of every entry'],
		['object[].a', 1, '"object" is an object, not a list, so "object[]" does not apply'],
		['texts[].x', ENTRIES, '"texts[0]" is text, which has no key "x"'],
		['lists[].x', ENTRIES, '"lists[0]" is a list, which has no key "x"'],
		['objects[].a.b', ENTRIES, '"objects[0].a" is text, which has no key "b"'],
	];
	const ITEMS = 3;
	let run: Promise<Awaited<ReturnType<typeof ctx.run>>> | undefined;
	/** One run for every path, over 3 items: the hints of the node. */
	const hints = async () => {
		run ??= (async () => {
			ctx.emu.control.setFaults({ route: '/v1/customers', replaceReply: { status: 200, contentType: 'application/json', body: JSON.stringify(answer) } });
			return await ctx.run(getCustomer({ output: 'selected', outputFields: ['id', ...PATHS.map(([path]) => path)].join(', ') }), { input: Array.from({ length: ITEMS }, () => ({})) });
		})();
		const { error, run: data } = await run;
		expect(error).toBeUndefined();
		return (data.data.resultData.runData['Node Under Test'][0].hints ?? []).map((hint) => hint.message);
	};

	it.each(PATHS)('%s: one hint, naming the first place and how many more', async (path, places, problem) => {
		const more = places * ITEMS - 1;
		expect((await hints()).filter((message) => message.startsWith(`Fields: "${path}" `))).toEqual([
			`Fields: "${path}" was left out where it cannot be followed: ${problem} (and in ${more} more ${more === 1 ? 'place' : 'places'})`,
		]);
	});

	it('no more hints than paths', async () => {
		expect(await hints()).toHaveLength(PATHS.length);
	});

	const LONG = 'k'.repeat(1_000_000);
	it.each([
		['a 1 MB key in the answer and the path', { id: 'cust_1', [LONG]: 'text' }, `${LONG}.x`],
		['a 1 MB key the path asks of text', { id: 'cust_1', name: 'text' }, `name.${LONG}`],
	])('%s gives a hint of bounded length that shows both ends of the key', async (_what, body, path) => {
		ctx.emu.control.setFaults({ route: '/v1/customers', replaceReply: { status: 200, contentType: 'application/json', body: JSON.stringify(body) } });
		const { error, run: data } = await ctx.run(getCustomer({ output: 'selected', outputFields: path }));
		expect(error).toBeUndefined();
		const messages = (data.data.resultData.runData['Node Under Test'][0].hints ?? []).map((hint) => hint.message);
		expect(messages).toHaveLength(1);
		expect(messages[0].length).toBeLessThan(500);
		expect(messages[0]).toMatch(/^Fields: "[^"]{50}…[^"]{50}" \(100000[25] characters\) was left out where it cannot be followed: .*"k{50}…k{50}" \(1000000 characters\)/);
	});

	it('a 1 MB path that cannot be followed as written is refused in an error of bounded length', async () => {
		const { error } = await ctx.run(getCustomer({ output: 'selected', outputFields: `a.${LONG}[0]` }));
		expect(error?.message.length).toBeLessThan(600);
		expect(error?.message).toMatch(/^Fields: "a\.k+…k+\[0\]" \(1000005 characters\): "k+…k+\[0\]" \(1000003 characters\) is not a key/);
		expect(ctx.sent()).toEqual([]);
	});
});

describe('IDs are text', () => {
	const NOT_EXACT: Array<[string, number]> = [
		['a 20-digit number', Number('12345678901234567890')],
		['2^53 + 1', Number('9007199254740993')],
		['1e21', 1e21],
		['0.1 + 0.2', 0.1 + 0.2],
	];

	it.each(NOT_EXACT)('%s given to Customer by an expression is refused, telling to pass text', async (_what, id) => {
		const { error } = await ctx.run(getCustomer({ customerId: byId('={{ $json.id }}') }), { input: [{ id }] });
		expect(error?.message).toBe(
			`Customer: must be text, not the number ${String(id)}, which ${Number.isInteger(id) ? 'is beyond 9007199254740991, so it is no longer exact' : 'is not a whole number'}; an ID or a code is text: pass it as text (in quotes in JSON, or from a text field), e.g. "12345678901234567890"`,
		);
		expect(ctx.sent()).toEqual([]);
	});

	it.each(NOT_EXACT)('%s given to Source ID by an expression is refused', async (_what, id) => {
		const { error } = await ctx.run({ resource: 'customer', operation: 'upsert', sourceId: '={{ $json.id }}' }, { input: [{ id }] });
		expect(error?.message).toMatch(/^Source ID: must be text, not the number/);
		expect(ctx.sent()).toEqual([]);
	});

	it.each(NOT_EXACT)('%s given to Source ID by Map Automatically is refused', async (_what, id) => {
		const { error } = await ctx.run({ resource: 'customer', operation: 'upsert', recordFields: 'auto' } as INodeParameters, { input: [{ source_id: id }] });
		expect(error?.message).toMatch(/^Source ID \(input field "source_id"\): must be text, not the number/);
		expect(ctx.sent()).toEqual([]);
	});

	it('-0 from an expression is refused (its text would be 0), and an exact whole number is still its decimal text', async () => {
		const refused = await ctx.run(getCustomer({ customerId: byId('={{ -0 }}') }));
		expect(refused.error?.message).toMatch(/^Customer: must be text, not the number -0, which would be sent as 0; /);
		const source = await ctx.run({ resource: 'customer', operation: 'upsert', sourceId: '={{ -0 }}' });
		expect(source.error?.message).toMatch(/^Source ID: must be text, not the number -0/);
		expect(ctx.sent()).toEqual([]);
		await ctx.run({ resource: 'customer', operation: 'upsert', sourceId: '={{ $json.id }}' }, { input: [{ id: 9007199254740991 }] });
		expect((ctx.sent()[0].body as IDataObject).source_id).toBe('9007199254740991');
	});

	it('the same ID given as text is sent exactly', async () => {
		await ctx.run({ resource: 'customer', operation: 'upsert', sourceId: '={{ $json.id }}' }, { input: [{ id: '12345678901234567890' }] });
		expect((ctx.sent()[0].body as IDataObject).source_id).toBe('12345678901234567890');
	});

	it('a voucher code given as an inexact number is refused, naming Voucher', async () => {
		const { error } = await ctx.run({ resource: 'voucher', operation: 'get', code: byId('={{ $json.code }}') } as INodeParameters, { input: [{ code: 1e21 }] });
		expect(error?.message).toMatch(/^Voucher: must be text, not the number 1e\+21/);
		expect(ctx.sent()).toEqual([]);
	});
});

describe('date-only fields check the time after the date as Created After does', () => {
	const IMPOSSIBLE = ['2024-01-31T25:00:00Z', '2024-01-31T24:00:00Z', '2024-01-31T12:60:00Z', '2024-01-31T12:00:61Z', '2024-01-31T12:00:00+25:00', '2024-01-31 23:59:60', '2024-01-31 12:00'];

	it.each(IMPOSSIBLE)('Birthdate %s is refused before anything is sent', async (birthdate) => {
		const { error } = await ctx.run({ resource: 'customer', operation: 'upsert', sourceId: 'dates-1', additionalFields: { birthdate } });
		expect(error?.message).toMatch(/^Birthdate: must be a date, e.g. 1990-04-30/);
		expect(ctx.sent()).toEqual([]);
	});

	it.each(IMPOSSIBLE.filter((value) => value.includes('T')))('Created After %s is refused too (the rule both share)', async (createdAfter) => {
		const { error } = await ctx.run({ resource: 'customer', operation: 'getAll', limit: 1, filters: { createdAfter } } as INodeParameters);
		expect(error?.message).toMatch(/must be a date-time in ISO 8601 form/);
		expect(ctx.sent()).toEqual([]);
	});

	it.each(['2024-01-31T23:59:59Z', '2024-01-31T00:00:00+14:00', '2024-01-31T12:00', '2024-01-31'])('Birthdate %s is the date 2024-01-31', async (birthdate) => {
		const { error } = await ctx.run({ resource: 'customer', operation: 'upsert', sourceId: 'dates-2', additionalFields: { birthdate } });
		expect(error).toBeUndefined();
		expect((ctx.sent()[0].body as IDataObject).birthdate).toBe('2024-01-31');
	});
});

describe('schema property names are any text', () => {
	const BUILT_IN = ['toString', 'constructor', '__proto__', 'hasOwnProperty'];
	const schemaRun = (operation: string, parameters: IDataObject) =>
		ctx.run({ authentication: 'managementKeys', resource: 'managementMetadataSchema', operation, projectId: byId(FIXTURES.productionProjectId), ...parameters } as INodeParameters);

	it('a metadata schema property named like a built-in is created, and can be removed', async () => {
		const created = await schemaRun('create', {
			relatedObject: 'order',
			properties: { property: BUILT_IN.map((name) => ({ name, type: 'string', optional: true, array: false })) },
		});
		expect(created.error).toBeUndefined();
		const id = String(created.items[0].json.id);
		expect(Object.keys(JSON.parse(JSON.stringify((ctx.sent()[0].body as IDataObject).properties)))).toEqual(BUILT_IN);

		ctx.emu.control.clearRequests();
		const updated = await schemaRun('update', { metadataSchemaId: byId(id), removeProperties: BUILT_IN.join(', ') });
		expect(updated.error).toBeUndefined();
		const sent = JSON.parse(JSON.stringify((ctx.sent()[1].body as IDataObject).properties));
		for (const name of BUILT_IN) expect(sent[name]).toEqual({ type: 'string', optional: true, array: false, deleted: true });
	});

	it('removing a built-in name the schema does not have says so; a built-in name given twice is refused as twice, once is not', async () => {
		const created = await schemaRun('create', { relatedObject: 'product', properties: { property: [{ name: 'region', type: 'string' }] } });
		expect(created.error).toBeUndefined();
		const id = String(created.items[0].json.id);
		const missing = await schemaRun('update', { metadataSchemaId: byId(id), removeProperties: 'toString' });
		expect(missing.error?.message).toBe('Remove Properties: the schema has no property "toString"');
		const changed = await schemaRun('update', { metadataSchemaId: byId(id), properties: { property: [{ name: 'valueOf', type: 'string' }] } });
		expect(changed.error).toBeUndefined();
		const twice = await schemaRun('update', { metadataSchemaId: byId(id), properties: { property: [{ name: 'toString', type: 'string' }, { name: 'toString', type: 'number' }] } });
		expect(twice.error?.message).toBe('Properties entry 2: Name: "toString" is given twice');
	});

	it('a custom event schema attribute named toString or constructor is kept', async () => {
		const { error } = await ctx.run({
			authentication: 'managementKeys',
			resource: 'customEventSchema',
			operation: 'create',
			projectId: byId(FIXTURES.productionProjectId),
			name: 'built-in-names',
			attributes: { attribute: ['toString', 'constructor'].map((name) => ({ name, type: 'string', optional: true })) },
		} as INodeParameters);
		expect(error).toBeUndefined();
		const schema = (ctx.sent()[0].body as IDataObject).schema as IDataObject;
		expect(Object.keys(JSON.parse(JSON.stringify(schema.properties)))).toEqual(['toString', 'constructor']);
	});
});

describe('every ID of the catalogue is text', () => {
	// each operation's resource locators (the IDs it names a record by), one at a time, given 1e21 by an expression
	// (a name several properties share, shown by the operation's options, e.g. Voucher or Card, is given once)
	const cases = OPERATIONS.flatMap(({ key, resource, operation }) => {
		const locators = operation.properties.filter((property) => property.type === 'resourceLocator' && MINIMAL[key]?.[property.name] !== undefined && !String(MINIMAL[key][property.name]).startsWith('{'));
		return [...new Set(locators.map((property) => property.name))].map((name) => ({
			key,
			resource: resource.value,
			operation: operation.value,
			name,
			label: locators.filter((property) => property.name === name).map((property) => property.displayName).join(' or '),
		}));
	});

	it('covers the catalogue', () => {
		expect(cases.length).toBeGreaterThan(50);
	});

	it.each(cases)('$key: $label', async ({ key, resource, operation, name, label }) => {
		const { error } = await ctx.run({ resource, operation, ...MINIMAL[key], [name]: byId('={{ 1e21 }}') } as INodeParameters);
		const labels = label.split(' or ').map((one) => one.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
		expect(error?.message).toMatch(new RegExp(`^(${labels})( ID)?: must be text, not the number 1e\\+21, which is beyond`));
		expect(ctx.sent()).toEqual([]);
	});
});
