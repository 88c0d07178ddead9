/**
 * Human review of the AI agent example's writes in a real n8n 2.41.1, the example as it ships
 * (examples/ai-loyalty-agent.json): every tool whose operation may not be repeated reaches the agent through a
 * review node of n8n's Chat (`@n8n/n8n-nodes-langchain.chatHitlTool`). The chat runs over n8n's /chat WebSocket
 * (ai/chat.cts): the review message's Approve link lets the write through once; Decline sends nothing, and the
 * model reads the denial.
 */
import { FIXTURES } from '../emulator/index.cjs';
import { RESOURCES } from '../../nodes/LoyaltyPromotions/actions/resources';
import { isSafeToRepeat } from '../../nodes/LoyaltyPromotions/actions/types';
import { waitFor, type Stack } from './stack.cjs';
import { CARD_POINTS_PATH, startAgentStack } from './ai/clients.cjs';
import { answerReview, connectChat, reviewIn, startChat, type ChatEndpoint, type ChatRun } from './ai/chat.cjs';

const { example } = require('./examples');
const { conversationScript, toolName, toolResults, REVIEW_PACE_MS } = require('./ai/scriptedModel');

type Node = { name: string; type: string; parameters: Record<string, unknown> };
const workflow: { id: string; nodes: Node[]; connections: Record<string, Record<string, Array<Array<{ node: string }>>>> } = example('ai-loyalty-agent.json').workflow;
const TOOL_TYPE = 'n8n-nodes-loyalty-promotions.loyaltyPromotionsTool';
const REVIEW_TYPE = '@n8n/n8n-nodes-langchain.chatHitlTool';
const PURCHASE_PATH = `/v2/loyalties/programs/${FIXTURES.programActive}/members/${FIXTURES.memberId}/rewards/purchases`;

/** The node a tool node's ai_tool output goes into. */
const toolTarget = (name: string) => workflow.nodes.find((n) => n.name === workflow.connections[name]?.ai_tool?.[0]?.[0]?.node);

/** Each write of the example, the arguments a model gives it, and what reaches the service. */
const WRITES = [
	{ tool: 'Add Loyalty Points', args: { memberId: FIXTURES.memberId, cardId: FIXTURES.cardId, points: 40, reason: 'Goodwill' }, path: CARD_POINTS_PATH, sent: { points: 40, reason: 'Goodwill' }, review: `Approve adding 40 points to card ${FIXTURES.cardId} (member ${FIXTURES.memberId})?\nReason: Goodwill` },
	{ tool: 'Purchase Reward', args: { memberId: FIXTURES.memberId, rewardId: FIXTURES.programRewardUnlimitedId }, path: PURCHASE_PATH, sent: { reward_id: FIXTURES.programRewardUnlimitedId }, review: `Approve buying reward ${FIXTURES.programRewardUnlimitedId} for member ${FIXTURES.memberId} with the card's points?` },
];

let stack: Stack;
let model: any;
let chatEndpoint: ChatEndpoint;
let session = 0;

beforeAll(async () => {
	({ stack, model, chat: chatEndpoint } = await startAgentStack('ai-approval', workflow));
}, 15 * 60 * 1000);

afterAll(async () => {
	await stack?.teardown();
	await model?.stop();
}, 60000);

test('every tool whose operation may not be repeated (a write) reaches the agent through a Chat review node; the reads reach it directly', () => {
	const operations = RESOURCES.flatMap((resource) => resource.operations.map((operation) => ({ key: `${resource.value}.${operation.value}`, operation })));
	const tools = workflow.nodes.filter((n) => n.type === TOOL_TYPE);
	const routes = tools.map((n) => {
		const found = operations.find((o) => o.key === `${n.parameters.resource}.${n.parameters.operation}`);
		if (!found) throw new Error(`${n.name}: no operation ${n.parameters.resource}.${n.parameters.operation}`);
		return { tool: n.name, write: !isSafeToRepeat(found.operation), into: toolTarget(n.name)?.type };
	});
	expect(routes.filter((r) => r.write).map((r) => r.tool)).toEqual(WRITES.map((w) => w.tool));
	for (const r of routes) expect(r).toEqual({ ...r, into: r.write ? REVIEW_TYPE : '@n8n/n8n-nodes-langchain.agent' });
	// each review node hands its tool to the agent
	for (const w of WRITES) expect(toolTarget(toolTarget(w.tool)!.name)?.type).toBe('@n8n/n8n-nodes-langchain.agent');
});

/** A model that calls the write once, then answers with the tool result it read. */
const callOnce = (write: (typeof WRITES)[number]) =>
	conversationScript([
		() => ({ toolCalls: [{ name: toolName(write.tool), arguments: write.args }] }),
		(request: any) => ({ content: `Result: ${toolResults(request.messages)[0].content}` }),
	]);

