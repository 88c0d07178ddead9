import type { IDataObject, INodeParameters, INodeProperties } from 'n8n-workflow';
import { MAX_DEPTH } from '../../nodes/LoyaltyPromotions/transport/depth';
import { NESTED_TOO_DEEP } from '../../nodes/LoyaltyPromotions/transport/redact';
import { MINIMAL, minimalParameters, OPERATIONS } from '../actions/minimal.cjs';
import { useEmulator } from '../actions/v2/helpers.cjs';

/**
 * Every JSON field of the catalogue (each label once, on the first operation that has it) refuses, before
 * anything is sent and naming the field, a value nested deeper than the node handles (5,000 levels: once a bare
 * "Maximum call stack size exceeded") and, outside metadata, a key `__proto__` at any depth (its content would
 * reach the service unseen by the contract's checks); metadata keeps `__proto__` as an own key, sent as given.
 * An answer nested that deep fails its item, saying, for every operation not safe to repeat, that the request
 * may have been applied. A whole number past 2^53 - 1 (its digits lost as the JSON is read) is refused in every
 * field, metadata included, naming the field, the key path and the digits as typed.
 */

const ctx = useEmulator();

interface JsonField {
	key: string;
	label: string;
	/** Where the field sits: at the top, or in a collection (Additional Fields…). */
	collection?: string;
	name: string;
	list: boolean;
	/** What shows the field: the first value its displayOptions allow for each parameter they name. */
	shownBy: IDataObject;
}

