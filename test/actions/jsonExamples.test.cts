import { readFileSync } from 'fs';
import { join } from 'path';
import type { INodeProperties, INodePropertyCollection } from 'n8n-workflow';
import { RESOURCES } from '../../nodes/LoyaltyPromotions/actions/resources';
import { checkJsonField, type FieldContext } from '../../nodes/LoyaltyPromotions/shared/validate';

/**
 * Every example the node shows in a JSON field is one the service accepts: for every JSON field of every operation
 * (its placeholder, its default, and each JSON example its description gives), the JSON fits the published
 * contract's rules for the body part the field is, as test/actions/contract/jsonFields.json carries them (facts
 * written from reading voucherify-openapi's documentation/openapi/*.json: types, required keys, enums, closed
 * objects).
 */

type Kind = 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';

interface Part {
	/** One kind, or the kinds the contract allows (a formula: text or a number). */
	type: Kind | Kind[];
	nullable?: boolean;
	required?: string[];
	keys?: Record<string, Part | string>;
	values?: Part | string;
	items?: Part | string;
	closed?: boolean;
	enum?: Array<string | number>;
}

interface Facts {
	parts: Record<string, Part>;
	fields: Record<string, string>;
	notCarried: string[];
}

const FACTS = JSON.parse(readFileSync(join(__dirname, 'contract', 'jsonFields.json'), 'utf8')) as Facts;

const resolve = (part: Part | string): Part => {
	if (typeof part !== 'string') return part;
	const found = FACTS.parts[part];
	if (!found) throw new Error(`jsonFields.json names a part it does not define: ${part}`);
	return found;
};

const kindOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/**
 * Where `value` breaks `part`, each with its key path. A documented alternative ("AMOUNT|PERCENT") fits an enum
 * when every alternative is in it; a value such as "prod_…" or "HH:mm" is text, which is all the facts ask of it.
 */
export function breaks(value: unknown, partOrName: Part | string, path = ''): string[] {
	const part = resolve(partOrName);
	const at = path || '(the whole JSON)';
	if (value === null) return part.nullable ? [] : [`${at} is null`];
	const kind = kindOf(value);
	const kinds = [part.type].flat();
	if (!kinds.some((allowed) => (allowed === 'integer' ? Number.isInteger(value) : allowed === kind))) return [`${at} is ${kind}, not ${kinds.join(' or ')}`];
	if (part.enum && !String(value).split('|').every((alternative) => part.enum!.includes(kind === 'number' ? Number(alternative) : alternative)))
		return [`${at} is ${JSON.stringify(value)}, not one of ${part.enum.join(', ')}`];
	if (kind === 'array') return (value as unknown[]).flatMap((entry, index) => (part.items ? breaks(entry, part.items, `${path}[${index}]`) : []));
	if (kind !== 'object') return [];
	const object = value as Record<string, unknown>;
	const keys = part.keys ?? {};
	const missing = (part.required ?? []).filter((key) => !Object.prototype.hasOwnProperty.call(object, key)).map((key) => `${path ? `${path}.` : ''}${key} is missing (the contract requires it)`);
	const inside = Object.entries(object).flatMap(([key, member]) => {
		const where = path ? `${path}.${key}` : key;
		if (Object.prototype.hasOwnProperty.call(keys, key)) return breaks(member, keys[key], where);
		if (part.values) return breaks(member, part.values, where);
		return part.closed ? [`${where} is not a key the contract has here`] : [];
	});
	return [...missing, ...inside];
}

/** The parts inside a part that constrain what they take (required keys, or closed): what a fragment may be. */
function constrainingParts(partOrName: Part | string, seen = new Set<Part>()): Part[] {
	const part = resolve(partOrName);
	if (seen.has(part)) return [];
	seen.add(part);
	const inner = [...Object.values(part.keys ?? {}), ...(part.items ? [part.items] : []), ...(part.values ? [part.values] : [])];
	return [...(part.required || part.closed ? [part] : []), ...inner.flatMap((member) => constrainingParts(member, seen))];
}

/**
 * Where a description's example breaks its field's part: a description may show the whole JSON or one piece of it
 * (a cooldown of a Trigger Limits); a piece fits when some constraining part inside the field's part takes it.
 */
function descriptionBreaks(value: unknown, part: string): string[] {
	const whole = breaks(value, part);
	if (whole.length === 0) return [];
	return constrainingParts(part).some((inner) => inner !== resolve(part) && breaks(value, inner).length === 0) ? [] : whole;
}

