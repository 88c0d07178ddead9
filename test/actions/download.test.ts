import { FIXTURES } from '../emulator';
import { setupEmulator, type FoundationEnv } from '../foundation/support';
import { useEmulator } from './v2/helpers';

/**
 * Export → Download streams the file into n8n's binary data with a size cap, and every request has a total
 * deadline, however slowly its answer comes.
 */

const ctx = useEmulator();

it('a file larger than Max File Size fails the item naming its size, and nothing is kept', async () => {
	const { error, items } = await ctx.run({ resource: 'export', operation: 'download', exportId: FIXTURES.exportId, maxFileMb: 0.001 });
	expect(items).toEqual([]);
	expect(error?.message).toMatch(new RegExp(`^Export ${FIXTURES.exportId}'s file is larger than Max File Size \\(0.001 MB\\)(: \\d+\\.\\d{3} MB)?$`));
	expect(error?.description).toMatch(/Raise Max File Size \(MB\)/);
});

it('a file within Max File Size arrives whole', async () => {
	const { error, items } = await ctx.run({ resource: 'export', operation: 'download', exportId: FIXTURES.exportId, maxFileMb: 10 });
	expect(error).toBeUndefined();
	expect(items[0].binary?.data.fileName).toBe(`customer-${FIXTURES.exportId}.csv`);
});

describe('total deadline per request', () => {
	let env: FoundationEnv;
	beforeAll(async () => {
		env = await setupEmulator();
	});
	afterAll(async () => {
		await env.emu.stop();
	});

	it('an answer slower than the deadline fails with an error naming it, whatever the inactivity timeout', async () => {
		env.emu.control.setFaults({ route: '/v1/categories', delayMs: 3000 });
		const started = Date.now();
		const result = await env.probe([{ request: { method: 'GET', path: '/v1/categories' }, transportOptions: { deadlineMs: 1000, timeoutMs: 60_000 } }]);
		expect(result.error?.message).toBe('The service did not finish answering within 1 s');
		expect(Date.now() - started).toBeLessThan(2800);
	});
});
