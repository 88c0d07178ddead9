/**
 * The round trip as the oracle: what the node reads, it writes back unchanged. For every operation that writes a
 * record (its `record`) of a resource the node can also read (Get, Get Many), the read runs against the emulator
 * (Output Raw, and Simplified where the read has it), its first output item is fed to the write with Record
 * Fields = Map Automatically, and the request the emulator received must carry every writable value of the item
 * unchanged: controlling fields (type, discount type) and amounts in the service's own unit included. Writable =
 * the key paths the contract's request body for that write accepts (writable.json); a path parameter (the
 * voucher's code, the record's own ID on an update) is compared with the path. A controlling value the panel does
 * not say is refused naming the field and both values; the test then sets the panel to the item's value, as a
 * user would (e.g. after a Switch node), and runs again. The node may instead refuse the item naming the field.
 * Once written back, the same record goes through the v3 AI tool, each field it gives a `$fromAI()` argument
 * (toolRecord.cts), and the request must carry the same values unchanged. Where Map Automatically refuses the
 * record, the tool is not run: its arguments are built by the same reading of the record.
 *
 * Exceptions are data, below, each with its reason: the values not written back (KNOWN) and the records refused
 * (REFUSED), each asserted to still happen (the lists only shrink); a refusal not listed fails its case.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import type { IDataObject, INodeParameters, INodeProperties } from 'n8n-workflow';
import type { OperationDefinition } from '../../../nodes/LoyaltyPromotions/actions/types';
import { runAsTool } from '../../harness/asTool.cjs';
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { minimalParameters, OPERATIONS } from '../minimal.cjs';
import { useEmulator } from '../v2/helpers.cjs';
import { recordAsTool } from './toolRecord.cjs';

interface Body {
	source: string;
	list?: true;
	file?: true;
	keys?: string[];
}
const BODIES = (JSON.parse(readFileSync(join(__dirname, 'writable.json'), 'utf8')) as { bodies: Record<string, Body> }).bodies;

/** Writes whose record is not what the resource's reads return: no round trip exists. */
const NOT_A_ROUND_TRIP: Record<string, string> = {
	'campaign.importVouchers': "writes vouchers into a campaign; a campaign's read returns the campaign, not its vouchers",
	'campaign.importVouchersCsv': "writes vouchers into a campaign; a campaign's read returns the campaign, not its vouchers",
	'campaignTemplate.setUpCampaign': "writes a campaign from a template; a template's read returns the template",
	'campaignTemplate.setUpTier': "writes a promotion tier from a template; a template's read returns the template",
	'tierStructure.createTier': "writes one tier; a tier structure's read returns the structure",
};

/**
 * Writes whose body the comparison cannot read, with why: a CSV upload (not the record's keys), or a body the
 * contract does not publish (writable.json says which).
 */
function notCompared(endpoints: string[]): string | undefined {
	const body = endpoints.map((endpoint) => BODIES[endpoint]).find((candidate) => candidate?.keys === undefined);
	if (!body) return undefined;
	return body.file ? 'the request is a CSV file, not the record as keys' : body.source;
}
const skipped: string[] = [];

/**
 * Writable values a read's output carries that the write does not send back unchanged, by write and key path (a
 * path covers the paths under it), each with why. Each is asserted to still differ in some case.
 */
