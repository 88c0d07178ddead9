import type { IDataObject, INodeParameters, INodeProperties } from 'n8n-workflow';
import { HOSTILE_KEYS } from '../emulator/faults.cjs';
import type { RunNodeResult } from '../harness/runWorkflow.cjs';
import { MINIMAL, minimalParameters, OPERATIONS } from '../actions/minimal.cjs';
import { useEmulator } from '../actions/v2/helpers.cjs';

/**
 * No key or path from a user, a model, an input item or the service reaches a prototype, over the whole
 * catalogue: every operation runs with the emulator answering `__proto__`, `constructor` and `prototype` as own
 * keys of every object, with those keys in every JSON parameter it has (metadata, filters, bodies) and in its
 * input item, with Selected Fields over its answer, and with Map Automatically reading that item. Each run either
 * succeeds, handling the keys as plain own keys, or is refused with a clear error; afterwards Object.prototype
 * and Array.prototype are as they were (test/harness/prototypeGuard.js also checks every test file).
 */

const ctx = useEmulator();

/** The keys that reach prototypes, and one every object inherits, each with an object value. */
const HOSTILE_JSON = '{"__proto__": {"polluted": "YES"}, "constructor": {"prototype": {"polluted": "YES"}}, "prototype": {"polluted": "YES"}, "toString": {"polluted": "YES"}}';
const HOSTILE_NAMES = ['__proto__', 'constructor', 'prototype'];

/** A parsed copy of `value` with the hostile keys as own keys of it (an object) or of each object it lists. */
function withHostile(value: unknown): string {
	const parsed = typeof value === 'string' ? (value.trim() === '' ? {} : JSON.parse(value)) : structuredClone(value);
	const add = (object: unknown) => {
		if (object === null || typeof object !== 'object' || Array.isArray(object)) return;
		for (const [key, hostile] of Object.entries(JSON.parse(HOSTILE_JSON))) {
			if (!Object.prototype.hasOwnProperty.call(object, key)) Object.defineProperty(object, key, { value: hostile, enumerable: true, writable: true, configurable: true });
		}
	};
	if (Array.isArray(parsed)) parsed.forEach(add);
	else add(parsed);
	return JSON.stringify(parsed);
}

const isJsonProperty = (property: INodeProperties) => property.type === 'json';

/**
 * The minimal parameters with hostile keys in JSON parameters: each one the minimal parameters give gets them
 * added; a metadata one left empty (at the top, or in a collection such as Additional Fields) gets them alone.
 * With `all`, every JSON option of a collection gets them too (which may be refused as a combination).
 */
function hostileParameters(properties: INodeProperties[], minimal: INodeParameters, all = false): { parameters: INodeParameters; changed: string[] } {
	const parameters = structuredClone(minimal);
	const changed: string[] = [];
	const put = (target: IDataObject, property: INodeProperties) => {
		if (target[property.name] !== undefined) target[property.name] = withHostile(target[property.name]);
		else if (all || /metadata/i.test(property.name)) target[property.name] = HOSTILE_JSON;
		else return;
		changed.push(property.name);
	};
	for (const property of properties) {
		if (isJsonProperty(property)) put(parameters as IDataObject, property);
		if (property.type === 'collection') {
			const options = ((property.options ?? []) as INodeProperties[]).filter(isJsonProperty);
			if (options.length === 0) continue;
			const collection = { ...((parameters[property.name] as IDataObject | undefined) ?? {}) };
			for (const option of options) put(collection, option);
			if (Object.keys(collection).length > 0) parameters[property.name] = collection as INodeParameters;
		}
	}
	return { parameters, changed };
}

const BUILT_INS = { 'Object.prototype': Object.prototype, 'Array.prototype': Array.prototype, 'Function.prototype': Function.prototype };
const shapeOf = (target: object) => Reflect.ownKeys(target).map((key) => [String(key), Object.getOwnPropertyDescriptor(target, key)?.value] as const);
const BEFORE = Object.fromEntries(Object.entries(BUILT_INS).map(([name, target]) => [name, shapeOf(target)]));

/** Object.prototype, Array.prototype and Function.prototype are as they were, and nothing inherits the marker. */
function expectPristine(): void {
	for (const [name, target] of Object.entries(BUILT_INS)) expect([name, shapeOf(target)]).toEqual([name, BEFORE[name]]);
	expect(({} as IDataObject).polluted).toBeUndefined();
	expect(([] as unknown as IDataObject).polluted).toBeUndefined();
}

/**
 * A run that succeeded gives plain items (their prototype Object.prototype, nothing inherited from the answer's
 * keys); one that failed failed with the node's own clear error: a refusal naming a field, or the service's answer.
 */
