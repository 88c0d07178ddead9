/// <reference lib="dom" />
/**
 * The two AI examples in n8n 2.41.1's editor (headless Chromium), as a user takes them in hand:
 * - examples/ai-loyalty-agent.json: every node opened and closed with no issue shown on the canvas, then a chat
 *   from the editor's chat panel; the agent's model is a scripted OpenAI-compatible model on 127.0.0.1
 *   (test/e2e/ai/scriptedModel.js, the support conversation of test/e2e/ai/supportScript.js); its points change
 *   waits, the panel showing no review, until the reviewer approves the review mail (the reviewers' mailbox on
 *   127.0.0.1, test/e2e/ai/mailbox.js), then the answer shows, with exactly one points change reaching the emulator;
 * - examples/loyalty-mcp-server.json: every node opened and closed with no issue shown, the MCP Server Trigger's
 *   panel showing its production URL, the workflow published with the header's Publish button, and the URL the
 *   panel showed used by the MCP SDK's client (Bearer token) to list the 16 tools and call a read.
 */
import { FIXTURES } from '../../emulator/index.cjs';
import { browserTest, useSharedEditor, byText, clickText, isVisible, ISSUE_MARKERS, nodesWithIssues, openAndClose, openWorkflow, WAIT_MS, type Editor } from './editor.cjs';
import { CARD_POINTS_PATH, connectMcp, resultText, SUPPORT_MESSAGE } from '../ai/clients.cjs';
import { answerReview, BROWSER_USER_AGENT } from '../ai/chat.cjs';

const { example } = require('../examples');
const { startScriptedModel } = require('../ai/scriptedModel');
const { supportScript, TOOLS } = require('../ai/supportScript');
const { openAiCredential, mcpBearerCredential, n8nApiCredential } = require('../ai/aiExamples');
const { startMailbox, smtpCredential } = require('../ai/mailbox');


interface WorkflowNode {
	name: string;
	type: string;
	parameters: Record<string, any>;
}
type Workflow = { id: string; name: string; nodes: WorkflowNode[] };

const agent: Workflow = example('ai-loyalty-agent.json').workflow;
const mcp: Workflow = example('loyalty-mcp-server.json').workflow;
const STICKY_NOTE = 'n8n-nodes-base.stickyNote';
const CHAT_MODEL = '@n8n/n8n-nodes-langchain.lmChatOpenAi';
/** The control: the agent example with its chat model's credential taken away, which the canvas must mark. */
const agentWithoutModelCredential: Workflow = {
	...agent,
	id: 'lpBrowserAiNoCred',
	name: 'browser: AI agent without a model credential',
	nodes: agent.nodes.map((n: any) =>
		n.type === CHAT_MODEL ? { ...n, credentials: undefined } : n.webhookId ? { ...n, webhookId: `${n.webhookId}-control` } : n,
	),
};
const MCP_TRIGGER = '@n8n/n8n-nodes-langchain.mcpTrigger';
const MCP_TOKEN = 'mcp-browser-token-4b8e2a6c1f';

let model: any;
let mailbox: any;
let editor: Editor | undefined;
const current = () => editor;

useSharedEditor(
	async () => {
		model = await startScriptedModel();
		mailbox = await startMailbox();
		return { workflows: [agent, mcp, agentWithoutModelCredential], credentials: [openAiCredential(model.baseUrl), mcpBearerCredential(MCP_TOKEN), smtpCredential(mailbox.port)] };
	},
	async (shared) => {
		editor = shared;
		// the agent example's Get This Execution reads its run with an API key of this n8n, which exists only now
		await editor.stack.n8n.importCredentials([n8nApiCredential(editor.baseUrl, editor.apiKey)]);
	},
);

afterAll(async () => {
	await model?.stop();
	await mailbox?.stop();
}, 120_000);

/** The open panel's parameter issues (the red marks beside a field), as text. */
const panelIssues = (): Promise<string[]> =>
	editor!.page.$$eval('[data-test-id="ndv"] [data-test-id="parameter-issues"]', (els) =>
		els.filter((el) => (el as HTMLElement).offsetParent !== null).map((el) => (el as HTMLElement).innerText || el.outerHTML.slice(0, 200)),
	);

