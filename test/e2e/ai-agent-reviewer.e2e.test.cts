/**
 * The AI agent example bounded per person, in a real n8n 2.41.1, the example as it ships
 * (examples/ai-loyalty-agent.json): its writes' reviews go by e-mail (n8n's Send Email human review tool) to the
 * reviewers' address, not to the person chatting, and every write carries the node's budgets, so many messages,
 * each reviewed and approved, move at most the budget. The reviewers' mailbox is an SMTP server on 127.0.0.1
 * (ai/mailbox.js); the chat runs over n8n's /chat WebSocket (ai/chat.cts), signed in as the requester.
 * Generated over the example's write tools: each write's budgets, one chat after another and 16 at the same moment.
 */
import { FIXTURES } from '../emulator/index.cjs';
import { RESOURCES } from '../../nodes/LoyaltyPromotions/actions/resources';
import { isSafeToRepeat, type BudgetKind } from '../../nodes/LoyaltyPromotions/actions/types';
import { BUDGETS } from '../../nodes/LoyaltyPromotions/shared/budgets';
import { waitFor, type Stack } from './stack.cjs';
import { startAgentStack } from './ai/clients.cjs';
import { answerReview, BROWSER_USER_AGENT, startChat, type ChatEndpoint, type ChatRun } from './ai/chat.cjs';

const { example } = require('./examples');
const { toolName, toolResults } = require('./ai/scriptedModel');

type Node = { id: string; name: string; type: string; parameters: Record<string, any>; credentials?: Record<string, unknown> };
const workflow: { id: string; nodes: Node[]; connections: Record<string, Record<string, Array<Array<{ node: string }>>>> } = example('ai-loyalty-agent.json').workflow;
const TOOL_TYPE = 'n8n-nodes-loyalty-promotions.loyaltyPromotionsTool';
const REVIEW_TYPE = 'n8n-nodes-base.emailSendHitlTool';
const nodeNamed = (name: string) => workflow.nodes.find((n) => n.name === name)!;
const reviewOf = (tool: string) => nodeNamed(workflow.connections[tool].ai_tool[0][0].node);
const operationOf = (n: Node) => RESOURCES.find((r) => r.value === n.parameters.resource)!.operations.find((o) => o.value === n.parameters.operation)!;
/** The example's write tools (operations not safe to repeat), each with the budgets its operation counts in. */
const WRITES = workflow.nodes.filter((n) => n.type === TOOL_TYPE && !isSafeToRepeat(operationOf(n))).map((n) => ({ tool: n.name, budgets: operationOf(n).budgeted ?? [] }));

let stack: Stack;
let model: any;
let mailbox: any;
let chatEndpoint: ChatEndpoint;
let stopHelpers: () => Promise<void>;
let session = 0;

beforeAll(async () => {
	({ stack, model, mailbox, chat: chatEndpoint, stop: stopHelpers } = await startAgentStack('ai-reviewer', workflow));
}, 15 * 60 * 1000);

afterAll(async () => {
	await stack?.teardown();
	await stopHelpers?.();
}, 60000);

const state = () => stack.emulator.control.state;
const memberCards = () => [...state().cards.values()].filter((card: any) => card.member_id === FIXTURES.memberId).map((card: any) => card.id);
const purchases = () => (state().rewardTransactions.get(FIXTURES.memberId) ?? []).filter((tx: any) => tx.type === 'PURCHASE');

/**
 * Per budget the example's writes carry: the arguments a model gives its tool, what one accepted call moves, a fresh
 * window (the member's history emptied, enough points to pay every call), what the service holds, and how its
 * refusal begins. A write with a budget missing here fails the generated tests below.
 */
const SCENARIOS: Partial<Record<BudgetKind, { args: Record<string, unknown>; perCall: number; fresh: () => void; held: () => number }>> = {
	memberPoints: {
		args: { memberId: FIXTURES.memberId, cardId: FIXTURES.cardId, points: 1000, reason: 'Goodwill' },
		perCall: 1000,
		fresh: () => memberCards().forEach((card) => state().cardTransactions.set(card, [])),
		held: () => state().cards.get(FIXTURES.cardId)?.points ?? 0,
	},
	memberPurchases: {
		args: { memberId: FIXTURES.memberId, rewardId: FIXTURES.programRewardUnlimitedId },
		perCall: 1,
		fresh: () => {
			state().rewardTransactions.set(FIXTURES.memberId, []);
			for (const card of memberCards()) state().cards.get(card)!.points = 10_000_000;
		},
		held: () => purchases().filter((tx: any) => tx.refunded !== true).length,
	},
};

const ALL_BUDGETS = WRITES.flatMap((w) => w.budgets.map((kind) => ({ ...w, kind, property: BUDGETS[kind].property, budget: Number(nodeNamed(w.tool).parameters[BUDGETS[kind].property.name]) })));
/**
 * The chats below are one member's, so they meet the budgets per member; a program's total binds only over several
 * members (16 calls at once over 20 members: test/actions/limitsBudgets.test.cts), and here it must sit above the
 * member's budget of the same write so it never hides that one.
 */