function expectHandled(result: RunNodeResult): 'ok' | 'refused' {
	expectPristine();
	if (result.error) {
		// the engine hands back the node's error as it was thrown (by name: the harness's copy of n8n-workflow may differ)
		const clear = ['NodeOperationError', 'NodeApiError'].includes(result.error.name);
		expect([clear, result.error.message]).toEqual([true, result.error.message]);
		expect(result.error.message).not.toMatch(/Cannot (read|set|convert)|is not a function|is not iterable|\[object Object\]|undefined \(reading/);
		return 'refused';
	}
	for (const item of result.outputs.flat()) {
		expect(Object.getPrototypeOf(item.json)).toBe(Object.prototype);
		expect((item.json as { polluted?: unknown }).polluted).toBeUndefined();
	}
	return 'ok';
}

/** Whether a request body holds, somewhere, an object with every hostile key as its own (sent as given). */
function sentAsOwnKeys(body: unknown, depth = 0): boolean {
	if (body === null || typeof body !== 'object' || depth > 6) return false;
	if (!Array.isArray(body) && HOSTILE_NAMES.every((key) => Object.prototype.hasOwnProperty.call(body, key))) return true;
	return Object.values(body).some((value) => sentAsOwnKeys(value, depth + 1));
}

const outcomes: Record<string, Record<string, number>> = {};
const tally = (run: string, outcome: string) => {
	outcomes[run] ??= {};
	outcomes[run][outcome] = (outcomes[run][outcome] ?? 0) + 1;
};

describe.each(OPERATIONS)('$key', ({ key, resource, operation }) => {
	const base = { resource: resource.value, operation: operation.value };
	const hostileInput = [JSON.parse(HOSTILE_JSON) as IDataObject];

	it('hostile keys in its answers, its JSON parameters, its input item and its Selected Fields', async () => {
		const minimal = await minimalParameters(key, ctx.emu);
		const { parameters, changed } = hostileParameters(operation.properties, minimal);
		const selected = operation.simplify ? { output: 'selected', outputFields: [...operation.simplify, 'metadata.toString', 'metadata.hasOwnProperty.x', 'toString'].join(', ') } : {};
		ctx.emu.control.clearRequests();
		ctx.emu.control.setFaults({ hostileKeys: true });
		const result = await ctx.run({ ...base, ...parameters, ...selected }, { input: hostileInput });
		const outcome = expectHandled(result);
		tally('answers and parameters', outcome);
		// metadata given as JSON reached the service with its keys as own keys (or the operation refused it)
		const metadataGiven = changed.some((name) => /metadata/i.test(name));
		if (outcome === 'ok' && metadataGiven && ctx.sent().some((request) => request.body && typeof request.body === 'object')) {
			expect(ctx.sent().some((request) => sentAsOwnKeys(request.body))).toBe(true);
			tally('metadata sent as own keys', 'yes');
		}
	});

	const jsonOptions = operation.properties.some((property) => property.type === 'collection' && ((property.options ?? []) as INodeProperties[]).some(isJsonProperty));
	if (jsonOptions) {
		it('hostile keys in every JSON option at once', async () => {
			const minimal = await minimalParameters(key, ctx.emu);
			const { parameters } = hostileParameters(operation.properties, minimal, true);
			tally('every JSON option', expectHandled(await ctx.run({ ...base, ...parameters }, { input: hostileInput })));
		});
	}

	if (operation.simplify) {
		it.each(HOSTILE_NAMES)('Selected Fields through %s over an answer that holds it are refused before anything is sent', async (name) => {
			ctx.emu.control.setFaults({ hostileKeys: true });
			const { error } = await ctx.run({ ...base, ...MINIMAL[key], output: 'selected', outputFields: `id, metadata.${name}.polluted` });
			expectPristine();
			expect(error?.message).toBe(`Fields: "metadata.${name}.polluted": "${name}" cannot be kept: n8n drops keys named __proto__, constructor, prototype from every item`);
			expect(ctx.sent()).toEqual([]);
		});
	}

	if (!operation.record) return;
	it('Map Automatically over an item holding the hostile keys', async () => {
		const minimal = await minimalParameters(key, ctx.emu);
		ctx.emu.control.setFaults({ hostileKeys: true });
		for (const unknownInputFields of ['ignore', 'refuse']) {
			const result = await ctx.run({ ...base, ...minimal, recordFields: 'auto', unknownInputFields }, { input: [JSON.parse(`{"name": "mapped", ${HOSTILE_JSON.slice(1)}`)] });
			tally(`Map Automatically (${unknownInputFields})`, expectHandled(result));
		}
	});
});

afterAll(() => {
	// The fuzz is not vacuous: most operations ran to the end with hostile answers and parameters.
	const answers = outcomes['answers and parameters'] ?? {};
	expect(answers.ok ?? 0).toBeGreaterThan(OPERATIONS.length * 0.8);
	expect(outcomes['metadata sent as own keys']?.yes ?? 0).toBeGreaterThan(10);
});

it('HOSTILE_KEYS of the emulator are own keys, as JSON.parse makes them', () => {
	expect(Object.keys(HOSTILE_KEYS)).toEqual(HOSTILE_NAMES);
});
