/**
 * The item's intent never loses silently: for every record operation and every controlling field (one whose value
 * decides which fields the panel shows, in the record or not), an item giving another value than the panel's,
 * under each name the mapping accepts for it (its service name, the flat form of its parameter's name, the
 * parameter's name, its display name, a dotted path), is refused naming the field, the key and both values, with
 * nothing sent: on Unknown Input Fields Ignore and Refuse, in version 3 and version 2's resource mapper alike. The
 * cases and the way an item carries the record are the oracle's (cases.cts, ways.cts).
 */
import type { IDataObject, INodeParameters, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { controlFields, recordFields, shownByValue, type RecordField } from '../../../nodes/LoyaltyPromotions/shared/mapping';
import { startEmulator, type RunningEmulator } from '../../emulator/index.cjs';
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { runNode } from '../../harness/runWorkflow.cjs';
import { minimalParameters, OPERATIONS } from '../minimal.cjs';
import { oracleCases, shown } from './cases.cjs';
import { shownWhenAutoMapped, splitRecord } from './ways.cjs';

/** The flat form of a parameter's name: discountType → discount_type. */
const flat = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** Every name the mapping accepts for a controlling field, as an item may spell it. */
function namesOf(field: RecordField): string[] {
	const snake = flat(field.path);
	const dotted = snake.includes('_') ? [snake.replace('_', '.'), `body.${snake.replace('_', '.')}`] : [];
	return [...new Set([field.name, snake, field.path, field.property.displayName, snake.toUpperCase(), ...dotted])];
}

const optionsOf = (property: INodeProperties) => (property.options ?? []) as INodePropertyOptions[];
/** A value as the error shows it: its JSON, and the option's name where it differs. */
const shownValue = (property: INodeProperties, value: unknown) => {
	const name = optionsOf(property).find((option) => option.value === value)?.name;
	return `${JSON.stringify(value)}${name !== undefined && name !== value ? ` (${name})` : ''}`;
};

const CASES = OPERATIONS.filter(({ operation }) => operation.record).flatMap(({ key, operation }) => {
	const cases = oracleCases().filter((candidate) => candidate.key === key);
	return controlFields(operation).map((field) => ({
		name: `${key} ${field.property.displayName}`,
		key,
		field,
		// the oracle's case for the field's first value (the panel shows it), else the operation's first case
		oracleCase: cases.find((candidate) => candidate.name.startsWith(`${key} ${field.path}=`)) ?? cases[0],
	}));
});

let emu: RunningEmulator;
beforeAll(async () => {
	emu = await startEmulator({ port: 0, quiet: true, asyncActionBaseMs: 0, exportDelayMs: 0 });
});
afterAll(async () => {
	await emu.stop();
});

describe('Map Automatically: an item never changes a controlling field silently', () => {
	it('covers every controlling field of the record operations, those outside the record too', () => {
		expect(CASES.length).toBeGreaterThanOrEqual(20);
		expect(CASES.map(({ name }) => name)).toEqual(expect.arrayContaining(['voucher.import Discount Type', 'voucher.create Type', 'campaign.create Campaign Type', 'promotionTier.create Discount Type']));
	});

	it.each(CASES)('$name: another value under each of its names is refused, naming the field, the key and both values; nothing is sent', async ({ key, field, oracleCase }) => {
		const testCase = oracleCase.make(await minimalParameters(key, emu));
		const { typed, item } = splitRecord(testCase, shownWhenAutoMapped(testCase.operation));
		const panel = (testCase.parameters as IDataObject)[field.path] ?? field.property.default;
		const other = field.property.type === 'boolean' ? !panel : optionsOf(field.property).find((option) => option.value !== panel)?.value;
		expect(other).toBeDefined();
		const names = namesOf(field);
		const input = names.map((name) => ({ ...item, [name]: other as IDataObject[string] }));
		const ways: Array<{ way: string; parameters: INodeParameters; typeVersion: number }> = [
			{ way: 'v3 Ignore', parameters: { ...typed, recordFields: 'auto' } as INodeParameters, typeVersion: 3 },
			{ way: 'v3 Refuse', parameters: { ...typed, recordFields: 'auto', unknownInputFields: 'refuse' } as INodeParameters, typeVersion: 3 },
			{ way: 'v2 Ignore', parameters: { ...typed, columns: { mappingMode: 'autoMapInputData', value: null } } as INodeParameters, typeVersion: 2 },
		];
		for (const { way, parameters, typeVersion } of ways) {
			emu.control.clearRequests();
			const { items, error } = await runNode({ parameters, typeVersion, input, continueOnFail: true, credentials: credentialsFor(emu) });
			const errors = items.map((output) => String(output.json.error));
			expect({ way, error: error?.message, errors: errors.length }).toEqual({ way, error: undefined, errors: names.length });
			names.forEach((name, index) => {
				const expected = `${field.property.displayName} (input field "${name}"): is ${shownValue(field.property, other)} in the item but ${shownValue(field.property, panel)} in the panel.`;
				expect({ way, name, error: errors[index].slice(0, expected.length) }).toEqual({ way, name, error: expected });
			});
			const sent = emu.control.requests().filter((request) => request.path !== '/v1/oauth/token');
			expect({ way, sent: sent.map((request) => `${request.method} ${request.path}`) }).toEqual({ way, sent: [] });
		}
	});
});

/** The controlling fields the panel shows only for another field's value (a Discount Type), each with a case hiding it. */
const HIDDEN_CASES = CASES.filter(({ key, field }) => shownByValue(OPERATIONS.find((entry) => entry.key === key)!.operation, field.property));

describe('Map Automatically: an item never sets a controlling field the panel hides', () => {
	it('covers the controlling fields shown only for a value', () => {
		expect(HIDDEN_CASES.map(({ name }) => name)).toEqual(expect.arrayContaining(['voucher.import Discount Type', 'loyaltyReward.create Digital Type']));
	});

	it.each(HIDDEN_CASES)('$name: a value for it while the panel hides it is refused, naming the field, the key and the value; nothing is sent', async ({ key, field }) => {
		const minimal = await minimalParameters(key, emu);
		const testCase = oracleCases()
			.filter((candidate) => candidate.key === key)
			.map((candidate) => candidate.make(minimal))
			.find((made) => !shown(made.parameters, field.property));
		expect(testCase).toBeDefined();
		const { typed, item } = splitRecord(testCase!, shownWhenAutoMapped(testCase!.operation));
		const value = field.property.type === 'boolean' ? true : optionsOf(field.property)[0].value;
		const name = flat(field.path);
		emu.control.clearRequests();
		const { items, error } = await runNode({ parameters: { ...typed, recordFields: 'auto' } as INodeParameters, input: [{ ...item, [name]: value }], continueOnFail: true, credentials: credentialsFor(emu) });
		const expected = `${field.property.displayName} (input field "${name}"): is ${shownValue(field.property, value)} in the item, but ${field.property.displayName} is not used for the panel's`;
		expect({ error: error?.message, item: String(items[0]?.json.error).slice(0, expected.length) }).toEqual({ error: undefined, item: expected });
		expect(emu.control.requests().filter((request) => request.path !== '/v1/oauth/token')).toEqual([]);
	});
});

/** Every record operation's JSON object fields (a metadata), each with the operation's first oracle case. */
const OBJECT_CASES = OPERATIONS.filter(({ operation }) => operation.record).flatMap(({ key, operation }) => {
	const first = oracleCases().find((candidate) => candidate.key === key)!;
	return recordFields(operation)
		// those the panel shows only for a controlling value are not read in other cases (mapping/shown.test.cts)
		.filter((field) => field.property.type === 'json' && String(field.property.default).trim().startsWith('{') && !shownByValue(operation, field.property))
		.map((field) => ({ name: `${key} ${field.name}`, key, field, oracleCase: first }));
});

describe('Map Automatically: dotted keys never lose a value silently', () => {
	it('covers the JSON fields of the record operations, bulk ones included', () => {
		expect(OBJECT_CASES.length).toBeGreaterThanOrEqual(25);
		expect(OBJECT_CASES.map(({ name }) => name)).toEqual(expect.arrayContaining(['customer.upsert metadata', 'customer.import metadata', 'product.updateMetadataInBulk metadata']));
	});

	it.each(OBJECT_CASES)('$name: two spellings of one dotted key, and a parent that is no object beside a dotted key, are refused naming the keys', async ({ key, field, oracleCase }) => {
		const testCase = oracleCase.make(await minimalParameters(key, emu));
		const { typed, item } = splitRecord(testCase, shownWhenAutoMapped(testCase.operation));
		const name = field.property.displayName;
		const upper = `${field.name.toUpperCase()}.tier`;
		const hostile: Array<{ given: IDataObject; error: string }> = [
			{ given: { [`${field.name}.tier`]: 'gold', [upper]: 'silver' }, error: `${name} (input fields "${field.name}.tier", "${upper}"): the item has two keys for its key "tier"` },
			{ given: { [field.name]: ['gold'], [`${field.name}.tier`]: 'gold' }, error: `${name} (input field "${field.name}", beside "${field.name}.tier"): must be a JSON object` },
			{ given: { [field.name]: 5, [`${field.name}.tier`]: 'gold' }, error: `${name} (input field "${field.name}", beside "${field.name}.tier"): must be a JSON object` },
		];
		const input = hostile.map(({ given }) => {
			const rest = Object.fromEntries(Object.entries(item).filter(([inputKey]) => inputKey !== field.name));
			return { ...rest, ...given };
		});
		for (const { way, parameters, typeVersion } of [
			{ way: 'v3 Ignore', parameters: { ...typed, recordFields: 'auto' } as INodeParameters, typeVersion: 3 },
			{ way: 'v2 Ignore', parameters: { ...typed, columns: { mappingMode: 'autoMapInputData', value: null } } as INodeParameters, typeVersion: 2 },
		]) {
			emu.control.clearRequests();
			const { items, error } = await runNode({ parameters, typeVersion, input, continueOnFail: true, credentials: credentialsFor(emu) });
			const errors = items.map((output) => String(output.json.error));
			expect({ way, error: error?.message, errors: errors.length }).toEqual({ way, error: undefined, errors: hostile.length });
			hostile.forEach(({ error: expected }, index) => expect({ way, index, error: errors[index].slice(0, expected.length) }).toEqual({ way, index, error: expected }));
			const sent = emu.control.requests().filter((request) => request.path !== '/v1/oauth/token');
			expect({ way, sent: sent.map((request) => `${request.method} ${request.path}`) }).toEqual({ way, sent: [] });
		}
	});
});
