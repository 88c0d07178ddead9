import { existsSync, readFileSync } from 'fs';
import { join } from 'path';
import { loadOutputSchema, resolveOutputSchemaPath } from 'n8n-core';
import type { IDataObject } from 'n8n-workflow';
import { LATEST_VERSION } from '../../nodes/LoyaltyPromotions/actions/versions';
import {
	expectedSchemaFiles,
	previewSchema,
	renderSchema,
	sampleOutput,
	SCHEMA_ROOT,
	schemaPath,
	shippedSchemaFiles,
	USER_KEYED,
	type PreviewSchema,
} from '../../scripts/schemas.cjs';
import { startEmulator, type RunningEmulator } from '../emulator/index.cjs';
import { OPERATIONS } from './minimal.cjs';

/**
 * The schema previews n8n shows before a node has run (scripts/schemas.cts): one per version-3 operation, where
 * n8n looks for it, each the schema of what the operation really outputs with its default Output.
 */

/** The node's source file, as n8n's loader records it (the resolver looks beside it). */
const NODE_DIRECTORY = join(__dirname, '..', '..', 'nodes', 'LoyaltyPromotions');

const kindOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/**
 * Where `value` breaks `schema`, for the subset of JSON Schema the previews use (type, properties, required,
 * items, additionalProperties). A key the schema does not list breaks it too: the preview would not show it.
 */
function violations(value: unknown, schema: PreviewSchema, path = '$'): string[] {
	const kinds = [schema.type].flat();
	const kind = kindOf(value);
	if (!kinds.includes(kind)) return [`${path} is ${kind}, not ${kinds.join(' or ')}`];
	if (kind === 'array') return (value as unknown[]).flatMap((element, index) => (schema.items ? violations(element, schema.items, `${path}[${index}]`) : [`${path}[${index}] is not in the schema`]));
	if (kind !== 'object') return [];
	const object = value as IDataObject;
	const missing = (schema.required ?? []).filter((key) => !Object.prototype.hasOwnProperty.call(object, key)).map((key) => `${path}.${key} is missing`);
	const found = Object.entries(object).flatMap(([key, member]) => {
		const listed = schema.properties && Object.prototype.hasOwnProperty.call(schema.properties, key) ? schema.properties[key] : schema.additionalProperties;
		if (!listed) return [`${path}.${key} is not in the schema`];
		// the user's own keys (metadata) are previewed as the object alone: only its kind is checked
		if (!USER_KEYED.includes(key)) return violations(member, listed, `${path}.${key}`);
		const kinds = [listed.type].flat();
		return kinds.includes(kindOf(member)) ? [] : [`${path}.${key} is ${kindOf(member)}, not ${kinds.join(' or ')}`];
	});
	return [...missing, ...found];
}

/**
 * The key paths a preview shows ('loyalty_card.points', 'redeemables[].id'; '*' for an object keyed by record
 * IDs), below the keys of the user's own objects (metadata) none.
 */
function previewKeys(schema: PreviewSchema, path = ''): string[] {
	const below = (key: string, member: PreviewSchema) => {
		const at = path ? `${path}.${key}` : key;
		return [at, ...(USER_KEYED.includes(key) ? [] : previewKeys(member, at))];
	};
	return [
		...Object.entries(schema.properties ?? {}).flatMap(([key, member]) => below(key, member)),
		...(schema.additionalProperties ? below('*', schema.additionalProperties) : []),
		...(schema.items ? previewKeys(schema.items, `${path}[]`) : []),
	];
}

/**
 * The key paths a real output has, written as previewKeys writes them: read from the output alone, except that
 * the keys of an object the preview keys by record ID count as '*'.
 */
function outputKeys(value: unknown, schema: PreviewSchema | undefined, path = ''): string[] {
	if (Array.isArray(value)) return value.flatMap((element) => outputKeys(element, schema?.items, `${path}[]`));
	if (kindOf(value) !== 'object') return [];
	return Object.entries(value as IDataObject).flatMap(([key, member]) => {
		if (member === undefined) return [];
		const byRecord = schema?.additionalProperties !== undefined && !schema.properties;
		const name = byRecord ? '*' : key;
		const at = path ? `${path}.${name}` : name;
		const inner = byRecord ? schema?.additionalProperties : schema?.properties?.[key];
		return [at, ...(USER_KEYED.includes(key) ? [] : outputKeys(member, inner, at))];
	});
}

const sorted = (keys: string[]) => [...new Set(keys)].sort();

/** Every `metadata` a schema file previews, with its path. */
function userKeyedSchemas(schema: PreviewSchema, path = '$'): Array<[string, PreviewSchema]> {
	return [
		...Object.entries(schema.properties ?? {}).flatMap(([key, member]): Array<[string, PreviewSchema]> => [
			...(USER_KEYED.includes(key) ? [[`${path}.${key}`, member] as [string, PreviewSchema]] : []),
			...userKeyedSchemas(member, `${path}.${key}`),
		]),
		...(schema.additionalProperties ? userKeyedSchemas(schema.additionalProperties, `${path}.*`) : []),
		...(schema.items ? userKeyedSchemas(schema.items, `${path}[]`) : []),
	];
}

