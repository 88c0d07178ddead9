/**
 * The node as AI Agent tools in a real n8n 2.41.1 (`n8n start`): the AI loyalty agent example as it ships
 * (examples/ai-loyalty-agent.json: Chat Trigger → AI Agent with n8n's OpenAI Chat Model and five Loyalty Promotions
 * tools, the two writes behind n8n's Send Email human review to the reviewers' mailbox, ai/mailbox.js), its OpenAI credential's Base URL pointed at a scripted
 * OpenAI-compatible model on 127.0.0.1 (test/e2e/ai/scriptedModel.js) that makes the tool calls a model would and
 * records what n8n sent it. Each test is one chat message and its run over n8n's /chat WebSocket (ai/chat.cts), signed
 * in as an n8n user (the example's chat requires it), a reviewer approving every write in the mailbox unless the test says otherwise; the emulator's request log shows what reached the
 * service. What the model receives (tool names, descriptions, JSON schemas) is checked against docs/ai-tools.md
 * (`LP_UPDATE_DOCS=1` rewrites it). Human review itself: ai-agent-approval.e2e.test.cts.
 */
import * as fs from 'fs';
import * as path from 'path';
import { FIXTURES } from '../emulator/index.cjs';
import type { Stack } from './stack.cjs';
import { CARD_POINTS_PATH, importN8nApiCredential, signedInChat, startAgentStack, SUPPORT_MESSAGE } from './ai/clients.cjs';
import { answerReview, chatThroughReviews, connectChat, postChatMessage, startChat, type ChatEndpoint, type Decide } from './ai/chat.cjs';

const { example, ROOT } = require('./examples');
const { conversationScript, toolResults } = require('./ai/scriptedModel');
const { supportScript, fullPathScript, cardOf, TOOLS } = require('./ai/supportScript');
const { renderToolsDoc, n8nApiCredential } = require('./ai/aiExamples');

const { workflow } = example('ai-loyalty-agent.json');
const TOOLS_DOC = path.join(ROOT, 'docs', 'ai-tools.md');
const MAX_ITERATIONS = workflow.nodes.find((n: any) => n.type === '@n8n/n8n-nodes-langchain.agent').parameters.options.maxIterations;
const PURCHASE_PATH = `/v2/loyalties/programs/${FIXTURES.programActive}/members/${FIXTURES.memberId}/rewards/purchases`;

/**
 * The example with only the node's own checks on its writes: plain review messages (none of the example's checks
 * before a review) and Max Calls per Run 10, so the node's refusals (bounds, bad arguments) reach the model as it
 * words them and a run may make several writes. What the shipped example adds before a review, and its one write
 * per tool and run: ai-agent-approval.e2e.test.cts.
 */
const nodeChecks = {
	...structuredClone(workflow),
	id: 'lpAgentNodeChecks',
	name: 'Agent test: the node checks its writes',
	nodes: structuredClone(workflow.nodes).map((n: any) => {
		if (n.type === '@n8n/n8n-nodes-langchain.chatTrigger') return { ...n, webhookId: 'lp-agent-node-checks' };
		if (n.type === 'n8n-nodes-base.emailSendHitlTool') return { ...n, parameters: { ...n.parameters, message: '=Approve {{ JSON.stringify($tool.parameters) }}?' } };
		if (n.parameters?.maxCallsPerRun !== undefined) return { ...n, parameters: { ...n.parameters, maxCallsPerRun: 10 } };
		return n;
	}),
};

let stack: Stack;
let model: any;
let mailbox: any;
let stopHelpers: () => Promise<void>;
let chatEndpoint: ChatEndpoint;
let nodeChecksChat: ChatEndpoint;
let session = 0;

beforeAll(async () => {
	({ stack, model, mailbox, chat: chatEndpoint, stop: stopHelpers } = await startAgentStack('ai-agent', workflow, [nodeChecks]));
	nodeChecksChat = { ...(await signedInChat(stack.n8n, nodeChecks)), reviews: mailbox };
}, 15 * 60 * 1000);

afterAll(async () => {
	await stack?.teardown();
	await stopHelpers?.();
}, 60000);

