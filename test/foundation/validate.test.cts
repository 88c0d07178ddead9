/**
 * The typed-field rules of shared/validate/, value by value (the engine tests in test/actions prove them on
 * every operation's fields). Each refusal names the field and the rule; each accepted value comes back in the
 * type the request needs.
 */
import type { INode, INodeProperties } from 'n8n-workflow';
import type { ParamReader } from '../../nodes/LoyaltyPromotions/actions/types';
import {
	checkParameter,
	requireAmount,
	requireBoolean,
	requireIntegerInRange,
	requireIsoDateTime,
	requireOption,
	requireOptions,
	toMinorUnits,
} from '../../nodes/LoyaltyPromotions/shared/validate';

const node: INode = { id: 'n', name: 'N', type: 't', typeVersion: 1, position: [0, 0], parameters: {} };

/** The reader the rules need: an item index, the node, and the workflow's time zone. */
function reader(timeZone = 'UTC'): ParamReader {
	return {
		itemIndex: 0,
		node,
		context: { getTimezone: () => timeZone },
		get: () => undefined,
		id: () => '',
		projectId: async () => '',
	} as unknown as ParamReader;
}

const refusal = (run: () => unknown): string => {
	try {
		run();
	} catch (error) {
		return (error as Error).message;
	}
	throw new Error('expected a refusal');
};

describe('requireIsoDateTime', () => {
	it.each([
		['2024-01-31T12:00:00Z', 'UTC', '2024-01-31T12:00:00.000Z'],
		['2024-01-31T12:00:00.5+01:00', 'UTC', '2024-01-31T11:00:00.500Z'],
		['2024-01-31T12:00:00.123456789-00:30', 'UTC', '2024-01-31T12:30:00.123Z'],
		['2024-01-31T12:00', 'Europe/Berlin', '2024-01-31T11:00:00.000Z'],
		['2024-07-31T12:00:00', 'Europe/Berlin', '2024-07-31T10:00:00.000Z'],
		['2024-01-31', 'Asia/Tokyo', '2024-01-30T15:00:00.000Z'],
		['2024-01-31', 'UTC', '2024-01-31T00:00:00.000Z'],
		// skipped by the spring clock change: moves forward with the clock (03:30 EDT)
		['2024-03-10T02:30:00', 'America/New_York', '2024-03-10T07:30:00.000Z'],
		// repeated by the autumn clock change: the first occurrence (01:30 EDT)
		['2024-11-03T01:30:00', 'America/New_York', '2024-11-03T05:30:00.000Z'],
		['0999-12-31T00:00:00Z', 'UTC', '0999-12-31T00:00:00.000Z'],
		['2000-02-29', 'UTC', '2000-02-29T00:00:00.000Z'],
	])('%s in %s is %s', (value, zone, expected) => {
		expect(requireIsoDateTime(reader(zone), 'When', value)).toBe(expected);
	});

	it('takes Luxon DateTimes and JavaScript Dates as the instants they are', () => {
		const luxonLike = { isLuxonDateTime: true, isValid: true, toMillis: () => Date.UTC(2024, 0, 31, 12) };
		expect(requireIsoDateTime(reader(), 'When', luxonLike)).toBe('2024-01-31T12:00:00.000Z');
		expect(requireIsoDateTime(reader(), 'When', new Date(Date.UTC(2024, 0, 31)))).toBe('2024-01-31T00:00:00.000Z');
	});

	it.each(['01/02/2024', '1', 'hello 2020', '2024-1-31', '2024-01-31T12', '2024-01-31T12:00:00+0100', '2024-01-31T12:00:00 Z', '1900-02-29', '2024-13-01', '2024-01-31T12:60:00Z', ''])(
		'refuses %j',
		(value) => {
			expect(refusal(() => requireIsoDateTime(reader(), 'When', value))).toMatch(/^When: must be a date-time in ISO 8601 form, e\.g\. /);
		},
	);

	it('refuses numbers, objects, invalid dates and invalid Luxon DateTimes without showing their contents', () => {
		expect(refusal(() => requireIsoDateTime(reader(), 'When', 1706702400000))).toMatch(/\(got 1706702400000\)$/);
		expect(refusal(() => requireIsoDateTime(reader(), 'When', { secret: 'x' }))).toMatch(/\(got an object\)$/);
		expect(refusal(() => requireIsoDateTime(reader(), 'When', new Date(NaN)))).toMatch(/^When: must be a date-time/);
		expect(refusal(() => requireIsoDateTime(reader(), 'When', { isLuxonDateTime: true, isValid: false, toMillis: () => NaN }))).toMatch(/^When: must be/);
	});
});

