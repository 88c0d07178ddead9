import type { INodeProperties } from 'n8n-workflow';

/**
 * n8n serves every node version's description to every editor load (and an AI-tool copy of each usable-as-tool
 * version), so a field that many operations share is written once, shown for all of them.
 *
 * The description builder gives each operation its own copy of each field, shown for its one (resource,
 * operation) pair. This folds identical copies into one, shown for a rectangle of resources × operations, where
 * every pair of the rectangle either has that very field or is not an operation at all (e.g. `getAll` of a
 * resource that has none): so no operation shows a field it did not have. A folded field stands where its first
 * copy stood.
 */

type Pair = `${string}\u0000${string}`;
const pairOf = (resource: string, operation: string): Pair => `${resource}\u0000${operation}`;

/** The one (resource, operation) pair a field is shown for, or undefined for a field shown more widely. */
function singlePair(property: INodeProperties): [string, string] | undefined {
	const { resource, operation } = property.displayOptions?.show ?? {};
	if (resource?.length !== 1 || operation?.length !== 1) return undefined;
	return [String(resource[0]), String(operation[0])];
}

/** The field without its resource and operation conditions: copies with the same key are the same field. */
function identityOf(property: INodeProperties): string {
	const otherShow = { ...property.displayOptions?.show };
	delete otherShow.resource;
	delete otherShow.operation;
	return JSON.stringify({ ...property, displayOptions: { ...property.displayOptions, show: otherShow } });
}

interface Rectangle {
	resources: Set<string>;
	operations: Set<string>;
	first: number;
}

/**
 * `operationsOf` maps each resource to the operations it has in this version: a pair outside it shows nothing,
 * so a rectangle may cover it. The folded fields keep every operation's own order (n8n resolves a field's display
 * conditions against the fields before it, and shows fields in this order).
 */
export function compactProperties(properties: INodeProperties[], operationsOf: ReadonlyMap<string, ReadonlySet<string>>): INodeProperties[] {
	const exists = (resource: string, operation: string) => operationsOf.get(resource)?.has(operation) === true;
	const groups = new Map<string, { property: INodeProperties; pairs: Map<string, Set<string>>; first: number; has: Set<Pair> }>();
	const placed: Array<{ index: number; property: INodeProperties }> = [];
	/** Each (resource, operation)'s fields, in order, as indexes of `placed` once placed. */
	const sequences = new Map<Pair, Array<{ key: string; pair: Pair } | number>>();

	properties.forEach((property, index) => {
		const pair = singlePair(property);
		if (!pair) {
			placed.push({ index, property });
			return;
		}
		const key = identityOf(property);
		let group = groups.get(key);
		if (!group) {
			group = { property, pairs: new Map(), first: index, has: new Set() };
			groups.set(key, group);
		}
		const [resource, operation] = pair;
		if (!group.pairs.has(operation)) group.pairs.set(operation, new Set());
		group.pairs.get(operation)!.add(resource);
		const at = pairOf(resource, operation);
		group.has.add(at);
		if (!sequences.has(at)) sequences.set(at, []);
		sequences.get(at)!.push({ key, pair: at });
	});

	/** Where each group's copy for a pair went: the index in `placed` of its rectangle. */
	const placedAt = new Map<string, number>();
	for (const [key, group] of groups) {
		const rectangles: Rectangle[] = [];
		for (const [operation, resources] of group.pairs) {
			const fits = (rectangle: Rectangle) => {
				const allResources = new Set([...rectangle.resources, ...resources]);
				const allOperations = [...rectangle.operations, operation];
				for (const resource of allResources) {
					for (const candidate of allOperations) {
						if (!group.has.has(pairOf(resource, candidate)) && exists(resource, candidate)) return false;
					}
				}
				return true;
			};
			const target = rectangles.find(fits);
			if (target) {
				resources.forEach((resource) => target.resources.add(resource));
				target.operations.add(operation);
			} else {
				rectangles.push({ resources: new Set(resources), operations: new Set([operation]), first: group.first });
			}
		}
		for (const rectangle of rectangles) {
			const show = { ...group.property.displayOptions?.show, resource: [...rectangle.resources], operation: [...rectangle.operations] };
			const { resource, operation, ...rest } = show;
			for (const member of rectangle.resources) for (const op of rectangle.operations) placedAt.set(`${key}\u0001${pairOf(member, op)}`, placed.length);
			placed.push({
				index: rectangle.first,
				property: { ...group.property, displayOptions: { ...group.property.displayOptions, show: { resource, operation, ...rest } } },
			});
		}
	}

	// Order: every pair's fields as it listed them (a topological order of "comes after" between neighbours),
	// ties broken by where a field first stood.
	const after = new Map<number, Set<number>>();
	const before = new Map<number, number>();
	for (const sequence of sequences.values()) {
		const nodes = sequence.map((entry) => placedAt.get(`${(entry as { key: string }).key}\u0001${(entry as { pair: Pair }).pair}`)!);
		for (let i = 1; i < nodes.length; i++) {
			const [from, to] = [nodes[i - 1], nodes[i]];
			if (from === to || after.get(from)?.has(to)) continue;
			if (!after.has(from)) after.set(from, new Set());
			after.get(from)!.add(to);
			before.set(to, (before.get(to) ?? 0) + 1);
		}
	}
	const order: number[] = [];
	const waiting = new Set(placed.map((_, node) => node));
	const byFirst = (a: number, b: number) => placed[a].index - placed[b].index || a - b;
	while (waiting.size > 0) {
		// the earliest field with nothing left before it; on a cycle (two operations ordering two shared fields
		// differently), the earliest field of all
		const ready = [...waiting].filter((node) => !before.get(node));
		const next = (ready.length > 0 ? ready : [...waiting]).sort(byFirst)[0];
		waiting.delete(next);
		order.push(next);
		for (const to of after.get(next) ?? []) before.set(to, (before.get(to) ?? 1) - 1);
	}
	return order.map((node) => placed[node].property);
}

