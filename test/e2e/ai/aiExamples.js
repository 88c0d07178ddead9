'use strict';
/**
 * What the AI examples (examples/ai-loyalty-agent.json, examples/loyalty-mcp-server.json) need beside the
 * emulator's credentials, shared by the e2e tests, the matrix and the demo: the OpenAI credential pointed at a
 * model's Base URL (the scripted one, or OpenAI's own), the MCP trigger's Bearer credential, n8n's own API
 * credential, and the text of docs/ai-tools.md from the tools a model was offered. CommonJS, Node built-ins only.
 */

/** The example files that need n8n's AI nodes (run with `n8n start`, not `n8n execute`). */
const AI_EXAMPLE_FILES = ['ai-loyalty-agent.json', 'loyalty-mcp-server.json'];

const OPENAI_CREDENTIAL_ID = 'lp-openai';
const MCP_CREDENTIAL_ID = 'lp-mcp-bearer';
const N8N_API_CREDENTIAL_ID = 'lp-n8n-api';

/** n8n's OpenAI credential; `url` is its Base URL (e.g. http://127.0.0.1:PORT/v1 for the scripted model). */
function openAiCredential(url, apiKey = 'sk-scripted-model') {
	return { id: OPENAI_CREDENTIAL_ID, name: 'OpenAI (demo: the scripted model)', type: 'openAiApi', data: { apiKey, url } };
}

/** The MCP Server Trigger's Bearer Auth credential. */
function mcpBearerCredential(token) {
	return { id: MCP_CREDENTIAL_ID, name: 'MCP bearer token (demo)', type: 'httpBearerAuth', data: { token } };
}

/**
 * n8n's own API credential (the agent example's Get This Execution reads its run with it): an API key of that n8n
 * and its `/api/v1` URL. The key exists only once n8n runs and has an owner, so this is imported after start.
 */
function n8nApiCredential(n8nBaseUrl, apiKey) {
	return { id: N8N_API_CREDENTIAL_ID, name: 'n8n API (demo: this n8n)', type: 'n8nApi', data: { apiKey, baseUrl: `${n8nBaseUrl}/api/v1` } };
}

/** docs/ai-tools.md: the tools as the model receives them ({ name, description, parameters }), by name. */
function renderToolsDoc(tools) {
	const sorted = [...tools].sort((a, b) => a.name.localeCompare(b.name));
	const lines = [
		'# What the model receives',
		'',
		'Recorded by `test/e2e/ai-agent.e2e.test.cts` from the request n8n 2.41.1 sends to the chat model (OpenAI',
		'`/chat/completions`, `tools`) when the AI agent example (`examples/ai-loyalty-agent.json`) runs: each Loyalty',
		'Promotions tool node as n8n builds it. The name is the node name; the description is the tool node\'s Tool',
		'Description (Set Manually in the example: what the tool reads or changes); the schema holds one property per',
		'`$fromAI()` in the node\'s parameters. The two writes reach the agent through a human review node each, so n8n',
		'wraps their schema: the tool\'s own arguments under `toolParameters`, beside the review node\'s `hitlParameters`',
		'(none in the example). Rewrite with `LP_UPDATE_DOCS=1` and the test.',
		'',
	];
	for (const t of sorted) {
		lines.push(`## ${t.name}`, '', `> ${t.description}`, '', '```json', JSON.stringify(t.parameters, null, 2), '```', '');
	}
	return lines.join('\n');
}

module.exports = { AI_EXAMPLE_FILES, OPENAI_CREDENTIAL_ID, MCP_CREDENTIAL_ID, N8N_API_CREDENTIAL_ID, openAiCredential, mcpBearerCredential, n8nApiCredential, renderToolsDoc };
