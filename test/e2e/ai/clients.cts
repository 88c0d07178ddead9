/**
 * How the AI tests talk to a published AI example, shared by the e2e, browser and matrix suites: a chat message to
 * a Chat Trigger's webhook, the official MCP client (Streamable HTTP, Bearer token) for an MCP Server Trigger, and
 * the support conversation's message and the card points path it changes.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { FIXTURES } from '../../emulator/index.cjs';
import { startStack, type Stack } from '../stack.cjs';

const { startScriptedModel } = require('./scriptedModel');
const { openAiCredential } = require('./aiExamples');

/** What a customer writes in the support conversation (test/e2e/ai/supportScript.js answers it). */
export const SUPPORT_MESSAGE = 'Please add 50 goodwill points for customer-1@example.com, the parcel came late.';
/** The emulator path of a points change on the fixtures' Loyalty v2 card. */
export const CARD_POINTS_PATH = `/v2/loyalties/programs/${FIXTURES.programActive}/members/${FIXTURES.memberId}/cards/${FIXTURES.cardId}/points`;

/** One chat message to a Chat Trigger's webhook URL: the HTTP status, the body, and the agent's answer in it. */
export async function sendChat(chatUrl: string, sessionId: string, chatInput: string): Promise<{ status: number; text: string; output: string | undefined }> {
	const res = await fetch(chatUrl, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ action: 'sendMessage', sessionId, chatInput }),
		signal: AbortSignal.timeout(120_000),
	});
	const text = await res.text();
	let output: string | undefined;
	try {
		output = JSON.parse(text)?.output;
	} catch {
		output = undefined;
	}
	return { status: res.status, text, output };
}

/** An MCP client connected to an MCP Server Trigger's URL, with its Bearer token when given. */
export async function connectMcp(url: string | URL, token: string | undefined, name: string): Promise<Client> {
	const client = new Client({ name, version: '1.0.0' });
	await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: token ? { authorization: `Bearer ${token}` } : {} } }));
	return client;
}

/** The text of a tool call's result, its parts joined. */
export const resultText = (result: Record<string, unknown>): string => ((result.content ?? []) as Array<{ text?: string }>).map((part) => part.text ?? '').join('');

/**
 * An AI agent workflow published in `n8n start` with its OpenAI credential pointed at a scripted local model
 * (scriptedModel.js): the stack, the model (stopped if the stack cannot start) and the Chat Trigger's chat URL.
 */
export async function startAgentStack(name: string, workflow: { id: string; nodes: Array<{ type: string; webhookId?: string }> }): Promise<{ stack: Stack; model: any; chatUrl: string }> {
	const model = await startScriptedModel();
	let stack: Stack;
	try {
		stack = await startStack(name, [workflow]);
		await stack.n8n.importCredentials([openAiCredential(model.baseUrl)]);
		await stack.n8n.publish(workflow.id);
		await stack.n8n.start({ timeoutMs: 120000 });
	} catch (e) {
		await model.stop();
		throw e;
	}
	const chatTrigger = workflow.nodes.find((node) => node.type === '@n8n/n8n-nodes-langchain.chatTrigger');
	return { stack, model, chatUrl: stack.n8n.webhookUrl(`${chatTrigger?.webhookId}/chat`) };
}