/** A chat in which the model calls the write: the run, its review, and what reached the service by then. */
async function untilReview(write: (typeof WRITES)[number]): Promise<{ chat: ChatRun; review: ReturnType<typeof reviewIn> & object; sentBefore: unknown[] }> {
	model.setScript(callOnce(write));
	model.clearRequests();
	stack.emulator.control.clearRequests();
	const chat = await startChat(stack.n8n.baseUrl, chatEndpoint, `approval-${++session}`, `Please do this: ${write.tool}.`);
	const review = reviewIn(await chat.next('review'));
	if (!review) throw new Error(`the first chat message is not a review: ${chat.messages[0]}`);
	return { chat, review, sentBefore: sent(write) };
}

const sent = (write: (typeof WRITES)[number]) => stack.emulator.control.requests().filter((r: any) => r.method === 'POST' && r.path === write.path);

describe.each(WRITES)('$tool', (write) => {
	test('offered to the model with its arguments wrapped: { toolParameters, hitlParameters }', async () => {
		const { chat } = await untilReview(write);
		await chat.close();
		const offered = model.requests[0].tools.find((t: any) => t.function.name === toolName(write.tool)).function.parameters;
		expect(offered.required).toEqual(['toolParameters', 'hitlParameters']);
		expect(Object.keys(offered.properties.toolParameters.properties).sort()).toEqual(Object.keys(write.args).sort());
	}, 240000);

	test('approved: sent once, after the person approves it, with the arguments the review showed', async () => {
		const { chat, review, sentBefore } = await untilReview(write);
		try {
			expect(review.text).toBe(write.review);
			expect(sentBefore).toEqual([]);
			await answerReview(review, 'approve');
			const answer = await chat.next('answer');
			expect(answer).toMatch(/^Result: .*"transaction"/);
			expect(sent(write).map((r: any) => r.body)).toEqual([write.sent]);
		} finally {
			await chat.close();
		}
	}, 240000);

	test('declined: nothing is sent, and the model reads the denial', async () => {
		const { chat, review } = await untilReview(write);
		try {
			await answerReview(review, 'decline');
			const answer = await chat.next('answer');
			expect(sent(write)).toEqual([]);
			expect(JSON.parse(answer.replace(/^Result: /, ''))).toEqual([
				{ output: expect.stringMatching(new RegExp(`^User rejected the tool call to ${write.tool} \\(id: call_\\w+\\)\\. STOP what you are doing and wait for the user to tell you how to proceed\\. The tool is still available if needed\\.$`)) },
			]);
		} finally {
			await chat.close();
		}
	}, 240000);
});

// n8n 2.41.1's chat service polls the run every 3 s and, after sending a review, sends nothing more until a poll
// sees the run running again or waiting on another node (n8n/dist/chat/chat-service.js, waitForChatResponseOrContinue)
test("n8n's chat limit: a second review of the same tool right after the first is not sent on the open connection; a client connecting to the run's chat again gets it", async () => {
	const add = WRITES[0];
	const apiKey = await stack.n8n.setupOwnerAndApiKey();
	model.setReviewPace(0);
	model.setScript(() => ({ toolCalls: [{ name: toolName(add.tool), arguments: add.args }] }));
	const chat = await startChat(stack.n8n.baseUrl, chatEndpoint, `approval-${++session}`, 'Add points twice.');
	let again: ChatRun | undefined;
	try {
		await answerReview(reviewIn(await chat.next('first review'))!, 'approve');
		// n8n's record: the run waits on the second review
		const waitingOnSecondReview = async () => {
			const res = await fetch(`${stack.n8n.baseUrl}/api/v1/executions/${chat.executionId}?includeData=true`, { headers: { 'X-N8N-API-KEY': apiKey } });
			const execution = (await res.json()) as any;
			return execution.status === 'waiting' && execution.data.resultData.runData[`Approve ${add.tool}`]?.length === 2;
		};
		await waitFor(waitingOnSecondReview, { timeoutMs: 60_000, intervalMs: 500, what: 'the run waiting on the second review' });
		// three of n8n's chat polls later the open connection still has only the first review
		await new Promise((r) => setTimeout(r, 3 * 3000 + 1000));
		expect(chat.messages).toHaveLength(1);
		await chat.close();
		again = await connectChat(stack.n8n.baseUrl, chat);
		expect(reviewIn(await again.next('second review after connecting again'))?.text).toBe(add.review);
	} finally {
		await chat.close();
		await again?.close();
		model.setReviewPace(REVIEW_PACE_MS);
	}
}, 240000);
