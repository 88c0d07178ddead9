/**
 * The node as AI Agent tools in a real n8n 2.41.1 (`n8n start`): the AI loyalty agent example
 * (examples/ai-loyalty-agent.json: Chat Trigger → AI Agent with n8n's OpenAI Chat Model and five Loyalty Promotions
 * tools), its OpenAI credential's Base URL pointed at a scripted OpenAI-compatible model on 127.0.0.1
 * (test/e2e/ai/scriptedModel.js) that makes the tool calls a model would and records what n8n sent it. Each test is
 * one chat message to the published workflow's chat webhook; the emulator's request log shows what reached the
 * service. What the model receives (tool names, descriptions, JSON schemas) is checked against docs/ai-tools.md
 * (`LP_UPDATE_DOCS=1` rewrites it).
 */
import * as fs from 'fs';
import * as path from 'path';
import { FIXTURES } from '../emulator/index.cjs';
import type { Stack } from './stack.cjs';
import { CARD_POINTS_PATH, sendChat, startAgentStack, SUPPORT_MESSAGE } from './ai/clients.cjs';

const { example, ROOT } = require('./examples');
const { conversationScript, toolResults } = require('./ai/scriptedModel');
const { supportScript, fullPathScript, cardOf, TOOLS } = require('./ai/supportScript');
const { renderToolsDoc } = require('./ai/aiExamples');

const { workflow } = example('ai-loyalty-agent.json');
const TOOLS_DOC = path.join(ROOT, 'docs', 'ai-tools.md');
const PURCHASE_PATH = `/v2/loyalties/programs/${FIXTURES.programActive}/members/${FIXTURES.memberId}/rewards/purchases`;

let stack: Stack;
let model: any;
let chatUrl: string;
let session = 0;

beforeAll(async () => {
	({ stack, model, chatUrl } = await startAgentStack('ai-agent', workflow));
}, 15 * 60 * 1000);

afterAll(async () => {
	await stack?.teardown();
	await model?.stop();
}, 60000);

/** One chat message through the published workflow with a script: the HTTP answer and what the service received. */
async function chat(script: unknown, chatInput: string) {
	model.setScript(script);
	model.clearRequests();
	stack.emulator.control.clearRequests();
	const answer = await sendChat(chatUrl, `e2e-${++session}`, chatInput);
	const service = stack.emulator.control.requests().filter((r: any) => !/oauth/.test(r.path));
	return { ...answer, service };
}

const writes = (service: any[], p: string) => service.filter((r) => r.method === 'POST' && r.path === p);

test('support conversation: find the customer by email, read the card balance, add goodwill points once, answer', async () => {
	const before = stack.emulator.control.state.cards.get(FIXTURES.cardId)!.points;
	const { status, output, service } = await chat(supportScript(), SUPPORT_MESSAGE);
	expect({ status, output }).toEqual({ status: 200, output: `Done: added 50 goodwill points to card ${FIXTURES.cardId}.` });
	// the model's calls, in order, and the arguments n8n passed on to the service
	expect(model.requests.map((r: any) => r.reply.toolCalls?.[0]?.name ?? 'answer')).toEqual([TOOLS.findCustomer, TOOLS.membership, TOOLS.addPoints, 'answer']);
	expect(service.map((r: any) => `${r.method} ${r.path.split('?')[0]}`)).toEqual([
		'GET /v1/customers',
		`GET /v2/loyalties/programs/${FIXTURES.programActive}/memberships/${FIXTURES.customerId}`,
		`POST ${CARD_POINTS_PATH}`,
	]);
	expect(service[0].query).toMatchObject({ email: 'customer-1@example.com' });
	// exactly one points change, with the points and reason the model chose
	const [added] = writes(service, CARD_POINTS_PATH);
	expect(writes(service, CARD_POINTS_PATH)).toHaveLength(1);
	expect(added.body).toEqual({ points: 50, reason: `Goodwill (balance was ${before})` });
	expect(added.status).toBe(200);
	// the balance the model read came from the service (the membership tool's result)
	const membership = toolResults(model.requests[2].messages).find((r: any) => r.name === TOOLS.membership);
	expect(membership.content).toContain(`"points":${before}`);
}, 180000);

