import { FIXTURES } from '../emulator/index.cjs';
import { credentialsFor } from '../harness/emulatorCredentials.cjs';
import { runNode } from '../harness/runWorkflow.cjs';
import { startSlowService, type SlowService } from '../harness/slowService.cjs';
import { setupEmulator, type FoundationEnv } from '../foundation/support.cjs';
import { useEmulator } from './v2/helpers.cjs';

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

describe('slow answers within Wait Up To, and the Stop button', () => {
	let service: SlowService;
	let credentials: ReturnType<typeof credentialsFor>;
	beforeAll(async () => {
		service = await startSlowService();
		credentials = credentialsFor({ baseUrl: service.baseUrl, credentials: { appId: 'a', appToken: 't', managementId: 'm', managementToken: 'm', projectId: 'p', webhookSecret: 'w' } } as never);
	});
	afterAll(async () => {
		await service.stop();
	});

	it("a status answer that trickles in slowly ends at Wait Up To, naming the export's last status", async () => {
		const started = Date.now();
		const { error, items } = await runNode({
			credentials,
			parameters: { resource: 'export', operation: 'download', exportId: 'exp_slow', waitSeconds: 2 },
		});
		expect(items).toEqual([]);
		expect(error?.message).toMatch(/^Export exp_slow was not done within [23] s \(last seen IN_PROGRESS\)$/);
		expect(service.looks()).toBe(2);
		// Wait Up To (2 s), the least a look is given (1 s), and room for a busy machine; the request's own deadline is 2 min.
		expect(Date.now() - started).toBeLessThan(15_000);
	}, 60_000);

	// 0.001 MB is 1,049 bytes (1,048.576 rounded): a file of exactly the cap arrives, one byte more does not,
	// whether the answer announces its length (refused before reading) or not (refused once it passes the cap)
	it.each(['sized', 'chunked'])('Max File Size counts MB of 1,048,576 bytes (%s file)', async (kind) => {
		const download = (bytes: number) =>
			runNode({ credentials, parameters: { resource: 'export', operation: 'download', exportId: `exp_${kind}_${bytes}`, waitSeconds: 0, maxFileMb: 0.001 } });
		const exact = await download(1049);
		expect(exact.error).toBeUndefined();
		expect(Buffer.from(String(exact.items[0].binary?.data.data), 'base64').length).toBe(1049);
		const over = await download(1050);
		expect(over.items).toEqual([]);
		expect(over.error?.message).toMatch(/^Export exp_\w+_1050's file is larger than Max File Size \(0\.001 MB\)/);
	}, 60_000);

	it('stopping the execution aborts a download in progress: the connection is closed and nothing is output', async () => {
		const run = runNode({
			credentials,
			parameters: { resource: 'export', operation: 'download', exportId: 'exp_file', waitSeconds: 0 },
			cancelWhen: service.fileStarted,
		});
		// The file would trickle for its hour-long deadline: the service sees its connection closed instead.
		await service.fileClosed;
		const { items } = await run;
		expect(items).toEqual([]);
	}, 60_000);
});
