/**
 * The version matrix (test/e2e/matrix/README.md): for every n8n of versions.js, oldest first, one after the other —
 * the packed package installed the way that n8n's community-package installer does (install.js), the credentials
 * the e2e suite uses, every examples/*.json workflow run by one `n8n execute-batch` (one n8n start-up for all of
 * them; each sending, on every version, the same writes as on the first: `sentWrites`), the trigger of the loyalty card events example: activated at `n8n start`
 * (one webhook registered at the emulator), one signed delivery answered and run, and deactivated through n8n's
 * public API (the webhook deleted); and the AI examples on the versions whose n8n has their AI nodes (skipped,
 * with the nodes that n8n lacks in the test's name, on the others): published, one chat through the AI agent with
 * the scripted model and a person approving its write (n8n's /chat WebSocket), and the MCP server's tools listed and
 * called with the official MCP SDK.
 */
import * as fs from 'fs';
import * as path from 'path';
import { FIXTURES, startEmulator, type RunningEmulator } from '../../emulator/index.cjs';
import { waitFor, type N8nInstance } from '../stack.cjs';
import { CARD_POINTS_PATH, connectMcp, importN8nApiCredential, resultText, signedInChat, SUPPORT_MESSAGE } from '../ai/clients.cjs';
import { chatThroughReviews } from '../ai/chat.cjs';

const n8nLib = require('../n8n');
const { emulatorCredentials, goLive, loadExamples, summarizeRun } = require('../examples');
const { E2E_DIR } = require('../setup');
const { matrixVersions, missingN8nNodes } = require('./versions');
const { openAiCredential, mcpBearerCredential } = require('../ai/aiExamples');
const { startScriptedModel } = require('../ai/scriptedModel');
const { startMailbox, smtpCredential } = require('../ai/mailbox');
const { supportScript } = require('../ai/supportScript');
const { installLikeN8n, packTarball } = require('./install');

const TRIGGER_TYPE = 'n8n-nodes-loyalty-promotions.loyaltyPromotionsTrigger';
const examples: Array<{ file: string; workflow: { id: string; name: string; nodes: Array<{ type: string; disabled?: boolean; webhookId?: string }>; connections: object } }> = loadExamples();
// the examples ship their service trigger disabled (the editor's button then runs the sample): the one published
// here is imported with it enabled, as its sticky note says to go live
// the loyalty card events example: the delivery this test emits (points_aded) is one it subscribes to
const triggerExample = examples.find((e) => e.file === 'loyalty-events.json');
const versions: Array<{ label: string; n8n: string; node: string; definition: string }> = matrixVersions();
type Workflow = { id: string; nodes: Array<{ type: string; typeVersion: number; webhookId?: string; parameters: Record<string, unknown> }> };
const aiAgentExample: { workflow: Workflow } = loadExamples(undefined, { ai: 'only' }).find((e: { file: string }) => e.file === 'ai-loyalty-agent.json');
const mcpExample: { workflow: Workflow } = loadExamples(undefined, { ai: 'only' }).find((e: { file: string }) => e.file === 'loyalty-mcp-server.json');
const MCP_TOKEN = 'matrix-mcp-token-5b2e8d';

/** The test when this n8n has every n8n node of the example at its version; else a skipped test naming what it lacks. */
function testIfRunnable(version: { definition: string }, workflow: Workflow, title: string) {
	const missing: string[] = missingN8nNodes(version.definition, workflow);
	return missing.length === 0 ? { run: true, test, title } : { run: false, test: test.skip, title: `${title} — skipped: ${missing.join(', ')}` };
}
const TIMINGS_FILE = path.join(E2E_DIR, 'matrix-timings.json');

let tarball: string;
const timings: Record<string, Record<string, number | string>> = {};
/** What each example sent on the first version that ran it, to hold the later versions to. */
const firstSent = new Map<string, string[]>();

/**
 * What an example changed at the service, comparable across n8n versions: its successful writes (reads and polls
 * vary with timing; a write retried after a refusal counts once), each as method, path and body with generated IDs
 * and codes, times, run stamps and multipart boundaries masked, sorted (concurrent requests finish in any order).
 * A version whose expressions read a value as empty sends a different body, though the run succeeds (n8n 1.123.81
 * did, with a Code node read through $('Name')).
 */
