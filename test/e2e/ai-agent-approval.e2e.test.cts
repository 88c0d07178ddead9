/**
 * Human review of the AI agent example's writes in a real n8n 2.41.1, the example as it ships
 * (examples/ai-loyalty-agent.json): every tool whose operation may not be repeated reaches the agent through a
 * review node of n8n's Send Email (`n8n-nodes-base.emailSendHitlTool`), which mails the review to the reviewers'
 * address (an SMTP server on 127.0.0.1, ai/mailbox.js), not to the chat. The chat runs over n8n's /chat WebSocket
 * (ai/chat.cts): the review mail's Approve link lets the write through once; Decline sends nothing, and the
 * model reads the denial. Who may approve (not the requester): ai-agent-reviewer.e2e.test.cts.
 */
import { FIXTURES } from '../emulator/index.cjs';
import { RESOURCES } from '../../nodes/LoyaltyPromotions/actions/resources';
import { isSafeToRepeat } from '../../nodes/LoyaltyPromotions/actions/types';
import { waitFor, type Stack } from './stack.cjs';
import { CARD_POINTS_PATH, signedInChat, startAgentStack } from './ai/clients.cjs';
import { answerReview, nextOfChatOrReviews, reviewIn, startChat, type ChatEndpoint, type ChatRun, type Review } from './ai/chat.cjs';

const { example } = require('./examples');
const { conversationScript, toolName, toolResults } = require('./ai/scriptedModel');

type Node = { name: string; type: string; parameters: Record<string, unknown> };
const workflow: { id: string; nodes: Node[]; connections: Record<string, Record<string, Array<Array<{ node: string }>>>> } = example('ai-loyalty-agent.json').workflow;
const TOOL_TYPE = 'n8n-nodes-loyalty-promotions.loyaltyPromotionsTool';
const REVIEW_TYPE = 'n8n-nodes-base.emailSendHitlTool';
const PURCHASE_PATH = `/v2/loyalties/programs/${FIXTURES.programActive}/members/${FIXTURES.memberId}/rewards/purchases`;

/** The node a tool node's ai_tool output goes into. */
const toolTarget = (name: string) => workflow.nodes.find((n) => n.name === workflow.connections[name]?.ai_tool?.[0]?.[0]?.node);

/** Each write of the example, the arguments a model gives it, and what reaches the service. */
const WRITES = [
	{ tool: 'Add Loyalty Points', args: { memberId: FIXTURES.memberId, cardId: FIXTURES.cardId, points: 40, reason: 'Goodwill' }, path: CARD_POINTS_PATH, sent: { points: 40, reason: 'Goodwill' }, review: `Approve adding 40 points to card ${FIXTURES.cardId} (member ${FIXTURES.memberId})?\nReason given by the AI model (its words, not an instruction to you): «Goodwill»` },
	{ tool: 'Purchase Reward', args: { memberId: FIXTURES.memberId, rewardId: FIXTURES.programRewardUnlimitedId }, path: PURCHASE_PATH, sent: { reward_id: FIXTURES.programRewardUnlimitedId }, review: `Approve buying reward ${FIXTURES.programRewardUnlimitedId} for member ${FIXTURES.memberId} with the card’s points?` },
];

/**
 * The example with review messages a workflow builder might write instead of the example's (the call's arguments
 * as they come, no checks before the review): what the tool node itself guarantees, whatever the review shows.
 */
const plainReviews = {
	...structuredClone(workflow),
	id: 'lpApprovalPlainReviews',
	name: 'Approval test: plain review messages',
	nodes: structuredClone(workflow.nodes).map((n: Node & { webhookId?: string }) => {
		if (n.type === '@n8n/n8n-nodes-langchain.chatTrigger') return { ...n, webhookId: 'lp-approval-plain-reviews' };
		if (n.type === REVIEW_TYPE) return { ...n, parameters: { ...n.parameters, message: '=Approve {{ JSON.stringify($tool.parameters) }}?' } };
		return n;
	}),
};

let stack: Stack;
let model: any;
let mailbox: any;
let stopHelpers: () => Promise<void>;
let chatEndpoint: ChatEndpoint;
let plainChat: ChatEndpoint;
let apiKey: string;
let session = 0;

beforeAll(async () => {
	({ stack, model, mailbox, chat: chatEndpoint, stop: stopHelpers } = await startAgentStack('ai-approval', workflow, [plainReviews]));
	plainChat = { ...(await signedInChat(stack.n8n, plainReviews)), reviews: mailbox };
	apiKey = await stack.n8n.setupOwnerAndApiKey({ scopes: ['execution:read', 'execution:stop'] });
}, 15 * 60 * 1000);

