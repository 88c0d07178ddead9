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
	schemaPath,
	shippedSchemaFiles,
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
		return listed ? violations(member, listed, `${path}.${key}`) : [`${path}.${key} is not in the schema`];
	});
	return [...missing, ...found];
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
});

describe('schema previews', () => {
	it('ships exactly one file per version-3 operation (run `npm run schemas` after adding or removing one)', () => {
		expect(shippedSchemaFiles().sort()).toEqual(expectedSchemaFiles().sort());
		expect(expectedSchemaFiles()).toHaveLength(OPERATIONS.length);
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
		'$key conforms to its shipped schema, which is the one derived from it (run `npm run schemas` after a change)',
		async ({ key, resource, operation }) => {
			const outputs = await sampleOutput(emu, resource.value, operation.value);
			const text = readFileSync(schemaPath(resource.value, operation.value), 'utf8');
			const shipped = JSON.parse(text) as PreviewSchema;
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