function sentWrites(requests: Array<{ method: string; path: string; body: unknown; status: number }>): string[] {
	const mask = (text: string) =>
		text
			.replace(/\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?/g, '<time>')
			.replace(/[0-9a-f]{12,}/g, '<id>')
			// generated codes (a loyalty card's: 8 or 10 capitals and digits, any mix); a word of capitals such as
			// PERCENT is masked alike on both sides, which costs the comparison nothing
			.replace(/\b[A-Z0-9]{6,12}\b/g, '<code>')
			.replace(/\d{10,}/g, '<n>');
	return requests
		.filter((r) => r.method !== 'GET' && r.status >= 200 && r.status < 300 && !/oauth/i.test(r.path))
		.map((r) => mask(`${r.method} ${r.path} ${JSON.stringify(r.body ?? null)}`))
		.sort();
}

type EmulatorRequest = { method: string; path: string; body: unknown; status: number; at: number };
type Run = { status?: string; finished?: boolean; startedAt?: string; stoppedAt?: string; data?: unknown };

/**
 * The requests one run of a batch sent: those the emulator received between its start and its end (the batch runs
 * one workflow at a time). A run without an end time (a failed one: n8n keeps no snapshot of it) ends where the next
 * one starts.
 */
function requestsDuring(run: Run, runs: Run[], requests: EmulatorRequest[]): EmulatorRequest[] {
	if (!run.startedAt) return [];
	const from = Date.parse(run.startedAt);
	const nextStart = Math.min(...runs.map((r) => (r.startedAt ? Date.parse(r.startedAt) : Infinity)).filter((at) => at > from));
	const to = run.stoppedAt ? Date.parse(run.stoppedAt) : nextStart;
	return requests.filter((r) => r.at >= from && r.at <= to);
}

beforeAll(() => {
	tarball = packTarball(path.join(E2E_DIR, `matrix-pack-${process.pid}`));
});

afterAll(() => {
	fs.rmSync(path.dirname(tarball), { recursive: true, force: true });
	fs.mkdirSync(E2E_DIR, { recursive: true });
	fs.writeFileSync(TIMINGS_FILE, JSON.stringify(timings, null, 2));
	process.stderr.write(`[matrix] timings (s), also in ${TIMINGS_FILE}:\n${JSON.stringify(timings, null, 1)}\n`);
});

test('the matrix covers 1.x and 2.x, and every example', () => {
	// LP_MATRIX_VERSIONS narrows a local run on purpose; CI runs all of them
	const narrowed = Boolean(process.env.LP_MATRIX_VERSIONS);
	expect(narrowed || versions.some((v) => v.n8n.startsWith('1.'))).toBe(true);
	expect(narrowed || versions.some((v) => v.n8n.startsWith('2.'))).toBe(true);
	expect(examples.length).toBeGreaterThan(0);
	expect(triggerExample).toBeDefined();
	// each AI example runs on at least one version (the newest has its nodes)
	for (const { workflow } of [aiAgentExample, mcpExample]) expect(narrowed || versions.some((v) => missingN8nNodes(v.definition, workflow).length === 0)).toBe(true);
});

