/**
 * The schema previews: what each version-3 operation outputs with its default Output, as a JSON Schema n8n shows
 * before the node has run (in the next node's input, Schema view), so fields can be mapped without spending a
 * call. n8n serves `/schemas/<node type>/<version>/<resource>/<operation>.json` from `__schema__/v<x.y.z>/…`
 * beside the node's file (n8n-core's output-schema resolver; the editor pads the version to three parts).
 *
 * Each schema is derived from the node's real output: every operation runs once through n8n-core against a freshly
 * reset emulator with its minimal parameters (test/actions/minimal.cts), or as SAMPLED says where those list
 * nothing. `npm run schemas` rewrites the files (the build copies them into dist; `-- --check` writes nothing and
 * fails naming each file that drifted; `-- --only resource.operation,…` runs those operations alone);
 * test/actions/schemaPreview.test.cts fails when one has drifted, is missing or is stale, or when an output does
 * not conform to its schema.
 */
import '../bench/lib/preferTs.cjs';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { dirname, join, relative } from 'path';
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { LATEST_VERSION } from '../nodes/LoyaltyPromotions/actions/versions';
import { FIXTURES, startEmulator, type RunningEmulator } from '../test/emulator/index.cjs';
import { credentialsFor } from '../test/harness/emulatorCredentials.cjs';
import { runNode } from '../test/harness/runWorkflow.cjs';
import { minimalParameters, OPERATIONS } from '../test/actions/minimal.cjs';

/** The subset of JSON Schema the previews use (and n8n's editor reads: type, properties, items). */
export interface PreviewSchema {
	type: string | string[];
	properties?: Record<string, PreviewSchema>;
	/** The keys every observed object had. */
	required?: string[];
	items?: PreviewSchema;
	/** An object keyed by record IDs (e.g. a user's role per project): the schema of its values. */
	additionalProperties?: PreviewSchema;
}

const ROOT = join(__dirname, '..');
export const SCHEMA_ROOT = join(ROOT, 'nodes', 'LoyaltyPromotions', '__schema__');
/** The version directory n8n asks for: the latest version padded to three parts, as n8n's editor and resolver pad it. */
export const VERSION_DIRECTORY = `v${String(LATEST_VERSION).split('.').concat(['0', '0']).slice(0, 3).join('.')}`;

/** The schema file of a version-3 operation. */
export function schemaPath(resource: string, operation: string): string {
	return join(SCHEMA_ROOT, VERSION_DIRECTORY, resource, `${operation}.json`);
}

/** JSON's kind of a value, in JSON Schema's names ('number' for every number: a count seen whole may not be). */
export function kindOf(value: unknown): string {
	if (value === null || value === undefined) return 'null';
	if (Array.isArray(value)) return 'array';
	return typeof value === 'object' ? 'object' : typeof value;
}

/** The order kinds are listed in when a value takes several ('null' last: n8n's editor shows the first). */
const KIND_ORDER = ['object', 'array', 'string', 'number', 'boolean', 'null'];

/** A service record ID used as a key ('proj_f6b8e3a48f968eea'): data, not a field name to preview. */
const RECORD_ID = /^[a-z]+_(?=[0-9a-f]*\d)[0-9a-f]{8,}$/;

/**
 * Keys whose object holds the user's own keys (a record's metadata, shaped per project by its metadata schemas):
 * the keys a sample carries there are the emulator's seed or a test's data, never fields every project has, so
 * the preview shows the object and none of its keys.
 */
export const USER_KEYED = ['metadata'];

const kindsOf = (samples: readonly unknown[]) => [...new Set(samples.map(kindOf))].sort((a, b) => KIND_ORDER.indexOf(a) - KIND_ORDER.indexOf(b));

/**
 * The schema every sample fits: the kinds seen, an object's properties (required where every object had the key),
 * an array's items from all its elements, an object keyed by record IDs as the schema of its values, an object of
 * the user's own keys (USER_KEYED) as its kinds alone. Keys keep the order they were first seen in (the node's own
 * order).
 */