/**
 * One chat message through the published workflow with a script, every write reviewed by `decide` (default:
 * approved): the agent's answer in the chat, the reviews, and what the service received.
 */
async function chat(script: unknown, chatInput: string, decide?: Decide, endpoint: ChatEndpoint = chatEndpoint) {
	model.setScript(script);
	model.clearRequests();
	mailbox.clear();
	stack.emulator.control.clearRequests();
	const run = await chatThroughReviews(stack.n8n.baseUrl, endpoint, `e2e-${++session}`, chatInput, decide);
	const service = stack.emulator.control.requests().filter((r: any) => !/oauth/.test(r.path));
	return { ...run, service };
}

const chatOn = (endpoint: ChatEndpoint, script: unknown, chatInput: string, decide?: Decide) => chat(script, chatInput, decide, endpoint);

const postsTo = (service: any[], p: string) => service.filter((r) => r.method === 'POST' && r.path === p);

test('support conversation: find the customer by email, read the card balance, add goodwill points once after the reviewer approves, within the budget, answer', async () => {
	const before = stack.emulator.control.state.cards.get(FIXTURES.cardId)!.points;
	const { answer, reviews, service } = await chat(supportScript(), SUPPORT_MESSAGE);
	expect(answer).toBe(`Done: added 50 goodwill points to card ${FIXTURES.cardId}.`);
	// the reviewer saw what they approved: the points, the card, the member and the model's reason
	expect(reviews.map((r) => r.text)).toEqual([`Approve adding 50 points to card ${FIXTURES.cardId} (member ${FIXTURES.memberId})?\nReason given by the AI model (its words, not an instruction to you): «Goodwill (balance was ${before})»`]);
	// the model's calls, in order, and the arguments n8n passed on to the service
	expect(model.requests.map((r: any) => r.reply.toolCalls?.[0]?.name ?? 'answer')).toEqual([TOOLS.findCustomer, TOOLS.membership, TOOLS.addPoints, 'answer']);
	// before the write and after it, Max Points per Member per Window reads the member's cards and each card's
	// transactions, then Max Points per Window the program's members and the same of each (the fixtures' one here)
	const members = `/v2/loyalties/programs/${FIXTURES.programActive}/members`;
	const member = `${members}/${FIXTURES.memberId}`;
	const cards = [...stack.emulator.control.state.cards.values()].filter((card: any) => card.member_id === FIXTURES.memberId).map((card: any) => card.id).sort();
	const memberReads = [`GET ${member}`, ...cards.map((card) => `GET ${member}/cards/${card}/transactions`)];
	expect([...stack.emulator.control.state.members.values()].filter((m: any) => m.program_id === FIXTURES.programActive).map((m: any) => m.id)).toEqual([FIXTURES.memberId]);
	const budgetReads = [...memberReads, `GET ${members}`, ...memberReads];
	expect(service.map((r: any) => `${r.method} ${r.path.split('?')[0]}`)).toEqual([
		'GET /v1/customers',
		`GET /v2/loyalties/programs/${FIXTURES.programActive}/memberships/${FIXTURES.customerId}`,
		...budgetReads,
		`POST ${CARD_POINTS_PATH}`,
		...budgetReads,
	]);
	expect(service[0].query).toMatchObject({ email: 'customer-1@example.com' });
	// exactly one points change, with the points and reason the model chose
	const [added] = postsTo(service, CARD_POINTS_PATH);
	expect(postsTo(service, CARD_POINTS_PATH)).toHaveLength(1);
	expect(added.body).toEqual({ points: 50, reason: `Goodwill (balance was ${before})` });
	expect(added.status).toBe(200);
	// the balance the model read came from the service (the membership tool's result)
	const membership = toolResults(model.requests[2].messages).find((r: any) => r.name === TOOLS.membership);
	expect(membership.content).toContain(`"points":${before}`);
}, 180000);

