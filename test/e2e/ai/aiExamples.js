'use strict';
/**
 * What the AI examples (examples/ai-loyalty-agent.json, examples/loyalty-mcp-server.json) need beside the
 * emulator's credentials, shared by the e2e tests, the matrix and the demo: the OpenAI credential pointed at a
 * model's Base URL (the scripted one, or OpenAI's own), the MCP trigger's Bearer credential, and the text of
 * docs/ai-tools.md from the tools a model was offered. CommonJS, Node built-ins only.
 */

/** The example files that need n8n's AI nodes (run with `n8n start`, not `n8n execute`). */
const AI_EXAMPLE_FILES = ['ai-loyalty-agent.json', 'loyalty-mcp-server.json'];

const OPENAI_CREDENTIAL_ID = 'lp-openai';
const MCP_CREDENTIAL_ID = 'lp-mcp-bearer';

/** n8n's OpenAI credential; `url` is its Base URL (e.g. http://127.0.0.1:PORT/v1 for the scripted model). */
function openAiCredential(url, apiKey = 'sk-scripted-model') {
	return { id: OPENAI_CREDENTIAL_ID, name: 'OpenAI (demo: the scripted model)', type: 'openAiApi', data: { apiKey, url } };
}

/** The MCP Server Trigger's Bearer Auth credential. */
function mcpBearerCredential(token) {
	return { id: MCP_CREDENTIAL_ID, name: 'MCP bearer token (demo)', type: 'httpBearerAuth', data: { token } };
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
		'`$fromAI()` in the node\'s parameters. Rewrite with `LP_UPDATE_DOCS=1` and the test.',
		'',
	];
	for (const t of sorted) {
		lines.push(`## ${t.name}`, '', `> ${t.description}`, '', '```json', JSON.stringify(t.parameters, null, 2), '```', '');
	}
	return lines.join('\n');
}

/**
 * The agent example with its writes behind n8n's Chat human review: each write tool's ai_tool output goes into a
 * review node, the review node's into the agent; the Chat Trigger answers through response nodes (a Chat node after
 * the agent), as the Chat review node needs.
 */
function withHumanReview(workflow, writes = ['Add Loyalty Points', 'Purchase Reward']) {
	const copy = JSON.parse(JSON.stringify(workflow));
	const trigger = copy.nodes.find((n) => n.type === '@n8n/n8n-nodes-langchain.chatTrigger');
	trigger.typeVersion = 1.3;
	trigger.parameters.options = { ...(trigger.parameters.options || {}), responseMode: 'responseNodes' };
	const agent = copy.nodes.find((n) => n.type === '@n8n/n8n-nodes-langchain.agent');
	copy.nodes.push({
		parameters: { message: '={{ $json.output }}', options: {} },
		id: 'a1c0e2d4-0000-4000-8000-0000000000f0',
		name: 'Reply',
		type: '@n8n/n8n-nodes-langchain.chat',
		typeVersion: 1.3,
		position: [agent.position[0] + 300, agent.position[1]],
	});
	copy.connections[agent.name] = { main: [[{ node: 'Reply', type: 'main', index: 0 }]] };
	writes.forEach((name, i) => {
		const review = `Approve ${name}`;
		const tool = copy.nodes.find((n) => n.name === name);
		copy.nodes.push({
			parameters: { message: `=The agent wants to run ${name}:\n{{ $tool.parameters }}`, approvalOptions: { values: { approvalType: 'double' } }, options: {} },
			id: `a1c0e2d4-0000-4000-8000-0000000000f${i + 1}`,
			name: review,
			type: '@n8n/n8n-nodes-langchain.chatHitlTool',
			typeVersion: 1.3,
			position: [tool.position[0], tool.position[1] + 200],
		});
		copy.connections[name] = { ai_tool: [[{ node: review, type: 'ai_tool', index: 0 }]] };
		copy.connections[review] = { ai_tool: [[{ node: agent.name, type: 'ai_tool', index: 0 }]] };
	});
	return copy;
}

module.exports = { withHumanReview, AI_EXAMPLE_FILES, OPENAI_CREDENTIAL_ID, MCP_CREDENTIAL_ID, openAiCredential, mcpBearerCredential, renderToolsDoc };
