'use strict';
/**
 * Before the e2e suite: build the package when dist/ is missing or older than its sources, and install the n8n
 * runtime on first use (prints progress; ~2–4 min once). Jest does not time out global setup.
 */
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const { ensureRuntime } = require('./runtime/ensure-runtime');

const ROOT = path.resolve(__dirname, '..', '..');
const SOURCES = ['nodes', 'credentials', 'package.json', 'tsconfig.build.json', 'tsconfig.json', 'gulpfile.js'];

function mtimes(entry, out = []) {
	const full = path.join(ROOT, entry);
	if (!fs.existsSync(full)) return out;
	const stat = fs.statSync(full);
	if (!stat.isDirectory()) {
		out.push(stat.mtimeMs);
		return out;
	}
	for (const name of fs.readdirSync(full)) mtimes(path.join(entry, name), out);
	return out;
}

function jsMtimes(dir, out = []) {
	for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) jsMtimes(full, out);
		else if (entry.name.endsWith('.js')) out.push(fs.statSync(full).mtimeMs);
	}
	return out;
}

/** Why dist/ needs a build, or '' when it is up to date. */
function staleReason() {
	const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
	const entries = [...(pkg.n8n.nodes || []), ...(pkg.n8n.credentials || [])];
	const missing = entries.find((e) => !fs.existsSync(path.join(ROOT, e)));
	if (missing) return `${missing} is missing`;
	// the compiled .js files (gulp copies the icons with their source mtimes)
	const built = mtimes('dist').length ? jsMtimes(path.join(ROOT, 'dist')) : [];
	if (built.length === 0) return 'dist/ is empty';
	const newestSource = Math.max(...mtimes(SOURCES[0]), ...SOURCES.slice(1).flatMap((s) => mtimes(s)));
	if (newestSource > Math.min(...built)) return 'sources changed since the last build';
	return '';
}

/** npm run build when dist/ is stale (staleReason); nothing when it is up to date. */
function buildIfStale() {
	const reason = staleReason();
	if (!reason) return;
	process.stderr.write(`\n[e2e] building the package (${reason}): npm run build\n`);
	const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
	if (r.status !== 0) throw new Error(`npm run build failed (exit code ${r.status})\n${r.stdout}\n${r.stderr}`);
}

module.exports = async function globalSetup() {
	buildIfStale();
	const t0 = Date.now();
	const runtime = await ensureRuntime();
	if (runtime.installed) process.stderr.write(`[e2e] n8n runtime installed in ${Math.round((Date.now() - t0) / 1000)} s\n`);
};

module.exports.staleReason = staleReason;
module.exports.buildIfStale = buildIfStale;
