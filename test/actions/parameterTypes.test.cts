import type { IDataObject, INodeParameters, INodeProperties, INodePropertyCollection } from 'n8n-workflow';
import { FIXTURES, startEmulator, type RunningEmulator } from '../emulator/index.cjs';
import { credentialsFor } from '../harness/emulatorCredentials.cjs';
import { runNode } from '../harness/runWorkflow.cjs';
import { listProperties, optionsProperty } from '../../nodes/LoyaltyPromotions/actions/description';
import { isIdList } from '../../nodes/LoyaltyPromotions/shared/validate/ids';
import { isTextList } from '../../nodes/LoyaltyPromotions/shared/validate/parameter';
import { minimalParameters, OPERATIONS } from './minimal.cjs';

/**
 * An expression can put any value in any field. Every field of every operation that reaches a request (text,
 * numbers, switches, dropdowns, multi-selects, dates; at the top level, in collections and in fixed
 * collections) refuses a value of the wrong type with an error naming the field and the rule, before anything
 * is sent: an object is never sent as "[object Object]", a list as "c-1,c-2", "0x10" as 16, 1e20 as a number,
 * "01/02/2024" as a date, "yes" as a switch, or a value outside a dropdown's list. The fields are found from
 * the node's own description, so a new operation is covered as soon as it has an entry in minimal.cts. Each
 * field's hostile values go in one run, one input item each under Continue On Fail (each item must fail on its
 * own), rather than one run of n8n's engine per value.
 */

let emu: RunningEmulator;
beforeAll(async () => {
	emu = await startEmulator({ port: 0, quiet: true });
});
afterAll(() => emu.stop());

/** Values an expression can give, each handed to the field by `={{ $json.hostile }}` from an input item. */
type Hostile = Array<[label: string, value: unknown]>;

const NOT_TEXT: Hostile = [
	['an object', { id: 'c-1' }],
	['a list', ['c-1', 'c-2']],
	['a boolean', true],
];

/** Hostile values by property type, and the rule the error must state. */
function hostileFor(property: INodeProperties): { values: Hostile; rule: RegExp } | undefined {
	const integer = property.typeOptions?.numberPrecision === 0;
	switch (property.type) {
		case 'string':
			// a field of IDs takes a list of them from an expression, entry by entry: a list is wrong there by its entries
			return { values: isIdList(property) || isTextList(property) ? NOT_TEXT.map(([label, value]) => (Array.isArray(value) ? ['a list holding an object', [{ id: 'c-1' }]] : [label, value])) : NOT_TEXT, rule: /must be text/ };
		case 'number':
			return {
				values: [
					['hex text "0x10"', '0x10'],
					['exponent text "1e3"', '1e3'],
					['1e20', 1e20],
					['text with letters', '12abc'],
					['an object', { n: 1 }],
					...(integer ? ([['"1.5" in a whole-number field', '1.5']] as Hostile) : []),
				],
				// a setting only the workflow builder sets refuses any expression, whatever it resolves to
				rule: property.noDataExpression ? /must be typed in the node as a number, not an expression or text/ : integer ? /must be a whole number/ : /must be (a number|at most)/,
			};
		case 'boolean':
			return {
				values: [
					['"yes"', 'yes'],
					['1', 1],
					['an object', { on: true }],
				],
				rule: /must be true or false/,
			};
		case 'options':
			if (property.typeOptions?.loadOptionsMethod) return { values: NOT_TEXT.slice(0, 2), rule: /must be text/ };
			return {
				values: [
					['a value outside the list', 'surely-not-a-value'],
					['an object', { value: 1 }],
				],
				rule: /must be one of/,
			};
		case 'multiOptions':
			if (property.typeOptions?.loadOptionsMethod) return undefined;
			return { values: [['a value outside the list', ['surely-not-a-value']]], rule: /unknown value "surely-not-a-value"/ };
		case 'dateTime':
			return {
				values: [
					['"01/02/2024"', '01/02/2024'],
					['the number 1', 1],
					['"hello 2020"', 'hello 2020'],
					['"2024-02-30"', '2024-02-30'],
					['an offset without a colon', '2024-01-31T12:00:00+0100'],
				],
				// A date-only field (sent as YYYY-MM-DD) names that form instead.
				rule: property.typeOptions?.dateOnly === true ? /must be a date, e.g. 1990-04-30/ : /must be a date-time in ISO 8601 form/,
			};
		default:
			return undefined;
	}
}

interface Placement {
	/** Where the value goes in the node's parameters. */
	path: Array<string | number>;
	/** The name the error must start with. */
	label: string;
	property: INodeProperties;
	/** Values the field's displayOptions need beside it (n8n leaves a hidden field out of what the node reads). */
	shownBy: Array<{ path: Array<string | number>; value: unknown }>;
}

