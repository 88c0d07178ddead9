/**
 * Rules every text, ID, number and date field keeps, generated over the node's catalogue where the rule is a class:
 * - an ID or a code made only of invisible characters is refused, in every ID parameter of every operation and
 *   every path ID; a length bound counts the characters (code points) of the trimmed text;
 * - the text "null" (any case, padded) as any name or email parameter of any operation is refused naming it;
 * - every list-of-IDs parameter takes a list from an expression, each entry checked as an ID;
 * - a calendar date joined to a time by a space is refused; an amount's trailing zeros are no decimal places;
 * - every setting only the workflow builder sets (bounds, budgets, Max Calls per Run) refuses every expression,
 *   a bare `=2000000` as much as `={{ $fromAI(…) }}`.
 */
import type { INode, INodeProperties, INodePropertyCollection } from 'n8n-workflow';
import { RESOURCES } from '../../nodes/LoyaltyPromotions/actions/resources';
import type { ParamReader } from '../../nodes/LoyaltyPromotions/actions/types';
import { builderTyped } from '../../nodes/LoyaltyPromotions/shared/builderSetting';
import { budgetWindowProperty, BUDGETS } from '../../nodes/LoyaltyPromotions/shared/budgets';
import { allowedChangesProperty, BOUNDS, checkBounds } from '../../nodes/LoyaltyPromotions/shared/limits';
import { checkCallsPerRun, maxCallsPerRunProperty } from '../../nodes/LoyaltyPromotions/shared/runBudget';
import {
	checkParameter,
	ID_LENGTH,
	isIdList,
	isNameOrEmail,
	lengthBoundOf,
	requireAmount,
	requireDate,
	requireId,
	requireLengthWithin,
} from '../../nodes/LoyaltyPromotions/shared/validate';

const node: INode = { id: 'n', name: 'N', type: 'loyaltyPromotions', typeVersion: 3, position: [0, 0], parameters: {} };

function reader(parameters: INode['parameters'] = {}, type = node.type): ParamReader {
	return {
		itemIndex: 0,
		node: { ...node, type, parameters },
		context: { getTimezone: () => 'UTC', getWorkflowDataProxy: () => ({ $runIndex: 0 }) },
		get: (name: string, fallback: unknown) => (name in parameters ? Number(String(parameters[name]).replace(/^=/, '')) : fallback),
		id: () => '',
		projectId: async () => '',
	} as unknown as ParamReader;
}

/** A pattern matching `text` literally at the start of a message. */
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

const outcome = (run: () => unknown): string => {
	try {
		run();
	} catch (error) {
		return (error as Error).message;
	}
	return 'accepted';
};

/** Every text parameter of every operation, top-level or in a collection or a fixed collection's group. */
const TEXT_PARAMETERS: Array<{ where: string; property: INodeProperties }> = RESOURCES.flatMap((resource) =>
	resource.operations.flatMap((operation) => {
		const where = `${resource.value}.${operation.value}`;
		const walk = (properties: INodeProperties[]): INodeProperties[] =>
			properties.flatMap((property) =>
				property.type === 'collection'
					? walk((property.options ?? []) as INodeProperties[])
					: property.type === 'fixedCollection'
						? ((property.options ?? []) as INodePropertyCollection[]).flatMap((group) => walk(group.values ?? []))
						: property.type === 'string'
							? [property]
							: [],
			);
		return walk(operation.properties).map((property) => ({ where, property }));
	}),
);

const byId = (entries: Array<{ where: string; property: INodeProperties }>) => entries.map(({ where, property }) => [`${where} ${property.displayName}`, property] as const);
const ID_PARAMETERS = byId(TEXT_PARAMETERS.filter(({ property }) => lengthBoundOf(property) === ID_LENGTH));
const NAME_OR_EMAIL_PARAMETERS = byId(TEXT_PARAMETERS.filter(({ property }) => isNameOrEmail(property)));
const ID_LIST_PARAMETERS = byId(TEXT_PARAMETERS.filter(({ property }) => isIdList(property)));

/** Texts that show nothing: zero-width space, joiners, BOM, word joiner, soft hyphen, Hangul filler, a mix with spaces. */
const INVISIBLE = ['\u200B', '\u200C\u200D', '\uFEFF', '\u2060', '\u00AD', '\u3164', ' \u200B\u00A0\uFEFF '];

test('the catalogue has ID, name or email, and ID-list parameters to check', () => {
	expect(ID_PARAMETERS.length).toBeGreaterThan(20);
	expect(NAME_OR_EMAIL_PARAMETERS.length).toBeGreaterThan(10);
	expect(ID_LIST_PARAMETERS.map(([, property]) => property.name).sort()).toEqual(expect.arrayContaining(['customerIds', 'earningRuleIds', 'tierIds', 'validationRules']));
});

describe.each(ID_PARAMETERS)('ID parameter %s', (_, property) => {
	test.each(INVISIBLE)('invisible-only %j: refused naming the field', (text) => {
		expect(outcome(() => checkParameter(reader(), property, text))).toMatch(startsWith(`${property.displayName}: holds only invisible characters`));
	});

	test('the bound counts the code points of the trimmed text', () => {
		// 1,000 emoji are 2,000 UTF-16 units; padding is trimmed before it is sent
		expect(outcome(() => checkParameter(reader(), property, ` ${'😀'.repeat(ID_LENGTH.max)}  `))).toBe('accepted');
		expect(outcome(() => checkParameter(reader(), property, 'é'.repeat(ID_LENGTH.max + 1)))).toContain(`(got ${(ID_LENGTH.max + 1).toLocaleString('en-US')})`);
	});
});