function shownBy(property: INodeProperties): IDataObject {
	const show = property.displayOptions?.show ?? {};
	return Object.fromEntries(
		Object.entries(show)
			.filter(([name, values]) => !['resource', 'operation', '@version'].includes(name.replace(/^\//, '')) && Array.isArray(values) && values.length > 0)
			.map(([name, values]) => [name.replace(/^\//, ''), (values as unknown[])[0] as string]),
	);
}

const METADATA = /metadata/i;
const fields: JsonField[] = [];
for (const { key, operation } of OPERATIONS) {
	const found = (property: INodeProperties, collection?: string) => {
		if (property.type !== 'json' || fields.some((field) => field.label === property.displayName)) return;
		// an operation whose minimal parameters make a fresh resource first is left to another with the label
		if (JSON.stringify(MINIMAL[key] ?? {}).includes('{new')) return;
		fields.push({ key, label: property.displayName, collection, name: property.name, list: String(property.default).trim().startsWith('['), shownBy: shownBy(property) });
	};
	for (const property of operation.properties) {
		found(property);
		if (property.type === 'collection') for (const option of (property.options ?? []) as INodeProperties[]) found(option, property.name);
	}
}

function withField(minimal: INodeParameters, field: JsonField, value: string): INodeParameters {
	const shown = { ...minimal, ...(field.shownBy as INodeParameters) };
	if (!field.collection) return { ...shown, [field.name]: value };
	return { ...shown, [field.collection]: { ...((minimal[field.collection] as IDataObject | undefined) ?? {}), [field.name]: value } } as INodeParameters;
}

const nested = (depth: number, inner: string) => '{"a":'.repeat(depth) + inner + '}'.repeat(depth);
const asField = (field: JsonField, object: string) => (field.list ? `[${object}]` : object);
const run = async (field: JsonField, value: string) => {
	const [resource, operation] = field.key.split('.');
	return await ctx.run({ resource, operation, ...withField(await minimalParameters(field.key, ctx.emu), field, value) });
};

it('the catalogue has JSON fields of both kinds, metadata and the contract-shaped ones', () => {
	expect(fields.filter((field) => METADATA.test(field.label)).length).toBeGreaterThan(2);
	expect(fields.filter((field) => !METADATA.test(field.label)).length).toBeGreaterThan(30);
});

describe.each(fields)('$label ($key)', (field) => {
	it('nested 5,000 levels deep: refused naming the field, nothing sent', async () => {
		const { error } = await run(field, asField(field, nested(5000, '1')));
		expect(error?.message).toBe(`${field.label}: is nested more than ${MAX_DEPTH} levels deep (objects and lists inside one another); the service's fields nest a few levels`);
		expect(error?.description).toBe('Nothing was sent to the service.');
		expect(ctx.sent()).toEqual([]);
	});

	it('a whole number past 2^53 - 1 at any depth, metadata too: refused naming the field, where and the digits, nothing sent', async () => {
		const { error } = await run(field, asField(field, '{"customer": {"source_id": 12345678901234567890}}'));
		expect(error?.message).toBe(
			`${field.label}: ${field.list ? '[0].' : ''}customer.source_id: is the number 12345678901234567890, which reads as 12345678901234567000: past 9007199254740991, a number no longer holds every digit, so it would be sent rounded. Pass an ID or a code as text (in quotes in JSON), e.g. "12345678901234567890"`,
		);
		expect(error?.description).toBe('Nothing was sent to the service.');
		expect(ctx.sent()).toEqual([]);
	});

	if (METADATA.test(field.label)) return;
	it('a __proto__ sub-object: refused naming the field and where, nothing sent', async () => {
		const { error } = await run(field, asField(field, '{"__proto__": {"polluted": "YES"}}'));
		expect(error?.message).toBe(`${field.label}: ${field.list ? '[0].' : ''}__proto__: is not a key the service knows here (a key named __proto__ is refused outside metadata: JSON readers take it as the object's prototype)`);
		expect(ctx.sent()).toEqual([]);
		expect(({} as IDataObject).polluted).toBeUndefined();
	});
});

describe('an answer nested deeper than the node reads', () => {
	/** Every operation that is not safe to repeat (a POST without the declaration), with the path its request goes to. */
	const unsafe = OPERATIONS.filter(({ operation }) => /^POST /.test(operation.endpoint ?? '') && operation.safeToRepeat !== true).map(({ key, resource, operation }) => ({
		key,
		resource: resource.value,
		operation: operation.value,
		// the path up to its first placeholder: the OAuth token purchase (another path) keeps its real answer
		route: (operation.endpoint ?? '').replace(/^POST /, '').replace(/\{.*$/, '').replace(/ .*$/, '').replace(/\/$/, ''),
		// build() or its import may make one request safe to repeat (a create with a source ID is an upsert): then it says nothing of it
		decidedPerRequest: /safeToRepeat|sendImport/.test(`${String(operation.build)} ${String(operation.batch?.send)}`),
	}));

	it('there are such operations', () => expect(unsafe.length).toBeGreaterThan(40));

	it.each(unsafe)('$key: refused with the request named as possibly applied', async ({ key, resource, operation, route, decidedPerRequest }) => {
		const minimal = await minimalParameters(key, ctx.emu);
		ctx.emu.control.clearRequests();
		ctx.emu.control.setFaults({ route, method: 'POST', replaceReply: { status: 200, contentType: 'application/json', body: nested(5000, '1') } });
		const { error, items } = await ctx.run({ resource, operation, ...minimal });
		expect(items).toEqual([]);
		expect(error?.message).toMatch(new RegExp(`^(.*: )?The service answered 200 with JSON nested more than ${MAX_DEPTH} levels deep, which the node does not read`));
		if (!decidedPerRequest) expect(`${error?.message} ${error?.description}`).toMatch(/may have been applied/);
	});

	it('a read: refused, and not said to be applied', async () => {
		ctx.emu.control.setFaults({ route: '/v1/customers', replaceReply: { status: 200, contentType: 'application/json', body: nested(5000, '1') } });
		const { error } = await ctx.run({ resource: 'customer', operation: 'get', customerId: 'cust_1' });
		expect(error?.message).toBe(`The service answered 200 with JSON nested more than ${MAX_DEPTH} levels deep, which the node does not read`);
		expect(error?.description).not.toMatch(/applied/);
	});

	it('a refusal whose details nest that deep: the service\'s message, the details cut at the bound', async () => {
		ctx.emu.control.setFaults({ route: '/v1/redemptions', replaceReply: { status: 400, contentType: 'application/json', body: `{"code": 400, "message": "Refused", "details": ${nested(5000, '1')}}` } });
		const { error } = await ctx.run({ resource: 'redemption', operation: 'redeem', ...MINIMAL['redemption.redeem'] });
		expect(error?.message).toBe('Refused');
		expect(JSON.stringify((error as { context?: unknown }).context)).toContain(NESTED_TOO_DEEP);
	});
});