test('the whole path from an email, with the example\'s tools only: member, card, the card\'s balance, affordable rewards, both writes', async () => {
	const before = stack.emulator.control.state.cards.get(FIXTURES.cardId)!.points;
	const { status, output, service } = await chat(fullPathScript({ points: 50 }), 'customer-1@example.com asks for 50 goodwill points and a reward.');
	expect(status).toBe(200);
	expect(model.requests.map((r: any) => r.reply.toolCalls?.[0]?.name ?? 'answer')).toEqual([TOOLS.findCustomer, TOOLS.membership, TOOLS.rewards, TOOLS.addPoints, TOOLS.purchaseReward, 'answer']);
	// the customer's own profile no longer carries the v1 loyalty summary a model would read as the balance
	const customer = toolResults(model.requests[1].messages).find((r: any) => r.name === TOOLS.findCustomer);
	expect(customer.content).toContain(FIXTURES.customerId);
	expect(customer.content).not.toContain('"loyalty"');
	// the balance the model used is the v2 card's
	const card = cardOf(toolResults(model.requests[2].messages).find((r: any) => r.name === TOOLS.membership));
	expect(card).toEqual({ memberId: FIXTURES.memberId, cardId: FIXTURES.cardId, balance: before });
	expect(writes(service, CARD_POINTS_PATH).map((r: any) => r.body)).toEqual([{ points: 50, reason: 'Goodwill' }]);
	const purchases = writes(service, PURCHASE_PATH);
	expect(purchases).toHaveLength(1);
	expect(purchases[0].body).toMatchObject({ reward_id: expect.stringMatching(/^lrew_/) });
	expect(output).toMatch(/^Applied: 50 points added to lcrd_\w+ \(lctx_\w+\); reward lrew_\w+ purchased\.$/);
}, 240000);

describe('what the model reads when something is not there', () => {
	test.each([
		['an unknown card', TOOLS.addPoints, { memberId: FIXTURES.memberId, cardId: 'lcrd_00000000000ff', points: 5, reason: 'x' }, /^Resource not found: Cannot find card with id lcrd_00000000000ff/],
		['an unknown member', TOOLS.addPoints, { memberId: 'lmbr_00000000000ff', cardId: FIXTURES.cardId, points: 5, reason: 'x' }, /^Resource not found: Cannot find member with id lmbr_00000000000ff/],
		['an unknown reward', TOOLS.purchaseReward, { memberId: FIXTURES.memberId, rewardId: 'lrew_00000000000ff' }, /^Resource not found: .*lrew_00000000000ff/],
		['an unknown member\'s rewards', TOOLS.rewards, { memberId: 'lmbr_00000000000ff' }, /^Resource not found: .*lmbr_00000000000ff/],
	] as Array<[string, string, Record<string, unknown>, RegExp]>)('%s: the error names it', async (_what, tool, args, message) => {
		const script = conversationScript([() => ({ toolCalls: [{ name: tool, arguments: args }] }), (request: any) => ({ content: toolResults(request.messages)[0].content })]);
		const { output } = await chat(script, 'Check this.');
		expect(JSON.parse(output!)).toEqual([{ error: expect.stringMatching(message) }]);
	}, 180000);

	test('a search for an email nobody has: said in words', async () => {
		const script = conversationScript([() => ({ toolCalls: [{ name: TOOLS.findCustomer, arguments: { email: 'nobody@example.com' } }] }), (request: any) => ({ content: toolResults(request.messages)[0].content })]);
		const { output } = await chat(script, 'Who is nobody@example.com?');
		expect(JSON.parse(output!)).toEqual([{ found: 0, message: 'Nothing found: "Get many customers" returned no results for email "nobody@example.com".' }]);
	}, 180000);
});