describe.each(versions)('$label', (version) => {
	let emulator: RunningEmulator;
	let n8n: N8nInstance;
	let userFolder: string;
	let installed: { style: string; installedPeers: string[] };
	let model: { baseUrl: string; setScript(script: unknown): void; clearRequests(): void; requests: Array<{ body: { tools?: unknown[] } }>; stop(): Promise<void> } | undefined;
	// the agent example's reviewers' mailbox (its reviews go there by e-mail, not to the chat)
	let mailbox: any;
	const agentTest = testIfRunnable(version, aiAgentExample.workflow, 'the AI agent example: a chat adds goodwill points once, through the tools, after a person approves');
	const mcpTest = testIfRunnable(version, mcpExample.workflow, 'the MCP server example: its tools listed, a read and a write called, a bad argument refused');
	/** Published: active from the next `n8n start` (2.x publishes; 1.x activates, the command 2.x replaced). */
	const publish = (id: string) => (version.n8n.startsWith('1.') ? n8n.cli(['update:workflow', `--id=${id}`, '--active=true']) : n8n.publish(id));
	const t: Record<string, number | string> = (timings[version.label] = {});
	const since = (t0: number) => Math.round((Date.now() - t0) / 100) / 10;
	/** The AI examples this n8n can run. */
	const aiWorkflows = [agentTest.run && aiAgentExample.workflow, mcpTest.run && mcpExample.workflow].filter((w): w is Workflow => Boolean(w));
	let batch: Promise<{ runs: Record<string, Run>; requests: EmulatorRequest[] }> | undefined;
	/**
	 * Every example run once by `n8n execute-batch`, one after the other in one n8n process (one start-up per
	 * version instead of one `n8n execute` per example), and the emulator's requests of the whole batch.
	 */
	const runAll = () =>
		(batch ??= (async () => {
			emulator.control.clearRequests();
			const t0 = Date.now();
			// within the test's own 20 minutes, so that a stalled batch fails with its output rather than a bare timeout
			const runs = await n8n.executeBatch({ timeoutMs: 15 * 60_000 });
			t.examples = since(t0);
			return { runs, requests: [...emulator.control.requests()] };
		})());
	let aiPublished: Promise<void> | undefined;
	/** The AI examples imported (after the batch, which would run them) and published before the first `n8n start`. */
	const readyToStart = () =>
		(aiPublished ??= (async () => {
			await runAll().catch(() => undefined);
			if (aiWorkflows.length === 0) return;
			await n8n.importWorkflow(aiWorkflows);
			for (const w of aiWorkflows) await publish(w.id);
		})());

	beforeAll(async () => {
		let t0 = Date.now();
		const runtime = await n8nLib.ensureRuntime({ definition: version.definition });
		t.runtime = since(t0);
		t.runtimeInstalled = runtime.installed ? 'cold' : 'cached';
		t.node = runtime.version.node;
		emulator = await startEmulator({ port: 0, host: '127.0.0.1', quiet: true });
		userFolder = path.join(E2E_DIR, `matrix-${version.n8n}-${process.pid}`);
		fs.rmSync(userFolder, { recursive: true, force: true });
		n8n = await n8nLib.createN8n({ userFolder, definition: version.definition });
		const env = (n8n as unknown as { env: Record<string, string> }).env;
		// 1.x offers community nodes to AI agents only when asked (2.x does by default)
		env.N8N_COMMUNITY_PACKAGES_ALLOW_TOOL_USAGE = 'true';
		t0 = Date.now();
		installed = installLikeN8n({ runtime, userFolder, tarball });
		t.packageInstall = since(t0);
		t.installer = installed.style;
		t0 = Date.now();
		// every credential in one import (each CLI command boots n8n); the AI examples' workflows come after the
		// examples' batch run (runAll), which runs every workflow imported
		if (aiWorkflows.length > 0) {
			model = await startScriptedModel();
			mailbox = await startMailbox();
		}
		await n8n.importCredentials([...emulatorCredentials(emulator), ...(model ? [openAiCredential(model.baseUrl), mcpBearerCredential(MCP_TOKEN), smtpCredential(mailbox.port)] : [])]);
		await n8n.importWorkflow(examples.map((e) => (e === triggerExample ? goLive(e.workflow) : e.workflow)));
		t.import = since(t0);
	}, 40 * 60_000);

	afterAll(async () => {
		await n8n?.stop();
		await emulator?.stop();
		await model?.stop();
		await mailbox?.stop();
		if (userFolder && process.env.LP_E2E_KEEP !== '1') fs.rmSync(userFolder, { recursive: true, force: true });
	}, 60_000);

	test("installs as that n8n's installer does, without n8n's own packages beside it", () => {
		expect(installed.installedPeers).toEqual([]);
	});

	test.each(examples.map((e) => [e.file, e]))('runs examples/%s', async (_file, { workflow }) => {
		const { runs, requests: batchRequests } = await runAll();
		const result = runs[workflow.id];
		expect({ ran: Boolean(result) }).toEqual({ ran: true });
		const requests = requestsDuring(result, Object.values(runs), batchRequests);
		if (result.startedAt && result.stoppedAt) t[_file] = (Date.parse(result.stoppedAt) - Date.parse(result.startedAt)) / 1000;
		const summary = summarizeRun(result, workflow);
		const failedNodes = Object.entries(summary.nodes as Record<string, { error?: string }>)
			.filter(([, node]) => node.error)
			.map(([name, node]) => `${name}: ${node.error}`);
		// n8n 1.x's `execute --rawOutput` prints the run with status 'running' even once it has finished: `finished`
		// says it there (2.x sets both)
		const finished = summary.status === 'success' || (summary.status === 'running' && result.finished === true);
		expect({ finished, status: summary.status, error: summary.error, failedNodes }).toEqual({ finished: true, status: summary.status, error: undefined, failedNodes: [] });
		expect(summary.ends.length).toBeGreaterThan(0);
		// the package's nodes talked to the emulator
		expect(requests.length).toBeGreaterThan(0);
		// and sent what they sent on the first version that ran this example
		const writes = sentWrites(requests);
		const first = firstSent.get(_file);
		if (!first) firstSent.set(_file, writes);
		else expect({ file: _file, writes }).toEqual({ file: _file, writes: first });
	}, 20 * 60_000);

	test('the trigger: activation registers one webhook, a signed delivery runs the workflow, deactivation deletes it', async () => {
		const { workflow } = triggerExample!;
		const t0 = Date.now();
		const webhookId = workflow.nodes.find((n) => n.type === TRIGGER_TYPE)!.webhookId;
		await readyToStart();
		await publish(workflow.id);
		emulator.control.clearRequests();
		await n8n.start({ timeoutMs: 180_000 });
		const targetUrl = n8n.webhookUrl(`${webhookId}/webhook`);
		const registered = () => [...emulator.control.state.webhooks.values()].filter((w) => w.target_url === targetUrl);
		expect(registered()).toHaveLength(1);
		expect(registered()[0]).toMatchObject({ active: true });

		emulator.control.clearDeliveries();
		emulator.control.clearRequests();
		await emulator.control.emit('voucher.loyalty_card.points_aded');
		const [delivery] = await emulator.control.waitForDeliveries(1, 30_000);
		expect(delivery).toMatchObject({ target: targetUrl, status: 200, ok: true });
		// the run after the trigger looks things up at the emulator: wait for its first request
		await waitFor(() => emulator.control.requests().some((r) => !/\/webhooks/.test(r.path)), {
			timeoutMs: 60_000,
			what: 'a request from the workflow the delivery started',
		});

		const apiKey = await n8n.setupOwnerAndApiKey();
		await n8n.deactivate(workflow.id, apiKey);
		await waitFor(() => registered().length === 0, { timeoutMs: 30_000, what: 'the webhook deleted at the emulator' });
		t.trigger = since(t0);
	}, 420_000);

	agentTest.test(agentTest.title, async () => {
		const t0 = Date.now();
		await readyToStart();
		await n8n.start({ timeoutMs: 180_000 });
		await importN8nApiCredential(n8n);
		const before = emulator.control.state.cards.get(FIXTURES.cardId)!.points;
		model!.setScript(supportScript());
		model!.clearRequests();
		emulator.control.clearRequests();
		const { answer, reviews } = await chatThroughReviews(n8n.baseUrl, { ...(await signedInChat(n8n, aiAgentExample.workflow)), reviews: mailbox }, `matrix-${version.n8n}`, SUPPORT_MESSAGE);
		expect({ answer, reviews: reviews.length }).toEqual({ answer: `Done: added 50 goodwill points to card ${FIXTURES.cardId}.`, reviews: 1 });
		// the model was offered the example's tools, and the service received exactly one points change
		expect(model!.requests[0].body.tools).toHaveLength(aiAgentExample.workflow.nodes.filter((n) => n.type === 'n8n-nodes-loyalty-promotions.loyaltyPromotionsTool').length);
		expect(emulator.control.requests().filter((r) => r.method === 'POST' && r.path === CARD_POINTS_PATH)).toHaveLength(1);
		expect(emulator.control.state.cards.get(FIXTURES.cardId)!.points).toBe(before! + 50);
		t['ai-loyalty-agent.json'] = since(t0);
	}, 420_000);

	mcpTest.test(mcpTest.title, async () => {
		const t0 = Date.now();
		await readyToStart();
		await n8n.start({ timeoutMs: 180_000 });
		const trigger = mcpExample.workflow.nodes.find((n) => n.type === '@n8n/n8n-nodes-langchain.mcpTrigger')!;
		const client = await connectMcp(`${n8n.baseUrl}/mcp/${trigger.parameters.path}`, MCP_TOKEN, 'lp-matrix');
		try {
			const { tools } = await client.listTools();
			expect(tools).toHaveLength(mcpExample.workflow.nodes.filter((n) => n.type === 'n8n-nodes-loyalty-promotions.loyaltyPromotionsTool').length);
			const found = await client.callTool({ name: 'Find_Customer', arguments: { email: 'customer-1@example.com' } });
			expect({ isError: Boolean(found.isError), customer: resultText(found).includes(FIXTURES.customerId) }).toEqual({ isError: false, customer: true });
			emulator.control.clearRequests();
			const added = await client.callTool({ name: 'Add_Loyalty_Points', arguments: { memberId: FIXTURES.memberId, cardId: FIXTURES.cardId, points: 25, reason: 'matrix goodwill' } });
			expect({ isError: Boolean(added.isError), sent: emulator.control.requests().filter((r) => r.method === 'POST' && r.path === CARD_POINTS_PATH).length }).toEqual({ isError: false, sent: 1 });
			emulator.control.clearRequests();
			const refused = await client.callTool({ name: 'Add_Loyalty_Points', arguments: { memberId: FIXTURES.memberId, cardId: FIXTURES.cardId, points: 0, reason: 'x' } });
			expect({ isError: Boolean(refused.isError), names: /Points/.test(resultText(refused)), sent: emulator.control.requests().filter((r) => !/oauth/.test(r.path)) }).toEqual({ isError: true, names: true, sent: [] });
		} finally {
			await client.close().catch(() => undefined);
		}
		t['loyalty-mcp-server.json'] = since(t0);
	}, 420_000);
});