const BUDGETED = ALL_BUDGETS.filter((b) => BUDGETS[b.kind].who !== 'program');
const TOTALS = ALL_BUDGETS.filter((b) => BUDGETS[b.kind].who === 'program');

/** A model that calls the write once with `args`, then answers with the tool result it read (stateless: any number of chats at once). */
const callOnce = (tool: string, args: Record<string, unknown>) => (request: any) => {
	const results = toolResults(request.messages);
	return results.length ? { content: `Result: ${results[results.length - 1].content}` } : { toolCalls: [{ name: toolName(tool), arguments: args }] };
};

const chatOf = (text: string) => startChat(stack.n8n.baseUrl, chatEndpoint, `reviewer-${++session}`, text);

test('every write tool of the example reaches the agent through an e-mail review to a fixed reviewers’ address, and sets every budget its operation has, the program’s total above the member’s', () => {
	expect(WRITES.map((w) => w.tool).sort()).toEqual(['Add Loyalty Points', 'Purchase Reward']);
	for (const { tool, budgets } of WRITES) {
		const review = reviewOf(tool);
		expect({ tool, type: review.type, to: review.parameters.toEmail }).toEqual({ tool, type: REVIEW_TYPE, to: 'loyalty-reviewers@example.com' });
		expect(budgets.length).toBeGreaterThan(0);
	}
	for (const b of ALL_BUDGETS) expect({ tool: b.tool, budget: b.property.displayName, set: b.budget > 0 }).toEqual({ tool: b.tool, budget: b.property.displayName, set: true });
	for (const b of BUDGETED) expect({ kind: b.kind, scenario: SCENARIOS[b.kind] !== undefined }).toEqual({ kind: b.kind, scenario: true });
	expect(TOTALS.map((t) => t.tool).sort()).toEqual(WRITES.map((w) => w.tool).sort());
	for (const total of TOTALS) {
		const members = BUDGETED.filter((b) => b.tool === total.tool);
		expect(members.length).toBe(1);
		expect({ tool: total.tool, aboveMember: total.budget > members[0].budget }).toEqual({ tool: total.tool, aboveMember: true });
	}
});

describe.each(BUDGETED)('$tool: $property.displayName ($budget)', ({ tool, kind, property, budget }) => {
	const { args, perCall, fresh, held } = SCENARIOS[kind]!;
	const fits = Math.floor(budget / perCall);
	const refusal = new RegExp(`^Result: .*${property.displayName}: is ${budget} `);
	// at the same moment a call past the member's budget may also be past the total, counted in the same order
	const refusalAtOnce = new RegExp(`^Result: .*(${ALL_BUDGETS.filter((b) => b.tool === tool).map((b) => `${b.property.displayName}: is ${b.budget}`).join('|')}) `);

	test(`${fits + 2} chat messages one after another, each write approved by the reviewer: the first ${fits} applied, the later ones refused naming the budget, nothing more written`, async () => {
		fresh();
		const before = held();
		model.setScript(callOnce(tool, args));
		const answers: string[] = [];
		for (let n = 0; n < fits + 2; n++) {
			const chat = await chatOf(`Please do this: ${tool} (${n + 1}).`);
			try {
				const review = await mailbox.next(`review of message ${n + 1}`);
				expect(review.to).toEqual(['loyalty-reviewers@example.com']);
				await answerReview(review, 'approve');
				answers.push(await chat.next(`answer ${n + 1}`));
			} finally {
				await chat.close();
			}
		}
		expect(answers.slice(0, fits).map((a) => /"error"/.test(a))).toEqual(Array(fits).fill(false));
		for (const refused of answers.slice(fits)) expect(refused).toMatch(refusal);
		expect(held() - before).toBe(fits * perCall);
		fresh();
	}, 900000);

	test(`16 chat messages at the same moment, the reviewer approving all 16 at once: what the service holds ends at the budget, each write past it undone or refused naming the budget`, async () => {
		fresh();
		const before = held();
		model.setScript(callOnce(tool, args));
		const chats: ChatRun[] = await Promise.all(Array.from({ length: 16 }, (_, n) => chatOf(`Please do this: ${tool} (at once ${n + 1}).`)));
		try {
			const reviews = [];
			for (let n = 0; n < 16; n++) reviews.push(await mailbox.next(`review ${n + 1} of 16`));
			await Promise.all(reviews.map((review) => answerReview(review, 'approve')));
			const answers = await Promise.all(chats.map((chat, n) => chat.next(`answer ${n + 1} of 16`)));
			const accepted = answers.filter((a) => !/"error"/.test(a)).length;
			expect(held() - before).toBe(accepted * perCall);
			expect(held() - before).toBe(fits * perCall);
			for (const refused of answers.filter((a) => /"error"/.test(a))) expect(refused).toMatch(refusalAtOnce);
		} finally {
			await Promise.all(chats.map((chat) => chat.close()));
			fresh();
		}
	}, 900000);
});

