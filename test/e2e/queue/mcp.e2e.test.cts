/**
 * The MCP server example in n8n's queue mode, served the way n8n's source and docs have it: one main with
 * N8N_DISABLE_PRODUCTION_MAIN_PROCESS=true (the setting n8n's queue-mode guide gives for webhook processes), two
 * workers, one webhook process, Redis and PostgreSQL (topology.js). The official MCP client connects to the webhook
 * process's `/mcp/loyalty`, lists the tools, calls a read and a write; what n8n 2.41.1 does with them is asserted,
 * not assumed:
 * - the webhook process serves `/mcp/…` and the main does not (`abstract-server.js`, `server.js`);
 * - the MCP session is registered in Redis (`scaling.service.js` gives the MCP server a RedisSessionStore);
 * - each tool call is one execution, queued and run on a worker (`webhook-helpers.js` prepareMcpQueueExecution,
 *   `job-processor.js` invokeTool), whose result the webhook process relays to the client;
 * - the emulator receives exactly the read and exactly one write, from nowhere else.
 */
import * as fs from 'fs';
import * as path from 'path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { FIXTURES, startEmulator, type RunningEmulator } from '../../emulator/index.cjs';
import { CARD_POINTS_PATH, connectMcp, resultText } from '../ai/clients.cjs';

const { startQueueTopology, withLogTails } = require('./topology');
const { redisCommand } = require('./services');
const { publicApi, waitFor } = require('../n8n');
const { emulatorCredentials, example, ROOT } = require('../examples');
const { mcpBearerCredential } = require('../ai/aiExamples');
const { E2E_DIR } = require('../setup');

const FOLDER = path.join(E2E_DIR, `queue-mcp-${process.pid}`);
const TOKEN = 'mcp-queue-token-4b8e2d61c0';
const { workflow } = example('loyalty-mcp-server.json');
const trigger = workflow.nodes.find((n: any) => n.type === '@n8n/n8n-nodes-langchain.mcpTrigger');
const TOOL_NAMES = workflow.nodes.filter((n: any) => n.type === 'n8n-nodes-loyalty-promotions.loyaltyPromotionsTool').map((n: any) => n.name.replace(/ /g, '_'));

let emulator: RunningEmulator;
let q: any;
let apiKey: string;
let client: Client | undefined;
const run = { failed: false };

const mcpPath = () => `mcp/${trigger.parameters.path}`;
const webhookMcpUrl = () => `${q.env.N8N_WEBHOOK_URL}${mcpPath()}`;
const sentToService = () => emulator.control.requests().filter((r: any) => !/oauth/.test(r.path)).map((r: any) => ({ route: `${r.method} ${r.path.split('?')[0]}`, status: r.status, body: r.body }));

/** Every execution of the example, finished or not, newest first. */
async function executions(): Promise<any[]> {
	const all: any[] = [];
	for (const status of [undefined, 'running']) {
		const query = new URLSearchParams({ workflowId: workflow.id, limit: '100', ...(status ? { status } : {}) });
		const page = await publicApi(q.main.baseUrl, apiKey, 'GET', `/executions?${query}`);
		for (const e of page.data ?? []) if (!all.some((x) => x.id === e.id)) all.push(e);
	}
	return all;
}

/** A test body whose failure keeps the stand-up's logs and carries the processes' log tails. */
const withLogs = withLogTails(() => q, run, 15);

