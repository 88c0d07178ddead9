/**
 * Human review of the AI agent example's writes in a real n8n 2.41.1: Add Loyalty Points and Purchase Reward each
 * behind n8n's Chat human-review tool (`@n8n/n8n-nodes-langchain.chatHitlTool`). The chat runs over n8n's /chat
 * WebSocket (the Chat Trigger answers through response nodes): the review message's Approve link lets the write
 * through once; Decline sends nothing, and the model reads the denial.
 */
// ws: the WebSocket client puppeteer-core (a devDependency) brings; Node 20 has no WebSocket of its own
const WebSocket = require('ws');
import { FIXTURES } from '../emulator/index.cjs';
import type { Stack } from './stack.cjs';
import { CARD_POINTS_PATH, startAgentStack } from './ai/clients.cjs';

const { example } = require('./examples');
const { conversationScript, toolResults } = require('./ai/scriptedModel');
const { TOOLS } = require('./ai/supportScript');
const { withHumanReview } = require('./ai/aiExamples');

const workflow = withHumanReview(example('ai-loyalty-agent.json').workflow);

let stack: Stack;
let model: any;
let chatUrl: string;
let session = 0;

beforeAll(async () => {
	({ stack, model, chatUrl } = await startAgentStack('ai-approval', workflow));
}, 15 * 60 * 1000);

afterAll(async () => {
	await stack?.teardown();
	await model?.stop();
}, 60000);

interface ChatRun {
	messages: string[];
	next: (match: (text: string) => boolean, what: string) => Promise<string>;
	close: () => void;
}

/** One chat message, then the chat's WebSocket: every message n8n sends in it, and a wait for one. */
async function startChat(chatInput: string): Promise<ChatRun> {
	const sessionId = `approval-${++session}`;
	const res = await fetch(chatUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: 'sendMessage', sessionId, chatInput }), signal: AbortSignal.timeout(60_000) });
	const started = JSON.parse(await res.text());
	expect(started).toMatchObject({ executionStarted: true, executionId: expect.any(String) });
	const url = new URL(stack.n8n.baseUrl);
	const ws = new WebSocket(`ws://${url.host}/chat?sessionId=${sessionId}&executionId=${started.executionId}&isPublic=true${started.resumeToken ? `&token=${encodeURIComponent(started.resumeToken)}` : ''}`);
	const messages: string[] = [];
	const waiters: Array<() => void> = [];
	ws.on('message', (data: Buffer) => {
		const text = data.toString();
		if (text === 'n8n|heartbeat') return ws.send('n8n|heartbeat-ack');
		messages.push(text);
		for (const wake of waiters.splice(0)) wake();
	});
	await new Promise((resolve, reject) => {
		ws.once('open', resolve);
		ws.once('error', reject);
	});
	const next = (match: (text: string) => boolean, what: string) =>
		new Promise<string>((resolve, reject) => {
			const timer = setTimeout(() => reject(new Error(`no ${what} in the chat after 90 s; got ${JSON.stringify(messages)}`)), 90_000);
			const check = () => {
				const found = messages.find(match);
				if (found) {
					clearTimeout(timer);
					resolve(found);
				} else waiters.push(check);
			};
			check();
		});
	return { messages, next, close: () => ws.close() };
}

/**
 * A click on a review button, as the chat's browser sends it: n8n's send-and-wait webhook ignores a request whose
 * user agent looks like a bot or a link preview (Node's fetch among them), so that a preview cannot approve.
 */
const click = (link: string) => fetch(link, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' }, signal: AbortSignal.timeout(60_000) });

/** The review message's button link with this label. */
function buttonLink(reviewMessage: string, label: RegExp): string {
	const parsed = JSON.parse(reviewMessage);
	const button = (parsed.buttons as Array<{ text: string; link: string }>).find((b) => label.test(b.text));
	if (!button) throw new Error(`no ${label} button in ${reviewMessage}`);
	return button.link;
}

// A gated tool's schema wraps the tool's own arguments: { toolParameters: {...}, hitlParameters: {...} }
const pointsScript = () =>
	conversationScript([
		(request: any) => {
			const offered = request.tools.find((t: any) => t.function.name === TOOLS.addPoints).function.parameters;
			expect(Object.keys(offered.properties)).toContain('toolParameters');
			return { toolCalls: [{ name: TOOLS.addPoints, arguments: { toolParameters: { memberId: FIXTURES.memberId, cardId: FIXTURES.cardId, points: 40, reason: 'Goodwill' } } }] };
		},
		(request: any) => ({ content: `Result: ${toolResults(request.messages).map((r: any) => r.content).join(' | ')}` }),
	]);

const pointsWrites = () => stack.emulator.control.requests().filter((r: any) => r.method === 'POST' && r.path === CARD_POINTS_PATH);

test('approved: the points change is sent once, after the person approves it', async () => {
	model.setScript(pointsScript());
	model.clearRequests();
	stack.emulator.control.clearRequests();
	const chat = await startChat('Add 40 goodwill points to lmbr_0000000000001.');
	try {
		const review = await chat.next((text) => text.includes('"buttons"'), 'review message');
		expect(JSON.parse(review).text).toContain('Add Loyalty Points');
		expect(pointsWrites()).toEqual([]);
		const approved = await click(buttonLink(review, /approve/i));
		expect(approved.status).toBeLessThan(400);
		const answer = await chat.next((text) => text.startsWith('Result:'), 'answer');
		expect(answer).toContain('"transaction"');
		expect(pointsWrites().map((r: any) => r.body)).toEqual([{ points: 40, reason: 'Goodwill' }]);
	} finally {
		chat.close();
	}
}, 240000);

test('declined: nothing is sent, and the model reads the denial', async () => {
	model.setScript(pointsScript());
	model.clearRequests();
	stack.emulator.control.clearRequests();
	const chat = await startChat('Add 40 goodwill points to lmbr_0000000000001.');
	try {
		const review = await chat.next((text) => text.includes('"buttons"'), 'review message');
		const declined = await click(buttonLink(review, /decline/i));
		expect(declined.status).toBeLessThan(400);
		const answer = await chat.next((text) => text.startsWith('Result:'), 'answer');
		expect(answer).not.toContain('"transaction"');
		expect(pointsWrites()).toEqual([]);
		// the model reads n8n's denial as the tool's result
		expect(answer).toMatch(/User rejected the tool call to Add Loyalty Points/);
	} finally {
		chat.close();
	}
}, 240000);
