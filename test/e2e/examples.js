'use strict';
/**
 * What the demo (scripts/demo.js) and the e2e suite share: the example workflows in examples/, the three
 * credentials they reference (fixed ids, pointed at an emulator), and a one-line summary of an `n8n execute`
 * result. CommonJS, Node built-ins only.
 */

const fs = require('fs');
const path = require('path');
const { AI_EXAMPLE_FILES } = require('./ai/aiExamples');

const ROOT = path.resolve(__dirname, '..', '..');
const EXAMPLES_DIR = path.join(ROOT, 'examples');

/** The credential ids the example workflows reference (a user importing elsewhere re-picks credentials). */
const CREDENTIAL_IDS = {
	app: 'lp-app',
	management: 'lp-management',
	oauth: 'lp-oauth',
};

/**
 * The three credentials, as `n8n import:credentials` takes them, pointing at an emulator
 * ({ baseUrl, credentials: { appId, appToken, managementId, managementToken, projectId, webhookSecret } }).
 */
function emulatorCredentials(emulator) {
	const c = emulator.credentials || emulator;
	const location = { cluster: 'custom', baseUrl: emulator.baseUrl };
	return [
		{
			id: CREDENTIAL_IDS.app,
			name: 'Loyalty Promotions App Keys (demo)',
			type: 'loyaltyPromotionsAppApi',
			data: { appId: c.appId, appToken: c.appToken, ...location },
		},
		{
			id: CREDENTIAL_IDS.management,
			name: 'Loyalty Promotions Management (demo)',
			type: 'loyaltyPromotionsManagementApi',
			data: {
				managementId: c.managementId,
				managementToken: c.managementToken,
				projectId: c.projectId,
				webhookSecret: c.webhookSecret,
				...location,
			},
		},
		{
			id: CREDENTIAL_IDS.oauth,
			name: 'Loyalty Promotions OAuth2 (demo)',
			type: 'loyaltyPromotionsOAuth2Api',
			data: { appId: c.appId, appToken: c.appToken, scopes: ['api'], accessToken: '', ...location },
		},
	];
}

/**
 * Every examples/*.json workflow (or those of another folder): [{ file, path, workflow }], in file-name order. The AI
 * examples (AI_EXAMPLE_FILES: a chat trigger or an MCP Server Trigger, run in `n8n start` with a model or an MCP
 * client; test/e2e/ai-agent and mcp-server) only with `{ ai: true }`, or alone with `{ ai: 'only' }`.
 */
function loadExamples(dir = EXAMPLES_DIR, { ai = false } = {}) {
	return fs
		.readdirSync(dir)
		.filter((f) => f.endsWith('.json'))
		.filter((f) => (ai === 'only' ? AI_EXAMPLE_FILES.includes(f) : ai || !AI_EXAMPLE_FILES.includes(f)))
		.sort()
		.map((file) => {
			const full = path.join(dir, file);
			return { file, path: full, workflow: JSON.parse(fs.readFileSync(full, 'utf8')) };
		});
}

/** The example with this file name (e.g. 'loyalty-events.json'). */
function example(file) {
	const found = loadExamples(EXAMPLES_DIR, { ai: true }).find((e) => e.file === file);
	if (!found) throw new Error(`no example ${file} in ${EXAMPLES_DIR}`);
	return found;
}

const SERVICE_TRIGGER = 'n8n-nodes-loyalty-promotions.loyaltyPromotionsTrigger';

/**
 * An example as its sticky note says to take it live: a copy with its service trigger enabled. The examples ship it
 * disabled, so that the editor's Execute workflow button runs their Manual Trigger's sample (n8n's button picks an
 * app trigger over a Manual Trigger).
 */
function goLive(workflow) {
	return { ...workflow, nodes: workflow.nodes.map((n) => (n.type === SERVICE_TRIGGER ? { ...n, disabled: false } : n)) };
}

/**
 * A summary of an `n8n execute --rawOutput` result: status, items per node (first run, all outputs), the
 * nodes that ended a branch (no node after them ran), their item counts, and the first error.
 */
function summarizeRun(result, workflow) {
	const runData = (result && result.data && result.data.resultData && result.data.resultData.runData) || {};
	const nodes = {};
	for (const [name, runs] of Object.entries(runData)) {
		const task = runs[0] || {};
		const outputs = (task.data && task.data.main) || [];
		nodes[name] = {
			items: outputs.reduce((n, out) => n + ((out && out.length) || 0), 0),
			ms: task.executionTime || 0,
			status: task.executionStatus || (task.error ? 'error' : 'success'),
			error: task.error ? task.error.message : undefined,
		};
	}
	const fed = new Set();
	for (const [from, c] of Object.entries((workflow && workflow.connections) || {})) {
		if (!nodes[from]) continue;
		for (const out of c.main || []) for (const link of out || []) if (nodes[link.node]) fed.add(from);
	}
	const ends = Object.keys(nodes).filter((n) => !fed.has(n));
	const error = result && result.data && result.data.resultData && result.data.resultData.error;
	return {
		status: result ? result.status || (result.finished ? 'success' : 'error') : 'error',
		nodes,
		ends: ends.map((name) => ({ name, items: nodes[name].items })),
		error: error ? `${error.node && error.node.name ? `${error.node.name}: ` : ''}${error.message}` : undefined,
	};
}

module.exports = { ROOT, EXAMPLES_DIR, CREDENTIAL_IDS, SERVICE_TRIGGER, emulatorCredentials, loadExamples, example, goLive, summarizeRun };
