import type { IDataObject, ILoadOptionsFunctions, INodeParameters, INodeProperties } from 'n8n-workflow';
import { resourcesForVersion } from '../../../nodes/LoyaltyPromotions/actions/versions';
import { isMoneyProperty } from '../../../nodes/LoyaltyPromotions/shared/fields';
import { RESOURCES } from '../../../nodes/LoyaltyPromotions/actions/resources';
import { controllingParameters, recordFields, recordFieldsMethod, shownByValue, type RecordField } from '../../../nodes/LoyaltyPromotions/shared/mapping';
import type { LoggedRequest, RunningEmulator } from '../../emulator/index.cjs';
import { fromAI, runAsTool } from '../../harness/asTool.cjs';
import { credentialsFor } from '../../harness/emulatorCredentials.cjs';
import { runNode } from '../../harness/runWorkflow.cjs';
import { ACTION_NODE_TYPE, nodeTypeFor } from '../../harness/types.cjs';
import type { OracleCase } from './cases.cjs';

/**
 * The ways to give one operation the same values: typed in version 3 (Set Each Field Below), mapped from the input
 * item (version 3's Map Automatically, or version 2's resource mapper mapping automatically), through version 2's
 * resource mapper (Map Each Field Below) or typed in version 2, typed in version 2 as n8n's editor saves the node
 * once it has been opened ("v2 as opened": the mapper's field list written in, every column empty), typed in version 1
 * where it has the operation, and as an AI agent's tool, every value a `$fromAI()` the agent fills in. Each way runs the node through n8n's engine against the emulator and gives the requests it
 * sent.
 */

export const WAYS = ['typed v3', 'mapped v3', 'mapped v2', 'mapper v2', 'typed v2', 'v2 as opened', 'typed v1', 'AI tool'] as const;
export type WayName = (typeof WAYS)[number];

export interface SentRequest {
	method: string;
	path: string;
	query: Record<string, string>;
	body: unknown;
}

export interface Way {
	name: WayName;
	/** Runs the case this way; undefined when the way does not apply to the operation. */
	run?: () => Promise<{ error?: string }>;
}

const VERSION_1 = new Set(resourcesForVersion(RESOURCES, 1).flatMap((resource) => resource.operations.map((operation) => `${resource.value}.${operation.value}`)));
const version1 = nodeTypeFor(ACTION_NODE_TYPE, 1).description;
const current = nodeTypeFor(ACTION_NODE_TYPE, 3).description;

const isLocator = (value: unknown): value is { __rl: true; value: unknown } => value !== null && typeof value === 'object' && '__rl' in value;

/** A typed value as an input item holds it: a locator's ID, a JSON field's parsed value. */
function itemValue(property: INodeProperties, value: unknown): unknown {
	if (isLocator(value)) return value.value;
	if (property.type === 'json' && typeof value === 'string') {
		try {
			return JSON.parse(value) as unknown;
		} catch {
			return value;
		}
	}
	return value;
}

/** A main-unit amount (12.5) as the service's hundredths (1250), as Map Automatically reads the service's own key. */
export const inHundredths = (value: unknown): number => Math.round(Number(value) * 100);

/**
 * The case's record values, as an input item names them, taken out of its typed parameters. The required
 * top-level ones that `keepTyped` names stay typed too (where version 2 shows them, as n8n runs no node with a
 * required parameter empty): a text keeps another value there, so that only the mapped one can reach the request.
 */
export function splitRecord(testCase: OracleCase, keepTyped: (field: RecordField) => boolean = () => false, serviceUnits = true): { typed: IDataObject; item: IDataObject } {
	const typed = structuredClone(testCase.parameters) as IDataObject;
	const item: IDataObject = {};
	const controlling = controllingParameters(testCase.operation);
	for (const field of recordFields(testCase.operation)) {
		const [top, option] = field.path.split('.');
		const holder = option === undefined ? typed : (typed[top] as IDataObject | undefined);
		const name = option ?? top;
		if (!holder || holder[name] === undefined || holder[name] === '') continue;
		// under the service's own key an amount is in the service's unit, hundredths (the panel's is the main unit)
		const value = itemValue(field.property, holder[name]) as IDataObject[string];
		item[field.name] = serviceUnits && isMoneyProperty(field.property) ? inHundredths(value) : value;
		// a field others hang on stays in the panel, as a user sets it there; the item repeats it
		if (option === undefined && controlling.has(name)) continue;
		if (!(field.required && keepTyped(field))) delete holder[name];
		else if (field.property.type === 'string' && typeof holder[name] === 'string') holder[name] = `Typed ${holder[name] as string}`;
	}
	return { typed, item };
}