const CATEGORY_NAME = "the category's name: the category goes by its ID (category_id, compared), the same category";
const SERVICE_ID = "the service's own ID of the record: the write names the record by its source ID, and an ID read in one project names no record in another";
const ORDER_TOTALS = 'worked out by the service from the amount and the discounts applied: the node sends the amount (compared)';
const KNOWN: Record<string, Record<string, string>> = {
	'voucher.create': {
		category: CATEGORY_NAME,
		campaign: "a campaign's voucher: Voucher Create makes a standalone one (a campaign's vouchers are added with Campaign → Add Vouchers or Import Vouchers)",
		campaign_id: "a campaign's voucher: Voucher Create makes a standalone one (a campaign's vouchers are added with Campaign → Add Vouchers or Import Vouchers)",
		...Object.fromEntries(['balance', 'expired_points', 'pending_points', 'subtracted_points'].map((key) => [`loyalty_card.${key}`, "kept by the service from the card's history: a new card starts from its points (compared)"])),
	},
	'voucher.update': { category: CATEGORY_NAME, type: "a voucher's type is set when it is created: Voucher Update offers no type" },
	'campaign.create': { category: CATEGORY_NAME },
	'campaign.update': { category: CATEGORY_NAME, referral_program: "a referral campaign's program (its event and the referee's reward): Campaign Update offers no referral fields" },
	'earningRule.create': { earnings: "a list of objects carrying the service's IDs of each earning: the record maps no lists of objects (Earnings is typed)" },
	'benefit.create': { stock: 'stock: one object built from Stock Quantity and Unlimited Stock, not mapped yet (mapping/coverage.test.cts)' },
	'tierStructure.create': {
		point_earned: "the card definition: Card Definition stays typed in the panel (its options are the project's card definitions; the item's key is listed in the hint)",
		downgrade: 'the downgrade object, built from typed fields whose names (type, period) the expiration object shares: not mapped yet (mapping/coverage.test.cts)',
		expiration: 'the expiration object, built from typed fields whose names (type, period) the downgrade object shares: not mapped yet (mapping/coverage.test.cts)',
	},
	'loyaltyReward.create': {
		costs: "a list of objects carrying the service's IDs of each cost: the record maps no lists of objects (Costs is typed)",
		refunds: 'refunds: the form sets its type from Refundable, a yes or no, not mapped yet (mapping/coverage.test.cts)',
	},
	'customer.upsert': { id: SERVICE_ID },
	'sku.upsert': { id: SERVICE_ID },
	'product.upsert': { id: SERVICE_ID },
	'order.create': { id: SERVICE_ID, initial_amount: ORDER_TOTALS, discount_amount: ORDER_TOTALS },
	'order.import': { id: SERVICE_ID, initial_amount: ORDER_TOTALS, discount_amount: ORDER_TOTALS },
	'order.update': { initial_amount: ORDER_TOTALS, discount_amount: ORDER_TOTALS, source_id: "the order to update is named by its ID in the path: Order Update does not rename its source ID" },
	'productCollection.create': { products: "a static collection's products and SKUs, a list of objects: the record maps no lists of objects" },
};

/**
 * Read records a write refuses, by write and the field its error names first, each with why. A refusal not listed
 * fails its case, and each entry is asserted to still be refused in some case (the list only shrinks).
 */
const NO_METADATA = "the record read has no metadata ({}): a metadata update with no key would change nothing, so it is refused naming Metadata";
const HOLDER_BY_ID = (key: string) =>
	`the record read names its customer by ${key}, a key the request does not take (its customer is an object or an ID under "customer"): the write needs the customer, and is refused naming Customer`;
const REFUSED: Record<string, Record<string, string>> = {
	'voucher.updateInBulk': { Metadata: NO_METADATA },
	'voucher.updateMetadataInBulk': { Metadata: NO_METADATA },
	'customer.updateMetadataInBulk': { Metadata: NO_METADATA },
	'product.updateMetadataInBulk': { Metadata: NO_METADATA },
	'voucher.import': {
		Type: "a loyalty card (the first voucher Get Many lists): the contract's Voucher Import takes discount and gift vouchers only (vouchers.json, VoucherImportDiscount and VoucherImportGift); cards go into a loyalty campaign (Campaign → Import Vouchers)",
	},
	'campaign.create': {
		'Discount Type': "a loyalty program whose voucher also carries a discount (voucher.discount): a Discount Type the Campaign Type does not use is refused naming it, not dropped",
		'Vouchers Count': "an auto-update campaign read before it has vouchers (vouchers_count 0): Vouchers Count is how many to generate, 1 to 10,000, and 0 is refused naming it",
	},
	'loyaltyMember.add': { Customer: HOLDER_BY_ID('holder_id') },
	'referralHolder.add': { Customer: HOLDER_BY_ID('customer_id') },
	'referralHolder.addInCampaign': { Customer: HOLDER_BY_ID('customer_id') },
	'reward.create': {
		Product: "a material reward: n8n requires the panel's Product, which Reward Type Material shows with no default, before the node runs (a field shown for a controlling value stays in the panel)",
	},
};
const stillRefused = new Map<string, Set<string>>();

/** The known difference a path falls under, if any. */
const knownFor = (write: string, path: string): string | undefined =>
	Object.keys(KNOWN[write] ?? {}).find((known) => path === known || path.startsWith(`${known}.`));

const READS = ['get', 'getAll'] as const;

interface Case {
	write: string;
	read: string;
	output: 'raw' | 'simplified';
	endpoints: string[];
	properties: INodeProperties[];
	operation: OperationDefinition;
}

const CASES: Case[] = OPERATIONS.flatMap(({ key, resource, operation }) => {
	if (!operation.record || NOT_A_ROUND_TRIP[key]) return [];
	const endpoints = operation.endpoint.split(/ or | then /).filter((endpoint) => !endpoint.startsWith('GET '));
	const why = notCompared(endpoints);
	if (why) {
		skipped.push(`${key} (${why})`);
		return [];
	}
	return READS.flatMap((read) => {
		const reader = resource.operations.find((candidate) => candidate.value === read);
		if (!reader) return [];
		const outputs = reader.simplify ? (['raw', 'simplified'] as const) : (['raw'] as const);
		return outputs.map((output) => ({ write: key, read: `${resource.value}.${read}`, output, endpoints, properties: operation.properties, operation }));
	});
});