/**
 * What no editor shows is not sent: a JSON field's placeholder appears only while the field is empty, so a JSON
 * field with a default value loses it, and a JSON placeholder is written without indentation (the editor shows
 * it on one line either way). Applied to collection and fixed-collection options too.
 */
export function lighten(property: INodeProperties): INodeProperties {
	const lighter: INodeProperties = { ...property };
	if (typeof lighter.placeholder === 'string') {
		if (lighter.type === 'json' && lighter.default !== '' && lighter.default !== undefined) delete lighter.placeholder;
		else if (/^\s*[[{]/.test(lighter.placeholder)) lighter.placeholder = compactJson(lighter.placeholder);
	}
	withOptions(lighter, lighten);
	return lighter;
}

function compactJson(text: string): string {
	try {
		return JSON.stringify(JSON.parse(text));
	} catch {
		return text;
	}
}


/**
 * Version 1's fields without their help text (descriptions, hints, placeholders): it serves only workflows saved
 * with it (its panel never showed Resource; new nodes get version 3, with the help), and every editor load
 * carries every version.
 */
export function withoutHelp(property: INodeProperties): INodeProperties {
	const bare: INodeProperties = { ...property };
	delete bare.description;
	delete bare.hint;
	delete bare.placeholder;
	withOptions(bare, withoutHelp);
	return bare;
}

/** Applies `change` to a collection's options and a fixed collection's values, in place on `property` (a copy). */
function withOptions(property: INodeProperties, change: (option: INodeProperties) => INodeProperties): void {
	if (!Array.isArray(property.options)) return;
	property.options = property.options.map((option) => {
		if ('type' in option && 'name' in option) return change(option as INodeProperties);
		if ('values' in option && Array.isArray(option.values)) return { ...option, values: option.values.map(change) };
		return option;
	}) as INodeProperties['options'];
}