/**
 * The required fields the panel shows when mapping automatically (both versions): those shown only for a
 * controlling value, such as Amount Off (see hiddenWhenAutoMapped).
 */
export const shownWhenAutoMapped = (operation: OracleCase['operation']) => (field: RecordField) => shownByValue(operation, field.property);

/** Version 3's typed parameters as version 1 names them: its Project ID is text, not a locator. */
function asVersion1(parameters: INodeParameters): INodeParameters {
	const converted: INodeParameters = {};
	for (const [name, value] of Object.entries(parameters)) {
		const text = version1.properties.some(
			(property) =>
				property.name === name &&
				property.type === 'string' &&
				property.displayOptions?.show?.resource?.includes(parameters.resource as string) &&
				(property.displayOptions?.show?.operation?.includes(parameters.operation as string) ?? true),
		);
		converted[name] = text && isLocator(value) ? (value.value as string) : value;
	}
	return converted;
}

/** Parameters n8n never lets a model fill (noDataExpression), and the choices of resource and credential. */
const NOT_FROM_AI = new Set(['resource', 'operation', 'authentication', ...current.properties.filter((property) => property.noDataExpression).map((property) => property.name)]);
/** Parameters a tool node does not show (n8n's '@tool' condition), so a tool's workflow never holds them. */
const NOT_ON_TOOLS = new Set(current.properties.filter((property) => property.displayOptions?.hide?.['@tool']?.includes(true)).map((property) => property.name));

/**
 * Every value of the parameters replaced by a `$fromAI()` whose argument holds it, as a user does with n8n's "let
 * the model define this parameter" on each field: locators keep their mode, collections their options.
 */
export function asTool(parameters: INodeParameters): { parameters: INodeParameters; toolArguments: IDataObject } {
	const toolArguments: IDataObject = {};
	const keyFor = (path: string[]) => {
		const base = path.join('_').replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 60);
		let key = base;
		for (let index = 2; key in toolArguments; index++) key = `${base}${index}`;
		return key;
	};
	const replace = (value: unknown, path: string[]): unknown => {
		if (value === undefined || value === null || value === '') return value;
		if (isLocator(value)) return { ...value, value: replace(value.value, [...path]) };
		if (Array.isArray(value)) {
			if (value.length === 0) return value;
			if (value.every((entry) => entry !== null && typeof entry === 'object')) return value.map((entry, index) => replace(entry, [...path, String(index)]));
			const key = keyFor(path);
			toolArguments[key] = value as IDataObject[string];
			return fromAI(key, 'json');
		}
		if (typeof value === 'object') return Object.fromEntries(Object.entries(value as IDataObject).map(([name, entry]) => [name, replace(entry, [...path, name])]));
		const key = keyFor(path);
		toolArguments[key] = value as IDataObject[string];
		return fromAI(key, typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'string');
	};
	const converted = Object.fromEntries(
		Object.entries(parameters)
			.filter(([name]) => !NOT_ON_TOOLS.has(name))
			.map(([name, value]) => [name, NOT_FROM_AI.has(name) ? value : replace(value, [name])]),
	);
	return { parameters: converted as INodeParameters, toolArguments };
}

/**
 * The Map Input Fields value n8n 2.41's editor writes into a saved version 2 node the first time it is opened
 * (ResourceMapper.vue: onMounted fetches the field list, then setDefaultFieldValues marks every column not required,
 * so all of this node's, removed with an empty value; one field alone is the matching column).
 */