const ctx = useEmulator();
jest.setTimeout(120_000);

const isEmpty = (value: unknown) =>
	value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0) || (typeof value === 'object' && value !== null && Object.keys(value).length === 0);

function at(object: unknown, path: string): unknown {
	let value = object;
	for (const part of path.split('.')) value = value !== null && typeof value === 'object' ? (value as IDataObject)[part] : undefined;
	return value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
function sorted(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(sorted);
	if (value === null || typeof value !== 'object') return value;
	return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sorted((value as IDataObject)[key])]));
}

/** The endpoint template a request was sent to, and its path parameters by name. */
function matchEndpoint(endpoints: string[], method: string, path: string): { endpoint: string; params: Record<string, string> } | undefined {
	for (const endpoint of endpoints) {
		const [verb, template] = endpoint.split(' ');
		if (verb !== method) continue;
		const names: string[] = [];
		const pattern = new RegExp(`^${template.replace(/\{([^}]+)\}/g, (_, name: string) => (names.push(name), '([^/]+)'))}$`);
		const found = pattern.exec(path);
		if (found) return { endpoint, params: Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(found[index + 1])])) };
	}
	return undefined;
}

/** The item's key a path parameter stands for: the code, the record's own ID (the last one of an update), else snake case. */
function paramKey(name: string, last: boolean, method: string): string {
	if (name === 'code') return 'code';
	if (last && method === 'PUT') return 'id';
	return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** A controlling field's refusal: its display name and the item's value (JSON). */
const CONTROL_REFUSAL = /^(.+?) \(input field "[^"]+"\): is (".*?"|\S+)(?: \(.+?\))? in the item/;

function controlParameter(properties: INodeProperties[], displayName: string): string | undefined {
	return properties.find((property) => property.displayName === displayName && property.type === 'options')?.name;
}

interface Outcome {
	differences: Map<string, string>;
	/** How many of the item's writable values were compared with the request. */
	compared: number;
	refused?: string;
	/** The read's item and the write's panel as they were when the write was sent. */
	item?: IDataObject;
	parameters?: INodeParameters;
}

async function roundTrip(testCase: Case): Promise<Outcome> {
	const readParameters = await minimalParameters(testCase.read, ctx.emu);
	const [resource, readOperation] = testCase.read.split('.');
	const read = await ctx.run({ resource, operation: readOperation, ...readParameters, output: testCase.output });
	expect(read.error?.message).toBeUndefined();
	const item = read.items[0]?.json;
	expect(item).toBeDefined();
	const [, writeOperation] = testCase.write.split('.');
	const parameters: INodeParameters = { resource, operation: writeOperation, ...(await minimalParameters(testCase.write, ctx.emu)), recordFields: 'auto', unknownInputFields: 'ignore' };
	for (let attempt = 0; ; attempt++) {
		ctx.emu.control.clearRequests();
		// n8n itself refuses to run a node whose panel lacks a required value (one the panel's new value shows)
		const { error } = await ctx.run(parameters, { input: [item] }).catch((issue: Error) => ({ error: issue }));
		const write = ctx.sent().find((request) => request.method !== 'GET');
		if (write) return { ...compare(testCase, item, write), item, parameters };
		const message = error?.message ?? 'nothing sent and no error';
		const control = CONTROL_REFUSAL.exec(message);
		const name = control && controlParameter(testCase.properties, control[1]);
		if (name && attempt < 4 && parameters[name] !== JSON.parse(control[2])) {
			// the panel says the item's value, as a user sets it for such items
			parameters[name] = JSON.parse(control[2]) as string;
			continue;
		}
		return { differences: new Map(), compared: 0, refused: message };
	}
}

/**
 * The same record written back through the v3 AI tool: the write's panel as the mapped run left it, each record
 * field the item gives a `$fromAI()` whose argument is the item's value (toolRecord.cts).
 */
async function toolRoundTrip(testCase: Case, item: IDataObject, parameters: INodeParameters): Promise<Outcome> {
	const tool = recordAsTool(testCase.operation, parameters, item);
	expect(Object.keys(tool.toolArguments).length).toBeGreaterThan(0);
	ctx.emu.control.clearRequests();
	const { error, response } = await runAsTool({ ...tool, credentials: credentialsFor(ctx.emu) });
	const write = ctx.sent().find((request) => request.method !== 'GET');
	if (write) return compare(testCase, item, write);
	return { differences: new Map(), compared: 0, refused: error ?? `nothing sent and no error (answered ${response ?? 'nothing'})` };
}

/** The differences between the item's writable values and the request, and how many values were compared. */
function compare(testCase: Case, item: IDataObject, write: { method: string; path: string; body: unknown }): { differences: Map<string, string>; compared: number } {
	const differences = new Map<string, string>();
	let compared = 0;
	const matched = matchEndpoint(testCase.endpoints, write.method, write.path);
	if (!matched) {
		differences.set('(endpoint)', `sent ${write.method} ${write.path}, not one of ${testCase.endpoints.join(', ')}`);
		return { differences, compared };
	}
	const names = Object.keys(matched.params);
	names.forEach((name, index) => {
		const key = paramKey(name, index === names.length - 1, write.method);
		const value = item[key];
		if (!isEmpty(value)) compared++;
		if (!isEmpty(value) && String(value) !== matched.params[name]) differences.set(key, `${JSON.stringify(value)} ≠ path ${JSON.stringify(matched.params[name])}`);
	});
	const body = BODIES[matched.endpoint];
	expect(body?.keys).toBeDefined();
	const sent = body.list ? (write.body as unknown[])[0] : write.body;
	for (const path of body.keys ?? []) {
		const value = at(item, path);
		if (isEmpty(value)) continue;
		compared++;
		const given = at(sent, path);
		if (!same(value, given)) differences.set(path, `${JSON.stringify(value)} ≠ sent ${JSON.stringify(given) ?? 'nothing'}`);
	}
	return { differences, compared };
}

const stillDiffer = new Map<string, Set<string>>();
const refusals: string[] = [];

afterAll(() => {
	if (refusals.length > 0) console.log(`refused, naming the field (REFUSED, with why):\n${refusals.join('\n')}`);
	// every known difference and every listed refusal still happens somewhere: the lists only shrink
	const stale = Object.entries(KNOWN).flatMap(([write, paths]) => Object.keys(paths).filter((path) => !stillDiffer.get(write)?.has(path)).map((path) => `${write} ${path}`));
	const staleRefusals = Object.entries(REFUSED).flatMap(([write, fields]) => Object.keys(fields).filter((field) => !stillRefused.get(write)?.has(field)).map((field) => `${write} ${field}`));
	expect({ stale, staleRefusals }).toEqual({ stale: [], staleRefusals: [] });
});

describe('round trip: a read output written back with Map Automatically', () => {
	it('covers every record write of a readable resource', () => {
		console.log(
			`${CASES.length} cases; not a round trip: ${Object.entries(NOT_A_ROUND_TRIP)
				.map(([key, why]) => `${key} (${why})`)
				.join('; ')}; not compared: ${skipped.join('; ')}`,
		);
		expect(CASES.length).toBeGreaterThan(40);
	});

	/**
	 * A refusal names a field of the write first ("Field (input field "key"): rule", or "Field: rule"), and is one
	 * REFUSED lists for the write, with its reason.
	 */
	const expectListedRefusal = (testCase: Case, name: string, refused: string) => {
		const field = /^(.+?)(?: \(input fields? "[^"]+"(?:, beside [^)]*)?\))?: /.exec(refused)?.[1] ?? /Parameter "([^"]+)" is required/.exec(refused)?.[1];
		expect([refused, testCase.properties.some((property) => property.displayName === field || ((property.options ?? []) as INodeProperties[]).some((option) => option.displayName === field))]).toEqual([refused, true]);
		const reason = field === undefined ? undefined : REFUSED[testCase.write]?.[field];
		expect([refused, reason === undefined ? 'not listed in REFUSED' : 'listed']).toEqual([refused, 'listed']);
		stillRefused.set(testCase.write, (stillRefused.get(testCase.write) ?? new Set()).add(field!));
		refusals.push(`${name}: ${refused.replace(/\s*\n\s*/g, ' ')} (${reason!})`);
	};
	const expectWrittenBack = (testCase: Case, { differences, compared }: Outcome) => {
		const seen = stillDiffer.get(testCase.write) ?? new Set();
		for (const path of differences.keys()) {
			const known = knownFor(testCase.write, path);
			if (known) seen.add(known);
		}
		stillDiffer.set(testCase.write, seen);
		// the item carries writable values: a round trip that compares nothing would assert nothing
		expect(compared).toBeGreaterThan(0);
		expect(Object.fromEntries([...differences].filter(([path]) => !knownFor(testCase.write, path)))).toEqual({});
	};

	it.each(CASES.map((testCase) => [`${testCase.read} (${testCase.output}) → ${testCase.write}`, testCase] as const))('%s', async (name, testCase) => {
		const mapped = await roundTrip(testCase);
		if (mapped.refused !== undefined) {
			expectListedRefusal(testCase, name, mapped.refused);
			return;
		}
		expectWrittenBack(testCase, mapped);
		// the v3 AI tool given the same record, field by field
		const tool = await toolRoundTrip(testCase, mapped.item!, mapped.parameters!);
		if (tool.refused !== undefined) {
			expectListedRefusal(testCase, `${name}, as the AI tool`, tool.refused);
			return;
		}
		expectWrittenBack(testCase, tool);
	});
});