/** The sibling values that show a field: the first value each of its displayOptions.show conditions allows. */
function shownBy(property: INodeProperties, path: Array<string | number>): Placement['shownBy'] {
	const show = property.displayOptions?.show ?? {};
	return Object.entries(show)
		.filter(([name, values]) => !['resource', 'operation'].includes(name) && Array.isArray(values) && values.length > 0)
		.map(([name, values]) => ({ path: [...path.slice(0, -1), name.replace(/^\//, '')], value: (values as unknown[])[0] }));
}

/** Every typed field of a property: itself, a collection's options, a fixed collection's entry fields. */
function placements(property: INodeProperties, path: Array<string | number> = [property.name], label = property.displayName): Placement[] {
	if (property.type === 'collection') {
		return ((property.options ?? []) as INodeProperties[]).flatMap((option) => placements(option, [...path, option.name], option.displayName));
	}
	if (property.type === 'fixedCollection') {
		const multiple = property.typeOptions?.multipleValues === true;
		return ((property.options ?? []) as INodePropertyCollection[]).flatMap((group) =>
			(group.values ?? []).flatMap((field) =>
				placements(field, [...path, group.name, ...(multiple ? [0] : []), field.name], multiple ? `${label} entry 1: ${field.displayName}` : `${label}: ${field.displayName}`),
			),
		);
	}
	// a field of the tool form only (Max Cards per Call) is not shown, so not read, on the regular node run here: limitsCards.test.cts
	if (property.displayOptions?.show?.['@tool']) return [];
	return hostileFor(property) ? [{ path, label, property, shownBy: shownBy(property, path) }] : [];
}

/** The parameters with `value` at `path`; collections keep their valid fields. */
function withValue(parameters: INodeParameters, path: Array<string | number>, value: unknown): INodeParameters {
	const copy = JSON.parse(JSON.stringify(parameters)) as Record<string, unknown>;
	let cursor: Record<string | number, unknown> = copy;
	path.forEach((key, index) => {
		if (index === path.length - 1) {
			cursor[key] = value;
			return;
		}
		const nextIsIndex = typeof path[index + 1] === 'number';
		if (cursor[key] === undefined || typeof cursor[key] !== 'object') cursor[key] = nextIsIndex ? [] : {};
		cursor = cursor[key] as Record<string | number, unknown>;
	});
	return copy as INodeParameters;
}

/** A valid-looking value for a required field that showing another field revealed. */
function plausible(property: INodeProperties): unknown {
	if (property.type === 'number') return 1;
	if (property.type === 'boolean') return true;
	if (property.type === 'options') return ((property.options ?? []) as Array<{ value: unknown }>)[0]?.value ?? 'x';
	if (property.type === 'resourceLocator') return { __rl: true, mode: 'id', value: 'x' };
	return 'x';
}

/**
 * Runs the node; when n8n refuses the workflow because showing the field under test revealed another required
 * field (e.g. a discount type's own amount), fills that field beside it and runs again.
 */
async function runFilled(parameters: INodeParameters, properties: INodeProperties[], path: Array<string | number>, input: IDataObject[]) {
	let current = parameters;
	for (let attempt = 0; ; attempt++) {
		try {
			return await runNode({ parameters: current, credentials: credentialsFor(emu), input, continueOnFail: true });
		} catch (error) {
			const missing = /Parameter "([^"]+)" is required/.exec((error as Error).message)?.[1];
			if (!missing || attempt >= 5) throw error;
			const scope: INodeProperties[] = [];
			const collect = (list: INodeProperties[]) => {
				for (const p of list) {
					scope.push(p);
					if (p.type === 'collection') collect(p.options as INodeProperties[]);
					if (p.type === 'fixedCollection') for (const g of (p.options ?? []) as INodePropertyCollection[]) collect(g.values ?? []);
				}
			};
			collect(properties);
			const field = scope.find((p) => p.displayName === missing);
			if (!field) throw error;
			const top = properties.some((p) => p === field);
			current = withValue(current, top ? [field.name] : [...path.slice(0, -1), field.name], plausible(field));
		}
	}
}

const cases = OPERATIONS.map(({ key, resource, operation }) => ({ key, resource: resource.value, operation }));

describe.each(cases)('$key', ({ key, resource, operation }) => {
	it('refuses a value of the wrong type in each of its fields, naming the field, with nothing sent', async () => {
		const valid = await minimalParameters(key, emu);
		if (operation.endpoint.includes('{projectId}') && valid.projectId === undefined) valid.projectId = FIXTURES.projectId;
		const fields = [...operation.properties, ...(operation.list ? listProperties(operation) : []), optionsProperty].flatMap((property) =>
			placements(property),
		);
		const checked: string[] = [];
		for (const { path, label, property, shownBy: needs } of fields) {
			// Show the field: Limit only shows when Return All is off; others need a sibling's value.
			let shown: INodeParameters = { ...valid, ...(property.name === 'limit' ? { returnAll: false } : {}) };
			for (const need of needs) shown = withValue(shown, need.path, need.value);
			// One run per field, one input item per hostile value, under Continue On Fail: each item must fail on its
			// own. A node-wide option (Options → Concurrency), and every field of a batch operation (its items go as one
			// job, whose settings are read from the first item), get one run per value.
			const { values, rule } = hostileFor(property)!;
			const nodeWide = path[0] === optionsProperty.name || operation.batch !== undefined;
			for (const batch of nodeWide ? values.map((value) => [value]) : [values]) {
				emu.control.clearRequests();
				const parameters = { resource, operation: operation.value, ...withValue(shown, path, '={{ $json.hostile }}') };
				const result = await runFilled(parameters, [...operation.properties], path, batch.map(([, hostile]) => ({ hostile }) as IDataObject));
				const sent = emu.control.requests().map((request) => `${request.method} ${request.path}`);
				expect({ field: label, sent, error: result.error?.message, items: result.items.length }).toEqual({ field: label, sent: [], error: undefined, items: batch.length });
				batch.forEach(([what], index) => {
					const { error, description } = result.items[index].json;
					expect({ field: label, what, error }).toEqual({
						field: label,
						what,
						error: expect.stringMatching(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `)),
					});
					expect({ field: label, what, error }).toEqual({ field: label, what, error: expect.stringMatching(rule) });
					expect({ field: label, what, description }).toEqual({ field: label, what, description: expect.stringMatching(/Nothing was sent to the service/) });
				});
			}
			checked.push(label);
		}
		// Every operation has at least its Options → Concurrency field checked.
		expect(checked).toContain('Concurrency');
	});
});