async function columnsAsOpened(testCase: OracleCase): Promise<IDataObject> {
	const panel = { resource: testCase.resource.value, operation: testCase.operation.value };
	const context = { getNodeParameter: (name: keyof typeof panel, fallback: unknown) => panel[name] ?? fallback } as unknown as ILoadOptionsFunctions;
	const { fields } = await recordFieldsMethod(RESOURCES).call(context);
	const schema = fields.map((field) => ({ ...field, removed: !field.required }));
	return {
		mappingMode: 'defineBelow',
		value: Object.fromEntries(schema.map((field) => [field.id, null])),
		matchingColumns: schema.length === 1 ? [schema[0].id] : [],
		schema,
		attemptToConvertTypes: false,
		convertFieldsToString: false,
	};
}

/** The ways that apply to a case, typed version 3 first: the one the others are compared with. */
export function waysFor(testCase: OracleCase, emu: RunningEmulator): Way[] {
	const credentials = credentialsFor(emu);
	const run = async (parameters: INodeParameters, typeVersion: number, input?: IDataObject[]) => {
		try {
			const result = await runNode({ parameters, typeVersion, credentials, ...(input ? { input } : {}) });
			return { error: result.error?.message };
		} catch (error) {
			// n8n refuses to start a workflow whose node has issues (a required parameter empty)
			return { error: (error as Error).message };
		}
	};
	const record = testCase.operation.record ? splitRecord(testCase, shownWhenAutoMapped(testCase.operation)) : undefined;
	// Map Each Field Below's columns are the panel's fields, in the panel's units
	const version2 = testCase.operation.record ? splitRecord(testCase, () => true, false) : undefined;
	return [
		{ name: 'typed v3', run: () => run(testCase.parameters, 3) },
		{
			name: 'mapped v3',
			run: record ? () => run({ ...record.typed, recordFields: 'auto' } as INodeParameters, 3, [record.item]) : undefined,
		},
		{
			name: 'mapped v2',
			run: record ? () => run({ ...record.typed, columns: { mappingMode: 'autoMapInputData', value: null } } as INodeParameters, 2, [record.item]) : undefined,
		},
		version2
			? { name: 'mapper v2', run: () => run({ ...version2.typed, columns: { mappingMode: 'defineBelow', value: version2.item } } as INodeParameters, 2) }
			: { name: 'typed v2', run: () => run(testCase.parameters, 2) },
		{
			name: 'v2 as opened',
			run: testCase.operation.record ? async () => run({ ...testCase.parameters, columns: await columnsAsOpened(testCase) } as INodeParameters, 2) : undefined,
		},
		{ name: 'typed v1', run: VERSION_1.has(testCase.key) ? () => run(asVersion1(testCase.parameters), 1) : undefined },
		{
			name: 'AI tool',
			run: async () => {
				const tool = asTool(testCase.parameters);
				const result = await runAsTool({ ...tool, credentials });
				return { error: result.error };
			},
		},
	];
}

/** A logged request as the oracle compares it: a multipart body's random boundary named once. */
export function comparable(request: LoggedRequest): SentRequest {
	let body = request.body;
	const boundary = /boundary=("?)([^";]+)\1/.exec(request.headers['content-type'] ?? '')?.[2];
	if (boundary && typeof body === 'string') body = body.split(boundary).join('BOUNDARY');
	return { method: request.method, path: request.path, query: request.query, body };
}

/**
 * The differences between two requests as key paths with both values, e.g. 'body.price: 1250 ≠ 12.5'; empty when
 * they are the same.
 */
export function differences(a: unknown, b: unknown, path = ''): string[] {
	if (JSON.stringify(a) === JSON.stringify(b)) return [];
	const objects = a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b);
	if (!objects) return [`${path || '(whole)'}: ${JSON.stringify(a) ?? 'absent'} ≠ ${JSON.stringify(b) ?? 'absent'}`];
	const keys = [...new Set([...Object.keys(a as object), ...Object.keys(b as object)])];
	return keys.flatMap((key) => differences((a as IDataObject)[key], (b as IDataObject)[key], path ? `${path}.${key}` : key));
}
