/**
 * Every parameter that carries an ID or a code refuses a number beyond Number.MAX_SAFE_INTEGER (n8n's
 * `{{ 12345678901234567890 }}` is already 12345678901234567000), generated over the description's parameter kinds,
 * not listed by hand:
 * - every ID or code parameter of every operation, top-level or inside a collection or fixed collection, of every
 *   kind (text, dropdown, multi-select, resource locator), by the rule the router checks it with;
 * - through n8n's engine, each dropdown loaded from the service ("Category Name or ID", also in a Get Many's
 *   filters), set by an expression in the oracle's case that shows it;
 * - through Map Automatically, each ID field of each record (`category_id`, `customer_id`…) given as a number.
 * Each is refused naming the field, with nothing sent.
 */
import type { IDataObject, INodeParameters, INodeProperties, INodePropertyCollection } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { RESOURCES } from '../../nodes/LoyaltyPromotions/actions/resources';
import { recordFields, shownByValue } from '../../nodes/LoyaltyPromotions/shared/mapping';
import { checkParameter, isIdOrCode, requireId } from '../../nodes/LoyaltyPromotions/shared/validate';
import { startEmulator, type RunningEmulator } from '../emulator/index.cjs';
import { credentialsFor } from '../harness/emulatorCredentials.cjs';
import { runNode } from '../harness/runWorkflow.cjs';
import { minimalParameters, OPERATIONS } from '../actions/minimal.cjs';
import { oracleCases, shown } from '../actions/oracle/cases.cjs';
import { shownWhenAutoMapped, splitRecord } from '../actions/oracle/ways.cjs';

const UNSAFE = Number('12345678901234567890');
const REFUSAL = `must be text, not the number ${String(UNSAFE)}, which is beyond ${Number.MAX_SAFE_INTEGER}`;

/** An ID parameter of an operation, with where it sits: top-level, in a collection, or in a fixed collection's group. */
interface IdParameter {
	key: string;
	path: string;
	property: INodeProperties;
	/** The top-level parameter it sits in, and the group's name inside a fixed collection. */
	top: INodeProperties;
	group?: string;
}

function idParameters(key: string, properties: INodeProperties[]): IdParameter[] {
	return properties.flatMap((top): IdParameter[] => {
		if (top.type === 'collection') {
			return ((top.options ?? []) as INodeProperties[]).filter(isIdOrCode).map((property) => ({ key, path: `${top.name}.${property.name}`, property, top }));
		}
		if (top.type === 'fixedCollection') {
			return ((top.options ?? []) as INodePropertyCollection[]).flatMap((group) =>
				(group.values ?? []).filter(isIdOrCode).map((property) => ({ key, path: `${top.name}.${group.name}.${property.name}`, property, top, group: group.name })),
			);
		}
		return isIdOrCode(top) ? [{ key, path: top.name, property: top, top }] : [];
	});
}

const ALL = RESOURCES.flatMap((resource) => resource.operations.flatMap((operation) => idParameters(`${resource.value}.${operation.value}`, operation.properties)));
/** The kinds an ID parameter comes in, e.g. 'options (loaded)'. */
const kindOf = (property: INodeProperties) => `${property.type}${property.typeOptions?.loadOptionsMethod ? ' (loaded)' : ''}`;
const refusedBy = (check: () => unknown) => {
	try {
		check();
	} catch (error) {
		return error instanceof NodeOperationError ? error.message : `not a NodeOperationError: ${String(error)}`;
	}
	return 'accepted';
};
const params = { node: { name: 'Test', type: 'test', typeVersion: 3, position: [0, 0], parameters: {}, id: 'n' }, itemIndex: 0 } as never;

describe('every ID or code parameter refuses an unsafe integer', () => {
	it('covers every kind the description has: text, dropdowns loaded from the service, multi-selects and resource locators', () => {
		expect([...new Set(ALL.map(({ property }) => kindOf(property)))].sort()).toEqual(
			expect.arrayContaining(['multiOptions (loaded)', 'options (loaded)', 'resourceLocator', 'string']),
		);
		expect(ALL.length).toBeGreaterThan(500);
	});

	it('each, by the rule the router checks it with (checkParameter; a locator by its ID rule), refuses it naming the field', () => {
		const accepted = ALL.filter(({ property }) => property.type !== 'boolean' && !(property.type === 'options' && !property.typeOptions?.loadOptionsMethod))
			.map(({ key, path, property }) => {
				const refused = refusedBy(() =>
					property.type === 'resourceLocator'
						? requireId(params, property.displayName, { __rl: true, mode: 'id', value: UNSAFE })
						: checkParameter(params, property, property.type === 'multiOptions' ? [UNSAFE] : UNSAFE),
				);
				return { at: `${key} ${path}`, refused: refused.startsWith(`${property.displayName}: ${REFUSAL}`) ? 'yes' : refused };
			})
			.filter(({ refused }) => refused !== 'yes');
		expect(accepted).toEqual([]);
	});
});