/** Each balanced {…} or […] in a text that parses as JSON (an example a description gives), outermost first. */
export function jsonExamplesIn(text: string): unknown[] {
	const found: unknown[] = [];
	let index = 0;
	while (index < text.length) {
		const start = text.slice(index).search(/[{[]/);
		if (start < 0) break;
		const from = index + start;
		let depth = 0;
		let inString = false;
		let end = -1;
		for (let cursor = from; cursor < text.length && end < 0; cursor++) {
			const character = text[cursor];
			if (inString) {
				if (character === '\\') cursor++;
				else if (character === '"') inString = false;
			} else if (character === '"') inString = true;
			else if (character === '{' || character === '[') depth++;
			else if (character === '}' || character === ']') {
				depth--;
				if (depth === 0) end = cursor;
			}
		}
		if (end < 0) break;
		try {
			found.push(JSON.parse(text.slice(from, end + 1)));
			index = end + 1;
		} catch {
			index = from + 1;
		}
	}
	return found;
}

const isJsonField = (property: INodeProperties) => property.type === 'json' || / \(JSON\)$/.test(property.displayName);

/** Every JSON field of the catalogue, inside collections too, with the operation it belongs to. */
function jsonFields(): Array<{ key: string; property: INodeProperties }> {
	const fields: Array<{ key: string; property: INodeProperties }> = [];
	const walk = (key: string, properties: INodeProperties[]) => {
		for (const property of properties) {
			if (isJsonField(property)) fields.push({ key, property });
			if (property.type === 'collection') walk(key, property.options as INodeProperties[]);
			if (property.type === 'fixedCollection') for (const group of (property.options ?? []) as INodePropertyCollection[]) walk(key, group.values ?? []);
		}
	};
	for (const resource of RESOURCES) for (const operation of resource.operations) walk(`${resource.value}.${operation.value}`, operation.properties);
	return fields;
}

const FIELDS = jsonFields();
const partOf = (key: string, label: string): string | undefined => FACTS.fields[`${key} ${label}`] ?? FACTS.fields[label];

/** The examples a field shows: its placeholder, its default (unless empty), the JSON its description gives. */
function examplesOf(property: INodeProperties): Array<{ where: string; value: unknown }> {
	const examples: Array<{ where: string; value: unknown }> = [];
	for (const [where, text] of [
		['placeholder', property.placeholder],
		['default', property.default],
	] as const) {
		if (typeof text !== 'string' || text.trim() === '') continue;
		let parsed: unknown;
		try {
			parsed = JSON.parse(text);
		} catch {
			continue;
		}
		if (where === 'default' && kindOf(parsed) !== 'string' && Object.keys(parsed as object).length === 0) continue;
		examples.push({ where, value: parsed });
	}
	for (const value of jsonExamplesIn(property.description ?? '')) examples.push({ where: 'description', value });
	return examples;
}

const CASES = FIELDS.filter(({ key, property }) => partOf(key, property.displayName) !== undefined).map(({ key, property }) => ({
	name: `${key} ${property.displayName}`,
	part: partOf(key, property.displayName)!,
	property,
}));

describe('the contract facts', () => {
	it('say of every JSON field of the catalogue which part it is, or that it is not carried yet', () => {
		const labels = [...new Set(FIELDS.map(({ property }) => property.displayName))];
		expect(FIELDS.length).toBeGreaterThan(150);
		const unplaced = FIELDS.filter(({ key, property }) => partOf(key, property.displayName) === undefined && !FACTS.notCarried.includes(property.displayName));
		expect(unplaced.map(({ key, property }) => `${key} ${property.displayName}`)).toEqual([]);
		// no stale entry: every field named exists, and none is both carried and not
		expect(Object.keys(FACTS.fields).filter((name) => !FIELDS.some(({ key, property }) => [property.displayName, `${key} ${property.displayName}`].includes(name)))).toEqual([]);
		expect(FACTS.notCarried.filter((label) => !labels.includes(label) || FACTS.fields[label] !== undefined)).toEqual([]);
		for (const part of Object.values(FACTS.fields)) expect(() => resolve(part)).not.toThrow();
	});

	it.each([
		['the proportional settings the issue found', { every: 100, points: 1 }, 'Every', ['value is missing (the contract requires it)', 'points is not a key the contract has here']],
		['an applicable item without its effect', { included: [{ object: 'product', id: 'prod_1' }] }, 'ApplicableToList', ['included[0].effect is missing (the contract requires it)']],
		['a bundle entry without its type', { '1': { name: 'order.items.any', conditions: { $is: [{ id: 'prod_1', object: 'product' }] } } }, 'BundleRules', ['1.conditions.$is[0].type is missing (the contract requires it)']],
		['a gift voucher without its balance', { type: 'GIFT_VOUCHERS', gift_vouchers: { campaign_id: 'camp_1' } }, 'RewardDigital', ['gift_vouchers.balance is missing (the contract requires it)']],
		['a wrong type and a value outside the enum', { type: 'VOUCHER', product: 'prod_1' }, 'RewardMaterial', ['type is "VOUCHER", not one of PRODUCT, SKU', 'product is string, not object']],
		['a whole number where the contract says integer', [{ id: 'lrew_1', stock: { type: 'LIMITED', limited: { quantity: 2.5 } } }], 'RewardAssignments', ['[0].stock.limited.quantity is number, not integer']],
		['a redeemable by code, without the id the contract requires', [{ object: 'voucher', code: 'SUMMER-2025' }], 'Redeemables', ['[0].id is missing (the contract requires it)']],
		['usage notifications with one of the six entries', { api_calls: { enabled: true, value: 80, in_app: true, emails: [] } }, 'ApiUsageNotifications', ['redemptions', 'messages', 'bulk_api_calls', 'webhook_calls', 'cycle_calls'].map((key) => `${key} is missing (the contract requires it)`)],
		['an examined order item with a key the contract closes out', { items: [{ product_id: 'prod_1', name: 'Mug' }] }, 'ExamineOrder', ['items[0].name is not a key the contract has here']],
		['a cost rule with an operator the contract lacks', [{ spending: [{ points: 500, card_definition_id: 'lcdef_1' }], rules: { logic: '1', 1: { name: 'customer.segment', conditions: { $exists: ['seg_1'] } } } }], 'Costs', ['[0].rules.1.conditions.$exists is not a key the contract has here']],
		['earning limits without their transactions', { global: { type: 'NO_LIMIT' } }, 'EarningLimits', ['transactions is missing (the contract requires it)']],
		['a filter junction outside the enum', { junction: 'AND', created_at: { conditions: { $after: ['2024-01-01'] } } }, 'ExportFilters', ['junction is "AND", not one of and, or']],
		['a day of the week past Saturday', { 1: { name: 'order.day', conditions: { $dow: [7] } }, logic: '1' }, 'ValidationRules', ['1.conditions.$dow[0] is 7, not one of 0, 1, 2, 3, 4, 5, 6']],
	])('the check names what breaks the contract: %s', (_case, value, part, expected) => {
		expect(breaks(value, part)).toEqual(expected);
	});

	it("takes a description's piece of a field where a constraining part inside it takes the piece, and nothing else", () => {
		expect(descriptionBreaks({ type: 'NO_COOLDOWN' }, 'Limits')).toEqual([]);
		expect(descriptionBreaks({ type: 'SOMETIMES' }, 'Limits')).toEqual(['type is not a key the contract has here']);
		expect(descriptionBreaks({ every: 100, points: 1 }, 'PointsProportional')).toEqual(['calculation_type is missing (the contract requires it)', 'every is not a key the contract has here', 'points is not a key the contract has here']);
	});

	it('reads each JSON example of a description, and only those', () => {
		expect(jsonExamplesIn('Either {"type": "A"} or [1, 2]; e.g. {"a": {"b": [1]}} (not {this}).')).toEqual([{ type: 'A' }, [1, 2], { a: { b: [1] } }]);
	});
});

describe('every example a JSON field shows fits the contract', () => {
	it.each(CASES)('$name', ({ part, property }) => {
		const examples = examplesOf(property);
		// the placeholder is always an example; a field whose placeholder is no JSON would show nothing to check
		expect(examples.some(({ where }) => where === 'placeholder')).toBe(true);
		expect(examples.flatMap(({ where, value }) => (where === 'description' ? descriptionBreaks(value, part) : breaks(value, part)).map((problem) => `${where}: ${problem}`))).toEqual([]);
	});
});

/** The node's own checks of a JSON field (checkJsonField) as the field's operation runs them. */
function nodeRefusal(key: string, label: string, value: unknown): string | undefined {
	const [resource, operation] = key.split('.');
	const params = { node: { name: 'Node', type: 'loyaltyPromotions', typeVersion: 3, position: [0, 0], parameters: {} }, itemIndex: 0, context: { getNodeParameter: (name: string) => ({ resource, operation })[name] } } as unknown as FieldContext;
	try {
		checkJsonField(params, label, value);
		return undefined;
	} catch (error) {
		return (error as Error).message;
	}
}

describe("every example a JSON field shows passes the node's own checks of that field", () => {
	it.each(FIELDS.map(({ key, property }) => ({ name: `${key} ${property.displayName}`, key, property })))('$name', ({ key, property }) => {
		// a description's piece of a field is not the field's whole JSON: only the placeholder and the default
		const wholes = examplesOf(property).filter(({ where }) => where !== 'description');
		expect(wholes.map(({ where, value }) => [where, nodeRefusal(key, property.displayName, value)]).filter(([, refusal]) => refusal !== undefined)).toEqual([]);
	});
});
