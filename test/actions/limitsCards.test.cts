import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { BOUNDS, boundedFields, DEFAULT_MAX_CARDS_PER_CALL, type BoundedField } from '../../nodes/LoyaltyPromotions/shared/limits';
import { ACTION_TOOL_TYPE, fromAI, runAsTool } from '../harness/asTool.cjs';
import { credentialsFor } from '../harness/emulatorCredentials.cjs';
import { defaultAuthentication } from '../harness/runWorkflow.cjs';
import { minimalParameters, OPERATIONS } from './minimal.cjs';
import { useEmulator } from './v2/helpers.cjs';

/**
 * Max Cards per Call, generated from the catalogue: for every field an operation declares bounded by `cards`
 * (how many cards, codes or members one call issues or adds), on the tool form a number one above the bound is
 * refused before anything is sent, naming the field and the bound, and so is one above the default; the bound
 * itself is sent; the bound from `$fromAI()` is refused. A regular node keeps issuing what it issued before (saved
 * workflows), whatever the setting holds. A batch operation's bound counts its input items (one member each).
 */

const ctx = useEmulator();

const CARDS = OPERATIONS.flatMap(({ key, resource, operation }) =>
	boundedFields(operation)
		.filter((field) => field.kind === 'cards')
		.map((field) => ({ key, resource: resource.value, operation, field })),
);
const COUNTED = CARDS.filter(({ operation }) => !operation.batch);
const BATCHED = CARDS.filter(({ operation }) => operation.batch);

const LABEL = BOUNDS.cards.property.displayName;
const BOUND = 3;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const refusal = (field: BoundedField, bound: number, got: number) =>
	new RegExp(`${escape(field.property.displayName)}: is at most ${bound} per call \\(${LABEL}\\), got ${got}: raise ${LABEL} to send more`);

it('bounds how many cards, codes or members these operations issue in one call', () => {
	expect(CARDS.map(({ key, field }) => `${key} ${field.path}`).sort()).toEqual([
		'campaign.addVouchers count',
		'campaign.create additionalFields.vouchersCount',
		'programMember.addInBatch customer',
		'publication.create additionalFields.count',
	]);
});

it('shows Max Cards per Call on the tool form only, typed by the workflow builder, defaulting to a low number', () => {
	expect(BOUNDS.cards.property).toMatchObject({ noDataExpression: true, default: DEFAULT_MAX_CARDS_PER_CALL, displayOptions: { show: { '@tool': [true] } } });
	expect(DEFAULT_MAX_CARDS_PER_CALL).toBeLessThanOrEqual(10);
});