describe('numbers', () => {
	it('whole numbers: digits (a sign only where negatives are allowed) within the safe range', () => {
		expect(requireIntegerInRange(reader(), 'N', '0042', 0)).toBe(42);
		expect(requireIntegerInRange(reader(), 'N', '-7', -10)).toBe(-7);
		expect(requireIntegerInRange(reader(), 'N', 9007199254740991, 0)).toBe(9007199254740991);
		for (const bad of ['0x10', '1e3', '12.0', '+5', '-5', ' ', 'twelve', 1.5, 1e20, NaN, Infinity, true, [], {}]) {
			expect(refusal(() => requireIntegerInRange(reader(), 'N', bad, 0))).toMatch(/^N: must be a whole number of at least 0/);
		}
		expect(refusal(() => requireIntegerInRange(reader(), 'N', '0x10', 0))).toBe('N: must be a whole number of at least 0 (got "0x10"; write it in plain decimal digits)');
		expect(refusal(() => requireIntegerInRange(reader(), 'N', 1e20, 0))).toBe(
			'N: must be a whole number of at least 0 and at most 9007199254740991 in size (got 100000000000000000000)',
		);
		expect(refusal(() => requireIntegerInRange(reader(), 'Limit', 101, 1, 100))).toBe('Limit: must be a whole number from 1 to 100 (got 101)');
	});

	it('money: decimal text or a number, at most two decimals, not negative; sent in hundredths', () => {
		expect(requireAmount(reader(), 'Price', '12.50')).toBe(12.5);
		expect(toMinorUnits(reader(), 'Price', '12.5')).toBe(1250);
		expect(toMinorUnits(reader(), 'Price', 0.1 + 0.2)).toBe(30);
		expect(toMinorUnits(reader(), 'Price', 12.3 * 3)).toBe(3690);
		expect(refusal(() => requireAmount(reader(), 'Price', '1.005'))).toBe('Price: has more than two decimal places (got "1.005")');
		expect(refusal(() => requireAmount(reader(), 'Price', 1.005))).toBe('Price: has more than two decimal places (got 1.005)');
		expect(refusal(() => requireAmount(reader(), 'Price', '-1'))).toBe('Price: must be a non-negative amount (got "-1")');
		expect(refusal(() => requireAmount(reader(), 'Price', '1,50'))).toBe('Price: must be a number, e.g. 12.5 (got "1,50"; write it in plain decimal digits)');
		expect(refusal(() => requireAmount(reader(), 'Price', 1e20))).toMatch(/^Price: must be at most 10000000000000 /);
	});
});

describe('switches and dropdowns', () => {
	it('a switch is true/false or "true"/"false"', () => {
		expect(requireBoolean(reader(), 'Active', 'true')).toBe(true);
		expect(requireBoolean(reader(), 'Active', false)).toBe(false);
		for (const bad of ['yes', 'TRUE', 1, 0, '', null, {}]) expect(refusal(() => requireBoolean(reader(), 'Active', bad))).toMatch(/^Active: must be true or false \(got /);
	});

	it('a dropdown value is one of its values; a multi-select is a list (or text) of them', () => {
		expect(requireOption(reader(), 'Sort By', 'date', ['date', '-date'])).toBe('date');
		expect(refusal(() => requireOption(reader(), 'Sort By', 'Date', ['date', '-date']))).toBe('Sort By: must be one of "date", "-date" (got "Date")');
		expect(requireOptions(reader(), 'Scopes', 'api, vouchers', ['api', 'vouchers'])).toEqual(['api', 'vouchers']);
		expect(refusal(() => requireOptions(reader(), 'Scopes', ['api', 'all'], ['api', 'vouchers']))).toBe('Scopes: unknown value "all" (allowed: "api", "vouchers")');
		expect(refusal(() => requireOptions(reader(), 'Scopes', { api: true }, ['api']))).toMatch(/^Scopes: must be a list of values from "api" \(got an object\)$/);
	});
});

describe('checkParameter', () => {
	const collection: INodeProperties = {
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		default: {},
		options: [
			{ displayName: 'Points', name: 'points', type: 'number', typeOptions: { numberPrecision: 0, minValue: 0 }, default: 0 },
			{ displayName: 'Active', name: 'active', type: 'boolean', default: false },
			{ displayName: 'Starts', name: 'starts', type: 'dateTime', default: '' },
			{
				displayName: 'Metadata',
				name: 'metadata',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				default: {},
				options: [{ displayName: 'Field', name: 'fields', values: [{ displayName: 'Key', name: 'key', type: 'string', default: '' }] }],
			},
		],
	};

	it('gives every field of a collection in its declared type, leaving the input untouched', () => {
		const input = { points: '12', active: 'false', starts: '2024-01-31', metadata: { fields: [{ key: 7 }] }, unknown: { kept: true } };
		const snapshot = JSON.stringify(input);
		expect(checkParameter(reader(), collection, input)).toEqual({
			points: 12,
			active: false,
			starts: '2024-01-31T00:00:00.000Z',
			metadata: { fields: [{ key: '7' }] },
			unknown: { kept: true },
		});
		expect(JSON.stringify(input)).toBe(snapshot);
	});

	it('names a fixed collection entry by its position', () => {
		expect(refusal(() => checkParameter(reader(), collection, { metadata: { fields: [{ key: 'a' }, { key: ['x'] }] } }))).toBe(
			'Metadata entry 2: Key: must be text, not a list (check the expression that fills it)',
		);
		expect(refusal(() => checkParameter(reader(), collection, ['a']))).toBe('Update Fields: must be a set of fields, not a list');
	});

	it('leaves empty values, JSON and resource locators to the operation', () => {
		expect(checkParameter(reader(), collection, undefined)).toBeUndefined();
		expect(checkParameter(reader(), { ...collection, type: 'json' }, '{"a":1}')).toBe('{"a":1}');
		expect(checkParameter(reader(), { displayName: 'Starts', name: 'starts', type: 'dateTime', default: '' }, '')).toBe('');
	});
});