/** Opens the workflow, then every node of it (panel loaded, no parameter issue in it) and closes it again. */
async function openEveryNode(workflow: Workflow, whileOpen: Record<string, () => Promise<void>> = {}): Promise<void> {
	const { page, baseUrl } = editor!;
	await openWorkflow(page, baseUrl, workflow.id);
	const nodes = workflow.nodes.filter((n) => n.type !== STICKY_NOTE);
	// every node is on the canvas (the AI sub-nodes too): the issue check below covers each
	await page.waitForFunction((count: number) => document.querySelectorAll('[data-test-id="canvas-node"]').length >= count, {}, nodes.length);
	const seen: Record<string, string[]> = {};
	for (const node of nodes) {
		await openAndClose(page, node.name, async () => {
			seen[node.name] = await panelIssues();
			await whileOpen[node.name]?.();
		});
	}
	expect(Object.entries(seen).filter(([, issues]) => issues.length > 0)).toEqual([]);
	expect(Object.keys(seen)).toEqual(nodes.map((n) => n.name));
	expect(await nodesWithIssues(editor!.page)).toEqual([]);
}

describe('ai-loyalty-agent.json', () => {
	browserTest('the issue check sees a problem: the chat model without its credential is marked on the canvas', current, async () => {
		const { page, baseUrl } = editor!;
		await openWorkflow(page, baseUrl, agentWithoutModelCredential.id);
		const model = agentWithoutModelCredential.nodes.find((n) => n.type === CHAT_MODEL)!;
		await page.waitForFunction(
			(markers: string, name: string) =>
				[...document.querySelectorAll(markers)].some((el) => (el as HTMLElement).offsetParent !== null && el.closest('[data-test-id="canvas-node"]')?.getAttribute('data-node-name') === name),
			{},
			ISSUE_MARKERS.join(', '),
			model.name,
		);
		expect((await nodesWithIssues(editor!.page)).filter((n) => !n.startsWith(`${model.name}:`))).toEqual([]);
	});

	browserTest('every node opens and closes with no issue shown', current, async () => {
		await openEveryNode(agent);
	});

	browserTest("a chat from the editor's chat panel: the points change waits for the reviewer's Approve in the review mail (the panel shows no review), then the answer shows and one points change reaches the service", current, async () => {
		const { page, baseUrl, stack } = editor!;
		// n8n ignores a review click from a user agent that looks like a bot, and headless Chromium's says HeadlessChrome
		await page.setUserAgent(BROWSER_USER_AGENT);
		await openWorkflow(page, baseUrl, agent.id);
		model.setScript(supportScript());
		model.clearRequests();
		stack.emulator.control.clearRequests();
		const pointsChanges = () => stack.emulator.control.requests().filter((r: any) => r.method === 'POST' && r.path.split('?')[0] === CARD_POINTS_PATH);
		await page.locator('[data-test-id="workflow-chat-button"]').click();
		const input = '[data-test-id="canvas-chat"] textarea';
		await page.waitForSelector(input, { visible: true });
		const botMessages = '[data-test-id="canvas-chat"] .chat-message-from-bot:not(.chat-message-typing)';
		const before = (await page.$$(botMessages)).length;
		await page.locator(input).fill(SUPPORT_MESSAGE);
		await page.locator('[data-test-id="canvas-chat"] .chat-input-send-button').click();
		await byText(page, '[data-test-id="canvas-chat"] .chat-message-from-user', SUPPORT_MESSAGE);
		// the review, as the reviewer's mail shows it: the call's points, card and reason, with Approve and Decline links
		const review = await mailbox.next('review mail');
		expect(review.text.replace(/\s+/g, ' ')).toMatch(new RegExp(`^Approve adding 50 points to card ${FIXTURES.cardId} \\(member ${FIXTURES.memberId}\\)\\? Reason given by the AI model \\(its words, not an instruction to you\\): «Goodwill \\(balance was \\d+\\)»`));
		expect(review.buttons.map((b: { text: string }) => b.text).sort()).toEqual(['Approve', 'Decline']);
		// the requester's panel offers nothing to click
		expect(await page.$$eval(`${botMessages} button`, (els) => els.length)).toBe(0);
		expect(pointsChanges()).toEqual([]);
		await answerReview(review, 'approve');
		// the agent's answer: a new bot message past the greeting
		const answer = await page.waitForFunction(
			(selector: string, count: number) => {
				const bot = [...document.querySelectorAll(selector)].map((e) => (e as HTMLElement).innerText.trim()).filter(Boolean);
				return bot.length > count ? bot[bot.length - 1] : null;
			},
			{ timeout: WAIT_MS * 3 },
			botMessages,
			before,
		);
		expect(await answer.jsonValue()).toBe(`Done: added 50 goodwill points to card ${FIXTURES.cardId}.`);
		// the model was offered the example's Loyalty Promotions tools, and the conversation took its four turns
		expect(model.requests[0].tools.map((t: any) => t.function.name).sort()).toEqual(Object.values(TOOLS).sort());
		expect(model.requests.map((r: any) => r.reply.toolCalls?.[0]?.name ?? 'answer')).toEqual([TOOLS.findCustomer, TOOLS.membership, TOOLS.addPoints, 'answer']);
		expect(pointsChanges().map((r: any) => ({ status: r.status, points: r.body?.points }))).toEqual([{ status: 200, points: 50 }]);
		expect(await nodesWithIssues(editor!.page)).toEqual([]);
	});
});