beforeAll(async () => {
	emulator = await startEmulator({ port: 0, host: '127.0.0.1', quiet: true });
	fs.rmSync(FOLDER, { recursive: true, force: true });
	q = await startQueueTopology({
		folder: FOLDER,
		packageDir: ROOT,
		workers: 2,
		credentials: [...emulatorCredentials(emulator), mcpBearerCredential(TOKEN)],
		workflows: [workflow],
		env: { N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true' },
		log: (m: string) => process.stderr.write(`[queue-mcp] ${m}\n`),
	});
	apiKey = await q.main.setupOwnerAndApiKey();
	await q.main.activate(workflow.id, apiKey);
}, 15 * 60 * 1000);

afterAll(async () => {
	await client?.close().catch(() => undefined);
	await q?.stop();
	await emulator?.stop();
	if (process.env.LP_E2E_KEEP !== '1' && !run.failed) fs.rmSync(FOLDER, { recursive: true, force: true });
	else process.stderr.write(`[queue-mcp] logs kept in ${FOLDER}\n`);
}, 120000);

test('the main does not serve /mcp/ with N8N_DISABLE_PRODUCTION_MAIN_PROCESS=true: an MCP client cannot connect there', withLogs(async () => {
	const mainUrl = `${q.main.baseUrl}/${mcpPath()}`;
	const initialize = await fetch(mainUrl, {
		method: 'POST',
		headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${TOKEN}` },
		body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'probe', version: '1' } } }),
	});
	const answer = await initialize.text();
	expect({ status: initialize.status, mcpSession: initialize.headers.get('mcp-session-id') }).toEqual({ status: 404, mcpSession: null });
	expect(answer).not.toMatch(/"jsonrpc"/);
	await expect(connectMcp(mainUrl, TOKEN, 'lp-queue-main')).rejects.toThrow();
}), 60000);

test("through the webhook process: the session is in Redis, the example's tools are listed, a read and a write each run once on a worker, ending the session clears Redis", withLogs(async () => {
	emulator.control.clearRequests();
	expect(await executions()).toEqual([]);
	client = await connectMcp(webhookMcpUrl(), TOKEN, 'lp-queue-mcp');

	// the session the webhook process opened is registered in Redis (RedisSessionStore, key <prefix>:mcp-session:<id>)
	const sessionId = (client as any).transport?.sessionId as string | undefined;
	expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
	expect(await redisCommand(q.redis.port, ['EXISTS', `n8n:mcp-session:${sessionId}`])).toBe(':1');

	const { tools } = await client.listTools();
	expect(tools.map((t) => t.name).sort()).toEqual([...TOOL_NAMES].sort());

	const read: any = await client.callTool({ name: 'Get_Campaign', arguments: { campaignId: FIXTURES.discountCampaignId } });
	expect({ isError: Boolean(read.isError), found: resultText(read).includes(FIXTURES.discountCampaignId) }).toEqual({ isError: false, found: true });

	const write: any = await client.callTool({ name: 'Add_Loyalty_Points', arguments: { memberId: FIXTURES.memberId, cardId: FIXTURES.cardId, points: 25, reason: 'MCP in queue mode' } });
	expect({ isError: Boolean(write.isError), text: resultText(write) }).toEqual({ isError: false, text: expect.stringContaining('"transaction"') });

	// the service saw exactly the read and one write, each answered; around the write, the budgets' reads of the
	// member's history (Max Points per Member per Window) and of the program's members (Max Points per Window), which
	// the worker makes against the service, not its memory
	const MEMBER_PATH = CARD_POINTS_PATH.split('/cards/')[0];
	const MEMBERS_PATH = MEMBER_PATH.replace(/\/[^/]+$/, '');
	const all = sentToService();
	const budgetReads = all.filter((r: any) => r.route.startsWith(`GET ${MEMBERS_PATH}`));
	expect(budgetReads.map((r: any) => r.route)).toEqual(expect.arrayContaining([`GET ${MEMBERS_PATH}`, `GET ${MEMBER_PATH}`, `GET ${CARD_POINTS_PATH.replace(/\/points$/, '/transactions')}`]));
	const sent = all.filter((r: any) => !budgetReads.includes(r));
	expect(sent.map((r: any) => r.route)).toEqual([`GET /v1/campaigns/${FIXTURES.discountCampaignId}`, `POST ${CARD_POINTS_PATH}`]);
	expect(sentToService().every((r: any) => r.status < 300)).toBe(true);
	expect(sent[1].body).toMatchObject({ points: 25 });

	// one execution per tool call (listing runs none), each finished and run by exactly one worker
	const done = await waitFor(async () => {
		const list = await executions();
		return list.length === 2 && list.every((e) => e.finished || ['success', 'error'].includes(e.status)) ? list : undefined;
	}, { timeoutMs: 60000, what: 'the two tool calls\' executions to finish' });
	expect(done.map((e: any) => e.status)).toEqual(['success', 'success']);
	const runs = await waitFor(() => {
		const byWorker = q.workerRuns();
		return done.every((e: any) => byWorker.has(String(e.id))) ? byWorker : undefined;
	}, { timeoutMs: 30000, what: 'each execution to appear in a worker log' });
	for (const e of done) expect({ execution: e.id, workers: runs.get(String(e.id)).length }).toEqual({ execution: e.id, workers: 1 });
	// the webhook process queued them and ran none itself
	expect(q.webhook.log()).not.toMatch(/Worker started execution/);

	// ending the session (DELETE) removes it from Redis
	await (client as any).transport.terminateSession();
	await waitFor(async () => (await redisCommand(q.redis.port, ['EXISTS', `n8n:mcp-session:${sessionId}`])) === ':0', { timeoutMs: 15000, what: 'the MCP session to leave Redis' });
}), 240000);

// A worker answers a queued tool call with the error's message only (n8n's job-processor invokeTool sends
// `{ error: { message, name } }`): the node puts its description in the message when it runs as a tool.
test.each([
	['a bad argument (0 points)', 'Add_Loyalty_Points', { memberId: FIXTURES.memberId, cardId: FIXTURES.cardId, points: 0, reason: 'x' }, /^Points: /, 'Details: Nothing was sent to the service.', []],
	['an unknown card', 'Add_Loyalty_Points', { memberId: FIXTURES.memberId, cardId: 'lcrd_00000000000ff', points: 5, reason: 'x' }, /^Resource not found: Cannot find card with id lcrd_00000000000ff/, 'Details: Check the IDs', [`POST ${CARD_POINTS_PATH.replace(FIXTURES.cardId, 'lcrd_00000000000ff')}`]],
] as Array<[string, string, Record<string, unknown>, RegExp, string, string[]]>)('through a worker, an MCP error result keeps its "Details: …" (%s)', (_what, tool, args, headline, details, sent) => withLogs(async () => {
	const mcp = await connectMcp(webhookMcpUrl(), TOKEN, 'lp-queue-mcp-errors');
	try {
		emulator.control.clearRequests();
		const result: any = await mcp.callTool({ name: tool, arguments: args });
		expect(result.isError).toBe(true);
		// a worker's answer is n8n's JSON of the error, `{"error":{"message":…,"name":…}}`
		const { message } = JSON.parse(resultText(result)).error;
		expect(message).toMatch(headline);
		expect(message).toContain(`\n\n${details}`);
		// the budgets' reads aside: the member's history (Max Points per Member per Window), the program's members (Max Points per Window)
		expect(sentToService().map((r: any) => r.route).filter((route: string) => !/^GET .*\/members(\/[^/]+(\/cards\/[^/]+\/transactions)?)?$/.test(route))).toEqual(sent);
	} finally {
		await mcp.close().catch(() => undefined);
	}
})(), 120000);

// The budget's state is the service's own history, which every worker reads in the service's order: sessions whose
// calls n8n queues to either worker together end at Max Points per Member per Window, each call past it undone
// (docs/ai.md, "Budgets").
test('4 MCP sessions × 5 calls of 1,000 points at once, queued to the workers: the card ends at Max Points per Member per Window, then refused naming it', withLogs(async () => {
	const budget = workflow.nodes.find((n: any) => n.name === 'Add Loyalty Points').parameters.maxPointsPerMember as number;
	expect(budget).toBeGreaterThan(0);
	const memberCards = () => [...emulator.control.state.cards.values()].filter((card: any) => card.member_id === FIXTURES.memberId).map((card: any) => card.id);
	// what the calls added: the card's balance since the start (an undone change and its undo cancel out)
	const balance = () => (emulator.control.state.cards.get(FIXTURES.cardId) as any)?.points ?? 0;
	// a fresh window for the member: the service's history of its manual changes emptied
	for (const card of memberCards()) emulator.control.state.cardTransactions.set(card, []);
	const start = balance();
	const pointsInWindow = () => balance() - start;
	const before = new Set((await executions()).map((e) => String(e.id)));
	const add = (session: Client) => session.callTool({ name: 'Add_Loyalty_Points', arguments: { memberId: FIXTURES.memberId, cardId: FIXTURES.cardId, points: 1000, reason: 'queue budget' } }) as Promise<any>;
	const sessions = await Promise.all([1, 2, 3, 4].map((n) => connectMcp(webhookMcpUrl(), TOKEN, `lp-queue-budget-${n}`)));
	try {
		const outcomes = await Promise.all(
			sessions.map(async (session) => {
				const applied: boolean[] = [];
				for (let n = 0; n < 5; n++) {
					const result = await add(session);
					// past the member's budget, and maybe the program's total too, read a moment later
					if (result.isError) expect(resultText(result)).toMatch(/Max Points per (Member per )?Window/);
					applied.push(!result.isError);
				}
				return applied;
			}),
		);
		const applied = pointsInWindow();
		expect(applied).toBe(outcomes.flat().filter(Boolean).length * 1000);
		expect(applied).toBe(budget);

		// once the window is full, a further call is refused naming the budget, and no points change is sent
		emulator.control.clearRequests();
		const refused = await add(sessions[0]);
		expect({ isError: Boolean(refused.isError), text: resultText(refused) }).toEqual({ isError: true, text: expect.stringMatching(/Max Points per Member per Window/) });
		expect(sentToService().filter((r: any) => r.route.startsWith('POST'))).toEqual([]);
		expect(pointsInWindow()).toBe(applied);

		// every call was an execution run on a worker, not in the webhook process
		const ran = await waitFor(async () => {
			const list = (await executions()).filter((e) => !before.has(String(e.id)));
			return list.length === 21 && list.every((e) => e.finished || ['success', 'error'].includes(e.status)) ? list : undefined;
		}, { timeoutMs: 120000, what: "the 21 tool calls' executions to finish" });
		const byWorker = await waitFor(() => {
			const runs = q.workerRuns();
			return ran.every((e: any) => runs.has(String(e.id))) ? runs : undefined;
		}, { timeoutMs: 30000, what: 'each execution to appear in a worker log' });
		for (const e of ran) expect({ execution: e.id, workers: byWorker.get(String(e.id)).length }).toEqual({ execution: e.id, workers: 1 });
		const workersUsed = new Set(ran.map((e: any) => byWorker.get(String(e.id))[0]));
		process.stderr.write(`[queue-mcp] budget: ${applied} points applied of ${budget} by ${outcomes.flat().filter(Boolean).length} calls, over ${workersUsed.size} worker(s)\n`);
		expect(q.webhook.log()).not.toMatch(/Worker started execution/);
	} finally {
		await Promise.all(sessions.map((session) => session.close().catch(() => undefined)));
	}
}), 600000);

// A token's total over the program's members: each call names another member, so only Max Points per Window binds,
// whichever worker runs it.
test("16 MCP sessions at once, each adding 1,000 points to another member, queued to the workers: the program ends at Max Points per Window, each call past it undone and refused naming it", withLogs(async () => {
	const total = workflow.nodes.find((n: any) => n.name === 'Add Loyalty Points').parameters.maxPointsPerWindow as number;
	expect(total).toBeGreaterThan(0);
	const state = emulator.control.state;
	const member = state.members.get(FIXTURES.memberId)!;
	const card = state.cards.get(FIXTURES.cardId)!;
	const spread = Array.from({ length: 16 }, (_, i) => ({ memberId: `lmbr_00000000f${i.toString(16).padStart(3, '0')}`, cardId: `lcrd_00000000f${i.toString(16).padStart(3, '0')}` }));
	for (const { memberId, cardId } of spread) {
		state.members.set(memberId, { ...member, id: memberId });
		state.cards.set(cardId, { ...card, id: cardId, member_id: memberId, code: `LC-${cardId.slice(-6)}`, points: 0 });
	}
	// a fresh window for the program: the service's history of manual changes emptied on every card
	for (const id of state.cards.keys()) state.cardTransactions.set(id, []);
	const added = () => spread.reduce((sum, { cardId }) => sum + ((state.cards.get(cardId) as any)?.points ?? 0), 0);
	const before = new Set((await executions()).map((e) => String(e.id)));
	const sessions = await Promise.all(spread.map((_, n) => connectMcp(webhookMcpUrl(), TOKEN, `lp-queue-total-${n}`)));
	try {
		const results: any[] = await Promise.all(sessions.map((session, n) => session.callTool({ name: 'Add_Loyalty_Points', arguments: { ...spread[n], points: 1000, reason: 'queue total' } })));
		const accepted = results.filter((result) => !result.isError).length;
		expect(added()).toBe(accepted * 1000);
		expect(added()).toBe(total);
		for (const refused of results.filter((result) => result.isError)) expect(resultText(refused)).toMatch(/Max Points per Window/);
		const ran = await waitFor(async () => {
			const list = (await executions()).filter((e) => !before.has(String(e.id)));
			return list.length === 16 && list.every((e) => e.finished || ['success', 'error'].includes(e.status)) ? list : undefined;
		}, { timeoutMs: 120000, what: "the 16 tool calls' executions to finish" });
		const byWorker = await waitFor(() => {
			const runs = q.workerRuns();
			return ran.every((e: any) => runs.has(String(e.id))) ? runs : undefined;
		}, { timeoutMs: 30000, what: 'each execution to appear in a worker log' });
		process.stderr.write(`[queue-mcp] total: ${added()} points over 16 members of ${total}, over ${new Set(ran.map((e: any) => byWorker.get(String(e.id))[0])).size} worker(s)\n`);
	} finally {
		await Promise.all(sessions.map((session) => session.close().catch(() => undefined)));
		for (const { memberId, cardId } of spread) {
			state.members.delete(memberId);
			state.cards.delete(cardId);
			state.cardTransactions.delete(cardId);
		}
	}
}), 600000);