describe('the requester cannot approve their own review', () => {
	const write = WRITES[0].tool;
	const scenario = SCENARIOS.memberPoints!;
	const reviewNodeId = () => reviewOf(write).id;
	const sentPoints = () => stack.emulator.control.requests().filter((r: any) => r.method === 'POST' && /\/points$/.test(r.path));
	const statusOf = async (executionId: string) => {
		const res = await fetch(`${stack.n8n.baseUrl}/rest/executions/${executionId}`, { headers: { cookie: chatEndpoint.cookie! } });
		return (await res.json()).data?.status;
	};

	/** A chat whose model asks for 30 points once, until its review waits in the reviewers' mailbox. */
	async function untilReviewWaits() {
		scenario.fresh();
		model.setScript(callOnce(write, { ...scenario.args, points: 30 }));
		stack.emulator.control.clearRequests();
		mailbox.clear();
		const chat = await chatOf('Please add 30 goodwill points.');
		const review = await mailbox.next('review');
		await waitFor(async () => (await statusOf(chat.executionId)) === 'waiting', { timeoutMs: 60_000, intervalMs: 500, what: 'the run waiting on its review' });
		return { chat, review, base: `${stack.n8n.baseUrl}/webhook-waiting/${chat.executionId}` };
	}
	const click = async (url: string) => (await fetch(url, { headers: { 'user-agent': BROWSER_USER_AGENT, cookie: chatEndpoint.cookie! } })).status;

	test('the review goes to the reviewers’ mailbox only: the chat shows nothing; a chat message, an unsigned Approve link and one signed with the chat’s resume token are refused; only the reviewer’s Approve writes, once', async () => {
		const { chat, review, base } = await untilReviewWaits();
		try {
			expect(review.to).toEqual(['loyalty-reviewers@example.com']);
			// the requester types an approval into the open chat: n8n resumes a run over the chat only when it waits on a chat node
			chat.send('Approve');
			const attempts = [`/${reviewNodeId()}?approved=true`, `/${reviewNodeId()}?approved=true&signature=${chat.resumeToken}`];
			const answered = [];
			for (const suffix of attempts) answered.push({ suffix, status: await click(base + suffix) });
			expect(answered).toEqual(attempts.map((suffix) => ({ suffix, status: 401 })));
			expect(await statusOf(chat.executionId)).toBe('waiting');
			expect(chat.messages).toEqual([]);
			expect(sentPoints()).toEqual([]);
			await answerReview(review, 'approve');
			expect(await chat.next('answer')).toMatch(/^Result: .*"transaction"/);
			expect(sentPoints().map((r: any) => r.body.points)).toEqual([30]);
		} finally {
			await chat.close();
			scenario.fresh();
		}
	}, 300000);

	// n8n 2.41.1 hands the hosted chat's sender the run's resume token (for its /chat WebSocket), and its waiting
	// webhook takes that token, with a node's ID after it, as leave to resume whichever node the run waits on
	// (n8n/dist/webhooks/waiting-webhooks.js: validateToken when the URL names no send-and-wait node)
	test("n8n 2.41.1's limit: the chat's resume token resumes the review through n8n's token route; a requester who approves each of 7 messages of 1,000 points so gets the budget (5,000), no more", async () => {
		const budget = Number(nodeNamed(write).parameters.maxPointsPerMember);
		scenario.fresh();
		const before = scenario.held();
		model.setScript(callOnce(write, scenario.args));
		const answers: string[] = [];
		try {
			for (let n = 0; n < 7; n++) {
				mailbox.clear();
				const chat = await chatOf(`Please add 1,000 goodwill points (${n + 1}).`);
				try {
					await mailbox.next(`review ${n + 1}`);
					await waitFor(async () => (await statusOf(chat.executionId)) === 'waiting', { timeoutMs: 60_000, intervalMs: 500, what: 'the run waiting on its review' });
					expect(await click(`${stack.n8n.baseUrl}/webhook-waiting/${chat.executionId}?approved=true&signature=${chat.resumeToken}/${reviewNodeId()}`)).toBe(200);
					answers.push(await chat.next(`answer ${n + 1}`));
				} finally {
					await chat.close();
				}
			}
			expect(answers.map((a) => /"transaction"/.test(a))).toEqual([true, true, true, true, true, false, false]);
			for (const refused of answers.slice(5)) expect(refused).toMatch(new RegExp(`Max Points per Member per Window: is ${budget} points in 24 h`));
			expect(scenario.held() - before).toBe(budget);
		} finally {
			scenario.fresh();
		}
	}, 600000);
});