/** The operation's minimal parameters with `value` in the field (inside its collections) and the values its display conditions ask for. */
async function withValue(key: string, resource: string, field: BoundedField, value: unknown): Promise<INodeParameters> {
	const parameters = { resource, operation: key.split('.')[1], ...(await minimalParameters(key, ctx.emu)) } as IDataObject;
	const names = field.path.split('.');
	let holder = parameters;
	for (const name of names.slice(0, -1)) {
		holder[name] = { ...(holder[name] as IDataObject | undefined) };
		holder = holder[name] as IDataObject;
	}
	holder[names[names.length - 1]] = value as IDataObject[string];
	for (const [condition, values] of Object.entries(field.property.displayOptions?.show ?? {})) {
		if (condition.startsWith('@') || ['resource', 'operation'].includes(condition)) continue;
		const target = condition.startsWith('/') ? parameters : holder;
		const name = condition.replace(/^\//, '');
		if (!(values as unknown[]).includes(target[name])) target[name] = (values as unknown[])[0] as IDataObject[string];
	}
	return parameters as INodeParameters;
}

/** Whether a request carried the count (in its query or its body) as a whole number. */
const carries = (request: { query: unknown; body: unknown }, count: number) => new RegExp(`(^|[^\\d.])${count}([^\\d.]|$)`).test(JSON.stringify([request.query, request.body]));
const writes = () => ctx.sent().filter((request) => request.method === 'POST');

describe.each(COUNTED.map((entry) => [`${entry.key} ${entry.field.path}`, entry] as const))('%s', (_title, { key, resource, field }) => {
	async function runTool(count: number, setting: INodeParameters = { [BOUNDS.cards.property.name]: BOUND }) {
		const parameters = { ...(await withValue(key, resource, field, fromAI('count', 'number'))), ...setting };
		ctx.emu.control.clearRequests();
		return runAsTool({ parameters, toolArguments: { count }, credentials: credentialsFor(ctx.emu) });
	}

	it('as a tool, one above the bound: the model is told the field and the bound, and nothing is sent', async () => {
		const { error } = await runTool(BOUND + 1);
		expect(error).toMatch(refusal(field, BOUND, BOUND + 1));
		expect(ctx.sent()).toEqual([]);
	});

	it('as a tool, at the bound: sent as given', async () => {
		const { error } = await runTool(BOUND);
		expect(error).toBeUndefined();
		expect(writes().filter((request) => carries(request, BOUND))).toHaveLength(1);
	});

	it('as a tool with the default bound: one above it refused, nothing sent', async () => {
		const { error } = await runTool(DEFAULT_MAX_CARDS_PER_CALL + 1, {});
		expect(error).toMatch(refusal(field, DEFAULT_MAX_CARDS_PER_CALL, DEFAULT_MAX_CARDS_PER_CALL + 1));
		expect(ctx.sent()).toEqual([]);
	});

	it('as a tool, the bound from $fromAI (a model choosing its own bound): refused, naming the bound, nothing sent', async () => {
		const parameters = { ...(await withValue(key, resource, field, fromAI('count', 'number'))), [BOUNDS.cards.property.name]: fromAI('bound', 'number') };
		ctx.emu.control.clearRequests();
		const { error } = await runAsTool({ parameters, toolArguments: { count: BOUND, bound: 1e6 }, credentials: credentialsFor(ctx.emu) });
		expect(error).toContain(`${LABEL}: must be typed in the node, not an expression`);
		expect(ctx.sent()).toEqual([]);
	});

	it.each([0, -1, '12abc'])('as a tool, Max Cards per Call %j: refused naming the setting, nothing sent', async (setting) => {
		const { error } = await runTool(1, { [BOUNDS.cards.property.name]: setting });
		expect(error).toMatch(new RegExp(`^${LABEL}: must be (a number above 0|a whole number|typed in the node as a number)`));
		expect(ctx.sent()).toEqual([]);
	});

	it('a regular node (saved workflows): issues past the default bound as before, whatever the setting holds', async () => {
		const count = DEFAULT_MAX_CARDS_PER_CALL + 1;
		ctx.emu.control.clearRequests();
		const { error } = await ctx.run({ ...(await withValue(key, resource, field, count)), [BOUNDS.cards.property.name]: 1 });
		expect(error?.description).not.toBe('Nothing was sent to the service.');
		expect(writes().filter((request) => carries(request, count))).toHaveLength(1);
	});
});

describe.each(BATCHED.map((entry) => [`${entry.key} (one member per input item)`, entry] as const))('%s', (_title, { key, resource, field }) => {
	/** Parameters whose customer each input item gives, and that many items. */
	async function batch(count: number) {
		const parameters = { ...(await withValue(key, resource, field, '={{ $json.customer }}')), authentication: defaultAuthentication(resource) };
		const input = Array.from({ length: count }, (_, index) => ({ customer: `cards-batch-${index}` }));
		ctx.emu.control.clearRequests();
		return { parameters, input };
	}
	const sentCustomers = () => JSON.stringify(writes().map((request) => request.body)).match(/cards-batch-\w+/g) ?? [];

	it('on the tool form, more input items than the bound: refused naming the field and the bound, nothing sent; at the bound, sent', async () => {
		const over = await batch(BOUND + 1);
		const refused = await ctx.run({ ...over.parameters, [BOUNDS.cards.property.name]: BOUND }, { input: over.input, nodeType: ACTION_TOOL_TYPE, typeVersion: 3 });
		expect(refused.error?.message).toMatch(
			new RegExp(`${escape(field.property.displayName)}: together at most ${BOUND} per call \\(${LABEL}\\), got ${BOUND + 1} \\(one per input item\\): send fewer input items or raise ${LABEL}`),
		);
		expect(ctx.sent()).toEqual([]);

		const at = await batch(BOUND);
		const sent = await ctx.run({ ...at.parameters, [BOUNDS.cards.property.name]: BOUND }, { input: at.input, nodeType: ACTION_TOOL_TYPE, typeVersion: 3 });
		expect(sent.error).toBeUndefined();
		expect(new Set(sentCustomers()).size).toBe(BOUND);
	});

	it('called by an agent, n8n gives the tool one input item: one member per call, within a bound of 1', async () => {
		const parameters = { ...(await withValue(key, resource, field, fromAI('customer', 'string'))), [BOUNDS.cards.property.name]: 1 };
		ctx.emu.control.clearRequests();
		const { error } = await runAsTool({ parameters, toolArguments: { customer: 'cards-batch-tool' }, credentials: credentialsFor(ctx.emu) });
		expect(error).toBeUndefined();
		expect(sentCustomers()).toEqual(['cards-batch-tool']);
	});

	it('a regular node (saved workflows): a batch past the default bound is sent as before', async () => {
		const { parameters, input } = await batch(DEFAULT_MAX_CARDS_PER_CALL + 1);
		const { error } = await ctx.run({ ...parameters, [BOUNDS.cards.property.name]: 1 }, { input });
		expect(error).toBeUndefined();
		expect(new Set(sentCustomers()).size).toBe(DEFAULT_MAX_CARDS_PER_CALL + 1);
	});
});
