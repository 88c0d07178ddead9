import type { INodeParameters, INodeProperties } from 'n8n-workflow';
import { runAsTool } from '../harness/asTool.cjs';
import { credentialsFor } from '../harness/emulatorCredentials.cjs';
import { ACTION_NODE_TYPE, nodeTypeFor } from '../harness/types.cjs';
import { MINIMAL, minimalParameters, OPERATIONS } from './minimal.cjs';
import { useEmulator } from './v2/helpers.cjs';

/**
 * A number setting only the workflow builder sets (noDataExpression: the bounds, budgets, their window, Max Calls
 * per Run) saved as an expression, `=20000`, is refused naming it before anything is sent. n8n's engine strips the
 * "=" off such a value before the node sees it (getNodeParameters), so the node gets the text "20000": these runs go
 * through that engine, the node as an agent's tool (where every such setting shows). Generated over the description's
 * settings.
 */

const ctx = useEmulator();
jest.setTimeout(60_000);

const nested = (property: INodeProperties): INodeProperties[] => [
	property,
	...((property.options ?? []) as INodeProperties[]).filter((option) => 'type' in option).flatMap(nested),
];
const SETTINGS = nodeTypeFor(ACTION_NODE_TYPE, 3)
	.description.properties.flatMap(nested)
	.filter((property) => property.noDataExpression && property.type === 'number');
const NAMES = [...new Set(SETTINGS.map((property) => property.name))];

/** Shown for the operation whatever else the panel says (only resource, operation, the tool form and the version). */
const plainly = (property: INodeProperties) => Object.keys(property.displayOptions?.show ?? {}).every((key) => ['resource', 'operation', '@tool', '@version'].includes(key));

/** The first operation (with minimal parameters) that shows the setting plainly. */
function operationFor(name: string) {
	return OPERATIONS.find(({ key, resource, operation }) => {
		if (!MINIMAL[key]) return false;
		if (operation.properties.some((property) => property.name === name && plainly(property))) return true;
		return SETTINGS.some(({ name: other, displayOptions }) => {
			const show = displayOptions?.show;
			return other === name && plainly({ displayOptions } as INodeProperties) && (show?.operation?.includes(operation.value) ?? false) && (show?.resource?.includes(resource.value) ?? true);
		});
	});
}

const CASES = NAMES.map((name) => {
	const property = SETTINGS.find((setting) => setting.name === name)!;
	const found = operationFor(name);
	if (!found) throw new Error(`no operation with minimal parameters shows ${name}`);
	// a value the setting takes, typed
	const value = Math.min(20_000, property.typeOptions?.maxValue ?? Infinity);
	return [property.displayName, { name, key: found.key, value }] as const;
});

it('covers every number setting only the workflow builder sets', () => {
	expect(NAMES).toEqual(expect.arrayContaining(['maxPointsPerCall', 'maxAmountPerCall', 'maxCardsPerCall', 'maxCallsPerRun', 'budgetWindowHours']));
	expect(NAMES.length).toBeGreaterThanOrEqual(9);
});

describe.each(CASES)('%s', (label, { name, key, value }) => {
	const parameters = async (saved: unknown): Promise<INodeParameters> => {
		const [resource, operation] = key.split('.');
		return { resource, operation, ...(await minimalParameters(key, ctx.emu)), [name]: saved } as INodeParameters;
	};

	// n8n hands the node `=20000` as the text "20000", `={{ 20000 }}` as "{{ 20000 }}"
	it.each([
		[`=${value}`, String(value)],
		[`={{ ${value} }}`, `{{ ${value} }}`],
	])(`saved as %j: refused naming it, nothing sent (${key})`, async (saved, text) => {
		const { error, response } = await runAsTool({ parameters: await parameters(saved), toolArguments: {}, credentials: credentialsFor(ctx.emu) });
		expect(response).toBeUndefined();
		// the tool form's error carries its description too (toolOutput.test.cts)
		const what = name.endsWith('PerCall') ? 'bound' : 'budget';
		expect(error).toBe(`${label}: must be typed in the node as a number, not an expression or text (got the text "${text}"): a ${what} an input item or an AI model sets bounds nothing\n\nDetails: Nothing was sent to the service.`);
		expect(ctx.sent()).toEqual([]);
	});

	it(`typed as ${value}: not refused (${key})`, async () => {
		const { error } = await runAsTool({ parameters: await parameters(value), toolArguments: {}, credentials: credentialsFor(ctx.emu) });
		// a typed budget may ask for more (a redemption's customer), never for being typed
		expect(error ?? '').not.toMatch(/must be typed in the node/);
		if (error === undefined) expect(ctx.sent().length).toBeGreaterThan(0);
	});
});