test.each(INVISIBLE)('a path ID of invisible characters only (%j) is refused', (text) => {
	expect(outcome(() => requireId(reader(), 'Voucher Code', text))).toMatch(/^Voucher Code: (holds only invisible characters|is required)/);
	expect(outcome(() => requireId(reader(), 'Voucher Code', `C${text}1`))).toBe('accepted');
});

test('requireLengthWithin reports the count of code points', () => {
	expect(outcome(() => requireLengthWithin(reader(), 'Code', '😀'.repeat(3), { max: 3, what: 'codes' }))).toBe('accepted');
	expect(outcome(() => requireLengthWithin(reader(), 'Code', '😀'.repeat(4), { max: 3, what: 'codes' }))).toBe('Code: must be at most 3 characters, as codes are (got 4)');
});

describe.each(NAME_OR_EMAIL_PARAMETERS)('name or email parameter %s', (_, property) => {
	test.each(['null', 'NULL', ' Null ', 'nUlL\t'])('%j: refused naming the field', (text) => {
		expect(outcome(() => checkParameter(reader(), property, text))).toMatch(startsWith(`${property.displayName}: must be a real value, not the text "`));
	});

	test('a value holding "null" as a part is accepted', () => {
		expect(outcome(() => checkParameter(reader(), property, 'nullable@example.com'))).toBe('accepted');
	});
});

describe.each(ID_LIST_PARAMETERS)('list-of-IDs parameter %s', (_, property) => {
	test('a list from an expression: accepted, each entry an ID', () => {
		expect(checkParameter(reader(), property, ['a_1', 'b_2'])).toEqual(['a_1', 'b_2']);
	});

	test.each([[[{ id: 'a' }], 'an object'], [[['a']], 'a list'], [[Number('12345678901234567890')], 'the number'], [['\u200B'], 'invisible']])('an entry %j: refused naming the field', (list, what) => {
		expect(outcome(() => checkParameter(reader(), property, list))).toMatch(new RegExp(`^${property.displayName}: .*${what}`));
	});
});

test.each(['1990-04-30 10:00', '1990-04-30 10:00:00Z', '1990-04-30 00:00:00'])('a date joined to its time by a space (%j) is refused', (text) => {
	expect(outcome(() => requireDate(reader(), 'Birthdate', text))).toBe(`Birthdate: must be a date, e.g. 1990-04-30 (got "${text}")`);
});

test.each(['1990-04-30', '1990-04-30T10:00:00', '1990-04-30T10:00:00Z'])('an ISO date (%j) is its date', (text) => {
	expect(requireDate(reader(), 'Birthdate', text)).toBe('1990-04-30');
});

test.each([
	['10000.0100', 10000.01],
	['12.50', 12.5],
	['12.5000000', 12.5],
	['7.000', 7],
	['0.10', 0.1],
])('amount %j: trailing zeros are no decimal places (%d)', (text, amount) => {
	expect(requireAmount(reader(), 'Price', text)).toBe(amount);
});

test.each(['10000.0101', '0.001', '1.0010'])('amount %j: more than two decimal places, refused', (text) => {
	expect(outcome(() => requireAmount(reader(), 'Price', text))).toBe(`Price: has more than two decimal places (got "${text}")`);
});

/** Every setting only the workflow builder sets, by its parameter name and label. */
const BUILDER_SETTINGS = [
	...Object.values(BOUNDS).map(({ property }) => property),
	allowedChangesProperty,
	...Object.values(BUDGETS).map(({ property }) => property),
	budgetWindowProperty,
	maxCallsPerRunProperty([]),
].map((property) => [property.displayName, property] as const);
const EXPRESSIONS = ['=2000000', '={{ 2000000 }}', ' =2000000', '={{ $fromAI("bound", "", "number") }}'];

describe.each(BUILDER_SETTINGS)('builder setting %s', (label, property) => {
	test.each(EXPRESSIONS)('%j: refused naming it', (stored) => {
		expect(outcome(() => builderTyped(reader({ [property.name]: stored }), property.name, label, 'bound'))).toMatch(startsWith(`${label}: must be typed in the node, not an expression`));
	});
});

// on the tool form, where every bound holds (Max Cards per Call only there)
test.each(Object.keys(BOUNDS))('a %s bound saved as "=2000000" is not used as the bound', (kind) => {
	const { property } = BOUNDS[kind as keyof typeof BOUNDS];
	expect(outcome(() => checkBounds(reader({ [property.name]: '=2000000' }, 'loyaltyPromotionsTool'), { bounded: { value: kind as keyof typeof BOUNDS } }))).toMatch(
		/must be typed in the node, not an expression/,
	);
});

test('Max Calls per Run saved as "=5" is refused', () => {
	const tool = reader({ maxCallsPerRun: '=5' }, 'loyaltyPromotionsTool');
	tool.node.typeVersion = 3;
	expect(outcome(() => checkCallsPerRun(tool))).toBe('Max Calls per Run: must be typed in the node, not an expression: a budget an input item or an AI model sets bounds nothing');
});