export function schemaOf(samples: readonly unknown[]): PreviewSchema {
	const kinds = kindsOf(samples);
	const schema: PreviewSchema = { type: kinds.length === 1 ? kinds[0] : kinds };
	const objects = samples.filter((sample): sample is IDataObject => kindOf(sample) === 'object');
	if (objects.length > 0) {
		const valuesByKey = new Map<string, unknown[]>();
		for (const object of objects) {
			for (const [key, value] of Object.entries(object)) {
				if (value === undefined) continue;
				const values = valuesByKey.get(key) ?? [];
				values.push(value);
				valuesByKey.set(key, values);
			}
		}
		if (valuesByKey.size > 0 && [...valuesByKey.keys()].every((key) => RECORD_ID.test(key))) {
			schema.additionalProperties = schemaOf([...valuesByKey.values()].flat());
		} else if (valuesByKey.size > 0) {
			// fromEntries defines own properties: a key such as '__proto__' stays a plain key
			schema.properties = Object.fromEntries([...valuesByKey].map(([key, values]) => [key, USER_KEYED.includes(key) ? userKeyedSchema(values) : schemaOf(values)]));
			const required = [...valuesByKey].filter(([, values]) => values.length === objects.length).map(([key]) => key);
			if (required.length > 0) schema.required = required;
		}
	}
	const elements = samples.filter((sample): sample is unknown[] => Array.isArray(sample)).flat();
	if (elements.length > 0) schema.items = schemaOf(elements);
	return schema;
}

/** The schema of an object of the user's own keys: its kinds, none of the keys a sample had. */
function userKeyedSchema(samples: readonly unknown[]): PreviewSchema {
	const kinds = kindsOf(samples);
	return { type: kinds.length === 1 ? kinds[0] : kinds };
}

/** Runs the action node once with its default Output; the output items' JSON. */
async function run(emu: RunningEmulator, parameters: INodeParameters): Promise<IDataObject[]> {
	const result = await runNode({ parameters, credentials: credentialsFor(emu) });
	if (result.error) throw new Error(`${String(parameters.resource)}.${String(parameters.operation)} failed: ${result.error.message}`);
	return result.items.map((item) => item.json);
}

/** Runs an operation with its minimal parameters (test/actions/minimal.cts); its output items' JSON. */
async function runMinimal(emu: RunningEmulator, key: string): Promise<IDataObject[]> {
	const [resource, operation] = key.split('.');
	return run(emu, { resource, operation, ...(await minimalParameters(key, emu)) });
}

/** Sampled with the minimal parameters, after the operations named have run with theirs. */
const after =
	(...steps: string[]) =>
	async (emu: RunningEmulator, key: string): Promise<INodeParameters> => {
		for (const step of steps) await runMinimal(emu, step);
		return minimalParameters(key, emu);
	};

/** Sampled on a record the create operation named has just made (its 'created' activity), as `parameter`. */
const onNewRecord =
	(create: string, parameter: string) =>
	async (emu: RunningEmulator): Promise<INodeParameters> => ({ [parameter]: String((await runMinimal(emu, create))[0].id), limit: 5 });

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Operations whose minimal run lists nothing on a fresh emulator (an empty list has no fields to preview) or
 * needs a step before it: what they are sampled with instead.
 */