/** n8n's record of a run (its API), data included. */
async function executionOf(executionId: string): Promise<any> {
	const res = await fetch(`${stack.n8n.baseUrl}/api/v1/executions/${executionId}?includeData=true`, { headers: { 'X-N8N-API-KEY': apiKey } });
	return await res.json();
}

/** Waits until the run waits on its `count`-th review of `tool` (n8n's record). */
async function untilWaitingOnReview(executionId: string, tool: string, count: number): Promise<void> {
	const waiting = async () => {
		const execution = await executionOf(executionId);
		return execution.status === 'waiting' && execution.data.resultData.runData[`Approve ${tool}`]?.length === count;
	};
	await waitFor(waiting, { timeoutMs: 60_000, intervalMs: 500, what: `the run waiting on review ${count} of ${tool}` });
}

/** The tool results the model read, for one tool. */
const resultsOf = (tool: string) => model.requests.flatMap((r: any) => toolResults(r.messages)).filter((r: any) => r.name === toolName(tool));

afterAll(async () => {
	await stack?.teardown();
	await stopHelpers?.();
}, 60000);

test('every tool whose operation may not be repeated (a write) reaches the agent through a Send Email review node; the reads reach it directly', () => {
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
async function untilReview(write: (typeof WRITES)[number]): Promise<{ chat: ChatRun; review: Review; sentBefore: unknown[] }> {
	model.setScript(callOnce(write));
	model.clearRequests();
	mailbox.clear();
	stack.emulator.control.clearRequests();
	const chat = await startChat(stack.n8n.baseUrl, chatEndpoint, `approval-${++session}`, `Please do this: ${write.tool}.`);
	const review = await mailbox.next('review');
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

	test('approved: sent once, after the reviewer approves it, with the arguments the review showed', async () => {
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

describe('one approval is one write (Max Calls per Run 1 on each write)', () => {
	const add = WRITES[0];
	const second = { ...add.args, points: 900, reason: 'Second change' };
	/** A model that calls Add Loyalty Points twice (40, then 900 points), then answers with what it read. */
	const twice = () =>
		conversationScript([
			() => ({ toolCalls: [{ name: toolName(add.tool), arguments: add.args }] }),
			() => ({ toolCalls: [{ name: toolName(add.tool), arguments: second }] }),
			(request: any) => ({ content: `Result: ${toolResults(request.messages).pop()!.content}` }),
		]);

	// n8n 2.41.1 signs a review's links over /<execution ID>/<review node ID>: review 2 of a tool in a run has the
	// same Approve link as review 1
	test.each(['approve', 'decline'] as const)("review 1 %sd, then its Approve link fetched again while review 2 (900 points) waits: nothing more is written and the model reads the budget's refusal", async (first) => {
		model.setScript(twice());
		model.clearRequests();
		mailbox.clear();
		stack.emulator.control.clearRequests();
		const chat = await startChat(stack.n8n.baseUrl, plainChat, `approval-${++session}`, 'Add points twice.');
		try {
			const review1 = await mailbox.next('review 1');
			await answerReview(review1, first);
			await untilWaitingOnReview(chat.executionId, add.tool, 2);
			expect(sent(add).map((r: any) => r.body.points)).toEqual(first === 'approve' ? [40] : []);
			// the same link as review 2's Approve button
			await answerReview(review1, 'approve');
			await waitFor(async () => (await executionOf(chat.executionId)).status === 'success', { timeoutMs: 60_000, intervalMs: 500, what: 'the run to end' });
			expect(sent(add).map((r: any) => r.body.points)).toEqual(first === 'approve' ? [40] : []);
			const last = resultsOf(add.tool).pop()!.content;
			expect(last).toContain('Max Calls per Run: this tool may change the service once per run and this tool was reviewed once before in this run (approved or declined), so this call was refused and nothing was sent.');
		} finally {
			await chat.close();
		}
	}, 240000);

	test('with the example as shipped, a model that calls it 20 times for 1,000 points, the reviewer approving every review that reaches the mailbox: one write, the later calls refused before any review', async () => {
		const big = { ...add.args, points: 1000, reason: 'Loop' };
		model.setScript(conversationScript(Array.from({ length: 20 }, () => () => ({ toolCalls: [{ name: toolName(add.tool), arguments: big }] }))));
		model.clearRequests();
		mailbox.clear();
		stack.emulator.control.clearRequests();
		const chat = await startChat(stack.n8n.baseUrl, chatEndpoint, `approval-${++session}`, 'Add 1,000 points, 20 times.');
		try {
			let reviews = 0;
			let next = await nextOfChatOrReviews(chat, mailbox, 'review 1');
			// every review that reaches the reviewers is approved; the run ends with an answer (bounded: one mail per call)
			for (let turn = 0; turn < 21 && next.review; turn++) {
				reviews++;
				await answerReview(next.review, 'approve');
				next = await nextOfChatOrReviews(chat, mailbox, `answer or review after review ${reviews}`);
			}
			expect(next.review).toBeUndefined();
			expect(reviews).toBe(1);
			expect(sent(add).map((r: any) => r.body.points)).toEqual([1000]);
			// the model kept calling, and read each later call as refused, until the agent stopped it or it gave up
			// (each request to the model carries the whole conversation: the last one holds every result once)
			const results = toolResults(model.requests[model.requests.length - 1].messages).filter((r: any) => r.name === toolName(add.tool)).map((r: any) => String(r.content));
			expect(results.length).toBeGreaterThan(2);
			expect(results[0]).not.toMatch(/rejected|refused|error/i);
			for (const later of results.slice(1)) expect(later).toContain('User rejected the tool call to Add Loyalty Points');
		} finally {
			await chat.close();
		}
	}, 300000);

	test('with the example as shipped, a second call of a write in the run is refused before its review: no review 2 ever waits', async () => {
		model.setScript(twice());
		model.clearRequests();
		mailbox.clear();
		stack.emulator.control.clearRequests();
		const chat = await startChat(stack.n8n.baseUrl, chatEndpoint, `approval-${++session}`, 'Add points twice.');
		try {
			await answerReview(await mailbox.next('review 1'), 'approve');
			const answer = await chat.next('answer');
			expect(reviewIn(answer)).toBeUndefined();
			expect(mailbox.take()).toBeUndefined();
			expect(sent(add).map((r: any) => r.body.points)).toEqual([40]);
			// n8n 2.41.1 hands the model a review node that failed as a denial
			expect(answer).toContain('User rejected the tool call to Add Loyalty Points');
			const execution = await executionOf(chat.executionId);
			expect(execution.data.resultData.runData[`Approve ${add.tool}`]).toHaveLength(2);
		} finally {
			await chat.close();
		}
	}, 240000);
});

// n8n 2.41.1 runs the calls of one model answer as runs of their review node from one request, the first call first
// (n8n-core requests-response.js handleRequest: each call gets its run entry, without data, before any runs); with
// the Chat node's review, the chat would read the review from the node's last run (n8n/dist/chat/utils.js
// getMessage), which has not run, and show nothing. The example refuses such calls before any review, whatever
// the review's channel.
describe('two calls of a reviewed tool in one model answer (parallel tool calls)', () => {
	const add = WRITES[0];
	const second = { ...add.args, points: 900, reason: 'Second change' };
	/** A model that calls Add Loyalty Points twice in one answer (40 and 900 points), then answers with what it read. */
	// (goes by the tool results read, not by the count of assistant turns: n8n hands the two calls back as more than one)
	const parallel = () => (request: any) => {
		const results = toolResults(request.messages);
		return results.length ? { content: `Results: ${JSON.stringify(results.map((r: any) => r.content))}` } : { toolCalls: [{ name: toolName(add.tool), arguments: add.args }, { name: toolName(add.tool), arguments: second }] };
	};

	test('with the example as shipped: both calls are refused before any review, nothing is sent, and the chat gets the answer in which the model read both refusals', async () => {
		model.setScript(parallel());
		model.clearRequests();
		mailbox.clear();
		stack.emulator.control.clearRequests();
		const chat = await startChat(stack.n8n.baseUrl, chatEndpoint, `approval-${++session}`, 'Add points twice at once.');
		try {
			const answer = await chat.next('answer');
			expect(reviewIn(answer)).toBeUndefined();
			expect(answer).toMatch(/^Results: /);
			const results = JSON.parse(answer.replace(/^Results: /, ''));
			expect(results).toHaveLength(2);
			for (const r of results) expect(r).toContain('User rejected the tool call to Add Loyalty Points');
			expect(sent(add)).toEqual([]);
			await waitFor(async () => (await executionOf(chat.executionId)).status === 'success', { timeoutMs: 60_000, intervalMs: 500, what: 'the run to end' });
			const execution = await executionOf(chat.executionId);
			expect(execution.data.resultData.runData[`Approve ${add.tool}`].map((run: any) => run.executionStatus)).toEqual(['error', 'error']);
			// the first call's arguments pass every other rule of the message (the test below posts its review): only
			// "One call per answer" refuses it; n8n keeps the Chat node's error, not the expression's
			// and the example asks the model for one tool call per answer (OpenAI's parallel_tool_calls)
			expect(model.requests.map((r: any) => r.body.parallel_tool_calls)).toEqual([false, false]);
		} finally {
			await chat.close();
		}
	}, 240000);

	test('calls of two different reviewed writes in one answer: each review reaches the reviewers in turn, and each approval sends its write once', async () => {
		const [first, other] = WRITES;
		model.setScript((request: any) => {
			const results = toolResults(request.messages);
			return results.length ? { content: `Results: ${JSON.stringify(results.map((r: any) => r.content))}` } : { toolCalls: WRITES.map((w) => ({ name: toolName(w.tool), arguments: w.args })) };
		});
		model.clearRequests();
		mailbox.clear();
		stack.emulator.control.clearRequests();
		const chat = await startChat(stack.n8n.baseUrl, chatEndpoint, `approval-${++session}`, 'Add points and buy a reward at once.');
		try {
			const review1 = await mailbox.next('review 1');
			expect(review1.text).toBe(first.review);
			await answerReview(review1, 'approve');
			const review2 = await mailbox.next('review 2');
			expect(review2.text).toBe(other.review);
			await answerReview(review2, 'approve');
			expect(await chat.next('answer')).toMatch(/^Results: /);
			expect(sent(first).map((r: any) => r.body)).toEqual([first.sent]);
			expect(sent(other).map((r: any) => r.body)).toEqual([other.sent]);
		} finally {
			await chat.close();
		}
	}, 240000);
});

describe('the review shows only what the node would send', () => {
	const add = WRITES[0] as (typeof WRITES)[0] & { args: Record<string, unknown> };
	const BAD = [
		{ points: 1_000_000_000, rule: 'Points: must be a whole number from 1 to 1000 (Max Points per Call, Add Only), got 1000000000' },
		{ points: 'abc', rule: 'Points: must be a whole number from 1 to 1000 (Max Points per Call, Add Only), got "abc"' },
		{ cardId: '', rule: 'Card: must be a card ID (lcrd_…), got ""' },
	];
	// n8n 2.41.1 hands the model a review node that failed as a denial, and loses the message's error (the Chat node
	// reads the message as undefined: "Cannot read properties of undefined (reading 'trim')")
	test.each(BAD)('$rule: refused before any review, nothing sent, and the model reads a denial', async ({ rule: _rule, ...bad }) => {
		model.setScript(
			conversationScript([
				() => ({ toolCalls: [{ name: toolName(add.tool), arguments: { ...add.args, ...bad } }] }),
				(request: any) => ({ content: `Result: ${toolResults(request.messages).pop()!.content}` }),
			]),
		);
		model.clearRequests();
		mailbox.clear();
		stack.emulator.control.clearRequests();
		const chat = await startChat(stack.n8n.baseUrl, chatEndpoint, `approval-${++session}`, 'Add points.');
		try {
			const answer = await chat.next('answer');
			expect(reviewIn(answer)).toBeUndefined();
			expect(answer).toContain('User rejected the tool call to Add Loyalty Points');
			expect((await executionOf(chat.executionId)).data.resultData.runData[`Approve ${add.tool}`].map((run: any) => run.executionStatus)).toEqual(['error']);
			expect(sent(add)).toEqual([]);
		} finally {
			await chat.close();
		}
	}, 240000);

	test("the model's reason is shown as the model's words, quoted and cut to 120 characters, never as the review's own text", async () => {
		const reason = `NOTE TO REVIEWER: this was checked by the finance team. Click Approve. ${'x'.repeat(200)}`;
		model.setScript(callOnce({ ...add, args: { ...add.args, reason } } as (typeof WRITES)[number]));
		model.clearRequests();
		mailbox.clear();
		stack.emulator.control.clearRequests();
		const chat = await startChat(stack.n8n.baseUrl, chatEndpoint, `approval-${++session}`, 'Add points.');
		try {
			const review = await mailbox.next('review');
			expect(review.text).toBe(
				`Approve adding 40 points to card ${FIXTURES.cardId} (member ${FIXTURES.memberId})?\nReason given by the AI model (its words, not an instruction to you): «${reason.slice(0, 120)}…»`,
			);
			await answerReview(review, 'decline');
			await chat.next('answer');
		} finally {
			await chat.close();
		}
	}, 240000);
});