describe('loyalty-mcp-server.json', () => {
	const trigger = mcp.nodes.find((n) => n.type === MCP_TRIGGER)!;
	const productionUrl = () => `${editor!.baseUrl}/mcp/${trigger.parameters.path}`;

	browserTest("every node opens and closes with no issue shown; the trigger's panel shows its production URL", current, async () => {
		const { page } = editor!;
		let shownUrl = '';
		await openEveryNode(mcp, {
			[trigger.name]: async () => {
				// the MCP URL section (folded until clicked), switched from Test URL to Production URL
				if (!(await isVisible(page, '[data-test-id="ndv"] .webhook-url'))) await clickText(page, '[data-test-id="ndv"] .headline', /MCP URL/);
				await clickText(page, '[data-test-id="ndv"] *', 'Production URL');
				const url = await page.waitForFunction(
					(suffix: string) => {
						const text = (document.querySelector('[data-test-id="ndv"] .webhook-url') as HTMLElement | null)?.innerText.trim() ?? '';
						return text.endsWith(suffix) && !text.includes('/mcp-test/') ? text : null;
					},
					{},
					`/mcp/${trigger.parameters.path}`,
				);
				shownUrl = (await url.jsonValue()) as string;
			},
		});
		expect(shownUrl).toBe(productionUrl());
	});

	browserTest("published with the header's Publish button, its production URL serves the 16 tools to an MCP client", current, async () => {
		const { page, baseUrl, apiKey } = editor!;
		await openWorkflow(page, baseUrl, mcp.id);
		await page.locator('[data-test-id="workflow-open-publish-modal-button"]').click();
		await page.locator('[data-test-id="workflow-publish-button"]').click();
		// the header shows it published, and n8n's public API says it is active
		await page.waitForSelector('[data-test-id="workflow-publish-button"]', { hidden: true });
		await page.waitForFunction(() => {
			const button = document.querySelector('[data-test-id="workflow-open-publish-modal-button"]') as HTMLElement | null;
			return !!button && /Published/.test(button.innerText);
		});
		const res = await fetch(`${baseUrl}/api/v1/workflows/${mcp.id}`, { headers: { 'X-N8N-API-KEY': apiKey } });
		expect(((await res.json()) as { active: boolean }).active).toBe(true);
		// the production URL (the one the trigger's panel shows) with the Bearer token, as a user configures a client
		const client = await connectMcp(productionUrl(), MCP_TOKEN, 'lp-browser');
		try {
			const { tools } = await client.listTools();
			expect(tools.map((t) => t.name).sort()).toEqual(
				mcp.nodes
					.filter((n) => n.type !== STICKY_NOTE && n.type !== MCP_TRIGGER)
					.map((n) => n.name.replace(/[^a-zA-Z0-9_-]/g, '_'))
					.sort(),
			);
			expect(tools).toHaveLength(16);
			const result: any = await client.callTool({ name: 'Find_Customer', arguments: { email: 'customer-1@example.com' } });
			const text = resultText(result);
			expect({ isError: Boolean(result.isError), found: text.includes(FIXTURES.customerId) }).toEqual({ isError: false, found: true });
		} finally {
			await client.close().catch(() => undefined);
		}
	});
});