const SAMPLED: Record<string, (emu: RunningEmulator, key: string) => Promise<INodeParameters>> = {
	'asyncAction.getAll': after('customer.updateInBulk'),
	'branding.getAll': after('branding.create'),
	'customer.getSegments': after('segment.create'),
	'loyaltyMember.getManyTransactions': after('loyaltyMember.adjustPoints'),
	'programMember.getManyOrderPayments': after('programMember.payOrderWithPoints'),
	'programMember.getManyRewardPurchases': after('programMember.purchaseReward'),
	'programReport.getSpendingSummary': after('programMember.purchaseReward'),
	'tierStructure.deactivate': after('tierStructure.activate'),
	'trashBin.getAll': after('voucher.delete'),
	'webhook.getAll': after('webhook.create'),
	'benefit.getManyActivities': onNewRecord('benefit.create', 'benefitId'),
	'cardDefinition.getManyActivities': onNewRecord('cardDefinition.create', 'cardDefinition'),
	'earningRule.getManyActivities': onNewRecord('earningRule.create', 'earningRuleId'),
	'loyaltyReward.getManyActivities': onNewRecord('loyaltyReward.create', 'rewardId'),
	'program.getManyActivities': onNewRecord('program.create', 'programId'),
	'tierStructure.getManyActivities': onNewRecord('tierStructure.create', 'tierStructure'),
	'programMember.getManyActivities': async (emu) => ({
		programId: FIXTURES.programActive,
		memberId: String((await runMinimal(emu, 'programMember.add'))[0].id),
		limit: 5,
	}),
	'program.getManyTierStructures': async (emu) => {
		const program = await run(emu, {
			resource: 'program',
			operation: 'create',
			name: 'Sampled tiered program',
			additionalFields: { cardDefinitionIds: [FIXTURES.cardDefinitionActive], earningRuleIds: FIXTURES.earningRuleActive, tierStructureId: FIXTURES.tierStructureDraft },
		});
		return { programId: String(program[0].id), limit: 5 };
	},
	'programReport.getSpendingDaily': async (emu) => {
		await runMinimal(emu, 'programMember.purchaseReward');
		return { programId: FIXTURES.programActive, startDate: day(-1), endDate: day(1), resolution: 'day' };
	},
	'stackingRules.getAll': async (emu) => {
		const [project] = await runMinimal(emu, 'project.create');
		await run(emu, { resource: 'stackingRules', operation: 'create', projectId: String(project.id) });
		return { projectId: String(project.id), returnAll: true };
	},
};

/**
 * The output items' JSON of one operation with its default Output, run on a freshly reset emulator (so each
 * sample is the same whatever ran before), sampled as SAMPLED says where it names it.
 */
export async function sampleOutput(emu: RunningEmulator, resource: string, operation: string): Promise<IDataObject[]> {
	emu.control.reset();
	const key = `${resource}.${operation}`;
	const parameters = await (SAMPLED[key] ?? ((on: RunningEmulator) => minimalParameters(key, on)))(emu, key);
	return run(emu, { resource, operation, ...parameters });
}

/** The preview of one operation's output; n8n's editor ignores a schema without properties, so none is an error. */
export function previewSchema(key: string, outputs: IDataObject[]): PreviewSchema {
	const schema = schemaOf(outputs);
	if (outputs.length === 0 || !schema.properties) throw new Error(`${key} output no fields to derive a preview from`);
	return schema;
}

/** The widest line a schema file keeps on one line (a leaf, or a small object). */
const LINE_WIDTH = 120;

/** A schema file's text: JSON indented with tabs, each part that fits on one line written on one. */
export function renderSchema(schema: PreviewSchema): string {
	const render = (value: unknown, indent: string): string => {
		const inline = JSON.stringify(value);
		if (typeof value !== 'object' || value === null || indent.length * 4 + inline.length <= LINE_WIDTH) return inline;
		const inner = `${indent}\t`;
		const parts = Array.isArray(value)
			? value.map((element) => `${inner}${render(element, inner)}`)
			: Object.entries(value).map(([key, member]) => `${inner}${JSON.stringify(key)}: ${render(member, inner)}`);
		const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
		return `${open}\n${parts.join(',\n')}\n${indent}${close}`;
	};
	return `${render(schema, '')}\n`;
}