describe('bounds the model cannot pass (Add Loyalty Points: Max Points per Call 1,000, Add Only): refused before sending, naming the bound', () => {
	test.each([
		['1e9 points', 1e9, /^Points: is at most 1000 in size per call \(Max Points per Call\)/],
		['1,001 points', 1001, /^Points: is at most 1000 in size per call \(Max Points per Call\)/],
		['-5 points (a debit)', -5, /^Points: must be above 0: Allowed Changes is Add Only/],
	] as Array<[string, number, RegExp]>)('%s', async (_what, points, message) => {
		const script = conversationScript([
			() => ({ toolCalls: [{ name: TOOLS.addPoints, arguments: { memberId: FIXTURES.memberId, cardId: FIXTURES.cardId, points, reason: 'x' } }] }),
			(request: any) => ({ content: toolResults(request.messages)[0].content }),
		]);
		const { output, service } = await chat(script, 'Add points.');
		expect(JSON.parse(output!)).toEqual([{ error: expect.stringMatching(message) }]);
		expect(writes(service, CARD_POINTS_PATH)).toEqual([]);
	}, 180000);
});

describe('an agent run that stops early (Max Iterations) tells the chat user whether a write tool was called', () => {
	test('a model that keeps adding points: stopped at 8 iterations, and the answer names Add Loyalty Points', async () => {
		const loop = () => ({ toolCalls: [{ name: TOOLS.addPoints, arguments: { memberId: FIXTURES.memberId, cardId: FIXTURES.cardId, points: 7, reason: 'loop' } }] });
		const { status, output, service } = await chat(loop, 'Keep adding points.');
		expect(status).toBe(200);
		expect(output).toMatch(/^I had to stop before finishing \(Max iterations \(8\) reached\..*\)\. Before stopping I called Add Loyalty Points, so the card's points or rewards may have changed: please check its transactions before asking again\.$/);
		// every write the looping model made was bounded (7 points each) and is what the answer warns about
		expect(writes(service, CARD_POINTS_PATH).length).toBeGreaterThan(0);
		expect(writes(service, CARD_POINTS_PATH).every((r: any) => r.body.points === 7)).toBe(true);
	}, 240000);

	test('a model that keeps reading: the answer says nothing was changed', async () => {
		const loop = () => ({ toolCalls: [{ name: TOOLS.membership, arguments: { customerId: FIXTURES.customerId } }] });
		const { status, output, service } = await chat(loop, 'Keep reading.');
		expect(status).toBe(200);
		expect(output).toMatch(/^I had to stop before finishing \(Max iterations \(8\) reached\..*\)\. Nothing was changed\.$/);
		expect(service.filter((r: any) => r.method === 'POST')).toEqual([]);
	}, 240000);
});

describe('a bad argument from the model is a tool error it can read, nothing is sent, the corrected call succeeds', () => {
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
		const { status, output, service } = await chat(script, 'Add 10 points to lmbr_0000000000001.');
		expect(status).toBe(200);
		const [first, second] = toolResults(model.requests[2].messages);
		// the first result is the node's error, naming the field, as the model receives it: [{"error": "<message>"}]
		expect(JSON.parse(first.content)).toEqual([{ error: expect.stringMatching(field) }]);
		expect(second.content).toContain('"transaction"');
		expect(output).toContain(first.content);
		// only the corrected call reached the service
		expect(writes(service, CARD_POINTS_PATH).map((r: any) => r.body)).toEqual([{ points: 10, reason: 'Goodwill' }]);
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
	const { status, output, service, result } = await purchaseMeeting503();
	expect(status).toBe(200);
	expect(writes(service, PURCHASE_PATH).map((r: any) => r.status)).toEqual([503]);
	expect(JSON.parse(result.content)).toEqual([{ error: expect.any(String) }]);
	expect(output).toContain(result.content);
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
