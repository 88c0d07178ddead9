import type { IDataObject } from 'n8n-workflow';
import { useEmulator } from './v2/helpers.cjs';

/**
 * No key is lost or replaced on the way out: keys that name built-ins of JavaScript objects (`constructor`,
 * `toString`, `valueOf`, `__proto__`, `prototype`) are sent as the user wrote them, in CSV imports and in JSON
 * bodies alike.
 */

const ctx = useEmulator();
const BUILT_IN_KEYS = ['constructor', 'toString', 'valueOf', '__proto__', 'prototype', 'hasOwnProperty'];
const metadataJson = `{${BUILT_IN_KEYS.map((key) => `"${key}": "v-${key}"`).join(', ')}}`;

it('JSON metadata: every built-in key is sent with its value', async () => {
	const { error } = await ctx.run({ resource: 'customer', operation: 'upsert', sourceId: 'keys-1', additionalFields: { metadataJson } });
	expect(error).toBeUndefined();
	const [request] = ctx.sent();
	const metadata = (request.body as IDataObject).metadata as IDataObject;
	for (const key of BUILT_IN_KEYS) {
		expect(Object.prototype.hasOwnProperty.call(metadata, key)).toBe(true);
		expect(metadata[key]).toBe(`v-${key}`);
	}
});

it('key/value metadata: __proto__ and constructor are sent with their values', async () => {
	const fields = [
		{ key: '__proto__', value: 'a' },
		{ key: 'constructor', value: 'b' },
	];
	const { error } = await ctx.run({ resource: 'customer', operation: 'upsert', sourceId: 'keys-2', additionalFields: { metadata: { fields } } });
	expect(error).toBeUndefined();
	const metadata = (ctx.sent()[0].body as IDataObject).metadata as IDataObject;
	expect(JSON.parse(JSON.stringify(metadata))).toEqual(JSON.parse('{"__proto__": "a", "constructor": "b"}'));
});

it('CSV import: a row that sets the built-in keys keeps its values, and a row that does not gets empty cells', async () => {
	ctx.emu.control.setAsyncActionTiming({ baseMs: 0 });
	const { error } = await ctx.run(
		{ resource: 'product', operation: 'import', name: '={{ $json.name }}', additionalFields: { sourceId: '={{ $json.sourceId }}', metadataJson: '={{ $json.metadata }}' } },
		{
			input: [
				{ name: 'With keys', sourceId: 'keys-import-1', metadata: metadataJson },
				{ name: 'Without keys', sourceId: 'keys-import-2', metadata: '{"color": "red"}' },
			],
		},
	);
	expect(error).toBeUndefined();
	const upload = ctx.sent().find((request) => request.method === 'POST')!;
	const csv = String(upload.body);
	const lines = csv.split('\r\n').filter((line) => line && !line.startsWith('--') && !/^Content-/.test(line));
	const [header, withKeys, withoutKeys] = lines;
	const columns = header.split(',');
	for (const key of BUILT_IN_KEYS) expect(columns).toContain(key);
	const cellsOf = (line: string) => Object.fromEntries(line.split(',').map((cell, index) => [columns[index], cell]));
	for (const key of BUILT_IN_KEYS) {
		expect(cellsOf(withKeys)[key]).toBe(`v-${key}`);
		expect(cellsOf(withoutKeys)[key]).toBe('');
	}
});