/** Every schema file under __schema__, relative to it ('v3.0.0/customer/get.json'). */
export function shippedSchemaFiles(directory = SCHEMA_ROOT): string[] {
	let entries;
	try {
		entries = readdirSync(directory, { withFileTypes: true });
	} catch {
		return [];
	}
	return entries.flatMap((entry) =>
		entry.isDirectory() ? shippedSchemaFiles(join(directory, entry.name)) : [relative(SCHEMA_ROOT, join(directory, entry.name))],
	);
}

/** The files `npm run schemas` writes, relative to __schema__. */
export function expectedSchemaFiles(): string[] {
	return OPERATIONS.map(({ resource, operation }) => relative(SCHEMA_ROOT, schemaPath(resource.value, operation.value)));
}

/** `--only resource.operation,…`: those operations alone (others' files, and stale ones, left as they are). */
function chosenOperations(): typeof OPERATIONS {
	const at = process.argv.indexOf('--only');
	if (at < 0) return OPERATIONS;
	const keys = (process.argv[at + 1] ?? '').split(',').filter((key) => key !== '');
	const unknown = keys.filter((key) => !OPERATIONS.some((candidate) => candidate.key === key));
	if (keys.length === 0 || unknown.length > 0) throw new Error(`--only needs operations as resource.operation, separated by commas (unknown: ${unknown.join(', ') || 'none given'})`);
	return OPERATIONS.filter(({ key }) => keys.includes(key));
}

/**
 * `--check`: writes nothing; fails naming each preview file that differs from this run's or is missing, and in a
 * run of every operation each file no operation writes.
 */
function check(schemas: Map<string, PreviewSchema>, everyOperation: boolean): void {
	const shipped = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined);
	const differing = [...schemas].filter(([file, schema]) => shipped(file) !== renderSchema(schema)).map(([file]) => relative(SCHEMA_ROOT, file));
	const written = new Set([...schemas.keys()].map((file) => relative(SCHEMA_ROOT, file)));
	const stale = everyOperation ? shippedSchemaFiles().filter((file) => !written.has(file)) : [];
	if (differing.length + stale.length === 0) {
		console.log(`${schemas.size} schema previews in ${relative(ROOT, join(SCHEMA_ROOT, VERSION_DIRECTORY))} up to date`);
		return;
	}
	const listed = [...differing.map((file) => `${file}: differs or is missing`), ...stale.map((file) => `${file}: no operation writes it`)];
	console.error(`Schema previews out of date (run \`npm run schemas\`):\n${listed.join('\n')}`);
	process.exitCode = 1;
}

async function main(): Promise<void> {
	const operations = chosenOperations();
	const everyOperation = operations.length === OPERATIONS.length;
	const emu = await startEmulator({ port: 0, quiet: true });
	const schemas = new Map<string, PreviewSchema>();
	const failures: string[] = [];
	try {
		for (const { key, resource, operation } of operations) {
			try {
				schemas.set(schemaPath(resource.value, operation.value), previewSchema(key, await sampleOutput(emu, resource.value, operation.value)));
			} catch (error) {
				failures.push(error instanceof Error ? error.message : String(error));
			}
		}
	} finally {
		await emu.stop();
	}
	if (failures.length > 0) throw new Error(`No preview written; these operations gave none:\n${failures.join('\n')}`);
	if (process.argv.includes('--check')) return check(schemas, everyOperation);
	// the folder holds only what a run of every operation writes: a removed operation's file goes with it
	if (everyOperation) rmSync(SCHEMA_ROOT, { recursive: true, force: true });
	for (const [file, schema] of schemas) {
		mkdirSync(dirname(file), { recursive: true });
		writeFileSync(file, renderSchema(schema));
	}
	console.log(`${schemas.size} schema previews in ${relative(ROOT, join(SCHEMA_ROOT, VERSION_DIRECTORY))}`);
}

if (require.main === module) {
	main().catch((error: unknown) => {
		console.error(error instanceof Error ? error.message : error);
		process.exitCode = 1;
	});
}