describe('the validator', () => {
	const schema: PreviewSchema = {
		type: 'object',
		properties: { id: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } }, note: { type: ['string', 'null'] } },
		required: ['id'],
	};

	it('accepts what fits and names each break', () => {
		expect(violations({ id: 'a', tags: ['x'], note: null }, schema)).toEqual([]);
		expect(violations({ tags: ['x', 1], note: 2, extra: true }, schema)).toEqual([
			'$.id is missing',
			'$.tags[1] is number, not string',
			'$.note is number, not string or null',
			'$.extra is not in the schema',
		]);
		expect(violations([], schema)).toEqual(['$ is array, not object']);
	});

	it("takes a metadata object's keys as the user's, checking only its kind", () => {
		const withMetadata: PreviewSchema = { type: 'object', properties: { metadata: { type: 'object' } } };
		expect(violations({ metadata: { tier: 'gold', fixture: true } }, withMetadata)).toEqual([]);
		expect(violations({ metadata: 'gold' }, withMetadata)).toEqual(['$.metadata is string, not object']);
	});

	it('reads the same key paths from a preview and from an output that fits it', () => {
		const preview: PreviewSchema = {
			type: 'object',
			properties: {
				id: { type: 'string' },
				metadata: { type: 'object' },
				roles: { type: 'object', additionalProperties: { type: 'object', properties: { role: { type: 'string' } } } },
				redeemables: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, metadata: { type: 'object' } } } },
			},
		};
		const output = { id: 'v1', metadata: { fixture: true }, roles: { proj_0123456789ab: { role: 'ADMIN' } }, redeemables: [{ id: 'r1', metadata: { a: 1 } }] };
		const expected = ['id', 'metadata', 'redeemables', 'redeemables[].id', 'redeemables[].metadata', 'roles', 'roles.*', 'roles.*.role'];
		expect(sorted(previewKeys(preview))).toEqual(expected);
		expect(sorted(outputKeys(output, preview))).toEqual(expected);
		expect(sorted(outputKeys({ ...output, extra: 1 }, preview))).toContain('extra');
	});
});

describe('schema previews', () => {
	it('ships exactly one file per version-3 operation (run `npm run schemas` after adding or removing one)', () => {
		expect(shippedSchemaFiles().sort()).toEqual(expectedSchemaFiles().sort());
		expect(expectedSchemaFiles()).toHaveLength(OPERATIONS.length);
	});

	it("shows no key of the user's own objects: no emulator seed or test data (metadata.fixture, .synced…) is shipped", () => {
		const found = shippedSchemaFiles().flatMap((file) =>
			userKeyedSchemas(JSON.parse(readFileSync(join(SCHEMA_ROOT, file), 'utf8')) as PreviewSchema)
				.filter(([, schema]) => schema.properties !== undefined || schema.additionalProperties !== undefined || schema.items !== undefined)
				.map(([path]) => `${file} ${path}`),
		);
		expect(found).toEqual([]);
	});

	it.each(OPERATIONS)("$key: n8n's resolver finds the file for the version the editor asks for, and the editor accepts it", ({ resource, operation }) => {
		// the editor asks for /schemas/<type>/3.0.0/<resource>/<operation>.json; the server resolves without fallback
		const asked = { nodeDir: NODE_DIRECTORY, version: `${LATEST_VERSION}.0.0`, resource: resource.value, operation: operation.value };
		expect(resolveOutputSchemaPath(asked)).toBe(schemaPath(resource.value, operation.value));
		expect(existsSync(schemaPath(resource.value, operation.value))).toBe(true);
		// the workflow builder's lookup: the typeVersion as a number, with fallback
		const loaded = loadOutputSchema({ ...asked, version: LATEST_VERSION, versionFallback: true }) as PreviewSchema | undefined;
		// the editor keeps a schema only with a type and at least one property
		expect(loaded?.type).toBe('object');
		expect(Object.keys(loaded?.properties ?? {}).length).toBeGreaterThan(0);
	});
});

describe("each operation's real output", () => {
	let emu: RunningEmulator;
	beforeAll(async () => {
		emu = await startEmulator({ port: 0, quiet: true });
	});
	afterAll(() => emu.stop());

	it.each(OPERATIONS)(
		'$key with the default Output has exactly the keys its shipped schema previews, and conforms to it (run `npm run schemas` after a change)',
		async ({ key, resource, operation }) => {
			const outputs = await sampleOutput(emu, resource.value, operation.value);
			const text = readFileSync(schemaPath(resource.value, operation.value), 'utf8');
			const shipped = JSON.parse(text) as PreviewSchema;
			// every key the preview shows is one the run output, and every key the run output is one it shows
			expect(sorted(outputs.flatMap((output) => outputKeys(output, shipped)))).toEqual(sorted(previewKeys(shipped)));
			expect(outputs.flatMap((output, index) => violations(output, shipped, `item ${index}`))).toEqual([]);
			expect(renderSchema(previewSchema(key, outputs))).toBe(text);
			// and the schema is no blank cheque: the first item without a key it requires, or with a key it lacks, breaks it
			const [first] = outputs;
			const required = shipped.required ?? [];
			if (required.length > 0) {
				const without = { ...first };
				delete without[required[0]];
				expect(violations(without, shipped)).toEqual([`$.${required[0]} is missing`]);
			}
			expect(violations({ ...first, unlisted_key: 1 }, shipped)).toEqual(['$.unlisted_key is not in the schema']);
		},
		60_000,
	);
});