let emu: RunningEmulator;
beforeAll(async () => {
	emu = await startEmulator({ port: 0, quiet: true, asyncActionBaseMs: 0, exportDelayMs: 0 });
});
afterAll(async () => {
	await emu.stop();
});

/** The value a parameter takes at its place: an expression giving the unsafe number. */
function withUnsafe(parameters: IDataObject, { top, group, property }: IdParameter): IDataObject {
	const value = property.type === 'multiOptions' ? '={{ [12345678901234567890] }}' : '={{ 12345678901234567890 }}';
	if (top === property) return { ...parameters, [top.name]: value };
	const holder = { ...((parameters[top.name] as IDataObject | undefined) ?? {}) };
	if (group === undefined) return { ...parameters, [top.name]: { ...holder, [property.name]: value } };
	const entries = holder[group];
	const first = (Array.isArray(entries) ? entries[0] : entries) as IDataObject | undefined;
	const entry = { ...(first ?? {}), [property.name]: value };
	return { ...parameters, [top.name]: { ...holder, [group]: top.typeOptions?.multipleValues ? [entry] : entry } };
}

const DROPDOWNS = ALL.filter(({ property }) => ['options', 'multiOptions'].includes(property.type) && property.typeOptions?.loadOptionsMethod);

describe('through the engine: every dropdown loaded from the service, set by an expression', () => {
	it('covers the Category and Card Definition dropdowns, Get Many filters included', () => {
		expect(DROPDOWNS.filter(({ property }) => property.displayName === 'Category Name or ID').length).toBeGreaterThanOrEqual(12);
		expect(DROPDOWNS.map(({ key, path }) => `${key} ${path}`)).toEqual(expect.arrayContaining(['voucher.getAll filters.category']));
	});

	it.each(DROPDOWNS.map((entry) => [`${entry.key} ${entry.path}`, entry] as const))('%s is refused naming the field; nothing is sent', async (_name, entry) => {
		const cases = oracleCases().filter((candidate) => candidate.key === entry.key);
		const minimal = await minimalParameters(entry.key, emu);
		// the oracle's first case that shows the parameter (or its collection)
		const testCase = cases.map((candidate) => candidate.make(minimal)).find((made) => shown(made.parameters, entry.top))!;
		expect(testCase).toBeDefined();
		emu.control.clearRequests();
		const { error } = await runNode({ parameters: withUnsafe(testCase.parameters as IDataObject, entry) as INodeParameters, credentials: credentialsFor(emu) });
		const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
		// a fixed collection's entry is named "<Collection> entry N: <Field>"
		const entryOf = entry.group === undefined ? '' : `(${escape(entry.top.displayName)} entry \\d+: )`;
		expect(error?.message).toMatch(new RegExp(`^${entryOf}${escape(entry.property.displayName)}: ${REFUSAL}`));
		expect(emu.control.requests().filter((request) => request.path !== '/v1/oauth/token')).toEqual([]);
	});
});

/** Each record operation's ID fields the panel shows in the operation's first oracle case. */
const MAPPED = OPERATIONS.filter(({ operation }) => operation.record).flatMap(({ key, operation }) => {
	const fields = recordFields(operation).filter((field) => isIdOrCode(field.property) && !shownByValue(operation, field.property));
	return fields.length > 0 ? [{ key, fields }] : [];
});

describe('through Map Automatically: every ID field of a record given as a number', () => {
	it('covers the records with ID fields, category_id among them', () => {
		expect(MAPPED.flatMap(({ fields }) => fields.map((field) => field.name))).toEqual(expect.arrayContaining(['category_id', 'source_id', 'customer_id']));
	});

	it.each(MAPPED.map((entry) => [entry.key, entry] as const))('%s: each ID field is refused naming the field and the key; nothing is sent', async (key, { fields }) => {
		const testCase = oracleCases()
			.find((candidate) => candidate.key === key)!
			.make(await minimalParameters(key, emu));
		const { typed, item } = splitRecord(testCase, shownWhenAutoMapped(testCase.operation));
		const input = fields.map((field) => ({ ...item, [field.name]: UNSAFE }));
		emu.control.clearRequests();
		const { items, error } = await runNode({ parameters: { ...typed, recordFields: 'auto' } as INodeParameters, input, continueOnFail: true, credentials: credentialsFor(emu) });
		expect(error?.message).toBeUndefined();
		const errors = items.map((output) => String(output.json.error));
		expect(errors.map((message, index) => ({ field: fields[index].name, refused: message.includes(REFUSAL) && message.includes(`"${fields[index].name}"`) ? 'yes' : message }))).toEqual(
			fields.map((field) => ({ field: field.name, refused: 'yes' })),
		);
		expect(emu.control.requests().filter((request) => request.path !== '/v1/oauth/token')).toEqual([]);
	});
});
