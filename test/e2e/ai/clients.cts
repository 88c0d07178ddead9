/**
 * How the AI tests talk to a published AI example, shared by the e2e, browser and matrix suites: the agent
 * example's stand-up (its chat itself: chat.cts), the official MCP client (Streamable HTTP, Bearer token) for an
 * MCP Server Trigger, and the support conversation's message and the card points path it changes.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { FIXTURES } from '../../emulator/index.cjs';
import { startStack, type Stack } from '../stack.cjs';
import type { ChatEndpoint } from './chat.cjs';

const { startScriptedModel } = require('./scriptedModel');
const { openAiCredential, n8nApiCredential } = require('./aiExamples');
const { startMailbox, smtpCredential } = require('./mailbox');
const { waitForReadiness } = require('../n8n');

/** What a customer writes in the support conversation (test/e2e/ai/supportScript.js answers it). */
export const SUPPORT_MESSAGE = 'Please add 50 goodwill points for customer-1@example.com, the parcel came late.';
/** The emulator path of a points change on the fixtures' Loyalty v2 card. */
export const CARD_POINTS_PATH = `/v2/loyalties/programs/${FIXTURES.programActive}/members/${FIXTURES.memberId}/cards/${FIXTURES.cardId}/points`;

/** An MCP client connected to an MCP Server Trigger's URL, with its Bearer token when given. */
export async function connectMcp(url: string | URL, token: string | undefined, name: string): Promise<Client> {
	return await whenDatabaseReady(url, async () => {
		const client = new Client({ name, version: '1.0.0' });
		await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: token ? { authorization: `Bearer ${token}` } : {} } }));
		return client;
	});
}

/**
 * Sends to n8n again once it is ready when it refused with 503 "Database is not ready!": n8n answers that before
 * any route runs (nothing executed) while its database health check lags on a loaded machine. Bounded: a few
 * attempts, each after /healthz/readiness answers 200 again.
 */
export async function whenDatabaseReady<T>(url: string | URL, send: () => Promise<T>, attempts = 4): Promise<T> {
	for (let attempt = 1; ; attempt++) {
		try {
			return await send();
		} catch (error) {
			if (attempt >= attempts || !/Database is not ready/.test(String((error as Error)?.message ?? error))) throw error;
			await waitForReadiness(new URL(url).origin, { timeoutMs: 120_000 });
		}
	}
}

/** The text of a tool call's result, its parts joined. */
export const resultText = (result: Record<string, unknown>): string => ((result.content ?? []) as Array<{ text?: string }>).map((part) => part.text ?? '').join('');

/** The Chat Trigger's chat URL of a published agent workflow. */
export function chatUrlOf(n8n: { webhookUrl(p: string): string }, workflow: { nodes: Array<{ type: string; webhookId?: string }> }): string {
	const chatTrigger = workflow.nodes.find((node) => node.type === '@n8n/n8n-nodes-langchain.chatTrigger');
	if (!chatTrigger?.webhookId) throw new Error('the workflow has no Chat Trigger with a webhook ID');
	return n8n.webhookUrl(`${chatTrigger.webhookId}/chat`);
}

/**
 * The agent example's chat as staff reach it: its Chat Trigger requires n8n user authentication, so the chat goes
 * with the n8n owner's session cookie (the owner is created on first call).
 */
export async function signedInChat(n8n: { webhookUrl(p: string): string; setupOwner(owner?: unknown): Promise<string> }, workflow: { nodes: Array<{ type: string; webhookId?: string }> }, owner?: unknown): Promise<ChatEndpoint> {
	return { url: chatUrlOf(n8n, workflow), cookie: await n8n.setupOwner(owner) };
}

/**
 * The agent example's n8n API credential (Get This Execution reads the run with it), made once n8n runs: an owner
 * and an API key, then the credential imported beside the running n8n.
 */
export async function importN8nApiCredential(n8n: { baseUrl: string; setupOwnerAndApiKey(opts?: unknown): Promise<string>; importCredentials(data: unknown): Promise<void> }, owner?: unknown): Promise<string> {
	const apiKey = await n8n.setupOwnerAndApiKey(owner ? { owner } : undefined);
	await n8n.importCredentials([n8nApiCredential(n8n.baseUrl, apiKey)]);
	return apiKey;
}

/**
 * An AI agent workflow published in `n8n start` with its OpenAI credential pointed at a scripted local model
 * (scriptedModel.js), its SMTP credential at the reviewers' mailbox (mailbox.js: the example's reviews go there, not
 * to the chat) and its n8n API credential: the stack, the model and the mailbox (stopped by `stop`, also if the
 * stack cannot start) and the Chat Trigger's chat, signed in as the n8n owner, its reviews read from the mailbox.
 * `others` are published beside it (variants a test chats with through signedInChat).
 */
export async function startAgentStack(
	name: string,
	workflow: { id: string; nodes: Array<{ type: string; webhookId?: string }> },
	others: Array<{ id: string }> = [],
): Promise<{ stack: Stack; model: any; mailbox: any; chat: ChatEndpoint; stop(): Promise<void> }> {
	const model = await startScriptedModel();
	const mailbox = await startMailbox();
	const stop = async () => {
		await model.stop();
		await mailbox.stop();
	};
	let stack: Stack;
	let chat: ChatEndpoint;
	try {
		stack = await startStack(name, [workflow, ...others]);
		await stack.n8n.importCredentials([openAiCredential(model.baseUrl), smtpCredential(mailbox.port)]);
		for (const { id } of [workflow, ...others]) await stack.n8n.publish(id);
		await stack.n8n.start({ timeoutMs: 300000 });
		await importN8nApiCredential(stack.n8n);
		chat = { ...(await signedInChat(stack.n8n, workflow)), reviews: mailbox };
	} catch (e) {
		await stop();
		throw e;
	}
	return { stack, model, mailbox, chat, stop };
}
