/**
 * An input key is the user's data and may be of any length: the hint and the error Map Automatically gives for a
 * key that is no field quote its start and say its length, never the whole key (a 1 MB key gave a 1 MB hint).
 */
import type { IDataObject } from 'n8n-workflow';
import { useEmulator } from '../v2/helpers.cjs';

const ctx = useEmulator();
jest.setTimeout(60_000);

const LONG_KEY = 'k'.repeat(1024 * 1024);
const QUOTED = `"${'k'.repeat(100)}…" (a key of ${LONG_KEY.length} characters)`;
const customerUpsert = (unknownInputFields: string) => ({ resource: 'customer', operation: 'upsert', recordFields: 'auto', unknownInputFields });
const item: IDataObject = { source_id: 'long-key', [LONG_KEY]: 1 };

describe('Map Automatically: a long input key is quoted bounded', () => {
	it('in the output panel\'s hint (Ignore), the record still sent', async () => {
		const { error, run } = await ctx.run(customerUpsert('ignore'), { input: [item] });
		expect(error?.message).toBeUndefined();
		expect(ctx.sent()).toHaveLength(1);
		const hints = (run.data.resultData.runData['Node Under Test']?.[0]?.hints ?? []).map((hint) => hint.message);
		expect(hints).toHaveLength(1);
		expect(hints[0]).toContain(`left out input fields ${QUOTED}: they match no field`);
		expect(hints[0].length).toBeLessThan(1000);
	});

	it('in the error (Refuse), nothing sent', async () => {
		const { error } = await ctx.run(customerUpsert('refuse'), { input: [item] });
		expect(error?.message).toBe(`Input fields ${QUOTED}: are not fields of this record`);
		expect(ctx.sent()).toEqual([]);
	});

	it('lists 20 of many unknown keys and counts the rest', async () => {
		const many = Object.fromEntries(Array.from({ length: 25 }, (_, index) => [`extra_${index}`, index]));
		const { error } = await ctx.run(customerUpsert('refuse'), { input: [{ source_id: 'many-keys', ...many }] });
		expect(error?.message).toMatch(/^Input fields "extra_0", .*"extra_19" and 5 more: are not fields of this record$/);
	});
});