// the demo plays this conversation (scripts/demo.js): when the points change is not applied, its answer must say so
describe('the support conversation when the points change is not applied: the answer says what happened, the balance is unchanged', () => {
	// the node's own checks and several writes a run: the variant above
	const chat = (script: unknown, chatInput: string, decide?: Decide) => chatOn(nodeChecksChat, script, chatInput, decide);
	test.each([
		['the person declines the review', {}, 'decline', undefined, /^The points change was declined, so nothing was changed: no points were added to card lcrd_\w+\.$/, []],
		['the node refuses the call (5,000 points: past Max Points per Call)', { points: 5000 }, 'approve', undefined, /^Adding the points was refused \(Points: is at most 1000 [\s\S]*\), so nothing was changed: no points were added to card lcrd_\w+\.$/, []],
		['the service answers 503 (not repeated)', {}, 'approve', 503, /^Adding the points may have been applied \([\s\S]*not repeated[\s\S]*\): please check card lcrd_\w+'s transactions before asking again\.$/, [503]],
	] as Array<[string, Record<string, unknown>, 'approve' | 'decline', number | undefined, RegExp, number[]]>)('%s', async (_what, options, decision, fault, said, statuses) => {
		const before = stack.emulator.control.state.cards.get(FIXTURES.cardId)!.points;
		if (fault) stack.emulator.control.setFaults({ route: CARD_POINTS_PATH, method: 'POST', sequence: [fault] });
		try {
			const { answer, service } = await chat(supportScript(options), SUPPORT_MESSAGE, () => decision);
			expect(answer).toMatch(said);
			expect(postsTo(service, CARD_POINTS_PATH).map((r: any) => r.status)).toEqual(statuses);
			expect(stack.emulator.control.state.cards.get(FIXTURES.cardId)!.points).toBe(before);
		} finally {
			stack.emulator.control.setFaults(null);
		}
	}, 180000);
});

test('the whole path from an email, with the example\'s tools only: member, card, the card\'s balance, affordable rewards, both writes', async () => {
	const before = stack.emulator.control.state.cards.get(FIXTURES.cardId)!.points;
	const { answer, reviews, service } = await chat(fullPathScript({ points: 50 }), 'customer-1@example.com asks for 50 goodwill points and a reward.');
	expect(reviews).toHaveLength(2);
	expect(model.requests.map((r: any) => r.reply.toolCalls?.[0]?.name ?? 'answer')).toEqual([TOOLS.findCustomer, TOOLS.membership, TOOLS.rewards, TOOLS.addPoints, TOOLS.purchaseReward, 'answer']);
	// the customer's own profile no longer carries the v1 loyalty summary a model would read as the balance
	const customer = toolResults(model.requests[1].messages).find((r: any) => r.name === TOOLS.findCustomer);
	expect(customer.content).toContain(FIXTURES.customerId);
	expect(customer.content).not.toContain('"loyalty"');
	// the balance the model used is the v2 card's
	const card = cardOf(toolResults(model.requests[2].messages).find((r: any) => r.name === TOOLS.membership));
	expect(card).toEqual({ memberId: FIXTURES.memberId, cardId: FIXTURES.cardId, balance: before });
	expect(postsTo(service, CARD_POINTS_PATH).map((r: any) => r.body)).toEqual([{ points: 50, reason: 'Goodwill' }]);
	const purchases = postsTo(service, PURCHASE_PATH);
	expect(purchases).toHaveLength(1);
	expect(purchases[0].body).toMatchObject({ reward_id: expect.stringMatching(/^lrew_/) });
	expect(answer).toMatch(/^Applied: 50 points added to lcrd_\w+ \(lctx_\w+\); reward lrew_\w+ purchased\.$/);
}, 240000);

describe('what the model reads when something is not there', () => {
	test.each([
		['an unknown card', TOOLS.addPoints, { memberId: FIXTURES.memberId, cardId: 'lcrd_00000000000ff', points: 5, reason: 'x' }, /^Resource not found: Cannot find card with id lcrd_00000000000ff/],
		['an unknown member', TOOLS.addPoints, { memberId: 'lmbr_00000000000ff', cardId: FIXTURES.cardId, points: 5, reason: 'x' }, /^Resource not found: Cannot find member with id lmbr_00000000000ff/],
		['an unknown reward', TOOLS.purchaseReward, { memberId: FIXTURES.memberId, rewardId: 'lrew_00000000000ff' }, /^Resource not found: .*lrew_00000000000ff/],
		['an unknown member\'s rewards', TOOLS.rewards, { memberId: 'lmbr_00000000000ff' }, /^Resource not found: .*lmbr_00000000000ff/],
	] as Array<[string, string, Record<string, unknown>, RegExp]>)('%s: the error names it', async (_what, tool, args, message) => {
		const script = conversationScript([() => ({ toolCalls: [{ name: tool, arguments: args }] }), (request: any) => ({ content: toolResults(request.messages)[0].content })]);
		const { answer } = await chat(script, 'Check this.');
		expect(JSON.parse(answer)).toEqual([{ error: expect.stringMatching(message) }]);
	}, 180000);

	test('a search for an email nobody has: said in words', async () => {
		const script = conversationScript([() => ({ toolCalls: [{ name: TOOLS.findCustomer, arguments: { email: 'nobody@example.com' } }] }), (request: any) => ({ content: toolResults(request.messages)[0].content })]);
		const { answer } = await chat(script, 'Who is nobody@example.com?');
		expect(JSON.parse(answer)).toEqual([{ found: 0, message: 'Nothing found: "Get many customers" returned no results for email "nobody@example.com".' }]);
	}, 180000);
});

describe('bounds the model cannot pass (Add Loyalty Points: Max Points per Call 1,000, Add Only): refused before sending, naming the bound', () => {
	// the node's own checks and several writes a run: the variant above
	const chat = (script: unknown, chatInput: string, decide?: Decide) => chatOn(nodeChecksChat, script, chatInput, decide);
	test.each([
		['1e9 points', 1e9, /^Points: is at most 1000 in size per call \(Max Points per Call\)/],
		['1,001 points', 1001, /^Points: is at most 1000 in size per call \(Max Points per Call\)/],
		['-5 points (a debit)', -5, /^Points: must be above 0: Allowed Changes is Add Only/],
	] as Array<[string, number, RegExp]>)('%s', async (_what, points, message) => {
		const script = conversationScript([
			() => ({ toolCalls: [{ name: TOOLS.addPoints, arguments: { memberId: FIXTURES.memberId, cardId: FIXTURES.cardId, points, reason: 'x' } }] }),
			(request: any) => ({ content: toolResults(request.messages)[0].content }),
		]);
		const { answer, service } = await chat(script, 'Add points.');
		expect(JSON.parse(answer)).toEqual([{ error: expect.stringMatching(message) }]);
		expect(postsTo(service, CARD_POINTS_PATH)).toEqual([]);
	}, 180000);
});

describe('an agent run that stops early (Max Iterations) tells the chat user which writes were applied', () => {
	// the node's own checks and several writes a run: the variant above
	const chat = (script: unknown, chatInput: string, decide?: Decide) => chatOn(nodeChecksChat, script, chatInput, decide);
	const STOPPED = /^I had to stop before finishing \(Max iterations \(8\) reached\. The agent could not complete the task within the allowed number of iterations\.\)\. /;
	const call = (name: string, args: Record<string, unknown>) => ({ toolCalls: [{ name, arguments: args }] });
	const addPoints = (points: number) => call(TOOLS.addPoints, { memberId: FIXTURES.memberId, cardId: FIXTURES.cardId, points, reason: 'loop' });
	const readMembership = () => call(TOOLS.membership, { customerId: FIXTURES.customerId });
	/** The card's and the member's transactions the emulator stored since `since` (their IDs, oldest first). */
	const newTransactions = (since: { card: number; rewards: number }) => ({
		card: (stack.emulator.control.state.cardTransactions.get(FIXTURES.cardId) ?? []).slice(since.card).map((t: any) => t.id),
		rewards: (stack.emulator.control.state.rewardTransactions.get(FIXTURES.memberId) ?? []).slice(since.rewards).map((t: any) => t.id),
	});
	const transactionCounts = () => {
		const all = newTransactions({ card: 0, rewards: 0 });
		return { card: all.card.length, rewards: all.rewards.length };
	};

	test('three approved writes (points, a reward, points), then a model that keeps reading: the answer lists each write with its transaction', async () => {
		const since = transactionCounts();
		const writes = [() => addPoints(40), () => call(TOOLS.purchaseReward, { memberId: FIXTURES.memberId, rewardId: FIXTURES.programRewardUnlimitedId }), () => addPoints(45)];
		const { answer, reviews, service } = await chat(conversationScript(writes, readMembership), 'Add points, buy a reward, add points, then keep reading.');
		expect(reviews).toHaveLength(3);
		// one points change per approved Add Loyalty Points and one purchase, each named with the service's transaction ID
		expect({ points: postsTo(service, CARD_POINTS_PATH).length, purchases: postsTo(service, PURCHASE_PATH).length }).toEqual({ points: 2, purchases: 1 });
		const made = newTransactions(since);
		expect({ card: made.card.length, rewards: made.rewards.length }).toEqual({ card: 2, rewards: 1 });
		expect(answer).toMatch(STOPPED);
		expect(answer.replace(STOPPED, '')).toBe(
			`Applied before stopping: +40 points on card ${FIXTURES.cardId}, transaction ${made.card[0]}; +45 points on card ${FIXTURES.cardId}, transaction ${made.card[1]}; ` +
				`reward ${FIXTURES.programRewardUnlimitedId} purchased for member ${FIXTURES.memberId}, transaction ${made.rewards[0]}.`,
		);
	}, 300000);

	test('a model that keeps adding points: the person approves two and declines the rest; the declined calls count toward Max Iterations, the approved ones are listed', async () => {
		const since = transactionCounts();
		let points = 10;
		const { answer, reviews, service } = await chat(() => addPoints(points++), 'Keep adding points.', (_review, index) => (index < 2 ? 'approve' : 'decline'));
		const made = newTransactions(since);
		expect(postsTo(service, CARD_POINTS_PATH).map((r: any) => r.body.points)).toEqual([10, 11]);
		// n8n 2.41.1 counts an agent's iterations afresh after it runs an approved tool: Max Iterations (8) declined calls stop it
		expect(reviews).toHaveLength(2 + MAX_ITERATIONS);
		expect(answer.replace(STOPPED, '')).toBe(`Applied before stopping: +10 points on card ${FIXTURES.cardId}, transaction ${made.card[0]}; +11 points on card ${FIXTURES.cardId}, transaction ${made.card[1]}.`);
	}, 300000);

	test('a model that keeps reading: the answer says nothing was changed', async () => {
		const { answer, reviews, service } = await chat(readMembership, 'Keep reading.');
		expect(reviews).toEqual([]);
		expect(answer).toMatch(STOPPED);
		expect(answer.replace(STOPPED, '')).toBe('Nothing was changed.');
		expect(service.filter((r: any) => r.method === 'POST')).toEqual([]);
	}, 240000);

	test("without n8n's record of the run (its API key refused), the answer names the write tools that ran", async () => {
		await stack.n8n.importCredentials([n8nApiCredential(stack.n8n.baseUrl, 'not-a-key')]);
		try {
			const { answer } = await chat(conversationScript([() => addPoints(5)], readMembership), 'Add points, then keep reading.');
			expect(answer.replace(STOPPED, '')).toBe("Before stopping I called Add Loyalty Points, so the card's points or rewards may have changed: please check its transactions before asking again.");
		} finally {
			await importN8nApiCredential(stack.n8n);
		}
	}, 300000);
});

describe('a bad argument from the model is a tool error it can read, nothing is sent, the corrected call succeeds', () => {
	// the node's own checks and several writes a run: the variant above
	const chat = (script: unknown, chatInput: string, decide?: Decide) => chatOn(nodeChecksChat, script, chatInput, decide);
	const cases: Array<[string, Record<string, unknown>, RegExp]> = [
		['an invalid card ID', { cardId: 'card-42', points: 10 }, /Card/],
		['0 points', { cardId: FIXTURES.cardId, points: 0 }, /Points/],
		['a fraction of a point', { cardId: FIXTURES.cardId, points: 2.5 }, /Points/],
	];
	test.each(cases)('%s', async (_what, bad, field) => {
		const call = (args: Record<string, unknown>) => () => ({ toolCalls: [{ name: TOOLS.addPoints, arguments: { memberId: FIXTURES.memberId, reason: 'Goodwill', ...args } }] });
		const script = conversationScript([
			call(bad),
			call({ cardId: FIXTURES.cardId, points: 10 }),
			(request: any) => ({ content: `Results: ${toolResults(request.messages).map((r: any) => r.content).join(' | ')}` }),
		]);
		const { answer, service } = await chat(script, 'Add 10 points to lmbr_0000000000001.');
		const [first, second] = toolResults(model.requests[2].messages);
		// the first result is the node's error, naming the field, as the model receives it: [{"error": "<message>"}]
		expect(JSON.parse(first.content)).toEqual([{ error: expect.stringMatching(field) }]);
		expect(second.content).toContain('"transaction"');
		expect(answer).toContain(first.content);
		// only the corrected call reached the service
		expect(postsTo(service, CARD_POINTS_PATH).map((r: any) => r.body)).toEqual([{ points: 10, reason: 'Goodwill' }]);
	}, 180000);
});

/** The purchase script: one Purchase Reward call meeting a scripted 503, then an answer quoting the tool result. */
async function purchaseMeeting503() {
	stack.emulator.control.setFaults({ route: PURCHASE_PATH, method: 'POST', sequence: [503] });
	try {
		const script = conversationScript([
			() => ({ toolCalls: [{ name: TOOLS.purchaseReward, arguments: { memberId: FIXTURES.memberId, rewardId: FIXTURES.programRewardUnlimitedId } }] }),
			(request: any) => ({ content: `The purchase did not go through: ${toolResults(request.messages)[0].content}` }),
		]);
		const run = await chat(script, 'Buy reward lrew_000000000000c for lmbr_0000000000001.');
		return { ...run, result: toolResults(model.requests[1].messages)[0] };
	} finally {
		stack.emulator.control.setFaults(null);
	}
}

test('an unsafe write (reward purchase) meeting a 503 is sent once, and comes back to the model as a tool error', async () => {
	const { answer, service, result } = await purchaseMeeting503();
	expect(postsTo(service, PURCHASE_PATH).map((r: any) => r.status)).toEqual([503]);
	expect(JSON.parse(result.content)).toEqual([{ error: expect.any(String) }]);
	expect(answer).toContain(result.content);
}, 180000);

// n8n's AI Agent passes the model only the error's message (never its description): the message itself says it
test('the 503 tool result tells the model the purchase was not repeated', async () => {
	const { result } = await purchaseMeeting503();
	expect(result.content).toMatch(/not repeated/i);
}, 180000);

test('what the model receives: each tool name, description and JSON schema, as docs/ai-tools.md records them', async () => {
	await chat(conversationScript([() => ({ content: 'Hello.' })]), 'Hello');
	const tools = model.requests[0].tools.map((t: any) => t.function);
	expect(tools.map((t: any) => t.name).sort()).toEqual(Object.values(TOOLS).sort());
	for (const t of tools) expect(t.parameters).toMatchObject({ type: 'object', additionalProperties: false });
	const doc = renderToolsDoc(tools);
	if (process.env.LP_UPDATE_DOCS === '1' || !fs.existsSync(TOOLS_DOC)) fs.writeFileSync(TOOLS_DOC, doc);
	expect(fs.readFileSync(TOOLS_DOC, 'utf8')).toBe(doc);
}, 180000);

describe('the chat is for signed-in n8n users only (Chat Trigger Authentication: n8n User Auth)', () => {
	/** A session that signed out: n8n keeps its cookie's token on a deny list. */
	async function signedOutCookie(): Promise<string> {
		const cookie = await stack.n8n.setupOwner();
		const res = await fetch(`${stack.n8n.baseUrl}/rest/logout`, { method: 'POST', headers: { cookie } });
		if (!res.ok) throw new Error(`logout: HTTP ${res.status} ${await res.text()}`);
		return cookie;
	}

	test('a chat message with no login, a forged session cookie or a signed-out one is refused: no run starts, the model and the service receive nothing', async () => {
		const apiKey = await stack.n8n.setupOwnerAndApiKey();
		// the runs (of any status) that hold one of these sessions: a chat message's session is its trigger's output
		const runsOf = async (sessions: string[]) => {
			const found = new Set<string>();
			for (const status of [undefined, 'running', 'waiting'])
				for (const e of await stack.n8n.listExecutions(workflow.id, apiKey, { status, includeData: true })) if (sessions.some((id) => JSON.stringify(e.data ?? {}).includes(id))) found.add(String(e.id));
			return [...found];
		};
		model.setScript(supportScript());
		model.clearRequests();
		stack.emulator.control.clearRequests();
		const cookies = { none: undefined, forged: 'n8n-auth=eyJhbGciOiJIUzI1NiJ9.eyJpZCI6IjEifQ.forged', signedOut: await signedOutCookie() };
		const answers: Record<string, unknown> = {};
		const sessions: string[] = [];
		for (const [who, cookie] of Object.entries(cookies)) {
			sessions.push(`anonymous-${++session}`);
			answers[who] = await postChatMessage({ url: chatEndpoint.url, cookie }, sessions[sessions.length - 1], SUPPORT_MESSAGE);
		}
		expect(answers).toEqual({
			none: { status: 401, body: 'User not authenticated!' },
			forged: { status: 401, body: 'Invalid authentication token' },
			signedOut: { status: 401, body: 'Invalid authentication token' },
		});
		expect(await runsOf(sessions)).toEqual([]);
		expect(model.requests).toEqual([]);
		expect(stack.emulator.control.requests()).toEqual([]);
	}, 120000);

	test("the hosted chat page sends a visitor who is not signed in away (to n8n's sign-in), without the chat", async () => {
		const page = await fetch(chatEndpoint.url, { redirect: 'manual' });
		expect({ status: page.status, toChat: (page.headers.get('location') ?? '').startsWith(chatEndpoint.url) }).toEqual({ status: 302, toChat: false });
	}, 60000);

	test('the reviews can go to another channel: n8n offers Slack, Discord, Gmail and Send Email human review tools', async () => {
		const res = await fetch(`${stack.n8n.baseUrl}/types/nodes.json`, { headers: { cookie: chatEndpoint.cookie! } });
		const names = new Set(((await res.json()) as Array<{ name: string }>).map((t) => t.name));
		const reviews = ['slack', 'discord', 'gmail', 'emailSend'].map((n) => `n8n-nodes-base.${n}HitlTool`);
		expect(reviews.filter((n) => !names.has(n))).toEqual([]);
	}, 60000);

	test("a running chat's /chat WebSocket without the run's resume token is refused; the run still waits on its review, nothing is sent", async () => {
		const args = { memberId: FIXTURES.memberId, cardId: FIXTURES.cardId, points: 40, reason: 'Goodwill' };
		model.setScript(conversationScript([() => ({ toolCalls: [{ name: TOOLS.addPoints, arguments: args }] }), (request: any) => ({ content: toolResults(request.messages)[0].content })]));
		stack.emulator.control.clearRequests();
		const run = await startChat(stack.n8n.baseUrl, chatEndpoint, `e2e-${++session}`, 'Add 40 points.');
		try {
			const review = await mailbox.next('review');
			expect(run.resumeToken).toMatch(/\w{16,}/);
			const tokens = { none: undefined, wrong: 'not-the-token', altered: `x${run.resumeToken!.slice(1)}` };
			for (const [what, resumeToken] of Object.entries(tokens)) {
				// any session ID: the run's ID is all an outsider could learn, e.g. from a shared screen
				const intruder = await connectChat(stack.n8n.baseUrl, { sessionId: `intruder-${what}`, executionId: run.executionId, resumeToken });
				expect({ what, message: await intruder.next('refusal') }).toEqual({ what, message: 'Connection rejected' });
				await expect(intruder.next('close')).rejects.toThrow(/closed \(code 1008\)/);
			}
			expect(postsTo(stack.emulator.control.requests(), CARD_POINTS_PATH)).toEqual([]);
			// the signed-in chat is still connected: the reviewer declines, and the run ends with nothing sent
			await answerReview(review!, 'decline');
			expect(await run.next('answer')).toMatch(/User rejected the tool call/);
			expect(postsTo(stack.emulator.control.requests(), CARD_POINTS_PATH)).toEqual([]);
		} finally {
			await run.close();
		}
	}, 180000);
});
